/**
 * The grid follows `range.select()`: when the add-in selects a range (the pane's *Show in sheet*), the grid selects
 * its first cell and scrolls it into view, as Excel does. Only a selection the workbook changed is followed: the one
 * a sheet opens with is not, and the user's own clicks move the grid's selection, not the workbook's.
 */

import type { DataEditorRef } from '@glideapps/glide-data-grid';
import { useEffect, useRef, type RefObject } from 'react';
import type { SimulatedWorkbook } from '../excel-sim';
import { cellSelection } from './grid-selection';
import type { GridSelectionState } from './use-grid-selection';

export interface ApiSelectionInput {
  workbook: SimulatedWorkbook;
  sheet: string;
  /** The workbook's version: the effect looks again at every change. */
  version: number;
  select: GridSelectionState['select'];
  grid: RefObject<DataEditorRef>;
}

export function useApiSelection({ workbook, sheet, version, select, grid }: ApiSelectionInput): void {
  // The selection last seen per sheet, as `row:column`.
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    // A file just opened: the grid may still name a sheet the new workbook lacks, for one render.
    if (!workbook.sheetNames().includes(sheet)) return;
    const box = workbook.selection(sheet);
    const key = `${box.row}:${box.column}`;
    const before = seen.current.get(sheet);
    seen.current.set(sheet, key);
    // The user's own selection (the grid told the workbook) is already the grid's: nothing to follow.
    if (before === undefined || before === key || workbook.selectedByUser(sheet)) return;
    select(cellSelection(box.column, box.row));
    grid.current?.scrollTo(box.column, box.row, 'both', 0, 0, { vAlign: 'center' });
  }, [workbook, sheet, version, select, grid]);
}
