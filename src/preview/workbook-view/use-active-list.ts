/** The active cell's in-cell list (data validation), as the workbook holds it now, and where the cell is on screen. */

import type { DataEditorRef, GridColumn, Rectangle } from '@glideapps/glide-data-grid';
import { useMemo, type RefObject } from 'react';
import type { CellListView, SimulatedWorkbook } from '../excel-sim';
import type { EditedCell } from './cell-editor';

export interface ActiveListSource {
  workbook: SimulatedWorkbook;
  sheet: string;
  version: number;
  active: EditedCell | undefined;
  grid: RefObject<DataEditorRef>;
  /** Grows when the grid scrolled: the cell moved on screen. */
  scrolled: number;
  columns: readonly GridColumn[];
}

export function useActiveList(source: ActiveListSource): { activeList: CellListView | undefined; bounds: Rectangle | undefined } {
  const { workbook, sheet, version, active, grid, scrolled, columns } = source;
  const activeRow = active?.row;
  const activeColumn = active?.column;
  const activeList = useMemo(
    () => (activeRow === undefined || activeColumn === undefined ? undefined : workbook.cellList(sheet, activeRow, activeColumn)),
    [workbook, sheet, activeRow, activeColumn, version],
  );
  const bounds = useMemo(
    () => (activeRow === undefined || activeColumn === undefined ? undefined : grid.current?.getBounds(activeColumn, activeRow)),
    [activeRow, activeColumn, scrolled, version, columns],
  );
  return { activeList, bounds };
}
