/**
 * A table's filter in words, for the card and the table's stamp: "This year: 2026-01-01 to 2026-12-31, 3 categories".
 * Dates stay `YYYY-MM-DD` (what the service and the sheet's filter use); empty when the filter narrows nothing.
 */

import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { filtersOf, type TableFilter } from './table-filter';

export function describeFilter(filter: TableFilter, language: Language): string {
  const t = (key: MessageKey, params?: Record<string, string | number>): string => translate(language, key, params);
  const filters = filtersOf(filter.target);
  const parts: string[] = [];
  const dates = dateWords(text(filters.min_date), text(filters.max_date), t);
  if (filter.period !== undefined)
    parts.push(
      dates === '' ? t(`filter.period.${filter.period}`) : t('filter.words.period', { period: t(`filter.period.${filter.period}`), dates }),
    );
  else if (dates !== '') parts.push(dates);
  counted(parts, filters.category, 'filter.words.categories', language);
  counted(parts, filters.account, 'filter.words.accounts', language);
  if (typeof filters.status === 'string' && filters.status !== '')
    parts.push(t('filter.words.status', { status: t(`pane.invoiceStatus.${filters.status}` as MessageKey) }));
  if (filters.type === 'receivable' || filters.type === 'payable') parts.push(t(`pane.invoiceType.${filters.type}`));
  return parts.join(t('filter.words.separator'));
}

function dateWords(
  from: string | undefined,
  to: string | undefined,
  t: (key: MessageKey, params?: Record<string, string>) => string,
): string {
  if (from !== undefined && to !== undefined) return t('filter.words.range', { from, to });
  if (from !== undefined) return t('filter.words.from', { from });
  if (to !== undefined) return t('filter.words.until', { to });
  return '';
}

function counted(parts: string[], value: unknown, key: 'filter.words.categories' | 'filter.words.accounts', language: Language): void {
  const count = Array.isArray(value) ? value.length : typeof value === 'number' ? 1 : 0;
  if (count === 0) return;
  const plural = new Intl.PluralRules(language).select(count) === 'one' ? 'one' : 'other';
  parts.push(translate(language, `${key}.${plural}`, { count }));
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
