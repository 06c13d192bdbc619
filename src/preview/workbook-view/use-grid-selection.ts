/**
 * The grid's selection and the cell whose in-cell list is open: a new selection closes the list and tells the page
 * the active cell. The selection is also kept as last set, before React rendered it, so a key typed right after a
 * move finds its cell.
 */

import type { GridSelection, Item } from '@glideapps/glide-data-grid';
import { useCallback, useRef, useState } from 'react';
import type { EditedCell } from './cell-editor';
import { NO_SELECTION } from './grid-selection';

export interface GridSelectionState {
  selection: GridSelection;
  /** The active cell as rendered. */
  activeCell: EditedCell | undefined;
  /** The active cell now (also before React rendered it). */
  currentCell(): EditedCell | undefined;
  select(next: GridSelection): void;
  /** The cell whose in-cell list is open, if any. */
  listCell: Item | undefined;
  setListCell(cell: Item | undefined): void;
}

export function useGridSelection(onActiveCell: (cell: EditedCell) => void): GridSelectionState {
  const [selection, setSelection] = useState<GridSelection>(NO_SELECTION);
  const selectionRef = useRef(selection);
  const [listCell, setListCell] = useState<Item>();
  const select = useCallback(
    (next: GridSelection): void => {
      selectionRef.current = next;
      setSelection(next);
      setListCell(undefined);
      const cell = next.current?.cell;
      if (cell) onActiveCell({ row: cell[1], column: cell[0] });
    },
    [onActiveCell],
  );
  const currentCell = useCallback((): EditedCell | undefined => {
    const cell = selectionRef.current.current?.cell;
    return cell === undefined ? undefined : { column: cell[0], row: cell[1] };
  }, []);
  const active = selection.current?.cell;
  const activeRow = active?.[1];
  const activeColumn = active?.[0];
  const activeCell = activeRow === undefined || activeColumn === undefined ? undefined : { row: activeRow, column: activeColumn };
  return { selection, activeCell, currentCell, select, listCell, setListCell };
}
