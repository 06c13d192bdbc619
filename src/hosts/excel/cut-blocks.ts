/**
 * Cells → blocks: cuts the body rows of a write into consecutive blocks whose sync stays under the request
 * budget (sizes: `chunk-plan.ts`), as the rows become available. A block is handed on with its cells once it is
 * full or the rows have ended, so blocks go out while later rows (a pull's pages) are still on the way; rows of
 * a block are released from the feed once the next block is asked for.
 */

import type { CellValue } from '../../sync/cell-values';
import type { RowFeed } from './cell-feed';
import { stringJsonBytes } from '../../sync/json-bytes';
import { BlockPlanner, halve, rowJsonBytes, type Block, type WriteLimits } from './chunk-plan';
import { formatRuns, RowFormatCost, type FormatRun } from './format-runs';
import type { UserCells } from './user-cells';
import type { EncodedCell } from './user-columns';

/** The cells of the body rows a write puts in. */
export interface BodyRows {
  /** The pulled cells of each row, one per pulled column. */
  cells: RowFeed;
  /** Number format of each pulled column, or null where each row has its own (`cells.formatOf`). */
  formats: readonly (string | null)[];
  /** The cells of the user columns right of the pulled ones, or null for none. */
  user: UserCells | null;
}

/** A block of body rows with everything its sync writes. */
export interface BodyBlock extends Block {
  /** The pulled columns' number formats, by runs of columns (those whose format is each row's left out). */
  runs: readonly FormatRun[];
  /** Number format of each pulled column, or null where each row has its own (`rowFormats`). */
  formats: readonly (string | null)[];
  /** Each row's format, one list per pulled column whose format is each row's (indexed by column; others empty). */
  rowFormats: readonly (readonly string[])[];
  pulledWidth: number;
  /** Pulled cells, one row per row of the block. */
  values: readonly (readonly CellValue[])[];
  userWidth: number;
  /** User cells, one row per row of the block (empty without user columns). */
  user: readonly (readonly EncodedCell[])[];
  /** The block after this one, or (rows still arriving) a guess of it; undefined after the last. */
  next: Block | undefined;
}

/**
 * The blocks of `rows` in order. `addedFrom`: the first row the table does not have yet (such rows are added
 * with blank values in the block's request), or null for a plain range.
 */
export async function* cutBlocks(
  rows: BodyRows,
  limits: WriteLimits,
  addedFrom: number | null,
): AsyncGenerator<BodyBlock, void, undefined> {
  const { cells, user } = rows;
  const pulledWidth = rows.formats.length;
  const userWidth = user?.width ?? 0;
  const width = pulledWidth + userWidth;
  const runs = formatRuns(rows.formats);
  const varying = rows.formats.flatMap((format, column) => (format === null ? [column] : []));
  const costs = varying.map((column) => new RowFormatCost((row) => cells.formatOf(row, column)));
  const rowBytes = (row: number, blockStart: number): number => {
    let bytes = cells.rowBytes(row);
    for (const cost of costs) bytes += cost.add(row, blockStart);
    if (user !== null) {
      const userRow = user.row(row);
      bytes += rowJsonBytes(userRow.map((c) => c.value)) + rowJsonBytes(userRow.map((c) => c.format));
    }
    if (addedFrom !== null && row >= addedFrom) bytes += 3 + width * 3;
    return bytes;
  };
  const planner = new BlockPlanner(rowBytes, {
    ...limits,
    // Each column whose format is each row's counts as one more run (a block whose rows share its format).
    overheadBytes:
      2_048 + 512 * (width + 8) + runs.reduce((sum, run) => sum + 256 + stringJsonBytes(run[2]), 0) + varying.length * (256 + 24),
  });
  const queue: Block[] = [];
  for (;;) {
    queue.push(...planner.advance(cells.available));
    if (cells.ended) {
      const last = planner.finish();
      if (last !== undefined) queue.push(last);
    }
    for (let block = queue.shift(); block !== undefined; block = queue.shift()) {
      const end = block.start + block.count;
      const values: (readonly CellValue[])[] = [];
      const userCells: (readonly EncodedCell[])[] = [];
      const rowFormats: string[][] = rows.formats.map(() => []);
      for (let r = block.start; r < end; r += 1) {
        values.push(cells.row(r));
        if (user !== null) userCells.push(user.row(r));
        for (const column of varying) rowFormats[column]?.push(cells.formatOf(r, column));
      }
      const next = queue[0] ?? (cells.ended ? undefined : { start: end, count: block.count });
      yield { ...block, runs, formats: rows.formats, rowFormats, pulledWidth, values, userWidth, user: userCells, next };
      cells.release(end);
    }
    if (cells.ended) return;
    await cells.more();
  }
}

/** A block split in two halves (cells included), after the workbook refused it as too large. */
export function halveBlock(block: BodyBlock): [BodyBlock, BodyBlock] {
  const [first, second] = halve(block);
  const part = (half: Block, next: Block | undefined): BodyBlock => {
    const from = half.start - block.start;
    return {
      ...block,
      ...half,
      values: block.values.slice(from, from + half.count),
      user: block.user.slice(from, from + half.count),
      rowFormats: block.rowFormats.map((formats) => formats.slice(from, from + half.count)),
      next,
    };
  };
  return [part(first, second), part(second, block.next)];
}
