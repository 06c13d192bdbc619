/**
 * The pane's "New offline account" form, checked before anything is sent: what the user typed (texts, amounts in
 * their language's way of writing numbers) becomes the body of `POST /accounts/`, or a problem per field in their
 * language. Name, bank, IBAN and currency are asked for (the service needs the bank; IBAN and currency tell an
 * account apart, so the same account is never made twice); the rest is optional.
 */

import { z } from 'zod';
import type { OfflineAccountInput } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate, type MessageParams } from '../../i18n/translate';
import { exampleAmount, parseLocaleDecimal } from '../locale-decimal';
import { ibanLength, ibanProblem, normalizeIban } from './iban';
import { isIsoCurrency } from './iso-currency';

/** The form as typed: every field a text. */
export interface OfflineAccountForm {
  name: string;
  bankName: string;
  bic: string;
  iban: string;
  currency: string;
  alias: string;
  holderName: string;
  typeName: string;
  balance: string;
  overdraftLimit: string;
}

export type OfflineAccountField = keyof OfflineAccountForm;

export const OFFLINE_ACCOUNT_FIELDS: readonly OfflineAccountField[] = [
  'name',
  'bankName',
  'bic',
  'iban',
  'currency',
  'alias',
  'holderName',
  'typeName',
  'balance',
  'overdraftLimit',
];

export interface FieldProblem {
  field: OfflineAccountField;
  /** What to do, in the user's language. */
  message: string;
}

export type OfflineAccountParse = { ok: true; input: OfflineAccountInput } | { ok: false; problems: FieldProblem[] };

/** An empty form, the currency filled in (the company's, when the pane knows it). */
export function emptyOfflineAccountForm(currency = ''): OfflineAccountForm {
  return { name: '', bankName: '', bic: '', iban: '', currency, alias: '', holderName: '', typeName: '', balance: '', overdraftLimit: '' };
}

/** Issues carry a catalog key as message and its parameters; `parseOfflineAccountForm` translates them. */
function fail(ctx: z.RefinementCtx, key: MessageKey, params: MessageParams = {}): never {
  ctx.addIssue({ code: 'custom', message: key, params });
  return z.NEVER;
}

const required = (key: MessageKey) => z.string().trim().min(1, { error: key });
const optionalText = z
  .string()
  .trim()
  .transform((text) => (text === '' ? undefined : text));

const ibanField = z.string().transform((text, ctx) => {
  if (text.trim() === '') return fail(ctx, 'account.error.ibanMissing');
  const iban = normalizeIban(text);
  const problem = ibanProblem(iban);
  if (problem === 'format') return fail(ctx, 'account.error.ibanFormat');
  if (problem === 'length')
    return fail(ctx, 'account.error.ibanLength', {
      country: iban.slice(0, 2),
      length: String(ibanLength(iban)),
      actual: String(iban.length),
    });
  if (problem === 'checksum') return fail(ctx, 'account.error.ibanChecksum');
  return iban;
});

const bicField = z.string().transform((text, ctx) => {
  const bic = text.replace(/\s+/g, '').toUpperCase();
  if (bic !== '' && !/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bic)) return fail(ctx, 'account.error.bic');
  return bic;
});

const currencyField = z.string().transform((text, ctx) => {
  const code = text.trim().toUpperCase();
  if (!isIsoCurrency(code)) return fail(ctx, 'account.error.currency');
  return code;
});

function amountField(language: Language, options: { positive: boolean }) {
  return z.string().transform((text, ctx) => {
    if (text.trim() === '') return undefined;
    const parsed = parseLocaleDecimal(text, language);
    if (!parsed.ok)
      return fail(ctx, parsed.problem === 'decimals' ? 'account.error.amountDecimals' : 'account.error.amountFormat', {
        example: exampleAmount(language),
      });
    if (options.positive && parsed.value.startsWith('-')) return fail(ctx, 'account.error.overdraftNegative');
    return parsed.value;
  });
}

/** The form's schema for a language (amounts are read the way it writes them). */
export function offlineAccountSchema(language: Language) {
  return z.object({
    name: required('account.error.name'),
    bankName: required('account.error.bankName'),
    bic: bicField,
    iban: ibanField,
    currency: currencyField,
    alias: optionalText,
    holderName: optionalText,
    typeName: optionalText,
    balance: amountField(language, { positive: false }),
    overdraftLimit: amountField(language, { positive: true }),
  });
}

/** Checks the form: the body of `POST /accounts/` (empty optional fields left out), or one problem per field. */
export function parseOfflineAccountForm(form: OfflineAccountForm, language: Language): OfflineAccountParse {
  const result = offlineAccountSchema(language).safeParse(form);
  if (!result.success) {
    const problems: FieldProblem[] = [];
    for (const issue of result.error.issues) {
      const field = issue.path[0] as OfflineAccountField;
      if (problems.some((p) => p.field === field)) continue;
      const params = issue.code === 'custom' ? (issue.params as MessageParams | undefined) : undefined;
      problems.push({ field, message: translate(language, issue.message as MessageKey, params) });
    }
    return { ok: false, problems };
  }
  const f = result.data;
  return {
    ok: true,
    input: {
      bank: { name: f.bankName, bic: f.bic },
      name: f.name,
      iban: f.iban,
      currency: f.currency,
      ...(f.alias === undefined ? {} : { alias: f.alias }),
      ...(f.holderName === undefined ? {} : { holder_name: f.holderName }),
      ...(f.typeName === undefined ? {} : { type_name: f.typeName }),
      ...(f.balance === undefined ? {} : { balance: f.balance }),
      ...(f.overdraftLimit === undefined ? {} : { overdraft_limit: f.overdraftLimit }),
    },
  };
}
