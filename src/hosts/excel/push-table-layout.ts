/**
 * Where a pushable table's columns are, as the push finds them (matched by header: `src/sync/push/push-columns.ts`,
 * shared with the xlsx host), and where the table lies. Read in two syncs (the table, then its geometry, column names
 * and first data row).
 */

import type { CellValue } from '../../sync/cell-values';
import { pushColumnsOf, type PushColumns } from '../../sync/push/push-columns';
import type { TableModel } from '../../sync/tables/table-model';
import { TableNotFoundError } from './excel-errors';
import type { ExcelSession } from './run-excel';

export { STATUS_HEADER } from '../../sync/push/push-status-column';

export interface PushTableLayout extends PushColumns {
  table: Excel.Table;
  sheet: Excel.Worksheet;
  /** Sheet row of data row 0 and sheet column of the table's first column (0-based). */
  bodyRow: number;
  bodyColumn: number;
  /** Data rows of the table. */
  rows: number;
  /** The table's only data row is blank (a table that never had rows): an append fills it first. */
  blankBody: boolean;
}

/** The layout of the model's table; every model column must be there (`TableLayoutError`). */
export async function readPushLayout<R>(session: ExcelSession, model: TableModel<R>): Promise<PushTableLayout> {
  const table = session.context.workbook.tables.getItemOrNullObject(model.tableName);
  await session.sync();
  if (table.isNullObject) throw new TableNotFoundError(model.tableName);
  const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
  const names = table.columns.load('items/name');
  const firstRow = table.getDataBodyRange().getRow(0).load('values,numberFormat');
  const sheet = table.worksheet;
  await session.sync();

  const firstValues = (firstRow.values[0] ?? []) as CellValue[];
  return {
    ...pushColumnsOf(
      model,
      names.items.map((c) => c.name),
      (firstRow.numberFormat[0] ?? []) as string[],
    ),
    table,
    sheet,
    bodyRow: body.rowIndex,
    bodyColumn: body.columnIndex,
    rows: body.rowCount,
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
