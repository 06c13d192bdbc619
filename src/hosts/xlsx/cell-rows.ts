/**
 * The rows of a write as cells, all of them before the workbook is touched: an array converted whole, batches as they
 * arrive (a value that does not fit its column fails the write before anything is written, so the previous table
 * stays as it was). The workbook is in memory: nothing is gained by writing while later batches are on the way.
 */

import { throwIfAborted } from '../../api/abort';
import { toCellValue, type CellValue } from '../../sync/cell-values';
import type { ColumnSpec, CoreRow, CoreValue, RowBatches } from '../../sync/workbook-port';

function valueAt(columns: readonly ColumnSpec[], row: CoreRow, index: number): CoreValue | undefined {
  if (Array.isArray(row)) return (row as readonly CoreValue[])[index];
  const column = columns[index];
  return column === undefined ? undefined : (row as Readonly<Record<string, CoreValue>>)[column.key];
}

export function toCellRow(columns: readonly ColumnSpec[], row: CoreRow): CellValue[] {
  return columns.map((column, i) => toCellValue(column, valueAt(columns, row, i)));
}

function isBatches(rows: readonly CoreRow[] | RowBatches): rows is RowBatches {
  return !Array.isArray(rows);
}

export async function cellRows(
  columns: readonly ColumnSpec[],
  rows: readonly CoreRow[] | RowBatches,
  signal?: AbortSignal,
): Promise<CellValue[][]> {
  throwIfAborted(signal);
  if (!isBatches(rows)) return rows.map((row) => toCellRow(columns, row));
  const cells: CellValue[][] = [];
  for await (const batch of rows) {
    throwIfAborted(signal);
    for (const row of batch) cells.push(toCellRow(columns, row));
  }
  throwIfAborted(signal);
  return cells;
}
