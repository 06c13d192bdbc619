/**
 * The rows a write puts into the table body, as cells: all at once (an array, converted and checked whole before
 * anything is written) or batch by batch as they arrive (a pull's pages, converted per batch). A table keeps at
 * least one data row, so a write of no rows gets one blank row. Rows already written can be released.
 */

import { toCellValue, type CellValue } from '../../sync/cell-values';
import type { ColumnSpec, CoreRow, CoreValue, RowBatches } from '../../sync/workbook-port';
import { raceAbort } from '../../api/abort';

/** What the block writer reads rows from. */
export interface RowFeed {
  /** Rows [0, available) can be read. */
  readonly available: number;
  /** No further rows will come. */
  readonly ended: boolean;
  row(index: number): readonly CellValue[];
  /** Waits for the next rows (or the end). */
  more(): Promise<void>;
  /** Rows before `end` will not be read again. */
  release(end: number): void;
}

/** A feed over rows already at hand (e.g. a snapshot being written back). */
export function arrayFeed(rows: readonly (readonly CellValue[])[]): RowFeed {
  return { available: rows.length, ended: true, row: (i) => rows[i] ?? [], more: () => Promise.resolve(), release: () => undefined };
}

function valueAt(columns: readonly ColumnSpec[], row: CoreRow, index: number): CoreValue | undefined {
  if (Array.isArray(row)) return (row as readonly CoreValue[])[index];
  const column = columns[index];
  return column === undefined ? undefined : (row as Readonly<Record<string, CoreValue>>)[column.key];
}

export function toCellRow(columns: readonly ColumnSpec[], row: CoreRow): CellValue[] {
  const cells: CellValue[] = new Array<CellValue>(columns.length);
  for (let i = 0; i < columns.length; i += 1) cells[i] = toCellValue(columns[i] as ColumnSpec, valueAt(columns, row, i));
  return cells;
}

export class CellFeed implements RowFeed {
  private readonly rows: (CellValue[] | undefined)[] = [];
  private iterator: AsyncIterator<readonly CoreRow[]> | undefined;
  private done = false;
  private blank = false;
  private released = 0;

  private constructor(
    private readonly columns: readonly ColumnSpec[],
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** Converts every row now: a value that does not fit throws before the workbook is touched. */
  static of(columns: readonly ColumnSpec[], rows: readonly CoreRow[] | RowBatches, signal?: AbortSignal): CellFeed {
    const feed = new CellFeed(columns, signal);
    if (Symbol.asyncIterator in rows) {
      feed.iterator = rows[Symbol.asyncIterator]();
      return feed;
    }
    for (const row of rows) feed.rows.push(toCellRow(columns, row));
    feed.finish();
    return feed;
  }

  get available(): number {
    return this.rows.length;
  }

  get ended(): boolean {
    return this.done;
  }

  /** Data rows received (the blank row of an empty table not counted). */
  get count(): number {
    return this.blank ? 0 : this.rows.length;
  }

  row(index: number): readonly CellValue[] {
    const row = this.rows[index];
    if (row === undefined) throw new Error(`Row ${index} of the write is not available (released or not yet arrived).`);
    return row;
  }

  async more(): Promise<void> {
    const iterator = this.iterator;
    if (this.done || iterator === undefined) return;
    const next = await raceAbort(() => iterator.next(), this.signal);
    if (next.done === true) {
      this.iterator = undefined;
      this.finish();
      return;
    }
    for (const row of next.value) this.rows.push(toCellRow(this.columns, row));
  }

  release(end: number): void {
    const upTo = Math.min(end, this.rows.length);
    for (let i = this.released; i < upTo; i += 1) this.rows[i] = undefined;
    this.released = Math.max(this.released, upTo);
  }

  /** Stops a source that has not ended (after a failure): the producer behind it is told to stop. */
  async close(): Promise<void> {
    const iterator = this.iterator;
    this.iterator = undefined;
    this.done = true;
    try {
      await iterator?.return?.();
    } catch {
      // The source failing while it stops changes nothing for the write.
    }
  }

  private finish(): void {
    this.done = true;
    if (this.rows.length === 0) {
      this.blank = true;
      this.rows.push(this.columns.map(() => ''));
    }
  }
}
