/**
 * A budget's or an invoice's field value as the Changes view shows it ("Amount: -4,500.00 → -4,000.00"): amounts with
 * two decimals and dates in the user's language, codes with their words ("Status: OD (Overdue) → PR (Promised)"),
 * lists with commas, TRUE/FALSE as Excel says them, an emptied cell as "(empty)". The column's type comes from the table models (a field both have is of one type in both): presentation
 * only, no rule.
 */

import type { Language } from '../../i18n/catalog';
import type { AppState } from '../state/app-state';
import { BUDGET_COLUMNS, GROUP_INVOICES_TABLE } from '../../sync/tables';
import type { CodeChoices } from '../../sync/tables/code-labels';
import { formatAmount, formatDate, formatNumber } from './format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const COLUMNS: ReadonlyArray<{ key: string; type: string; write?: { field: string }; choices?: CodeChoices }> = [
  ...BUDGET_COLUMNS,
  ...GROUP_INVOICES_TABLE.columns,
];

function columnOf(field: string) {
  return COLUMNS.find((c) => c.write?.field === field || c.key === field);
}

/** A code with its word, as the cell's list shows it: `PR (Promised)`; a word that only repeats its code is left out. */
function coded(code: string, choices: CodeChoices, t: AppState['t']): string | undefined {
  const choice = choices.codes.find((c) => c.code === code);
  if (choice === undefined) return undefined;
  const word = t(choice.label);
  return word === code ? code : `${code} (${word})`;
}

export function changeValue(value: unknown, field: string, language: Language, t: AppState['t']): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return t('pane.changes.value.empty');
  if (typeof value === 'boolean') return value ? t('pane.changes.value.true') : t('pane.changes.value.false');
  if (Array.isArray(value)) return value.map(String).join(', ');
  const column = columnOf(field);
  const type = column?.type;
  if (typeof value === 'string' && column?.choices !== undefined) return coded(value, column.choices, t) ?? value;
  if (typeof value === 'number')
    return type === 'amount' ? formatAmount(value, language) : type === 'integer' ? String(value) : formatNumber(value, language);
  if (typeof value === 'string' && type === 'amount' && Number.isFinite(Number(value))) return formatAmount(Number(value), language);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value, language);
  return String(value);
}
