/**
 * An amount as the user types it in the pane, read in their language's way of writing numbers (`-1.234,56` in German
 * and Italian, `-1,234.56` in English: the separators Intl gives the pane's locale, the same as the pane shows
 * amounts with). Grouping is optional but, when used, must group by thousands, so `1.5` in German is refused rather
 * than read as fifteen hundred or as one and a half. The result is a decimal string (`-1234.56`), never a float.
 */

import type { Language } from '../i18n/catalog';
import { LOCALES } from '../i18n/format-count';

export type LocaleDecimal = { ok: true; value: string } | { ok: false; problem: 'format' | 'decimals' };

/** The group and decimal separators of the language, as Intl writes 1234567.5 (Italian groups only from five digits on). */
export function separatorsOf(language: Language): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(LOCALES[language]).formatToParts(1234567.5);
  return { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
}

/** An example amount in the language (`-1.234,56`), for messages. */
export function exampleAmount(language: Language): string {
  const { group, decimal } = separatorsOf(language);
  return `-1${group}234${decimal}56`;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Reads `text` as an amount with at most `decimals` places. */
export function parseLocaleDecimal(text: string, language: Language, decimals = 2): LocaleDecimal {
  const { group, decimal } = separatorsOf(language);
  const compact = text
    .trim()
    .replace(/[\s\u00a0\u202f]+/g, '')
    .replace(/^\u2212/, '-');
  const g = escaped(group);
  const d = escaped(decimal);
  const match = new RegExp(`^([+-]?)(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d+))?$`).exec(compact);
  if (match === null) return { ok: false, problem: 'format' };
  const [, sign = '', whole = '', fraction = ''] = match;
  if (fraction.length > decimals) return { ok: false, problem: 'decimals' };
  const digits = whole
    .split(group)
    .join('')
    .replace(/^0+(?=\d)/, '');
  const negative = sign === '-' && /[1-9]/.test(`${digits}${fraction}`);
  return { ok: true, value: `${negative ? '-' : ''}${digits}${fraction === '' ? '' : `.${fraction}`}` };
}
