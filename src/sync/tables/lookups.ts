/**
 * Lookups that flatten nested references into readable cells: the category path from the category tree
 * ("Ausgaben › Miete"), account names by id (budgets carry only the account id), and the currencies amounts show
 * (each account's, and the company's: the user's choice, else inferred from the accounts).
 */

import type { Account, Category } from '../../api';
import type { Language } from '../../i18n/catalog';
import { isCurrencyCode } from '../amount-format';
import { inferCompanyCurrency } from '../company-currency';
import { categoryChoices } from './category-list';
import { categoryPaths, PATH_SEPARATOR } from './category-paths';
import { codeLabel, type CodedField } from './code-labels';

export { categoryPaths, PATH_SEPARATOR } from './category-paths';

export interface Lookups {
  /** The category's path from its root, or null when the category is unknown. */
  categoryPath(id: number | null | undefined): string | null;
  /** The paths of the categories a transaction can be mapped to, in tree order (`category-list.ts`): a category cell's list. */
  categoryChoices(): readonly string[];
  /** Depth of the category in its tree (root = 0), or null when unknown. */
  categoryLevel(id: number | null | undefined): number | null;
  accountName(id: number | null | undefined): string | null;
  /** The word for a code in the language of the pull (code-labels.ts), or null for an unknown code. */
  codeLabel(field: CodedField, code: string | null | undefined): string | null;
  /** Each known account's currency by account id (as text), valid codes only. */
  accountCurrencies(): Readonly<Record<string, string>>;
  /** The company's currency: the one chosen, else the one most accounts have; undefined when neither is known. */
  companyCurrency(): string | undefined;
  /**
   * A short text that changes whenever what a pull derives for rows it does not fetch changes: any category's path
   * (renamed, moved), an account's currency, the company's currency. Kept in the pull state: an incremental refresh
   * that finds it unchanged need not rewrite the rows it did not fetch.
   */
  fingerprint(): string;
}

export interface LookupSources {
  categories?: readonly Category[];
  accounts?: readonly (Pick<Account, 'id' | 'name'> & { currency?: string })[];
  /** The company's currency as the user chose it (Settings); default: inferred from `accounts`. */
  companyCurrency?: string;
  /** The language of code labels; default English. */
  language?: Language;
}

export function buildLookups(sources: LookupSources = {}): Lookups {
  const paths = categoryPaths(sources.categories ?? []);
  // Joined once: every row of a category shares its path's text (a pull asks for it 100,000 times).
  const joined = new Map([...paths].map(([id, path]) => [id, path.join(PATH_SEPARATOR)] as const));
  const accounts = new Map((sources.accounts ?? []).map((a) => [a.id, a.name] as const));
  const currencies: Record<string, string> = {};
  for (const a of sources.accounts ?? []) if (isCurrencyCode(a.currency)) currencies[String(a.id)] = a.currency;
  let choices: readonly string[] | undefined;
  const company = isCurrencyCode(sources.companyCurrency) ? sources.companyCurrency : inferCompanyCurrency(sources.accounts ?? []);
  return {
    categoryPath: (id) => (id === null || id === undefined ? null : (joined.get(id) ?? null)),
    // Made on first use: only a pull writing a category list asks.
    categoryChoices: () => (choices ??= categoryChoices(sources.categories ?? [])),
    categoryLevel: (id) => {
      if (id === null || id === undefined) return null;
      const path = paths.get(id);
      return path === undefined ? null : path.length - 1;
    },
    accountName: (id) => (id === null || id === undefined ? null : (accounts.get(id) ?? null)),
    codeLabel: (field, code) => codeLabel(field, code, sources.language ?? 'en'),
    accountCurrencies: () => currencies,
    companyCurrency: () => company,
    fingerprint: () =>
      textFingerprint(JSON.stringify([[...joined].sort(([a], [b]) => a - b), Object.entries(currencies).sort(), company ?? null])),
  };
}

/** FNV-1a over the text's UTF-16 units, twice with different offsets: 16 hex digits, not a security hash. */
function textFingerprint(text: string): string {
  let [a, b] = [0x811c9dc5, 0x01000193 ^ 0x5bd1e995];
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193) >>> 0;
    b = Math.imul(b ^ unit, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

export const NO_LOOKUPS: Lookups = buildLookups();
