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
import { cellRows } from './cell-rows';
import { findTable } from './exceljs-table';
import { writeNewTable } from './new-table';
import { refreshTable } from './refresh-table';
import { writeSheetLists } from './sheet-lists';

export async function writeXlsxTable(
  workbook: Workbook,
  spec: TableSpec,
  rows: readonly CoreRow[] | RowBatches,
  options: WriteOptions = {},
): Promise<WriteResult> {
  const keyIndex = checkTableSpec(spec); // 1
  const cells = await cellRows(spec.columns, rows, options.signal); // 2
  const existing = findTable(workbook, spec.tableName); // 3
  const oldBodyRows = existing?.bodyRows ?? 0;
  const table = existing ?? writeNewTable(workbook, spec, cells); // 4
  const userColumns = existing === null ? [] : refreshTable(existing, spec, keyIndex, cells);
  writeSheetLists(workbook, table, spec, oldBodyRows); // 5
  options.onProgress?.(cells.length, cells.length);
  return {
    tableName: table.model.name,
    sheetName: table.sheet.name,
    address: `${table.sheet.name}!${table.model.tableRef ?? ''}`,
    rowsWritten: cells.length,
    chunks: 1,
    syncs: 0,
    created: existing === null,
    userColumns,
  };
}
