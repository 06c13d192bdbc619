/**
 * Column widths of a table the host creates, as the Excel host fits them (header and the first `FIT_ROWS` values,
 * room for the header's filter button, capped at 240 pt), estimated by characters: exceljs cannot measure text.
 * A width is in Excel's character units (the width of `0` in Calibri 11, 7 px; 240 pt = 320 px ≈ 45 characters).
 * A cell counts as the text Excel shows: a text as it is, an amount with its thousands separators, two decimals and
 * currency code, a date as `yyyy-mm-dd`. Only columns at the standard width (never set) are fitted: a width the user
 * chose on an existing sheet is kept; a refresh sets no width.
 */

import type { Worksheet } from 'exceljs';
import type { CellValue } from '../../sync/cell-values';
import type { ColumnSpec } from '../../sync/workbook-port';

export const FIT_ROWS = 200;
/** 240 pt (320 px) in character units: (320 - 5) / 7. */
export const MAX_FIT_CHARACTERS = 45;
/** The header's filter button (16 px) and the cell's margins, in characters. */
const BUTTON_CHARACTERS = 3;
const MARGIN_CHARACTERS = 1;

function shownLength(column: ColumnSpec, value: CellValue, format: string): number {
  if (value === '') return 0;
  switch (column.type) {
    case 'date':
      return 10;
    case 'datetime':
      return 19;
    case 'amount': {
      const digits = Math.abs(Math.trunc(Number(value))).toString().length;
      const currency = /\[\$[A-Z]{3}\]/.test(format) ? 4 : 0;
      return (Number(value) < 0 ? 1 : 0) + digits + Math.floor((digits - 1) / 3) + 3 + currency;
    }
    default:
      return String(value).length;
  }
}

export function fitColumnWidths(
  sheet: Worksheet,
  firstColumn: number,
  columns: readonly ColumnSpec[],
  rows: readonly (readonly CellValue[])[],
  formatOf: (row: number, column: number) => string,
): void {
  columns.forEach((column, c) => {
    const sheetColumn = sheet.getColumn(firstColumn + c);
    if (sheetColumn.width !== undefined) return;
    let widest = column.header.length + BUTTON_CHARACTERS;
    const count = Math.min(rows.length, FIT_ROWS);
    for (let r = 0; r < count; r += 1) widest = Math.max(widest, shownLength(column, rows[r]?.[c] ?? '', formatOf(r, c)));
    sheetColumn.width = Math.min(MAX_FIT_CHARACTERS, widest + MARGIN_CHARACTERS);
  });
}
