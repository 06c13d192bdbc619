/**
 * `Range.format.autofitColumns()`: "Changes the width of the columns of the current range to achieve the best fit,
 * based on the current data in the columns" (Office.js reference). Each column of the range gets the width of the
 * widest text its cells of the range show (`Range.text`, so `1234.5` in `#,##0.00` is measured as `1,234.50`),
 * plus Excel's cell padding; a column with no text in the range keeps its width, as Excel leaves it.
 *
 * Excel measures with the font; the simulation estimates Calibri 11 at 100 %: digits and most lower-case letters
 * 7 px (Excel's "maximum digit width" of the default font), narrow and wide letters apart, bold text (a cell's
 * own bold, and a table's header row, which Excel's table styles show in bold) a tenth wider, 5 px of padding,
 * 0.75 pt per px. The estimate is close enough for widths that fit (a test asserts relations, not pixels).
 */

import type { CellBox } from './address';
import { readCells } from './cell-write';
import type { SheetState } from './sheet-state';

const NARROW = new Set([..."iljtf.,:;'!|I ()[]-"]);
const WIDE = new Set([...'mwMW@%']);
const PADDING_PX = 5;
const BOLD = 1.1;
const POINTS_PER_PX = 0.75;
/** Excel's widest column: 255 characters. */
export const MAX_COLUMN_WIDTH_POINTS = 255 * 7 * POINTS_PER_PX;

/** Estimated width of one line of Calibri 11 text, in px. */
export function textWidthPx(text: string): number {
  let px = 0;
  for (const ch of text) {
    if (NARROW.has(ch)) px += 4;
    else if (WIDE.has(ch)) px += 11;
    else if (ch >= 'A' && ch <= 'Z') px += 8;
    else px += 7;
  }
  return px;
}

/** Estimated width of text as a cell shows it (bold or not), in px: its widest line. */
function shownWidthPx(text: string, bold: boolean): number {
  return Math.max(...text.split('\n').map(textWidthPx)) * (bold ? BOLD : 1);
}

/** The column width (points) that shows `text` whole. */
export function fittingWidth(text: string, bold = false): number {
  return widthForPx(shownWidthPx(text, bold));
}

function widthForPx(px: number): number {
  return Math.min(MAX_COLUMN_WIDTH_POINTS, Math.ceil((px + PADDING_PX) * POINTS_PER_PX * 4) / 4);
}

/**
 * Sets each column of the box to the width of its widest shown text in the box. `boldRow(row, column)`: the cell
 * is shown in bold by a table style (a table's header row).
 */
export function autofitColumns(sheet: SheetState, box: CellBox, boldRow: (row: number, column: number) => boolean = () => false): void {
  // Only rows holding values can widen a column: a whole-column range reads down to the sheet's last stored row
  // (its extent, known in constant time), not a million. Not the used range: finding it walks every cell of the
  // sheet, once per column fitted.
  const top = box.row;
  const bottom = Math.min(box.row + box.rowCount, sheet.extent.rows);
  if (bottom <= top) return;
  const text = readCells(sheet, { ...box, row: top, rowCount: bottom - top }, 'text');
  for (let c = 0; c < box.columnCount; c += 1) {
    const column = box.column + c;
    let widestPx = -1;
    text.forEach((row, r) => {
      const shown = String(row[c] ?? '');
      if (shown === '') return;
      const at = top + r;
      const bold = boldRow(at, column) || sheet.styles.get(at, column)?.bold === true;
      widestPx = Math.max(widestPx, shownWidthPx(shown, bold));
    });
    if (widestPx >= 0) sheet.columnWidths.set(column, widthForPx(widestPx));
  }
}
