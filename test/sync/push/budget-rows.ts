/** Budget rows as a pulled ForecastBudgets table holds them, for the push tests. */
import type { BaselineRow, RowChange, SheetRow } from '../../../src/sync/push';
import { FORECAST_BUDGETS_TABLE, rowToFields } from '../../../src/sync/tables';
import type { CoreValue } from '../../../src/sync/workbook-port';

/** A pulled budget row as the table holds it (columns in model order), with some cells overridden. */
export function cells(overrides: Record<string, CoreValue> = {}): CoreValue[] {
  const base: Record<string, CoreValue> = {
    id: 1,
    external_id: 'rent-2026',
    name: 'Rent',
    category_id: 12,
    category_path: 'Ausgaben › Raumkosten › Miete',
    settlement_date: '2026-12-01',
    amount: -2500,
    description: 'Office',
    frequency: 'monthly',
    frequency_multiplier: 1,
    sequence_type: '',
    sequence_term_size: 1,
    d: 0,
    r: 1,
    rate: 0,
    base: 'FS',
    account_id: 701,
    tags: 'office, fixed',
    is_indefinite: false,
    is_adjusted: false,
    external_source: 'ERP',
    inter_company: null,
    inter_category: null,
  };
  const values = { ...base, ...overrides };
  return FORECAST_BUDGETS_TABLE.columns.map((c) => values[c.key] ?? null);
}

export const baselineOf = (row: CoreValue[]): BaselineRow => ({
  id: Number(row[0]),
  externalId: (row[1] as string | null) ?? null,
  fields: rowToFields(FORECAST_BUDGETS_TABLE, row),
});
export const sheetOf = (row: CoreValue[], position = 0): SheetRow => ({
  id: row[0] === null ? null : Number(row[0]),
  externalId: (row[1] as string | null) ?? null,
  fields: rowToFields(FORECAST_BUDGETS_TABLE, row),
  position,
});
export const changed = (change: RowChange | undefined): Extract<RowChange, { kind: 'changed' }> => {
  if (change?.kind !== 'changed') throw new Error(`not a changed row: ${JSON.stringify(change)}`);
  return change;
};
