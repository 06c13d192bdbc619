/**
 * The titles above the grid's columns: Excel's column letters, except where a table's header row has scrolled out
 * of view while the table is still in view: then Excel shows the table's column names in place of the letters of
 * its columns. Excel does that while the active cell is in the table; on a sheet whose frozen rows hold the header
 * row, Excel keeps the header row itself on screen, which the preview's grid cannot freeze, so there the names take
 * the letters' place whatever is selected (what the user sees matches: the names stay on top).
 */

import type { TableLayout } from '../excel-sim';
import { columnName } from './column-name';
import { tableAt } from './table-at';

export interface TitleView {
  /** First row in view (0-based). */
  firstRow: number;
  /** Rows the sheet freezes (`worksheet.freezePanes`). */
  frozenRows: number;
  active: { row: number; column: number } | undefined;
}

/** The table whose header names replace the letters, if any. */
export function stickyHeaderTable(tables: readonly TableLayout[], view: TitleView): TableLayout | undefined {
  return tables.find((t) => {
    if (!t.showHeaders || t.row >= view.firstRow || t.row + t.rowCount <= view.firstRow) return false;
    if (t.row < view.frozenRows) return true;
    const { active } = view;
    return active !== undefined && tableAt([t], active.row, active.column) !== undefined;
  });
}

export function columnTitles(count: number, tables: readonly TableLayout[], view: TitleView): string[] {
  const table = stickyHeaderTable(tables, view);
  return Array.from({ length: count }, (_, c) => {
    const name =
      table !== undefined && c >= table.column && c < table.column + table.columnCount ? table.columnNames[c - table.column] : undefined;
    return name ?? columnName(c);
  });
}
