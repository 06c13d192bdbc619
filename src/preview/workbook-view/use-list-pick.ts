/**
 * The open in-cell list's end: the list closes and the grid has the keyboard again; a pick is typed into its cell and
 * the selection moves as Enter or Tab move it (Escape picked nothing: the cell stays as it was).
 */

import type { DataEditorRef, GridSelection, Item } from '@glideapps/glide-data-grid';
import { useCallback, type RefObject } from 'react';
import { selectionAfter, type GridExtent } from './grid-selection';
import type { ListMove } from './list-popup';

export interface ListPickSource {
  /** The cell whose in-cell list is open, if any. */
  listCell: Item | undefined;
  setListCell(cell: Item | undefined): void;
  grid: RefObject<DataEditorRef>;
  onEdit(row: number, column: number, input: string): void;
  select(next: GridSelection): void;
  extent: GridExtent;
}

export function useListPick(source: ListPickSource): (value: string | undefined, move: ListMove) => void {
  const { listCell, setListCell, grid, onEdit, select } = source;
  const { columnCount, rowCount } = source.extent;
  return useCallback(
    (value: string | undefined, move: ListMove): void => {
      const cell = listCell;
      setListCell(undefined);
      grid.current?.focus();
      if (cell === undefined || value === undefined) return;
      onEdit(cell[1], cell[0], value);
      if (move[0] !== 0 || move[1] !== 0)
        select(selectionAfter({ column: cell[0], row: cell[1] }, { columns: move[0], rows: move[1] }, { columnCount, rowCount }));
    },
    [listCell, onEdit, select, columnCount, rowCount],
  );
}
