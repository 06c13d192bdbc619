/**
 * Sizing of write chunks. Excel on the web refuses a sync whose request is over 5 MB (the JSON of all queued
 * actions). The writer estimates each row's share of that JSON and cuts the rows into blocks that stay under a
 * budget (writes: 4.5 MB; reads: 4 MB). The margin is for what the estimate does not see: real Office.js adds
 * object paths and framing per action (a few hundred bytes for a block's twenty-odd actions), not per cell, so
 * half a megabyte is ample; a block refused anyway is halved and sent again. 4.5 MB rather than 4 MB lets a
 * write fill the 5 MB syncs to 90 %, so its syncs stay within 1.25 × the minimum even with a short last block.
 */

export const DEFAULT_BUDGET_BYTES = 4 * 1024 * 1024;
/** Request budget of a write sync (see above). */
export const DEFAULT_WRITE_BUDGET_BYTES = 4.5 * 1024 * 1024;
export const DEFAULT_MAX_BLOCK_ROWS = 20_000;
/** Bytes per block for the action envelopes (ids, names, object paths) around the matrices. */
export const BLOCK_OVERHEAD_BYTES = 4_096;

export { cellJsonBytes, rowJsonBytes } from '../../sync/json-bytes';

export interface Block {
  start: number;
  count: number;
}

export interface WriteLimits {
  /** Request budget per sync in bytes (default 4.5 MB, under Excel on the web's 5 MB cap). */
  budgetBytes: number;
  /** Rows per block at most (default 20,000). */
  maxRows: number;
}

export interface PlanLimits extends WriteLimits {
  /** Bytes of the block's actions besides the row data; default BLOCK_OVERHEAD_BYTES. */
  overheadBytes?: number;
}

/**
 * Cuts rows into consecutive blocks under the budget as the rows become known (a single row is always one
 * block): `advance(available)` returns the blocks completed by the rows up to `available`; `finish()` the last.
 */
export class BlockPlanner {
  private readonly budget: number;
  private next = 0;
  private start = 0;
  private bytes = 0;

  /** `rowBytes(row, blockStart)`: what the row adds to the block that starts at `blockStart` (asked in row order). */
  constructor(
    private readonly rowBytes: (row: number, blockStart: number) => number,
    private readonly limits: PlanLimits,
  ) {
    this.budget = Math.max(1, limits.budgetBytes - (limits.overheadBytes ?? BLOCK_OVERHEAD_BYTES));
  }

  advance(available: number): Block[] {
    const blocks: Block[] = [];
    for (; this.next < available; this.next += 1) {
      let size = this.rowBytes(this.next, this.start);
      const count = this.next - this.start;
      if (count > 0 && (this.bytes + size > this.budget || count >= this.limits.maxRows)) {
        blocks.push({ start: this.start, count });
        this.start = this.next;
        this.bytes = 0;
        size = this.rowBytes(this.next, this.next);
      }
      this.bytes += size;
    }
    return blocks;
  }

  /** The rows planned but not yet in a block, as the last block. */
  finish(): Block | undefined {
    if (this.next <= this.start) return undefined;
    const block = { start: this.start, count: this.next - this.start };
    this.start = this.next;
    this.bytes = 0;
    return block;
  }
}

/** Consecutive blocks covering rows [0, total), each under the budget (a single row is always one block). */
export function planBlocks(total: number, rowBytes: (row: number, blockStart: number) => number, limits: PlanLimits): Block[] {
  const planner = new BlockPlanner(rowBytes, limits);
  const blocks = planner.advance(total);
  const last = planner.finish();
  if (last !== undefined) blocks.push(last);
  return blocks;
}

/** A block split in two halves, after the workbook refused it as too large. */
export function halve(block: Block): [Block, Block] {
  const first = Math.ceil(block.count / 2);
  return [
    { start: block.start, count: first },
    { start: block.start + first, count: block.count - first },
  ];
}
