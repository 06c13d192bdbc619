/** One worksheet's cells, stored sparsely, with the operations batches apply to them. */

import { MAX_COLUMNS, type CellBox } from './address';
import { GENERAL, type Cell, type Content, type Result } from './cell';
import { evaluateFormula } from './formula';

export type Visibility = 'Visible' | 'Hidden' | 'VeryHidden';

function key(row: number, column: number): number {
  return row * MAX_COLUMNS + column;
}

export class SheetState {
  readonly cells = new Map<number, Cell>();
  private evaluating = new Set<number>();

  constructor(
    readonly id: string,
    public name: string,
    public visibility: Visibility = 'Visible',
  ) {}

  cell(row: number, column: number): Cell | undefined {
    return this.cells.get(key(row, column));
  }

  format(row: number, column: number): string {
    return this.cell(row, column)?.format ?? GENERAL;
  }

  private put(row: number, column: number, cell: Cell): void {
    if (cell.content === null && cell.format === GENERAL) this.cells.delete(key(row, column));
    else this.cells.set(key(row, column), cell);
  }

  setContent(row: number, column: number, content: Content | null): void {
    this.put(row, column, { content, format: this.format(row, column) });
  }

  setFormat(row: number, column: number, format: string): void {
    this.put(row, column, { content: this.cell(row, column)?.content ?? null, format });
  }

  /** The cell's current result; formulas are evaluated now (a circular reference gives 0, as Excel shows). */
  result(row: number, column: number): Result {
    const content = this.cell(row, column)?.content;
    if (!content) return { kind: 'Empty' };
    if (content.kind !== 'Formula') return content;
    const k = key(row, column);
    if (this.evaluating.has(k)) return { kind: 'Double', value: 0 };
    this.evaluating.add(k);
    try {
      return evaluateFormula(content.formula, (r, c) => this.result(r, c));
    } finally {
      this.evaluating.delete(k);
    }
  }

  /** Bounding box of cells with content (and, unless valuesOnly, with a non-General format). */
  usedBox(valuesOnly: boolean): CellBox | null {
    let minR = Infinity;
    let minC = Infinity;
    let maxR = -1;
    let maxC = -1;
    for (const [k, cell] of this.cells) {
      if (valuesOnly && cell.content === null) continue;
      const r = Math.floor(k / MAX_COLUMNS);
      const c = k % MAX_COLUMNS;
      minR = Math.min(minR, r);
      minC = Math.min(minC, c);
      maxR = Math.max(maxR, r);
      maxC = Math.max(maxC, c);
    }
    if (maxR < 0) return null;
    return { row: minR, column: minC, rowCount: maxR - minR + 1, columnCount: maxC - minC + 1 };
  }

  clear(box: CellBox, contents: boolean, formats: boolean): void {
    for (const [k, cell] of [...this.cells]) {
      const r = Math.floor(k / MAX_COLUMNS);
      const c = k % MAX_COLUMNS;
      if (r < box.row || r >= box.row + box.rowCount || c < box.column || c >= box.column + box.columnCount) continue;
      this.put(r, c, { content: contents ? null : cell.content, format: formats ? GENERAL : cell.format });
    }
  }

  /**
   * Moves cells of the column band [column, column+columnCount) at or below `fromRow` by `delta` rows
   * (insert: delta > 0; delete: delta < 0, the deleted rows' cells are dropped).
   */
  shiftRows(fromRow: number, delta: number, column: number, columnCount: number): void {
    this.shift(delta, (r, c) => r >= fromRow && c >= column && c < column + columnCount, (r) => r < fromRow - delta, 'row');
  }

  /** Same as shiftRows, for the row band [row, row+rowCount) at or right of `fromColumn`. */
  shiftColumns(fromColumn: number, delta: number, row: number, rowCount: number): void {
    this.shift(delta, (r, c) => c >= fromColumn && r >= row && r < row + rowCount, (_r, c) => c < fromColumn - delta, 'column');
  }

  private shift(
    delta: number,
    inBand: (r: number, c: number) => boolean,
    deleted: (r: number, c: number) => boolean,
    axis: 'row' | 'column',
  ): void {
    const moved: Array<[number, number, Cell]> = [];
    for (const [k, cell] of [...this.cells]) {
      const r = Math.floor(k / MAX_COLUMNS);
      const c = k % MAX_COLUMNS;
      if (!inBand(r, c)) continue;
      this.cells.delete(k);
      if (delta < 0 && deleted(r, c)) continue;
      moved.push(axis === 'row' ? [r + delta, c, cell] : [r, c + delta, cell]);
    }
    for (const [r, c, cell] of moved) {
      if (r >= 0 && c >= 0) this.cells.set(key(r, c), cell);
    }
  }
}
