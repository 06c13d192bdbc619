/**
 * The snapshot of a refresh: the old values of the pulled columns, saved just before the write overwrites or
 * deletes them, so that a failed or cancelled refresh can write them back (`restore-table.ts`). Rows are saved in
 * order: standalone (in blocks under the response cap) when a block is about to be overwritten and not yet
 * saved, or read along the previous block's write sync (no extra round trip; the request and the response caps
 * are separate).
 */

import type { CellValue } from '../../sync/cell-values';
import type { Block } from './chunk-plan';
import { firstReadRows, readRowBlocks } from './read-row-blocks';
import type { ExcelSession } from './run-excel';
import { bodyRange, type TableBody } from './table-body';

export class PulledSnapshot {
  readonly rows: CellValue[][] = [];
  /** Rows [0, changed) may have been changed by the write: a restore writes them back. */
  private changedRows = 0;

  constructor(
    private readonly session: ExcelSession,
    private readonly body: TableBody,
    private readonly width: number,
    /** Data rows of the table before the write. */
    readonly oldRows: number,
  ) {}

  /** Rows [0, end) are saved. */
  get end(): number {
    return this.rows.length;
  }

  get changed(): number {
    return this.changedRows;
  }

  /** Saves rows up to `upTo` (capped at the old row count) with standalone reads. */
  async save(upTo: number, signal?: AbortSignal): Promise<void> {
    const target = Math.min(upTo, this.oldRows);
    if (this.end >= target) return;
    const from = this.end;
    await readRowBlocks(
      this.session,
      (start, count) => bodyRange(this.body, from + start, count, 0, this.width),
      ['values'],
      target - from,
      (_start, cells) => this.rows.push(...(cells.values ?? [])),
      signal === undefined ? { startRows: firstReadRows(this.width, 1) } : { startRows: firstReadRows(this.width, 1), signal },
    );
  }

  /** Rows [0, end) are about to be changed (saved first, see `save`). */
  willChange(end: number): void {
    this.changedRows = Math.max(this.changedRows, end);
  }

  /** The old rows the next block will overwrite that are not saved yet: to be read along the current block. */
  readAlong(next: Block | undefined): Block | undefined {
    if (next === undefined) return undefined;
    const target = Math.min(next.start + next.count, this.oldRows);
    return this.end >= target ? undefined : { start: this.end, count: target - this.end };
  }

  /** Keeps rows read along from row `start` (if they still follow the saved ones). */
  keep(start: number, rows: readonly CellValue[][]): void {
    if (this.end === start) this.rows.push(...rows);
  }
}
