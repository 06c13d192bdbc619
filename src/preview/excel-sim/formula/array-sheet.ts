/**
 * An array value (the rows a custom function returned) as a sheet of its own, so that the functions that read
 * references read arrays too: `SUM(CASHFLOW.X())`, `INDEX(CASHFLOW.X(), 2, 1)`, `ROWS(...)`. An array operand is a
 * reference to the whole of such a sheet. At the top of a formula it spills (evaluator.ts); where one value is
 * needed, an array of several cells gives `#VALUE!` (no implicit intersection, no array arithmetic).
 */

import type { CellBox } from '../model/address';
import type { Result } from '../model/cell';
import type { FormulaSheet, Operand } from './types';

const EMPTY: Result = { kind: 'Empty' };

export class ArraySheet implements FormulaSheet {
  constructor(readonly rows: readonly (readonly Result[])[]) {}

  result(row: number, column: number): Result {
    return this.rows[row]?.[column] ?? EMPTY;
  }

  forEachResult(box: CellBox, fn: (result: Result, row: number, column: number) => void): void {
    const rowEnd = Math.min(box.row + box.rowCount, this.rows.length);
    for (let r = Math.max(0, box.row); r < rowEnd; r += 1) {
      const line = this.rows[r] ?? [];
      const columnEnd = Math.min(box.column + box.columnCount, line.length);
      for (let c = Math.max(0, box.column); c < columnEnd; c += 1) {
        const result = line[c];
        if (result !== undefined && result.kind !== 'Empty') fn(result, r, c);
      }
    }
  }

  /** The cells of a box of this array, row by row. */
  block(box: CellBox): Result[][] {
    return Array.from({ length: box.rowCount }, (_, r) =>
      Array.from({ length: box.columnCount }, (_, c) => this.result(box.row + r, box.column + c)),
    );
  }
}

/** The rows as an operand: the array's one value when it has a single cell, else a reference to all of it. */
export function arrayOperand(rows: Result[][]): Operand {
  const first = rows[0]?.[0] ?? EMPTY;
  if (rows.length === 1 && rows[0]?.length === 1) return first;
  return {
    kind: 'Range',
    ref: { sheet: new ArraySheet(rows), box: { row: 0, column: 0, rowCount: rows.length, columnCount: rows[0]?.length ?? 0 } },
  };
}
