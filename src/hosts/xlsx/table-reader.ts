/**
 * `readTable` of the xlsx host: the table's column names and body, converted to core values by the column specs
 * (matched by header, exactly or else case-insensitively, as the Excel host matches them); other columns come back
 * as their cell values; blank rows are left out; a cell that does not convert is kept as it is and listed.
 */

import type { Workbook } from 'exceljs';
import { throwIfAborted } from '../../api/abort';
import { CellValueError, fromCellValue, type CellValue } from '../../sync/cell-values';
import { TableNotFoundError } from '../../sync/table-not-found-error';
import type { CellProblem, ColumnSpec, CoreValue, ReadOptions, ReadResult } from '../../sync/workbook-port';
import { cellValueOf } from './cell-value-of';
import { findTable } from './exceljs-table';

export function readXlsxTable(workbook: Workbook, tableName: string, columns: readonly ColumnSpec[] = [], options: ReadOptions = {}): ReadResult {
  throwIfAborted(options.signal);
  const table = findTable(workbook, tableName);
  if (table === null) throw new TableNotFoundError(tableName);
  const headers = table.model.columns.map((c) => c.name);
  const specs = headers.map((h) => columns.find((c) => c.header === h) ?? columns.find((c) => c.header.toLowerCase() === h.toLowerCase()));
  const rows: CoreValue[][] = [];
  const problems: CellProblem[] = [];
  const convert = (cell: CellValue, row: number, c: number): CoreValue => {
    const spec = specs[c];
    if (spec === undefined) return cell === '' ? null : cell;
    try {
      return fromCellValue(spec, cell);
    } catch (error) {
      if (!(error instanceof CellValueError)) throw error;
      problems.push({ row, header: headers[c] ?? '', message: error.message });
      return cell;
    }
  };
  for (let r = 0; r < table.bodyRows; r += 1) {
    const line = headers.map((_, c) => cellValueOf(table.sheet.getCell(table.headerRow + 1 + r, table.column + c)));
    if (line.every((cell) => cell === '')) continue;
    rows.push(line.map((cell, c) => convert(cell, r, c)));
  }
  return { tableName: table.model.name, sheetName: table.sheet.name, headers, rows, problems };
}
