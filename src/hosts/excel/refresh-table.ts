/**
 * Refresh of an existing table, in place: the table keeps its name, position and everything that refers to it.
 *
 * 1. Read the table's geometry and column names (pulled columns must be the leading columns, in order), the key
 *    column and the user columns (values, formulas, formats, value types), in blocks under the response cap.
 * 2. Write the new rows block by block into the data body (as they arrive, when they come in batches); rows beyond the old body are added with
 *    `rows.add(blank block)` in the block that fills them; user cells follow their record by key.
 *    Before a block overwrites old rows, their pulled values are saved (PulledSnapshot).
 * 3. Surplus old rows are removed with one `rows.deleteRowsAt` at the end.
 * On failure or abort the saved rows are written back, added rows deleted and removed rows re-added, so the
 * table has its old values, row count and user columns again.
 */

import { numberFormatFor, TEXT_FORMAT, type CellValue } from '../../sync/cell-values';
import { arrayFeed } from './cell-feed';
import type { ColumnSpec } from '../../sync/workbook-port';
import { throwIfAborted } from '../../api/abort';
import { TableLayoutError, TableRestoreError } from './excel-errors';
import { PulledSnapshot } from './pulled-snapshot';
import { firstReadRows, readRowBlocks } from './read-row-blocks';
import { RecordMatcher, userRow, type EncodedCell, type UserCellsSnapshot } from './user-columns';
import { writeBlocks, type BlockTarget } from './write-blocks';
import { progress, type JobOutcome, type WriteJob } from './write-job';

/** The column's format on refresh: a format the user chose for a non-text column is kept. */
export function refreshFormat(column: ColumnSpec, current: string | undefined): string {
  if (column.type === 'text' || column.numberFormat !== undefined) return numberFormatFor(column);
  if (current !== undefined && current !== '' && current !== 'General' && current !== TEXT_FORMAT) return current;
  return numberFormatFor(column);
}

export async function refreshTable(job: WriteJob, table: Excel.Table): Promise<JobOutcome> {
  const { session, spec } = job;
  const signal = job.options.signal;
  const readOptions = (columns: number, properties: number): { startRows: number; signal?: AbortSignal } =>
    signal === undefined ? { startRows: firstReadRows(columns, properties) } : { startRows: firstReadRows(columns, properties), signal };

  const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
  const columns = table.columns.load('items/name');
  const sheet = table.worksheet.load('name');
  const firstRow = table.getDataBodyRange().getRow(0).load('numberFormat');
  await session.sync();

  const names = columns.items.map((c) => c.name);
  const pulledWidth = spec.columns.length;
  const expected = spec.columns.map((c) => c.header);
  if (names.length < pulledWidth || expected.some((h, i) => names[i] !== h)) {
    throw new TableLayoutError(
      `Table ${spec.tableName} does not start with the columns ${JSON.stringify(expected)}; found ${JSON.stringify(names)}.`,
    );
  }
  const userColumns = names.length - pulledWidth;
  const oldRows = body.rowCount;
  const bodyRow = body.rowIndex;
  const column = body.columnIndex;
  const oldFormats = (firstRow.numberFormat[0] ?? []) as string[];
  const band = (offset: number, width: number) => (start: number, count: number) =>
    sheet.getRangeByIndexes(bodyRow + start, column + offset, count, width);

  const oldKeys: CellValue[] = [];
  await readRowBlocks(session, band(job.keyIndex, 1), ['values'], oldRows, (_s, cells) => oldKeys.push(...(cells.values ?? []).map((r) => r[0] ?? '')), readOptions(1, 1));
  const user: UserCellsSnapshot = { values: [], formulas: [], formats: [], valueTypes: [] };
  if (userColumns > 0) {
    await readRowBlocks(
      session,
      band(pulledWidth, userColumns),
      ['values', 'formulas', 'numberFormat', 'valueTypes'],
      oldRows,
      (_s, cells) => {
        user.values.push(...(cells.values ?? []));
        user.formulas.push(...(cells.formulas ?? []));
        user.formats.push(...((cells.numberFormat ?? []) as string[][]));
        user.valueTypes.push(...((cells.valueTypes ?? []) as string[][]));
      },
      readOptions(userColumns, 4),
    );
  }

  const feed = job.feed;
  // The user cells of each new row, worked out in row order as the rows arrive (the block planner asks in order).
  const matcher = userColumns > 0 ? new RecordMatcher(oldKeys) : undefined;
  const newUser: EncodedCell[][] = [];
  const userOf = (r: number): EncodedCell[] => {
    let cells = newUser[r];
    if (cells === undefined) {
      cells = userRow(user, userColumns, matcher?.take(feed.row(r)[job.keyIndex] ?? '') ?? -1, r);
      newUser[r] = cells;
    }
    return cells;
  };
  const snapshot = new PulledSnapshot(session, sheet, bodyRow, column, pulledWidth, oldRows);
  const target: BlockTarget = { sheet, bodyRow, column, table, rowsInTable: oldRows };
  let touched = 0;
  try {
    const stats = await writeBlocks(
      session,
      {
        rows: feed,
        pulledFormats: spec.columns.map((c, i) => refreshFormat(c, oldFormats[i])),
        userColumns,
        user: userOf,
      },
      target,
      {
        ...job.limits,
        ...(signal === undefined ? {} : { signal }),
        preamble: () => job.setManual(),
        beforeBlock: (block) => snapshot.ensure(block.start + block.count, signal),
        rideAlong: (next) => snapshot.rideAlong(next),
        onAttempt: (end) => {
          touched = Math.max(touched, end);
        },
        onChunk: (end) => progress(job, end),
      },
    );
    const newRows = feed.available;
    if (oldRows > newRows) await snapshot.ensure(oldRows, signal);
    throwIfAborted(signal);
    if (oldRows > newRows) {
      touched = oldRows;
      session.suspendForNextSync();
      table.rows.deleteRowsAt(newRows, oldRows - newRows);
    }
    const address = table.getRange().load('address');
    job.restoreMode();
    await session.sync();
    return {
      address: address.address,
      sheetName: sheet.name,
      chunks: stats.chunks,
      created: false,
      userColumns: names.slice(pulledWidth),
    };
  } catch (error) {
    try {
      await restoreOldRows(job, table, target, snapshot, {
        touched,
        pulledFormats: spec.columns.map((_c, i) => oldFormats[i] || 'General'),
        user,
        userColumns,
      });
    } catch (restoreError) {
      throw new TableRestoreError(error, restoreError);
    }
    throw error;
  }
}

interface OldTable {
  touched: number;
  pulledFormats: string[];
  user: UserCellsSnapshot;
  userColumns: number;
}

/** Puts the saved rows back: row count first (delete added rows, re-add removed ones), then cells. */
async function restoreOldRows(job: WriteJob, table: Excel.Table, target: BlockTarget, snapshot: PulledSnapshot, old: OldTable): Promise<void> {
  const { session } = job;
  const body = table.getDataBodyRange().load('rowCount');
  await session.sync();
  let rowsNow = body.rowCount;
  if (rowsNow > snapshot.oldRows) {
    session.suspendForNextSync();
    table.rows.deleteRowsAt(snapshot.oldRows, rowsNow - snapshot.oldRows);
    await session.sync();
    rowsNow = snapshot.oldRows;
  }
  const end = rowsNow < snapshot.oldRows ? snapshot.oldRows : Math.min(old.touched, snapshot.oldRows);
  if (end === 0) return;
  if (snapshot.end < end) throw new Error(`Cannot restore table ${job.spec.tableName}: rows ${snapshot.end}-${end} were not saved.`);
  await writeBlocks(
    session,
    {
      rows: arrayFeed(snapshot.rows.slice(0, end)),
      pulledFormats: old.pulledFormats,
      userColumns: old.userColumns,
      user: (r) => userRow(old.user, old.userColumns, r, r),
    },
    { ...target, rowsInTable: rowsNow },
    job.limits,
  );
}
