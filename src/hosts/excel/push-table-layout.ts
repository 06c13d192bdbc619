/**
 * Where a pushable table's columns are, as the push finds them: the model's columns matched to the table's by
 * header (case-insensitively, as Excel compares column names), wherever the user moved them; columns the user
 * added and the push status column are not the model's and are left alone. Read in two syncs (the table, then its
 * geometry, column names and first data row).
 */

import { numberFormatFor, type CellValue } from '../../sync/cell-values';
import { tableSpec, type TableModel } from '../../sync/tables/table-model';
import type { ColumnSpec } from '../../sync/workbook-port';
import { TableLayoutError, TableNotFoundError } from './excel-errors';
import { formatInPlace } from '../../sync/refresh-format';
import type { ExcelSession } from './run-excel';
import { STATUS_HEADER } from '../../sync/push/push-status-column';

export { STATUS_HEADER } from '../../sync/push/push-status-column';
/** The model's column holding the external ID (when it has one). */
export const EXTERNAL_ID_KEY = 'external_id';

export interface PushTableLayout {
  table: Excel.Table;
  sheet: Excel.Worksheet;
  /** Sheet row of data row 0 and sheet column of the table's first column (0-based). */
  bodyRow: number;
  bodyColumn: number;
  /** Data rows of the table. */
  rows: number;
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
  /** The table's only data row is blank (a table that never had rows): an append fills it first. */
  blankBody: boolean;
}

function sameHeader(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The layout of the model's table. Every model column must be there: a missing one would read as emptied in
 * every row, and a push would send that.
 */
export async function readPushLayout<R>(session: ExcelSession, model: TableModel<R>): Promise<PushTableLayout> {
  const table = session.context.workbook.tables.getItemOrNullObject(model.tableName);
  await session.sync();
  if (table.isNullObject) throw new TableNotFoundError(model.tableName);
  const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
  const names = table.columns.load('items/name');
  const firstRow = table.getDataBodyRange().getRow(0).load('values,numberFormat');
  const sheet = table.worksheet;
  await session.sync();

  const headers = names.items.map((c) => c.name);
  const specs = tableSpec(model).columns;
  const columns = specs.map((spec) => headers.findIndex((h) => sameHeader(h, spec.header)));
  const missing = specs.filter((_, i) => columns[i] === -1).map((s) => s.header);
  if (missing.length > 0) throw new TableLayoutError(`Table ${model.tableName} has no column ${missing.map((h) => JSON.stringify(h)).join(', ')}.`);
  const columnOf = (key: string): number | null => {
    const i = specs.findIndex((s) => s.key === key);
    return i < 0 ? null : (columns[i] ?? null);
  };
  const status = headers.findIndex((h) => sameHeader(h, STATUS_HEADER));
  const firstValues = (firstRow.values[0] ?? []) as CellValue[];
  const firstFormats = (firstRow.numberFormat[0] ?? []) as string[];
  return {
    table,
    sheet,
    bodyRow: body.rowIndex,
    bodyColumn: body.columnIndex,
    rows: body.rowCount,
    headers,
    specs,
    columns,
    keyColumn: columnOf(model.keyColumn) ?? -1,
    externalColumn: columnOf(EXTERNAL_ID_KEY),
    status: status < 0 ? null : status,
    formats: specs.map((spec, i) => formatInPlace(spec, firstFormats[columns[i] ?? -1]) ?? numberFormatFor(spec)),
    blankBody: body.rowCount === 1 && firstValues.every((cell) => cell === ''),
  };
}

/** Table rows [row, row + count) of table columns [column, column + width). */
export function tableCells(layout: PushTableLayout, row: number, count: number, column: number, width: number): Excel.Range {
  return layout.sheet.getRangeByIndexes(layout.bodyRow + row, layout.bodyColumn + column, count, width);
}

/** Sorted table columns as runs of neighbours: `[first, width]`. */
export function columnRuns(columns: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const column of [...new Set(columns)].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0] + last[1] === column) last[1] += 1;
    else runs.push([column, 1]);
  }
  return runs;
}
