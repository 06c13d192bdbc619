/**
 * The rows a write puts into the table body, as cells: all at once (an array, converted and checked whole before
 * anything is written) or batch by batch as they arrive (a pull's pages, converted per batch). A table keeps at
 * least one data row, so a write of no rows gets one blank row. Rows already written can be released. A column whose
 * format is each row's (an amount in each row's currency) has each row's format told by the core (`row-formats.ts`).
 */

import { AMOUNT_FORMAT } from '../../sync/amount-format';
import { toCellValue, type CellValue } from '../../sync/cell-values';
import { rowFormats, type RowFormat } from '../../sync/row-formats';
import type { ColumnSpec, CoreRow, CoreValue, HandedRow, RowBatches } from '../../sync/workbook-port';
import { raceAbort } from '../../api/abort';
import { cellJsonBytes, rowJsonBytes } from './chunk-plan';

/** What the block writer reads rows from. */
export interface RowFeed {
  /** Rows [0, available) can be read. */
  readonly available: number;
  /** No further rows will come. */
  readonly ended: boolean;
  row(index: number): readonly CellValue[];
  /** JSON bytes of row `index` inside a 2-D array (`rowJsonBytes`), for sizing the write's blocks. */
  rowBytes(index: number): number;
  /** The number format of row `index` in `column`, a column whose format is each row's (`isRowFormatted`). */
  formatOf(index: number, column: number): string;
  /** Waits for the next rows (or the end). */
  more(): Promise<void>;
  /** Rows before `end` will not be read again. */
  release(end: number): void;
}

/** A feed over rows already at hand (e.g. a snapshot being written back), each row's formats told by `columns`. */
export function arrayFeed(rows: readonly (readonly CellValue[])[], columns: readonly ColumnSpec[] = []): RowFeed {
  const varying = new Map(rowFormats(columns).map((f) => [f.column, f] as const));
  return {
    available: rows.length,
    ended: true,
    row: (i) => rows[i] ?? [],
    rowBytes: (i) => rowJsonBytes(rows[i] ?? []),
    formatOf: (i, column) => varying.get(column)?.of(rows[i] ?? []) ?? AMOUNT_FORMAT,
    more: () => Promise.resolve(),
    release: () => undefined,
  };
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
  /** `rowJsonBytes` of each row, counted while it is converted (the cells are not walked again to size blocks). */
  private readonly bytes: number[] = [];
  /** The columns whose format is each row's, and their rows' formats (row-major, one per such column). */
  private readonly varying: readonly RowFormat[];
  private readonly slots = new Map<number, number>();
  private readonly formats: string[] = [];
  private iterator: AsyncIterator<readonly HandedRow[]> | undefined;
  private done = false;
  private blank = false;
  private released = 0;

  private constructor(
    private readonly columns: readonly ColumnSpec[],
    private readonly signal: AbortSignal | undefined,
  ) {
    this.varying = rowFormats(columns);
    this.varying.forEach((f, slot) => this.slots.set(f.column, slot));
  }

  /** Converts every row now: a value that does not fit throws before the workbook is touched. */
  static of(columns: readonly ColumnSpec[], rows: readonly CoreRow[] | RowBatches, signal?: AbortSignal): CellFeed {
    const feed = new CellFeed(columns, signal);
    if (Symbol.asyncIterator in rows) {
      feed.iterator = rows[Symbol.asyncIterator]();
      return feed;
    }
    for (const row of rows) feed.add(row);
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

  rowBytes(index: number): number {
    const bytes = this.bytes[index];
    if (bytes === undefined || this.rows[index] === undefined)
      throw new Error(`Row ${index} of the write is not available (released or not yet arrived).`);
    return bytes;
  }

  formatOf(index: number, column: number): string {
    const slot = this.slots.get(column);
    const format = slot === undefined ? undefined : this.formats[index * this.varying.length + slot];
    if (format === undefined) throw new Error(`Row ${index} of the write has no format of its own in column ${column}.`);
    return format;
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
    for (const row of next.value) this.add(row, Array.isArray(row) && row.length === this.columns.length ? row : undefined);
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

  /**
   * Converts one row to cells and counts their JSON bytes on the way. `into`: a handed-over row array of the right
   * width (a batch's, see `RowBatches`), which becomes the cells in place; otherwise a new array holds them.
   */
  private add(row: CoreRow, into?: (CoreValue | CellValue)[]): void {
    const columns = this.columns;
    const cells = into ?? new Array<CellValue>(columns.length);
    let bytes = 2; // brackets; each cell adds a comma (the last one the comma between rows)
    const values = Array.isArray(row) ? (row as readonly CoreValue[]) : undefined; // asked once per row, not per cell
    for (let i = 0; i < columns.length; i += 1) {
      const cell = toCellValue(columns[i] as ColumnSpec, values === undefined ? valueAt(columns, row, i) : values[i]);
      cells[i] = cell;
      bytes += cellJsonBytes(cell) + 1;
    }
    this.rows.push(cells as CellValue[]); // every slot now holds a cell
    this.bytes.push(bytes);
    for (const varying of this.varying) this.formats.push(varying.of(cells));
  }

  private finish(): void {
    this.done = true;
    if (this.rows.length === 0) {
      this.blank = true;
      this.add(this.columns.map(() => null));
    }
  }
}
