/** One worksheet's cells, stored sparsely, with the operations batches apply to them. */

import { MAX_COLUMNS, MAX_ROWS, type CellBox } from './address';
import { GENERAL, type Cell, type Content, type Result } from './cell';
import { evaluateFormula, type FormulaHost, type FormulaSheet, type RangeRef } from './formula';
import { WorkbookFormulaHost } from './formula-refs';
import type { WorkbookState } from './workbook-state';

export type Visibility = 'Visible' | 'Hidden' | 'VeryHidden';

function key(row: number, column: number): number {
  return row * MAX_COLUMNS + column;
}

export class SheetState implements FormulaSheet {
  readonly cells = new Map<number, Cell>();
  private evaluating = new Set<number>();
  /** The workbook, for formulas that reference other sheets or tables (set by WorkbookState.addSheet). */
  workbook: WorkbookState | undefined;

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
      return evaluateFormula(content.formula, this.formulaHost(row, column));
    } finally {
      this.evaluating.delete(k);
    }
  }

  private formulaHost(row: number, column: number): FormulaHost {
    if (this.workbook) return new WorkbookFormulaHost(this.workbook, this, row, column);
    return { self: this, sheet: () => undefined, structured: () => '#REF!', name: (): RangeRef | undefined => undefined };
  }

  /** Every non-empty result in the box: walks the box, or the stored cells when the box is larger. */
  forEachResult(box: CellBox, fn: (result: Result) => void): void {
    const emit = (r: number, c: number): void => {
      const result = this.result(r, c);
      if (result.kind !== 'Empty') fn(result);
    };
    if (box.rowCount * box.columnCount <= this.cells.size) {
      for (let r = box.row; r < box.row + box.rowCount; r += 1) {
        for (let c = box.column; c < box.column + box.columnCount; c += 1) if (this.cells.get(key(r, c))?.content) emit(r, c);
      }
      return;
    }
    const inBox: number[] = [];
    for (const [k, cell] of this.cells) {
      const r = Math.floor(k / MAX_COLUMNS);
      const c = k % MAX_COLUMNS;
      if (cell.content && r >= box.row && r < box.row + box.rowCount && c >= box.column && c < box.column + box.columnCount) inBox.push(k);
    }
    for (const k of inBox) emit(Math.floor(k / MAX_COLUMNS), k % MAX_COLUMNS);
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
    if (delta < 0) {
      this.deleteRows(Array.from({ length: -delta }, (_, i) => fromRow + i), column, columnCount);
      return;
    }
    this.shift(delta, (r, c) => r >= fromRow && c >= column && c < column + columnCount, (r) => r < fromRow - delta, 'row');
  }

  /** Same as shiftRows, for the row band [row, row+rowCount) at or right of `fromColumn`. */
  shiftColumns(fromColumn: number, delta: number, row: number, rowCount: number): void {
    this.shift(delta, (r, c) => c >= fromColumn && r >= row && r < row + rowCount, (_r, c) => c < fromColumn - delta, 'column');
  }

  /**
   * Deletes the given rows (absolute, any order, duplicates ignored) of the column band [column,
   * column+columnCount): their cells are dropped and every cell of the band below moves up by the number of
   * deleted rows above it. One pass over the sheet's cells, whatever the number of rows.
   */
  deleteRows(rows: readonly number[], column: number, columnCount: number): void {
    const sorted = [...new Set(rows)].sort((a, b) => a - b);
    const first = sorted[0];
    if (first === undefined) return;
    const keys: number[] = [];
    const cells: Cell[] = [];
    for (const [k, cell] of this.cells) {
      const r = Math.floor(k / MAX_COLUMNS);
      const c = k % MAX_COLUMNS;
      if (r < first || c < column || c >= column + columnCount) continue;
      this.cells.delete(k); // deleting the current entry while iterating a Map is safe
      const above = countAtOrBelow(sorted, r);
      if (sorted[above - 1] === r) continue;
      keys.push(k - above * MAX_COLUMNS);
      cells.push(cell);
    }
    for (let i = 0; i < keys.length; i += 1) this.cells.set(keys[i] as number, cells[i] as Cell);
  }

  private shift(
    delta: number,
    inBand: (r: number, c: number) => boolean,
    deleted: (r: number, c: number) => boolean,
    axis: 'row' | 'column',
  ): void {
    const keys: number[] = [];
    const cells: Cell[] = [];
    for (const [k, cell] of this.cells) {
      const r = Math.floor(k / MAX_COLUMNS);
      const c = k % MAX_COLUMNS;
      if (!inBand(r, c)) continue;
      this.cells.delete(k);
      if (delta < 0 && deleted(r, c)) continue;
      const nr = axis === 'row' ? r + delta : r;
      const nc = axis === 'row' ? c : c + delta;
      if (nr < 0 || nc < 0 || nr >= MAX_ROWS || nc >= MAX_COLUMNS) continue;
      keys.push(key(nr, nc));
      cells.push(cell);
    }
    for (let i = 0; i < keys.length; i += 1) this.cells.set(keys[i] as number, cells[i] as Cell);
  }
}

/** How many entries of the ascending array are <= value (binary search). */
function countAtOrBelow(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
