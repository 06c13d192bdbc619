/**
 * A big table's body kept beside the exceljs workbook (`big-table.ts`): the cell values by column
 * (`column-values.ts`) and each cell's number format, the column's or, for a column formatted by row (an amount
 * in each row's currency), an index into the few formats the rows use. exceljs would keep every cell as objects
 * (~13 kB a row of Transactions); this keeps ~100 bytes a row plus the texts. Written into the file by
 * `body-rows-xml.ts` when the workbook is saved.
 */

import type { CellValue } from '../../sync/cell-values';
import { ColumnValues } from './column-values';

export class TableBody {
  private readonly columns: ColumnValues[];
  /** Per column: the format of every row (null), or of its rows by index into `formats`. */
  private readonly rowFormats: Array<Uint16Array | null>;
  private readonly formats: string[] = [];
  private readonly formatIndex = new Map<string, number>();
  private rows = 0;

  constructor(
    readonly width: number,
    /** The column's format, or null for a column whose format is each row's. */
    private readonly columnFormatsOf: readonly (string | null)[],
  ) {
    this.columns = Array.from({ length: width }, () => new ColumnValues());
    this.rowFormats = columnFormatsOf.map((f) => (f === null ? new Uint16Array(1024) : null));
  }

  get rowCount(): number {
    return this.rows;
  }

  /** Appends a row: its cells and its formats (`formats[c]` is used for the columns formatted by row). */
  push(row: readonly CellValue[], formats: readonly string[]): void {
    for (let c = 0; c < this.width; c += 1) {
      this.columns[c]?.push(row[c] ?? '');
      const perRow = this.rowFormats[c];
      if (perRow === undefined || perRow === null) continue;
      const grown = this.rows < perRow.length ? perRow : this.grow(c, perRow);
      grown[this.rows] = this.indexOf(formats[c] ?? 'General');
    }
    this.rows += 1;
  }

  value(row: number, column: number): CellValue {
    return this.columns[column]?.at(row) ?? '';
  }

  format(row: number, column: number): string {
    const perRow = this.rowFormats[column];
    if (perRow === null || perRow === undefined) return this.columnFormatsOf[column] ?? 'General';
    return this.formats[perRow[row] ?? 0] ?? 'General';
  }

  /** Every format a cell of the body has. */
  allFormats(): string[] {
    const fixed = this.columnFormatsOf.filter((f): f is string => f !== null);
    return [...new Set([...fixed, ...this.formats])];
  }

  /** The formats a column's cells have. */
  columnFormats(column: number): string[] {
    const fixed = this.columnFormatsOf[column];
    if (fixed !== null && fixed !== undefined) return [fixed];
    const perRow = this.rowFormats[column];
    const used = new Set<number>();
    for (let r = 0; r < this.rows; r += 1) used.add(perRow?.[r] ?? 0);
    return [...used].map((i) => this.formats[i] ?? 'General');
  }

  /** The first `count` rows as cell rows (for the widths, which look at the first 200). */
  firstRows(count: number): CellValue[][] {
    return Array.from({ length: Math.min(count, this.rows) }, (_, r) => Array.from({ length: this.width }, (_, c) => this.value(r, c)));
  }

  private grow(column: number, perRow: Uint16Array): Uint16Array {
    const larger = new Uint16Array(perRow.length * 2);
    larger.set(perRow);
    this.rowFormats[column] = larger;
    return larger;
  }

  private indexOf(format: string): number {
    let index = this.formatIndex.get(format);
    if (index === undefined) {
      index = this.formats.length;
      this.formats.push(format);
      this.formatIndex.set(format, index);
    }
    return index;
  }
}
