/**
 * The rows of a write as cells (`cell-rows.ts`), kept as cell rows up to a number of rows and past it in a compact
 * body (`table-body.ts`, with each cell's format): a new table of a million rows never exists as a million arrays.
 * All rows are converted and checked before the workbook is touched, as before.
 */

import { throwIfAborted } from '../../api/abort';
import { numberFormatFor, type CellValue } from '../../sync/cell-values';
import { isRowFormatted } from '../../sync/row-formats';
import type { ColumnSpec, CoreRow, RowBatches } from '../../sync/workbook-port';
import { formatsOfRow } from './body-cells';
import { toCellRow } from './cell-rows';
import { TableBody } from './table-body';

export type CollectedRows = { kind: 'cells'; cells: CellValue[][] } | { kind: 'body'; body: TableBody };

export async function collectRows(
  columns: readonly ColumnSpec[],
  rows: readonly CoreRow[] | RowBatches,
  maxCellRows: number,
  signal?: AbortSignal,
): Promise<CollectedRows> {
  throwIfAborted(signal);
  const columnFormats = columns.map((c) => (isRowFormatted(c) ? null : numberFormatFor(c)));
  const formatsOf = formatsOfRow(columns, columnFormats);
  let cells: CellValue[][] | null = [];
  let body: TableBody | null = null;
  const add = (row: CoreRow): void => {
    const cellRow = toCellRow(columns, row);
    if (cells !== null && cells.length < maxCellRows) {
      cells.push(cellRow);
      return;
    }
    if (body === null) {
      body = new TableBody(columns.length, columnFormats);
      for (const earlier of cells ?? []) body.push(earlier, formatsOf(earlier));
      cells = null;
    }
    body.push(cellRow, formatsOf(cellRow));
  };
  if (Array.isArray(rows)) (rows as readonly CoreRow[]).forEach(add);
  else
    for await (const batch of rows as RowBatches) {
      throwIfAborted(signal);
      batch.forEach(add);
    }
  throwIfAborted(signal);
  return body !== null ? { kind: 'body', body } : { kind: 'cells', cells: cells ?? [] };
}
