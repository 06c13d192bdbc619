/**
 * Where a pushable table's columns are, as both workbook hosts find them (the Excel host's `push-table-layout.ts`,
 * the xlsx host's `push-table.ts`): the model's columns matched to the table's by header (case-insensitively, as
 * Excel compares column names), wherever the user moved them; columns the user added and the push status column are
 * not the model's and are left alone. Every model column must be there: a missing one would read as emptied in every
 * row, and a push would send that.
 */

import { numberFormatFor } from '../cell-values';
import { formatInPlace } from '../refresh-format';
import { TableLayoutError } from '../table-layout-error';
import { tableSpec, type TableModel } from '../tables/table-model';
import type { ColumnSpec } from '../workbook-port';
import { STATUS_HEADER } from './push-status-column';

/** The model's column holding the external ID (when it has one). */
export const EXTERNAL_ID_KEY = 'external_id';

export interface PushColumns {
  /** The table's column names, in table order. */
  headers: string[];
  /** The model's columns as column specs, in model order. */
  specs: readonly ColumnSpec[];
  /** Table column (0-based within the table) of each model column, in model order. */
  columns: readonly number[];
  /** Table column of the key (id) and of the external ID (null when the model has none). */
  keyColumn: number;
  externalColumn: number | null;
  /** Table column of the push status column, or null while there is none. */
  status: number | null;
  /**
   * The number format each model column's cells get: the one its first row has (the user's, or the currency the last
   * pull wrote), else the column's own.
   */
  formats: readonly string[];
}

function sameHeader(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The model's columns in a table with these headers, and the number formats of its first row (by table column). */
export function pushColumnsOf<R>(
  model: TableModel<R>,
  headers: readonly string[],
  firstFormats: readonly (string | undefined)[],
): PushColumns {
  const specs = tableSpec(model).columns;
  const columns = specs.map((spec) => headers.findIndex((h) => sameHeader(h, spec.header)));
  const missing = specs.filter((_, i) => columns[i] === -1).map((s) => s.header);
  if (missing.length > 0)
    throw new TableLayoutError(`Table ${model.tableName} has no column ${missing.map((h) => JSON.stringify(h)).join(', ')}.`);
  const columnOf = (key: string): number | null => {
    const i = specs.findIndex((s) => s.key === key);
    return i < 0 ? null : (columns[i] ?? null);
  };
  const status = headers.findIndex((h) => sameHeader(h, STATUS_HEADER));
  return {
    headers: [...headers],
    specs,
    columns,
    keyColumn: columnOf(model.keyColumn) ?? -1,
    externalColumn: columnOf(EXTERNAL_ID_KEY),
    status: status < 0 ? null : status,
    formats: specs.map((spec, i) => formatInPlace(spec, firstFormats[columns[i] ?? -1]) ?? numberFormatFor(spec)),
  };
}

/** Each model column's header as the table names it (what a cell problem names). */
export function problemHeaders(layout: PushColumns): string[] {
  return layout.columns.map((column, c) => layout.headers[column] ?? layout.specs[c]?.header ?? '');
}
