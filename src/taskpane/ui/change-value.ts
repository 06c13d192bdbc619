/**
 * A budget's or an invoice's field value as the Changes view shows it ("Amount: -4,500.00 → -4,000.00"): amounts with
 * two decimals and dates in the user's language, lists with commas, TRUE/FALSE as Excel says them, an emptied cell as
 * "(empty)". The column's type comes from the table models (a field both have is of one type in both): presentation
 * only, no rule.
 */

import type { Language } from '../../i18n/catalog';
import type { AppState } from '../state/app-state';
import { BUDGET_COLUMNS, GROUP_INVOICES_TABLE } from '../../sync/tables';
import { formatAmount, formatDate, formatNumber } from './format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const COLUMNS: ReadonlyArray<{ key: string; type: string; write?: { field: string } }> = [
  ...BUDGET_COLUMNS,
  ...GROUP_INVOICES_TABLE.columns,
];

function typeOf(field: string): string | undefined {
  return COLUMNS.find((c) => c.write?.field === field || c.key === field)?.type;
}

export function changeValue(value: unknown, field: string, language: Language, t: AppState['t']): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return t('pane.changes.value.empty');
  if (typeof value === 'boolean') return value ? t('pane.changes.value.true') : t('pane.changes.value.false');
  if (Array.isArray(value)) return value.map(String).join(', ');
  const type = typeOf(field);
  if (typeof value === 'number')
    return type === 'amount' ? formatAmount(value, language) : type === 'integer' ? String(value) : formatNumber(value, language);
  if (typeof value === 'string' && type === 'amount' && Number.isFinite(Number(value))) return formatAmount(Number(value), language);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value, language);
  return String(value);
}
