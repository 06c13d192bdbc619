/**
 * A page of text laid out by the core (`src/sync/workbook-layout/sheet-layout.ts`: the template's Plan page, #31) onto
 * an Excel sheet, as the xlsx host writes it into a file: each cell text-formatted before its text (the catalogs'
 * texts stay text), the title large and bold, sections bold, paragraphs wrapped at the top of rows tall enough for
 * their lines, notes italic grey; column widths from characters (Excel's standard column is 8.43 characters, 48
 * points). Only text pages: a formula or an amount cell is refused (the Overview is written into files only).
 */

import type { LayoutCell, SheetLayout } from '../../sync/workbook-layout/sheet-layout';

const POINTS_PER_CHARACTER = 48 / 8.43;
/** The height of a line of Calibri 11, in points. */
const LINE_HEIGHT = 15;
const NOTE_FONT = '#595959';

export function writePage(sheet: Excel.Worksheet, page: SheetLayout): void {
  for (const [column, characters] of page.widths)
    sheet.getRangeByIndexes(0, column - 1, 1, 1).format.columnWidth = Math.round(characters * POINTS_PER_CHARACTER);
  for (const cell of page.cells) writeCell(sheet, cell, page.widths.get(cell.column) ?? 8.43);
}

function writeCell(sheet: Excel.Worksheet, cell: LayoutCell, width: number): void {
  if (typeof cell.value !== 'string') throw new TypeError(`A page holds text only (${cell.row}:${cell.column}).`);
  const range = sheet.getRangeByIndexes(cell.row - 1, cell.column - 1, 1, 1);
  range.numberFormat = [['@']];
  range.values = [[cell.value]];
  const format = range.format;
  if (cell.style === 'title' || cell.style === 'section') {
    format.font.bold = true;
    format.font.size = cell.style === 'title' ? 14 : 12;
  } else if (cell.style === 'note') {
    format.font.italic = true;
    format.font.color = NOTE_FONT;
  } else if (cell.style === 'paragraph') {
    format.wrapText = true;
    format.verticalAlignment = 'Top';
    // About 1.1 characters of text per character of width, plus a line of air (as the xlsx host).
    format.rowHeight = (Math.max(1, Math.ceil((cell.value.length * 1.1) / width)) + 1) * LINE_HEIGHT;
  }
}
