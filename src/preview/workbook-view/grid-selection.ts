/** The grid's selection of one cell, as glide-data-grid holds it, and the cell a move lands on (kept inside the grid). */

import { CompactSelection, type GridSelection } from '@glideapps/glide-data-grid';
import type { EditedCell } from './cell-editor';
import type { Move } from './grid-keys';

export const NO_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

export interface GridExtent {
  columnCount: number;
  rowCount: number;
}

export function cellSelection(column: number, row: number): GridSelection {
  return { ...NO_SELECTION, current: { cell: [column, row], range: { x: column, y: row, width: 1, height: 1 }, rangeStack: [] } };
}

/** The selection of the cell `move` away from `cell`, held to the grid's first and last row and column. */
export function selectionAfter(cell: EditedCell, move: Move, extent: GridExtent): GridSelection {
  return cellSelection(clamp(cell.column + move.columns, extent.columnCount - 1), clamp(cell.row + move.rows, extent.rowCount - 1));
}

function clamp(value: number, last: number): number {
  return Math.min(Math.max(value, 0), last);
}
