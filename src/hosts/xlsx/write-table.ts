/**
 * `writeTable` of the xlsx host, over an exceljs `Workbook` in memory (the caller reads and writes the file):
 *
 * 1. Check the spec (`table-spec-check.ts`, as the Excel host does).
 * 2. Rows → cells (`cell-rows.ts`): all of them, checked, before the workbook is touched; an abort or a value that
 *    does not fit leaves the workbook as it was (nothing to restore).
 * 3. Resolve: the table of that name on any sheet (refresh) or none (create).
 * 4. Write: a new table (`new-table.ts`) or the refresh in place (`refresh-table.ts`); each checks its layout before
 *    the first cell changes.
 * 5. Lists: a column picking from a list (the categories) gets its items on the lists sheet and its in-cell list
 *    (`sheet-lists.ts`).
 */

import type { Workbook } from 'exceljs';
import { checkTableSpec } from '../../sync/tables/table-spec-check';
import type { CoreRow, RowBatches, TableSpec, WriteOptions, WriteResult } from '../../sync/workbook-port';
import { BigTableError, writeBigTable } from './big-table';
import { bigTableNamed } from './big-tables';
import { collectRows } from './collect-rows';
import { findTable, type XlsxTable } from './exceljs-table';
import { writeNewTable } from './new-table';
import { refreshTable } from './refresh-table';
import { writeSheetLists } from './sheet-lists';

export async function writeXlsxTable(
  workbook: Workbook,
  spec: TableSpec,
  rows: readonly CoreRow[] | RowBatches,
  options: WriteOptions = {},
  bigTableRows = Number.POSITIVE_INFINITY,
): Promise<WriteResult> {
  const keyIndex = checkTableSpec(spec); // 1
  const existing = resolve(workbook, spec.tableName); // 3 (before the rows: a refresh keeps them as cells)
  const collected = await collectRows(spec.columns, rows, existing === null ? bigTableRows : Number.POSITIVE_INFINITY, options.signal); // 2
  const oldBodyRows = existing?.bodyRows ?? 0;
  let table: XlsxTable;
  let userColumns: string[] = [];
  if (collected.kind === 'body')
    table = writeBigTable(workbook, spec, collected.body); // 4
  else if (existing === null) table = writeNewTable(workbook, spec, collected.cells);
  else [table, userColumns] = [existing, refreshTable(existing, spec, keyIndex, collected.cells)];
  writeSheetLists(workbook, table, spec, oldBodyRows, collected.kind === 'body'); // 5
  const written = collected.kind === 'body' ? collected.body.rowCount : collected.cells.length;
  options.onProgress?.(written, written);
  return {
    tableName: table.model.name,
    sheetName: table.sheet.name,
    address: `${table.sheet.name}!${table.model.tableRef ?? ''}`,
    rowsWritten: written,
    chunks: 1,
    syncs: 0,
    created: existing === null,
    userColumns,
  };
}

/** The table of that name, or null; a big table kept apart (`big-table.ts`) is not refreshed in memory. */
function resolve(workbook: Workbook, tableName: string): XlsxTable | null {
  if (bigTableNamed(workbook, tableName) !== undefined)
    throw new BigTableError(
      `Table ${tableName} holds more rows than a workbook in memory refreshes: save the file, then open it to refresh.`,
    );
  return findTable(workbook, tableName);
}
