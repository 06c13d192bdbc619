/**
 * The old values of the pulled columns, read just before a refresh overwrites them, so that a failed or
 * cancelled refresh can write them back. Rows are read in order: standalone (in blocks under the response cap)
 * when a block is about to be overwritten and not yet saved, or riding along the previous block's write sync
 * (no extra round trip; the request and the response caps are separate).
 */

import type { CellValue } from '../../sync/cell-values';
import type { Block } from './chunk-plan';
import { firstReadRows, loadedCells, queueLoad, readRowBlocks } from './read-row-blocks';
import type { ExcelSession } from './run-excel';

export class PulledSnapshot {
  readonly rows: CellValue[][] = [];

  constructor(
    private readonly session: ExcelSession,
    private readonly sheet: Excel.Worksheet,
    private readonly bodyRow: number,
    private readonly column: number,
    private readonly width: number,
    /** Data rows of the table before the write. */
    readonly oldRows: number,
  ) {}

  /** Rows [0, end) are saved. */
  get end(): number {
    return this.rows.length;
  }

  private range(start: number, count: number): Excel.Range {
    return this.sheet.getRangeByIndexes(this.bodyRow + start, this.column, count, this.width);
  }

  /** Saves rows up to `upTo` (capped at the old row count) with standalone reads. */
  async ensure(upTo: number, signal?: AbortSignal): Promise<void> {
    const target = Math.min(upTo, this.oldRows);
    if (this.end >= target) return;
    const from = this.end;
    await readRowBlocks(
      this.session,
      (start, count) => this.range(from + start, count),
      ['values'],
      target - from,
      (_start, cells) => this.rows.push(...(cells.values ?? [])),
      signal === undefined ? { startRows: firstReadRows(this.width, 1) } : { startRows: firstReadRows(this.width, 1), signal },
    );
  }

  /** Queues a read of the rows the next block will overwrite; returns the commit for after the sync. */
  rideAlong(next: Block | undefined): (() => void) | null {
    if (next === undefined) return null;
    const target = Math.min(next.start + next.count, this.oldRows);
    if (this.end >= target) return null;
    const from = this.end;
    const range = queueLoad(this.range(from, target - from), ['values']);
    return () => {
      if (this.end === from) this.rows.push(...(loadedCells(range, ['values']).values ?? []));
    };
  }
}
