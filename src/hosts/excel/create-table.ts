/**
 * First write of a table: the header and all rows go into a plain range in blocks (formats before values),
 * and the table is created over it in the last sync (Microsoft's fast path: write the 2-D array, then make the
 * table). On failure or abort everything written is removed: the sheet if this write created it, else the
 * table (if it came to exist) and the cells of the area. Rows still arriving (batches) are written as they come;
 * since their number is not known yet, the cells below the anchor must be empty down to the end of the sheet.
 */

import { numberFormatFor, TEXT_FORMAT } from '../../sync/cell-values';
import { throwIfAborted } from '../../api/abort';
import { TableLayoutError } from './excel-errors';
import { parseAnchor } from './table-spec-check';
import { writeBlocks } from './write-blocks';
import { progress, type JobOutcome, type WriteJob } from './write-job';

const SHEET_ROWS = 1_048_576;

export async function createTable(job: WriteJob, sheetExists: boolean): Promise<JobOutcome> {
  const { session, spec } = job;
  const { context } = session;
  const anchor = parseAnchor(spec.anchor ?? 'A1');
  const feed = job.feed;
  const width = spec.columns.length;
  const signal = job.options.signal;
  const sheets = context.workbook.worksheets;
  if (sheetExists) {
    const height = feed.ended ? feed.available + 1 : SHEET_ROWS - anchor.row;
    const used = sheets.getItem(spec.sheetName).getRangeByIndexes(anchor.row, anchor.column, height, width).getUsedRangeOrNullObject();
    used.load('address');
    await session.sync();
    if (!used.isNullObject) throw new TableLayoutError(`The cells ${used.address} where table ${spec.tableName} would go are not empty.`);
  }
  throwIfAborted(signal);
  // A proxy from getItem is looked up in the next sync (office.js instantiates every new proxy there): a sheet
  // this write creates is taken from `add`, never from a getItem queued before it exists.
  const sheet = sheetExists ? sheets.getItem(spec.sheetName) : sheets.add(spec.sheetName);
  /** The header and the rows arrived so far (all of them once the feed has ended). */
  const area = (): Excel.Range => sheet.getRangeByIndexes(anchor.row, anchor.column, feed.available + 1, width);
  let table: Excel.Table | null = null;
  try {
    if (!sheetExists) await session.sync();
    const stats = await writeBlocks(
      session,
      {
        rows: feed,
        pulledFormats: spec.columns.map(numberFormatFor),
        userColumns: 0,
        user: () => [],
      },
      { sheet, bodyRow: anchor.row + 1, column: anchor.column, table: null, rowsInTable: 0 },
      {
        ...job.limits,
        ...(signal === undefined ? {} : { signal }),
        preamble: () => {
          job.setManual();
          const header = sheet.getRangeByIndexes(anchor.row, anchor.column, 1, width);
          header.numberFormat = [spec.columns.map(() => TEXT_FORMAT)];
          header.values = [spec.columns.map((c) => c.header)];
        },
        onChunk: (end) => progress(job, end),
      },
    );
    throwIfAborted(signal);
    table = sheet.tables.add(area(), true);
    table.name = spec.tableName;
    const address = table.getRange().load('address');
    job.restoreMode();
    await session.sync();
    return { address: address.address, sheetName: spec.sheetName, chunks: stats.chunks, created: true, userColumns: [] };
  } catch (error) {
    await removeWritten(job, sheetExists, table, area);
    throw error;
  }
}

async function removeWritten(job: WriteJob, sheetExists: boolean, table: Excel.Table | null, area: () => Excel.Range): Promise<void> {
  const { session } = job;
  try {
    if (!sheetExists) {
      session.context.workbook.worksheets.getItem(job.spec.sheetName).delete();
      await session.sync();
      return;
    }
    if (table !== null) {
      try {
        table.delete();
        await session.sync();
      } catch {
        // The table was never made (its sync failed before `add`): only cells to clear.
      }
    }
    area().clear('All');
    await session.sync();
  } catch {
    // Best effort: the original error is what the caller needs to see.
  }
}
