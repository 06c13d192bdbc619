/**
 * `readTable` of the xlsx host: the table's column names and body, converted to core values by the column specs
 * (matched by header, exactly or else case-insensitively, as the Excel host matches them); other columns come back
 * as their cell values; blank rows are left out; a cell that does not convert is kept as it is and listed.
 */

import type { Workbook } from 'exceljs';
import { throwIfAborted } from '../../api/abort';
import { TableNotFoundError } from '../../sync/table-not-found-error';
import { TableRowsReader } from '../../sync/table-rows-reader';
import type { ColumnSpec, ReadOptions, ReadResult } from '../../sync/workbook-port';
import { cellValueOf } from './cell-value-of';
import { bigTableNamed } from './big-tables';
import { findTable } from './exceljs-table';

export function readXlsxTable(
  workbook: Workbook,
  tableName: string,
  columns: readonly ColumnSpec[] = [],
  options: ReadOptions = {},
): ReadResult {
  throwIfAborted(options.signal);
  const table = findTable(workbook, tableName);
  if (table === null) throw new TableNotFoundError(tableName);
  const headers = table.model.columns.map((c) => c.name);
  const reader = new TableRowsReader(headers, columns);
  // A big table's body is kept apart from exceljs (`big-table.ts`).
  const big = bigTableNamed(workbook, tableName)?.body;
  const cellAt =
    big === undefined
      ? (r: number, c: number) => cellValueOf(table.sheet.getCell(table.headerRow + 1 + r, table.column + c))
      : (r: number, c: number) => big.value(r, c);
  for (let r = 0; r < table.bodyRows; r += 1) {
    if (r % 8192 === 0) throwIfAborted(options.signal);
    reader.add(
      headers.map((_, c) => cellAt(r, c)),
      r,
    );
  }
  return reader.result(table.model.name, table.sheet.name);
}
