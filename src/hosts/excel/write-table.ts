/**
 * `writeTable` of the Excel host: one pipeline for a first write and a refresh, in one `Excel.run`.
 *
 * 1. Resolve: is the table there (refresh) or not (create), is its sheet, which calculation mode is on, is the lists
 *    sheet (for a column that picks from it).
 * 2. Prepare the target: a new table's area must be empty (`new-table.ts`); an existing table's layout, keys and
 *    user cells are read (`existing-table.ts`). Nothing has been written up to here.
 * 3. Snapshot (`pulled-snapshot.ts`): the old rows a refresh overwrites are saved just before each block (a new
 *    table has none).
 * 4. Rows → cells (`cell-feed.ts`, started before `Excel.run`: an array is converted whole before the workbook is
 *    touched, batches as they arrive); user cells follow their record (`user-cells.ts`).
 * 5. Cells → blocks under the request budget (`cut-blocks.ts`, sizes from `chunk-plan.ts`).
 * 6. Blocks → syncs (`send-block.ts`): one sync per block, halved if refused as too large; the first block sets
 *    Manual calculation (and writes a new table's header); a refresh's block reads the next old rows along.
 * 7. Finish (`finish-table.ts`): make the table or remove surplus rows, calculation mode back, in the last sync.
 *
 * On any failure or cancel: restore (`restore-table.ts`, the old table cell for cell) or remove what a first write
 * made (`remove-new-table.ts`); the previous calculation mode is set again. A source of batches that has not ended
 * is closed.
 */

import type { CoreRow, RowBatches, TableSpec, WriteOptions, WriteResult } from '../../sync/workbook-port';
import { throwIfAborted } from '../../api/abort';
import { CellFeed } from './cell-feed';
import { DEFAULT_MAX_BLOCK_ROWS, DEFAULT_WRITE_BUDGET_BYTES, type WriteLimits } from './chunk-plan';
import { cutBlocks } from './cut-blocks';
import { TableRestoreError } from './excel-errors';
import { readExistingTable, refreshedRows, type ExistingTable } from './existing-table';
import { finishNewTable, finishRefresh, type WriteEnding } from './finish-table';
import { addSheet, newTableRows, prepareNewTable, type NewTable } from './new-table';
import { PulledSnapshot } from './pulled-snapshot';
import { removeNewTable } from './remove-new-table';
import { restoreTable } from './restore-table';
import { runExcel, type ExcelSession } from './run-excel';
import { lookUpListSheet } from './sheet-lists';
import { sendBlock, type BlockOpening } from './send-block';
import { firstAddedRow } from './table-body';
import { checkTableSpec } from '../../sync/tables/table-spec-check';

export interface TableWriterOptions extends WriteOptions, Partial<WriteLimits> {}

interface TableWrite {
  spec: TableSpec;
  keyIndex: number;
  cells: CellFeed;
  limits: WriteLimits;
  options: WriteOptions;
}

export async function writeExcelTable(
  spec: TableSpec,
  rows: readonly CoreRow[] | RowBatches,
  options: TableWriterOptions = {},
): Promise<WriteResult> {
  const keyIndex = checkTableSpec(spec);
  const cells = CellFeed.of(spec.columns, rows, options.signal);
  try {
    throwIfAborted(options.signal);
    const limits: WriteLimits = {
      budgetBytes: options.budgetBytes ?? DEFAULT_WRITE_BUDGET_BYTES,
      maxRows: options.maxRows ?? DEFAULT_MAX_BLOCK_ROWS,
    };
    return await runExcel((session) => writeCells(session, { spec, keyIndex, cells, limits, options }));
  } finally {
    await cells.close();
  }
}

async function writeCells(session: ExcelSession, write: TableWrite): Promise<WriteResult> {
  const { spec, cells, options } = write;
  const found = await findTable(session, spec); // 1. resolve
  try {
    // 2. prepare the target
    const target =
      found.table === null
        ? await prepareNewTable(session, spec, cells, found.sheetExists, options.signal)
        : await readExistingTable(session, spec, write.keyIndex, found.table, options.signal);
    const { address, chunks } = await fillTarget(session, write, target, found.ending);
    return {
      tableName: spec.tableName,
      sheetName: target.sheetName,
      address,
      rowsWritten: cells.count,
      chunks,
      syncs: session.syncs,
      created: target.kind === 'new',
      userColumns: target.userHeaders,
    };
  } catch (error) {
    // The failing sync may have dropped the queued mode: set the previous one again, in its own sync.
    try {
      session.context.application.calculationMode = found.ending.calculationMode;
      await session.sync();
    } catch {
      // Keep the write's error as the one to report.
    }
    throw error;
  }
}

/** Step 1, in one sync. */
async function findTable(
  session: ExcelSession,
  spec: TableSpec,
): Promise<{ table: Excel.Table | null; sheetExists: boolean; ending: WriteEnding }> {
  const { workbook, application } = session.context;
  const table = workbook.tables.getItemOrNullObject(spec.tableName);
  table.load('name');
  const sheet = workbook.worksheets.getItemOrNullObject(spec.sheetName);
  sheet.load('name');
  application.load('calculationMode');
  const listSheet = lookUpListSheet(session, spec);
  await session.sync();
  return {
    table: table.isNullObject ? null : table,
    sheetExists: !sheet.isNullObject,
    ending: { calculationMode: application.calculationMode, listSheet },
  };
}

/** Steps 3 to 7 on a prepared target, undone if any of them fails. */
async function fillTarget(
  session: ExcelSession,
  write: TableWrite,
  target: NewTable | ExistingTable,
  ending: WriteEnding,
): Promise<{ address: string; chunks: number }> {
  const { spec, cells, limits, options } = write;
  const { signal } = options;
  // 3. snapshot (a new table has no old rows) and 4. the cells of each body row
  const snapshot = new PulledSnapshot(session, target.body, spec.columns.length, target.body.rowsInTable);
  const rows = target.kind === 'new' ? newTableRows(spec, cells) : refreshedRows(target, cells);
  let chunks = 0;
  try {
    if (target.kind === 'new') await addSheet(session, target);
    let opening: BlockOpening | undefined = { calculationMode: 'Manual', cells: target.kind === 'new' ? [target.header] : [] };
    // 5. cells → blocks, 6. each block → its sync(s), old rows saved just before they are overwritten
    for await (const block of cutBlocks(rows, limits, firstAddedRow(target.body))) {
      throwIfAborted(signal);
      const end = block.start + block.count;
      await snapshot.save(end, signal);
      snapshot.willChange(end);
      const readAlong = snapshot.readAlong(block.next);
      const sent = await sendBlock(session, target.body, block, { opening, readAlong, signal });
      if (readAlong !== undefined && sent.readAlong !== undefined) snapshot.keep(readAlong.start, sent.readAlong);
      opening = undefined;
      chunks += sent.chunkEnds.length;
      for (const written of sent.chunkEnds) options.onProgress?.(Math.min(written, cells.count), cells.count);
    }
    // 7. finish
    const address =
      target.kind === 'new'
        ? await finishNewTable(session, target, cells.available, ending, signal)
        : await finishRefresh(session, target, snapshot, cells.available, ending, signal);
    return { address, chunks };
  } catch (error) {
    // restore
    if (target.kind === 'new') await removeNewTable(session, target, cells.available);
    else {
      await restoreTable(session, target, snapshot, limits).catch((restoreError: unknown) => {
        throw new TableRestoreError(error, restoreError);
      });
    }
    throw error;
  }
}
