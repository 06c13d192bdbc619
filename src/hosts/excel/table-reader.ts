/**
 * `readTable` of the Excel host: the column names and the data body, read in blocks under Excel on the web's
 * 5 MB response cap and 5,000,000-cell read cap, converted to core values by the column specs (matched by
 * header; other columns come back as cell values).
 */

import { TableRowsReader } from '../../sync/table-rows-reader';
import type { ColumnSpec, ReadOptions, ReadResult } from '../../sync/workbook-port';
import { throwIfAborted } from '../../api/abort';
import { TableNotFoundError } from './excel-errors';
import { firstReadRows, readRowBlocks } from './read-row-blocks';
import { runExcel, type ExcelSession } from './run-excel';

/** A table's name, data body geometry, column names and sheet, in two syncs; a missing table is `TableNotFoundError`. */
export async function resolveTableBody(
  session: ExcelSession,
  tableName: string,
): Promise<{ table: Excel.Table; body: Excel.Range; names: Excel.TableColumnCollection; sheet: Excel.Worksheet }> {
  const table = session.context.workbook.tables.getItemOrNullObject(tableName);
  table.load('name');
  await session.sync();
  if (table.isNullObject) throw new TableNotFoundError(tableName);
  const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
  const names = table.columns.load('items/name');
  const sheet = table.worksheet.load('name');
  await session.sync();
  return { table, body, names, sheet };
}

export async function readExcelTable(
  tableName: string,
  columns: readonly ColumnSpec[] = [],
  options: ReadOptions = {},
): Promise<ReadResult> {
  throwIfAborted(options.signal);
  return runExcel(async (session) => {
    const { table, body, names, sheet } = await resolveTableBody(session, tableName);
    const headers = names.items.map((c) => c.name);
    const reader = new TableRowsReader(headers, columns);
    const readOptions = {
      startRows: firstReadRows(headers.length, 1),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    };
    await readRowBlocks(
      session,
      (start, count) => sheet.getRangeByIndexes(body.rowIndex + start, body.columnIndex, count, headers.length),
      ['values'],
      body.rowCount,
      (start, cells) => (cells.values ?? []).forEach((line, i) => reader.add(line, start + i)),
      readOptions,
    );
    return reader.result(table.name, sheet.name);
  });
}
