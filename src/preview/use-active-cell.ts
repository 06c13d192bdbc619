/**
 * The active cell of the sheet shown and what the page says about it: its address and contents (the formula bar),
 * the table it is in and the message of its error (the status bar), read again after each change of the workbook.
 */

import { useMemo, useState } from 'react';
import type { SimulatedWorkbook, TableLayout } from './excel-sim';
import type { Translator } from './translator';
import { cellEditText } from './workbook-view/cell-edit-text';
import { cellErrorText } from './workbook-view/cell-error';
import { columnName } from './workbook-view/column-name';
import { tableAt } from './workbook-view/table-at';

export interface GridCellAt {
  row: number;
  column: number;
}

export interface ActiveCell {
  cell: GridCellAt;
  setCell(cell: GridCellAt): void;
  /** `B7`. */
  address: string;
  /** What the cell holds as edited (its formula, a number in full). */
  contents: string;
  /** The message of the cell's error (a custom function's, or why an array cannot spill). */
  error: string | undefined;
  /** The table the cell is in, else the sheet's first. */
  table: TableLayout | undefined;
}

export function useActiveCell(workbook: SimulatedWorkbook, sheet: string, version: number, t: Translator): ActiveCell {
  const [cell, setCell] = useState<GridCellAt>({ row: 0, column: 0 });
  const tables = useMemo(() => workbook.tableLayouts().filter((table) => table.sheet === sheet), [workbook, sheet, version]);
  const table = tableAt(tables, cell.row, cell.column) ?? tables[0];
  const error = useMemo(() => cellErrorText(workbook, sheet, cell.row, cell.column, t), [workbook, sheet, cell, t, version]);
  const contents = useMemo(() => cellEditText(workbook.cell(sheet, cell.row, cell.column)), [workbook, sheet, cell, version]);
  return { cell, setCell, address: `${columnName(cell.column)}${cell.row + 1}`, contents, error, table };
}
