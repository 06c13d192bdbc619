/**
 * `readTable` of the Excel host: the column names and the data body, read in blocks under Excel on the web's
 * 5 MB response cap and 5,000,000-cell read cap, converted to core values by the column specs (matched by
 * header; other columns come back as cell values).
 */

import { CellValueError, fromCellValue, type CellValue } from '../../sync/cell-values';
import type { CellProblem, ColumnSpec, CoreValue, ReadOptions, ReadResult } from '../../sync/workbook-port';
import { throwIfAborted } from '../../api/abort';
import { TableNotFoundError } from './excel-errors';
import { firstReadRows, readRowBlocks } from './read-row-blocks';
import { runExcel } from './run-excel';

export async function readExcelTable(tableName: string, columns: readonly ColumnSpec[] = [], options: ReadOptions = {}): Promise<ReadResult> {
  throwIfAborted(options.signal);
  return runExcel(async (session) => {
    const table = session.context.workbook.tables.getItemOrNullObject(tableName);
    table.load('name');
    await session.sync();
    if (table.isNullObject) throw new TableNotFoundError(tableName);
    const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
    const names = table.columns.load('items/name');
    const sheet = table.worksheet.load('name');
    await session.sync();

    const headers = names.items.map((c) => c.name);
    const specs = headers.map((h) => columns.find((c) => c.header === h) ?? columns.find((c) => c.header.toLowerCase() === h.toLowerCase()));
    const rows: CoreValue[][] = [];
    const problems: CellProblem[] = [];
    const convert = (cells: CellValue[], row: number): CoreValue[] =>
      cells.map((cell, c) => {
        const spec = specs[c];
        if (spec === undefined) return cell === '' ? null : cell;
        try {
          return fromCellValue(spec, cell);
        } catch (error) {
          if (!(error instanceof CellValueError)) throw error;
          problems.push({ row, header: headers[c] ?? '', message: error.message });
          return cell;
        }
      });
    const readOptions = { startRows: firstReadRows(headers.length, 1), ...(options.signal === undefined ? {} : { signal: options.signal }) };
    await readRowBlocks(
      session,
      (start, count) => sheet.getRangeByIndexes(body.rowIndex + start, body.columnIndex, count, headers.length),
      ['values'],
      body.rowCount,
      (start, cells) => {
        (cells.values ?? []).forEach((line, i) => {
          if (line.every((cell) => cell === '')) return;
          rows.push(convert(line, start + i));
        });
      },
      readOptions,
    );
    return { tableName: table.name, sheetName: sheet.name, headers, rows, problems };
  });
}
