/**
 * A sparse map from cells to values (row → column → value), for what only some cells have (data validation). Costs
 * nothing where no cell has an entry; walks of a box visit the stored entries only.
 */

import type { CellBox } from './address';

function inBox(box: CellBox, row: number, column: number): boolean {
  return row >= box.row && row < box.row + box.rowCount && column >= box.column && column < box.column + box.columnCount;
}

export class SparseCells<T> {
  private readonly rows = new Map<number, Map<number, T>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(row: number, column: number): T | undefined {
    return this.rows.get(row)?.get(column);
  }

  set(row: number, column: number, value: T): void {
    let line = this.rows.get(row);
    if (line === undefined) {
      line = new Map();
      this.rows.set(row, line);
    }
    if (!line.has(column)) this.count += 1;
    line.set(column, value);
  }

  delete(row: number, column: number): void {
    const line = this.rows.get(row);
    if (line === undefined || !line.delete(column)) return;
    this.count -= 1;
    if (line.size === 0) this.rows.delete(row);
  }

  /** Visits the entries inside the box (rows in any order). */
  forEachIn(box: CellBox, visit: (value: T, row: number, column: number) => void): void {
    if (this.count === 0) return;
    const rows = box.rowCount <= this.rows.size ? Array.from({ length: box.rowCount }, (_, i) => box.row + i) : [...this.rows.keys()];
    for (const r of rows) {
      const line = this.rows.get(r);
      if (line === undefined || r < box.row || r >= box.row + box.rowCount) continue;
      if (box.columnCount <= line.size) {
        for (let c = box.column; c < box.column + box.columnCount; c += 1) {
          const value = line.get(c);
          if (value !== undefined) visit(value, r, c);
        }
      } else for (const [c, value] of line) if (inBox(box, r, c)) visit(value, r, c);
    }
  }

  deleteIn(box: CellBox): void {
    const doomed: Array<[number, number]> = [];
    this.forEachIn(box, (_value, r, c) => doomed.push([r, c]));
    for (const [r, c] of doomed) this.delete(r, c);
  }

  /** Moves entries with their cells: `to` gives a cell's new position, null to drop it, undefined to leave it. */
  relocate(to: (row: number, column: number) => [number, number] | null | undefined): void {
    if (this.count === 0) return;
    const moved: Array<[number, number, T]> = [];
    for (const [r, line] of [...this.rows]) {
      for (const [c, value] of [...line]) {
        const target = to(r, c);
        if (target === undefined) continue;
        this.delete(r, c);
        if (target !== null) moved.push([target[0], target[1], value]);
      }
    }
    for (const [r, c, value] of moved) this.set(r, c, value);
  }

  entries(): Array<[number, number, T]> {
    const out: Array<[number, number, T]> = [];
    for (const [r, line] of this.rows) for (const [c, value] of line) out.push([r, c, value]);
    return out;
  }
}
