/** Numbers, amounts and times for the user's language (12.340 in German, 12,340 in English). */

import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { LOCALES } from '../state/app-state';

export function formatAmount(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** Axis labels: 2.1M, 350K (in the user's language). */
export function formatCompact(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

export function formatInteger(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language]).format(value);
}

export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** "2 min ago", "yesterday": how fresh a table is. */
export function formatAge(iso: string, language: Language, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 45) return translate(language, 'pane.age.justNow');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}

/** The plural category a count takes in the language, for `*.one` / `*.other` message keys. */
export function pluralOf(count: number, language: Language): 'one' | 'other' {
  return new Intl.PluralRules(LOCALES[language]).select(count) === 'one' ? 'one' : 'other';
}

/** A date (`YYYY-MM-DD`, as the core keeps dates) for the user's language, never through local time. */
export function formatDate(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** Other numbers (rates, multipliers) with the decimals they have, up to six. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 6 }).format(value);
}
