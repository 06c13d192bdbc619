/**
 * The dynamic arrays of one sheet: for every formula cell whose last evaluation gave an array (an anchor), the cells
 * the array covers and its values, or why it cannot spill (the anchor then shows `#SPILL!`). The spilled values are
 * not cell contents: a sheet reads them from here (sheet-state.ts), a snapshot never sees them.
 *
 * Entries are what the anchor's last evaluation found. Formulas are evaluated when read, so a reader of a cell the
 * entry covers evaluates the anchor again first (its inputs, or the cells in its way, may have changed since).
 */

import { MAX_COLUMNS, MAX_ROWS, intersect, type CellBox } from './address';
import type { Result } from './cell';

/** Why an array cannot spill: Excel's explanation of the `#SPILL!` it shows. */
export const SPILL_BLOCKED = {
  notBlank: "Spill range isn't blank.",
  table: 'Spill range is in a table.',
  edge: 'Spill range extends beyond the edge of the worksheet.',
} as const;

export type SpillBlock = (typeof SPILL_BLOCKED)[keyof typeof SPILL_BLOCKED];

export interface Spill {
  /** The anchor: the formula's cell, the array's top-left value. */
  row: number;
  column: number;
  /** The cells the array covers, anchor included (cut at the sheet's edge). */
  box: CellBox;
  rows: Result[][];
  /** Set when the array cannot spill: the anchor is `#SPILL!` and the other cells read as they are. */
  blocked?: SpillBlock;
}

function key(row: number, column: number): number {
  return row * MAX_COLUMNS + column;
}

export function contains(box: CellBox, row: number, column: number): boolean {
  return row >= box.row && row < box.row + box.rowCount && column >= box.column && column < box.column + box.columnCount;
}

/**
 * Where the array spills from (row, column), and what stops it: the sheet's edge, a table, a cell of the box (other
 * than the anchor) that holds content (`occupied`), or another array spilling there (`others`, which stays).
 */
export function placeSpill(
  row: number,
  column: number,
  rows: Result[][],
  occupied: (box: CellBox) => boolean,
  inTable: (box: CellBox) => boolean,
  others: Iterable<Spill>,
): Spill {
  const rowCount = rows.length;
  const columnCount = rows[0]?.length ?? 0;
  const box = { row, column, rowCount: Math.min(rowCount, MAX_ROWS - row), columnCount: Math.min(columnCount, MAX_COLUMNS - column) };
  const spill: Spill = { row, column, box, rows };
  if (box.rowCount < rowCount || box.columnCount < columnCount) spill.blocked = SPILL_BLOCKED.edge;
  else if (inTable(box)) spill.blocked = SPILL_BLOCKED.table;
  else if (occupied(box)) spill.blocked = SPILL_BLOCKED.notBlank;
  else {
    for (const other of others) {
      if (other.blocked === undefined && (other.row !== row || other.column !== column) && intersect(other.box, box)) {
        spill.blocked = SPILL_BLOCKED.notBlank;
        break;
      }
    }
  }
  return spill;
}

export class SpillState {
  private readonly spills = new Map<number, Spill>();

  get size(): number {
    return this.spills.size;
  }

  get(row: number, column: number): Spill | undefined {
    return this.spills.get(key(row, column));
  }

  set(spill: Spill): void {
    this.spills.set(key(spill.row, spill.column), spill);
  }

  forget(row: number, column: number): void {
    this.spills.delete(key(row, column));
  }

  clear(): void {
    this.spills.clear();
  }

  all(): IterableIterator<Spill> {
    return this.spills.values();
  }

  /** The entries whose box holds the cell, other than an entry anchored there (a copy: callers evaluate anchors). */
  covering(row: number, column: number): Spill[] {
    const out: Spill[] = [];
    for (const spill of this.spills.values()) {
      if (contains(spill.box, row, column) && (spill.row !== row || spill.column !== column)) out.push(spill);
    }
    return out;
  }

  /** The entries whose box meets `box` (a copy). */
  intersecting(box: CellBox): Spill[] {
    const out: Spill[] = [];
    for (const spill of this.spills.values()) if (intersect(spill.box, box)) out.push(spill);
    return out;
  }

  /** Rows and columns from A1 that hold every spilling array (0 when none spills). */
  extent(): { rows: number; columns: number } {
    let rows = 0;
    let columns = 0;
    for (const spill of this.spills.values()) {
      if (spill.blocked !== undefined) continue;
      rows = Math.max(rows, spill.box.row + spill.box.rowCount);
      columns = Math.max(columns, spill.box.column + spill.box.columnCount);
    }
    return { rows, columns };
  }
}
