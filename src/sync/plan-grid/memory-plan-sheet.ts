/** A Plan sheet held in memory (header, body, layout, kept figures over their cells): the flows' tests drive the core with it. */

import type { BudgetTarget } from '../push/service-row';
import type { CoreValue } from '../workbook-port';
import { placeIn, type ComputedLine, type GridSheet, type GridSheetLayout } from './grid-sheet';
import type { KeptFigure, PlanSheetPort } from './plan-sheet-flow';

export class MemoryPlanSheet implements PlanSheetPort {
  header: CoreValue[] = [];
  body: CoreValue[][] = [];
  stored: GridSheetLayout | undefined;
  kept: readonly KeptFigure[] = [];

  async write(sheet: GridSheet, kept: readonly KeptFigure[]): Promise<void> {
    this.header = [...sheet.header];
    this.body = sheet.body.map((row) => [...row]);
    for (const figure of kept) {
      const at = placeIn(sheet.layout, figure);
      if (at) (this.body[at.row] as CoreValue[])[at.column] = figure.typed;
    }
    this.stored = sheet.layout;
    this.kept = kept;
  }

  async layout(target: BudgetTarget): Promise<GridSheetLayout | undefined> {
    return this.stored && JSON.stringify(this.stored.target) === JSON.stringify(target) ? this.stored : undefined;
  }

  async fill(layout: GridSheetLayout, row: number, fromMonth: number, cents: readonly number[]): Promise<void> {
    const line = this.body[row];
    if (line === undefined || fromMonth + cents.length > layout.months.length) throw new RangeError('outside the grid');
    cents.forEach((c, i) => (line[1 + fromMonth + i] = c / 100));
  }

  async read(layout: GridSheetLayout): Promise<CoreValue[][]> {
    return this.body.slice(0, layout.rows.length).map((row) => row.slice(0, 2 + layout.months.length));
  }

  /**
   * Types into a cell, as a user does: a category's row (its id, a leaf's or a parent's) or a computed row below the
   * tree; a month or `GRID_TOTAL`.
   */
  type(row: number | ComputedLine, month: string, value: CoreValue): void {
    if (!this.stored) throw new Error('no grid');
    const at = this.#at(this.stored, row, month);
    if (!at) throw new Error(`no cell ${row} ${month}`);
    (this.body[at.row] as CoreValue[])[at.column] = value;
  }

  cell(row: number | ComputedLine, month: string): CoreValue {
    const at = this.stored && this.#at(this.stored, row, month);
    return at ? (this.body[at.row]?.[at.column] ?? null) : null;
  }

  #at(layout: GridSheetLayout, row: number | ComputedLine, month: string): { row: number; column: number } | undefined {
    return placeIn(layout, typeof row === 'number' ? { categoryId: row, month } : { categoryId: null, line: row, month });
  }
}
