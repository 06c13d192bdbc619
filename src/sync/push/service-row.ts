/**
 * The service's records as the sheet holds them (cells in model order, the editable fields, the external ID), and
 * the small helpers the push and its undo share. A row carries its record (`R`: a budget, an invoice) for the model
 * that wrote it; the stages read only the cells, fields and ids.
 */

import type { Budget, Plan } from '../../api';
import type { Lookups } from '../tables/lookups';
import { rowToFields, toRow, type TableModel } from '../tables/table-model';
import type { CoreValue } from '../workbook-port';
import type { Fields } from './diff';
import { EXTERNAL_ID_FIELD } from './three-way';

/** Which plan a table's budgets belong to. */
export type BudgetTarget = { kind: 'forecast' } | { kind: 'scenario'; scenarioId: number };

export interface ServiceRow<R = unknown> {
  /** The service's record as it was read or answered. */
  record: R;
  /** The row's id on the service. */
  id: number;
  cells: CoreValue[];
  fields: Fields;
  externalId: string | null;
}

export function serviceRow(model: TableModel<Budget>, budget: Budget, lookups: Lookups): ServiceRow<Budget> {
  const cells = toRow(model, budget, lookups);
  return {
    record: budget,
    id: budget.id,
    cells,
    fields: rowToFields(model, cells),
    externalId: budget.external_id === '' ? null : budget.external_id,
  };
}

/** A record without external IDs (invoices) as the sheet holds it. */
export function plainServiceRow<R extends { id: number }>(model: TableModel<R>, record: R, lookups: Lookups): ServiceRow<R> {
  const cells = toRow(model, record, lookups);
  return { record, id: record.id, cells, fields: rowToFields(model, cells), externalId: null };
}

/** A row's fields without the key (a body never carries `id`). */
export function withoutId(fields: Fields): Record<string, unknown> {
  const { id: _id, ...rest } = fields;
  return rest;
}

/** The sheet cells (by column key) of the given fields, from the service's row; read-only columns always come along. */
export function cellsFor<R>(
  model: TableModel<R>,
  row: ServiceRow<unknown>,
  fields: ReadonlySet<string> | 'all',
): Record<string, CoreValue> {
  const values: Record<string, CoreValue> = {};
  model.columns.forEach((column, i) => {
    // The external ID has no writer (it is not a field of the diff) but is the user's to rename: only when named.
    const include =
      fields === 'all' ||
      (column.key === EXTERNAL_ID_FIELD ? fields.has(EXTERNAL_ID_FIELD) : column.write === undefined || fields.has(column.write.field));
    if (include) values[column.key] = row.cells[i] ?? null;
  });
  return values;
}

/** The header of the column a field is edited in, as the user reads it (`expected_date` → "Expected date"). */
export function headerOfField<T>(model: TableModel<T>, field: string): string {
  return model.columns.find((c) => c.write?.field === field)?.header ?? field;
}

/** The model column a field is edited in (`category` → `category_id`); the external ID is its own column. */
export function columnKeyOf<T>(model: TableModel<T>, field: string): string {
  return model.columns.find((c) => c.write?.field === field)?.key ?? field;
}

export function planOf(plans: readonly Plan[], target: BudgetTarget): Plan | undefined {
  return target.kind === 'forecast'
    ? plans.find((p) => p.type === 'FORECAST')
    : plans.find((p) => p.id === target.scenarioId && p.type === 'SCENARIO');
}

export function isAddressable(externalId: string | null | undefined): externalId is string {
  return typeof externalId === 'string' && externalId !== '' && !externalId.includes('.') && !externalId.includes('/');
}

/** The row's fields with its external ID among them, as the three-way comparison and the journal see it. */
export function withExternal(fields: Fields, externalId: string | null): Fields {
  return { ...fields, [EXTERNAL_ID_FIELD]: externalId };
}

export function withoutExternal(fields: Record<string, unknown>): Record<string, unknown> {
  const { external_id: _external, ...rest } = fields;
  return rest;
}
