/**
 * `writeTable` of the Excel host: checks the spec and converts every row first (nothing is touched when a
 * value does not fit), then in one `Excel.run` creates the table or refreshes it in place. Calculation is set
 * to Manual for the whole write and the previous mode restored at the end, also after a failure.
 */

import type { CoreRow, TableSpec, WriteOptions, WriteResult } from '../../sync/workbook-port';
import { DEFAULT_MAX_BLOCK_ROWS, DEFAULT_WRITE_BUDGET_BYTES } from './chunk-plan';
import { createTable } from './create-table';
import { throwIfAborted } from './excel-errors';
import { refreshTable } from './refresh-table';
import { runExcel } from './run-excel';
import { checkTableSpec, toCellRows } from './table-spec-check';
import type { JobOutcome, WriteJob, WriteLimits } from './write-job';

export interface TableWriterOptions extends WriteOptions, Partial<WriteLimits> {}

export async function writeExcelTable(spec: TableSpec, rows: readonly CoreRow[], options: TableWriterOptions = {}): Promise<WriteResult> {
  const keyIndex = checkTableSpec(spec);
  const cells = toCellRows(spec.columns, rows);
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
      cells,
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
      rowsWritten: cells.length,
      chunks: outcome.chunks,
      syncs: session.syncs,
      created: outcome.created,
      userColumns: outcome.userColumns,
    };
  });
}
