/**
 * Budgets: the forecast's, each scenario's, and all plans' (`all_budgets=true`, read-only) share one column set.
 * Name, category, dates, amount, description, recurrence, rate, base, account, tags and flags go back by a push.
 * The code columns a push sends (Frequency, Sequence type, Base) carry their codes: the workbook offers them as an
 * in-cell list, the prompt saying what each means.
 */

import type { Budget } from '../../api';
import type { CoreValue } from '../workbook-port';
import { codeChoices } from './code-labels';
import { column, joinList, readOnlyColumns, splitList, textField, type ModelColumn, type TableModel } from './table-model';

const text = { editable: true, parse: textField } as const;
const keep = { editable: true } as const;
// In-cell lists of the codes; the service takes an empty frequency (one-time) and sequence type, never an empty base.
const frequency = { ...text, choices: codeChoices('frequency', true) };
const sequenceType = { ...text, choices: codeChoices('sequenceType', true) };
const base = { ...text, choices: codeChoices('budgetBase', false) };

export const BUDGET_COLUMNS: readonly ModelColumn<Budget>[] = [
  column<Budget>('id', 'Id', 'integer', (b) => b.id),
  column<Budget>('external_id', 'External Id', 'text', (b) => b.external_id),
  column<Budget>('name', 'Name', 'text', (b) => b.name, text),
  column<Budget>('category_id', 'Category Id', 'integer', (b) => b.category.id, { editable: 'category' }),
  column<Budget>('category_path', 'Category', 'text', (b, l) => l.categoryPath(b.category.id) ?? b.category.name),
  column<Budget>('settlement_date', 'Settlement date', 'date', (b) => b.settlement_date, keep),
  column<Budget>('start_date', 'Start date', 'date', (b) => b.start_date),
  column<Budget>('end_date', 'End date', 'date', (b) => b.end_date),
  column<Budget>('amount', 'Amount', 'amount', (b) => b.amount, { ...keep, currency: 'company' }),
  column<Budget>('description', 'Description', 'text', (b) => b.description, text),
  column<Budget>('frequency', 'Frequency', 'text', (b) => b.frequency, frequency),
  column<Budget>('frequency_label', 'Frequency label', 'text', (b, l) => l.codeLabel('frequency', b.frequency)),
  column<Budget>('frequency_multiplier', 'Frequency multiplier', 'integer', (b) => b.frequency_multiplier, keep),
  column<Budget>('sequence_type', 'Sequence type', 'text', (b) => b.sequence_type, sequenceType),
  column<Budget>('sequence_term_size', 'Sequence term size', 'integer', (b) => b.sequence_term_size, keep),
  column<Budget>('d', 'Sequence d', 'number', (b) => b.d, keep),
  column<Budget>('r', 'Sequence r', 'number', (b) => b.r, keep),
  column<Budget>('rate', 'Rate', 'number', (b) => b.rate, { editable: true, numberFormat: '0.0000' }),
  column<Budget>('base', 'Base', 'text', (b) => b.base, base),
  column<Budget>('base_label', 'Base label', 'text', (b, l) => l.codeLabel('budgetBase', b.base)),
  column<Budget>('account_id', 'Account Id', 'integer', (b) => b.account, { editable: 'account' }),
  column<Budget>('account_name', 'Account', 'text', (b, l) => l.accountName(b.account)),
  column<Budget>('tags', 'Tags', 'text', (b) => joinList(b.tags), { editable: true, parse: (v: CoreValue) => splitList(v) }),
  column<Budget>('is_recurring', 'Recurring', 'boolean', (b) => b.recurring_budget !== null),
  column<Budget>('is_indefinite', 'Indefinite', 'boolean', (b) => b.is_indefinite, keep),
  column<Budget>('is_adjusted', 'Adjusted', 'boolean', (b) => b.is_adjusted, keep),
  column<Budget>('external_source', 'External source', 'text', (b) => b.external_source, text),
  column<Budget>('inter_company', 'Inter company', 'integer', (b) => b.inter_company, keep),
  column<Budget>('inter_category', 'Inter category Id', 'integer', (b) => b.inter_category, keep),
  column<Budget>('inter_category_name', 'Inter category', 'text', (b) => b.inter_category_name),
  column<Budget>('source', 'Copied from Id', 'integer', (b) => b.source),
];

export const FORECAST_BUDGETS_TABLE: TableModel<Budget> = {
  tableName: 'ForecastBudgets',
  sheetName: 'Forecast budgets',
  keyColumn: 'id',
  readOnly: false,
  needs: ['categories', 'accounts'],
  columns: BUDGET_COLUMNS,
};

/** Budgets of every plan of the company: for analysis only, never pushed. */
export const ALL_BUDGETS_TABLE: TableModel<Budget> = {
  tableName: 'AllBudgets',
  sheetName: 'All budgets',
  keyColumn: 'id',
  readOnly: true,
  needs: ['categories', 'accounts'],
  columns: readOnlyColumns(BUDGET_COLUMNS),
};

/** `Scenario_12_Budgets`: a valid, unique Excel table name from the scenario's plan id (names can change, ids do not). */
export function scenarioTableName(scenarioId: number): string {
  if (!Number.isSafeInteger(scenarioId) || scenarioId <= 0) throw new RangeError(`Not a scenario id: ${scenarioId}`);
  return `Scenario_${scenarioId}_Budgets`;
}

export function scenarioBudgetsTable(scenarioId: number): TableModel<Budget> {
  return {
    tableName: scenarioTableName(scenarioId),
    sheetName: `Scenario ${scenarioId} budgets`,
    keyColumn: 'id',
    readOnly: false,
    needs: ['categories', 'accounts'],
    columns: BUDGET_COLUMNS,
  };
}
