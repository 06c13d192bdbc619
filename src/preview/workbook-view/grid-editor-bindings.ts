/**
 * What the cell editor (use-cell-editor.ts) asks of the grid: the active cell, a cell's contents and accessible name,
 * where an entry is written (as the user typed it), the in-cell list a cell opens instead, and where the selection
 * moves.
 */

import type { Item } from '@glideapps/glide-data-grid';
import type { SimulatedWorkbook } from '../excel-sim';
import { cellEditText } from './cell-edit-text';
import type { EditedCell } from './cell-editor';
import { columnName } from './column-name';
import type { Move } from './grid-keys';
import type { CellEditorBindings } from './use-cell-editor';

export interface GridEditorSource {
  workbook: SimulatedWorkbook;
  sheet: string;
  currentCell(): EditedCell | undefined;
  /** The cell editor's accessible name for a cell (`B7`). */
  editorLabel(address: string): string;
  onEdit(row: number, column: number, input: string): void;
  showList(cell: Item): void;
  /** Selects the cell `move` away from `cell`. */
  moveFrom(cell: EditedCell, move: Move): void;
}

export function gridEditorBindings(source: GridEditorSource): CellEditorBindings {
  const { workbook, sheet } = source;
  return {
    activeCell: source.currentCell,
    contents: (cell) => cellEditText(workbook.cell(sheet, cell.row, cell.column)),
    label: (cell) => source.editorLabel(`${columnName(cell.column)}${cell.row + 1}`),
    write: (cell, text) => source.onEdit(cell.row, cell.column, text),
    openList: (cell) => {
      const list = workbook.cellList(sheet, cell.row, cell.column);
      if (list === undefined || !list.inCellDropDown || list.items.length === 0) return false;
      source.showList([cell.column, cell.row]);
      return true;
    },
    move: (cell, move) => {
      if (move.columns === 0 && move.rows === 0) return;
      source.moveFrom(cell, move);
    },
  };
}
