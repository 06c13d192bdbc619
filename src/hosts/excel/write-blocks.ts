/**
 * The chunk loop: writes rows into a table body (or a plain range that becomes a table) in blocks under the
 * request budget. Per block, in one sync and in this order: both "until next sync" suspensions, the blank rows
 * the table needs (`rows.add` with an explicit block of rows), the number formats, then the values, so a text
 * column is text-formatted before any text reaches it. The pulled columns' formats go out as one scalar per run
 * of columns with the same format (Office.js applies a single value to every cell of the range), not as a
 * rows × columns matrix: a few bytes per block instead of one string per cell. A block refused with
 * RequestPayloadSizeLimitExceeded (nothing of it was applied) is split in halves and retried.
 *
 * Rows may still be arriving (a pull's pages): blocks are cut as rows come in, and a block is written once it is
 * full or the rows have ended, so the workbook is written while later pages are on the way.
 */

import type { CellValue } from '../../sync/cell-values';
import type { RowFeed } from './cell-feed';
import { BlockPlanner, halve, rowJsonBytes, stringJsonBytes, type Block } from './chunk-plan';
import { throwIfAborted } from '../../api/abort';
import { isRequestTooLarge, isResponseTooLarge } from './excel-errors';
import type { ExcelSession } from './run-excel';
import type { EncodedCell } from './user-columns';

export interface RowSource {
  /** The pulled cells of each row, one per pulled column. */
  rows: RowFeed;
  /** Number format of each pulled column. */
  pulledFormats: readonly string[];
  userColumns: number;
  /** The user cells of a row (formats and values), one per user column. */
  user(row: number): readonly EncodedCell[];
}

export interface BlockTarget {
  sheet: Excel.Worksheet;
  /** Sheet row of data row 0 and sheet column of the first pulled column (0-based). */
  bodyRow: number;
  column: number;
  /** The table receiving the rows, or null for a plain range that becomes a table afterwards. */
  table: Excel.Table | null;
  /** Data rows the table has now; a block reaching beyond adds rows first. Updated as rows are added. */
  rowsInTable: number;
}

export interface BlockWriteOptions {
  budgetBytes: number;
  maxRows: number;
  signal?: AbortSignal;
  /** Queued at the start of the first sync (again if that sync is refused). */
  preamble?: () => void;
  /** Awaited before a block is queued (e.g. to snapshot the rows it overwrites). */
  beforeBlock?: (block: Block) => Promise<void>;
  /**
   * A read that may ride along a block that adds no rows (so re-sending the block is harmless): returns what to
   * do with the loaded result after the sync, or null. If the response is then too large, the block is sent
   * again without it. `next` is the block after this one, or (rows still arriving) a guess of it.
   */
  rideAlong?: (next: Block | undefined) => (() => void) | null;
  /** Called before each sync with the end row of the block (the rows that may now be changed). */
  onAttempt?: (end: number) => void;
  onChunk?: (end: number) => void;
}

export interface BlockWriteStats {
  chunks: number;
  retries: number;
}

/** Consecutive columns sharing a number format: `[first column, width, format]`. */
export function formatRuns(formats: readonly string[]): [number, number, string][] {
  const runs: [number, number, string][] = [];
  formats.forEach((format, column) => {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[2] === format) last[1] += 1;
    else runs.push([column, 1, format]);
  });
  return runs;
}

/**
 * Sets one number format on every cell of the range. Documented Office.js behaviour ("When setting number format
 * to a range, the value argument can be either a single value (string) or a two-dimensional array. If the
 * argument is a single value, it will be applied to all cells in the range."); the typings only declare the
 * matrix form.
 */
export function fillNumberFormat(range: Excel.Range, format: string): void {
  (range as unknown as { numberFormat: string }).numberFormat = format;
}

export function blankRows(count: number, width: number): string[][] {
  return Array.from({ length: count }, () => Array.from({ length: width }, () => ''));
}

export async function writeBlocks(session: ExcelSession, source: RowSource, target: BlockTarget, options: BlockWriteOptions): Promise<BlockWriteStats> {
  const pulledWidth = source.pulledFormats.length;
  const width = pulledWidth + source.userColumns;
  const runs = formatRuns(source.pulledFormats);
  const initialRows = target.rowsInTable;
  const feed = source.rows;
  const rowBytes = (row: number): number => {
    let bytes = rowJsonBytes(feed.row(row));
    if (source.userColumns > 0) {
      const cells = source.user(row);
      bytes += rowJsonBytes(cells.map((c) => c.value)) + rowJsonBytes(cells.map((c) => c.format));
    }
    if (target.table !== null && row >= initialRows) bytes += 3 + width * 3;
    return bytes;
  };
  const planner = new BlockPlanner(rowBytes, {
    budgetBytes: options.budgetBytes,
    maxRows: options.maxRows,
    overheadBytes: 2_048 + 512 * (width + 8) + runs.reduce((sum, run) => sum + 256 + stringJsonBytes(run[2]), 0),
  });
  const queue: Block[] = [];
  /** The next block to write: cut from the rows at hand, waiting for more rows while none is complete. */
  const nextBlock = async (): Promise<Block | undefined> => {
    for (;;) {
      if (queue.length > 0) return queue[0];
      queue.push(...planner.advance(feed.available));
      if (feed.ended) {
        const last = planner.finish();
        if (last !== undefined) queue.push(last);
      }
      if (queue.length > 0 || feed.ended) return queue[0];
      await feed.more();
    }
  };
  const stats: BlockWriteStats = { chunks: 0, retries: 0 };
  let first = true;
  let rideAllowed = true;
  /** Queues the number formats, then the values, of rows [from, to): text is formatted as text before it arrives. */
  const queueRows = (from: number, to: number): void => {
    const top = target.bodyRow + from;
    const count = to - from;
    for (const [first, runWidth, format] of runs) {
      fillNumberFormat(target.sheet.getRangeByIndexes(top, target.column + first, count, runWidth), format);
    }
    const values: (readonly CellValue[])[] = [];
    for (let r = from; r < to; r += 1) values.push(feed.row(r));
    target.sheet.getRangeByIndexes(top, target.column, count, pulledWidth).values = values as CellValue[][];
    if (source.userColumns > 0) {
      const userRange = target.sheet.getRangeByIndexes(top, target.column + pulledWidth, count, source.userColumns);
      const cells: (readonly { format: string; value: CellValue }[])[] = [];
      for (let r = from; r < to; r += 1) cells.push(source.user(r));
      userRange.numberFormat = cells.map((row) => row.map((c) => c.format));
      userRange.values = cells.map((row) => row.map((c) => c.value));
    }
  };
  for (let block = await nextBlock(); block !== undefined; block = await nextBlock()) {
    throwIfAborted(options.signal);
    await options.beforeBlock?.(block);
    const end = block.start + block.count;
    const rowsBefore = target.rowsInTable;
    session.suspendForNextSync();
    if (first) options.preamble?.();
    const growth = target.table !== null && end > rowsBefore;
    if (growth && target.table !== null) {
      // Rows already in the table first, then the added rows: Excel's rows.add fills the blank row of an empty
      // table instead of appending after it, so that row must hold its values before rows are added.
      const inside = Math.max(block.start, Math.min(rowsBefore, end));
      if (inside > block.start) queueRows(block.start, inside);
      target.table.rows.add(undefined, blankRows(end - inside, width));
      queueRows(inside, end);
    } else {
      queueRows(block.start, end);
    }
    const next = queue[1] ?? (feed.ended ? undefined : { start: end, count: block.count });
    const ride = !growth && rideAllowed ? (options.rideAlong?.(next) ?? null) : null;
    options.onAttempt?.(end);
    try {
      await session.sync();
    } catch (error) {
      if (isRequestTooLarge(error) && block.count > 1) {
        queue.splice(0, 1, ...halve(block));
        stats.retries += 1;
        continue;
      }
      if (ride !== null && isResponseTooLarge(error)) {
        // The block's writes may have been applied; they are plain overwrites, so sending them again is safe.
        rideAllowed = false;
        stats.retries += 1;
        continue;
      }
      throw error;
    }
    first = false;
    rideAllowed = true;
    ride?.();
    if (growth) target.rowsInTable = end;
    queue.shift();
    feed.release(end);
    stats.chunks += 1;
    options.onChunk?.(end);
  }
  return stats;
}
