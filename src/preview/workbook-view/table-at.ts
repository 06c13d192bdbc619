/** Which table (if any) covers a cell, and what part of it the cell is: for drawing tables apart and for the status bar. */

import type { TableLayout } from '../excel-sim';

export type TablePart = 'header' | 'band' | 'body' | 'totals';

export function tableAt(tables: readonly TableLayout[], row: number, column: number): TableLayout | undefined {
  return tables.find((t) => row >= t.row && row < t.row + t.rowCount && column >= t.column && column < t.column + t.columnCount);
}

export function tablePart(table: TableLayout, row: number): TablePart {
  if (table.showHeaders && row === table.row) return 'header';
  if (table.showTotals && row === table.row + table.rowCount - 1) return 'totals';
  const dataIndex = row - table.row - (table.showHeaders ? 1 : 0);
  return table.showBandedRows && dataIndex % 2 === 0 ? 'band' : 'body';
}
