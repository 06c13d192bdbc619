/**
 * A table's stamp: the one line above it that tells a colleague opening the file what they look at (#26):
 *
 *   Transactions · Demo GmbH · 2026-01-01 to 2026-11-25, 3 categories · refreshed 2026-11-26 09:14 UTC · complete, 5,000 rows
 *
 * The table's name as the pane's card shows it (never the Excel table's), the company as the pane's header names it,
 * the filter in words (`describeFilter`; "all rows" when it narrows nothing), when it was refreshed in UTC (the same
 * instant for a colleague in another time zone) and the pull's verdict, in the pull's language with its numbers.
 */

import type { Language, MessageKey } from '../../i18n/catalog';
import { formatCount } from '../../i18n/format-count';
import { translate } from '../../i18n/translate';
import { describeFilter } from '../filters/filter-words';
import type { TableFilter } from '../filters/table-filter';

export interface StampFacts {
  /** The table's name as the pane's card shows it ("Forecast budgets"). */
  label: string;
  /** The company (the connection's name as the pane's header shows it); left out when unknown. */
  company?: string;
  filter: TableFilter;
  /** ISO 8601: when the pull finished writing. */
  refreshedAt: string;
  complete: boolean;
  rowCount: number;
  /** Why not complete, in the pull's language; the first one is told. */
  warnings: readonly string[];
}

const SEPARATOR = ' · ';

export function tableStamp(facts: StampFacts, language: Language): string {
  const t = (key: MessageKey, params?: Record<string, string | number>): string => translate(language, key, params);
  const filter = describeFilter(facts.filter, language);
  const company = facts.company?.trim() ?? '';
  return [
    facts.label,
    ...(company === '' ? [] : [company]),
    filter === '' ? t('stamp.allRows') : filter,
    t('stamp.refreshed', { time: utcMinute(facts.refreshedAt) }),
    verdict(facts, language),
  ].join(SEPARATOR);
}

/** `2026-11-26 09:14 UTC`: the instant, readable in every time zone and language. */
export function utcMinute(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  const text = time.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`;
}

function verdict(facts: StampFacts, language: Language): string {
  const plural = new Intl.PluralRules(language).select(facts.rowCount) === 'one' ? 'one' : 'other';
  const rows = formatCount(facts.rowCount, language);
  if (facts.complete) return translate(language, `stamp.complete.${plural}`, { rows });
  const first = facts.warnings[0];
  const reason = first === undefined ? translate(language, 'stamp.unconfirmed') : withoutLabel(first, facts.label);
  return translate(language, `stamp.incomplete.${plural}`, { rows, reason });
}

/** The pull's warnings start with the table's name ("Transactions: the service changed …"); the stamp has said it. */
function withoutLabel(warning: string, label: string): string {
  const prefix = `${label}: `;
  return warning.startsWith(prefix) ? warning.slice(prefix.length) : warning;
}
