/**
 * `writeTable` of the Excel host: checks the spec and converts the rows (an array: every row first, so nothing
 * is touched when a value does not fit; batches: each as it arrives), then in one `Excel.run` creates the table
 * or refreshes it in place. Calculation is set to Manual for the whole write and the previous mode restored at
 * the end, also after a failure. A source of batches that has not ended when the write fails is closed.
 */

import type { CoreRow, RowBatches, TableSpec, WriteOptions, WriteResult } from '../../sync/workbook-port';
import { CellFeed } from './cell-feed';
import { DEFAULT_MAX_BLOCK_ROWS, DEFAULT_WRITE_BUDGET_BYTES } from './chunk-plan';
import { createTable } from './create-table';
import { throwIfAborted } from '../../api/abort';
import { refreshTable } from './refresh-table';
import { runExcel } from './run-excel';
import { checkTableSpec } from './table-spec-check';
import type { JobOutcome, WriteJob, WriteLimits } from './write-job';

export interface TableWriterOptions extends WriteOptions, Partial<WriteLimits> {}

export async function writeExcelTable(spec: TableSpec, rows: readonly CoreRow[] | RowBatches, options: TableWriterOptions = {}): Promise<WriteResult> {
  const keyIndex = checkTableSpec(spec);
  const feed = CellFeed.of(spec.columns, rows, options.signal);
  try {
    return await writeFeed(spec, keyIndex, feed, options);
  } finally {
    await feed.close();
  }
}

async function writeFeed(spec: TableSpec, keyIndex: number, feed: CellFeed, options: TableWriterOptions): Promise<WriteResult> {
  throwIfAborted(options.signal);
  const limits: WriteLimits = {
    budgetBytes: options.budgetBytes ?? DEFAULT_WRITE_BUDGET_BYTES,
    maxRows: options.maxRows ?? DEFAULT_MAX_BLOCK_ROWS,
  };
  return runExcel(async (session) => {
    const { context } = session;
    const table = context.workbook.tables.getItemOrNullObject(spec.tableName);
    table.load('name');
    const sheet = context.workbook.worksheets.getItemOrNullObject(spec.sheetName);
    sheet.load('name');
    const application = context.application.load('calculationMode');
    await session.sync();
    const previousMode = application.calculationMode;
    const job: WriteJob = {
      session,
      spec,
      keyIndex,
      feed,
      limits,
      options,
      setManual: () => {
        context.application.calculationMode = 'Manual';
      },
      restoreMode: () => {
        context.application.calculationMode = previousMode;
      },
    };
    let outcome: JobOutcome;
    try {
      outcome = table.isNullObject ? await createTable(job, !sheet.isNullObject) : await refreshTable(job, table);
    } catch (error) {
      // The failing sync may have dropped the queued restore: set the previous mode again, in its own sync.
      try {
        context.application.calculationMode = previousMode;
        await session.sync();
      } catch {
        // Keep the write's error as the one to report.
      }
      throw error;
    }
    return {
      tableName: spec.tableName,
      sheetName: outcome.sheetName,
      address: outcome.address,
      rowsWritten: feed.count,
      chunks: outcome.chunks,
      syncs: session.syncs,
      created: outcome.created,
      userColumns: outcome.userColumns,
    };
  });
}
