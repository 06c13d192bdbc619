/**
 * Writes a laid-out sheet (`src/sync/workbook-layout`) onto a new worksheet of an exceljs workbook: values, formulas
 * in their file form, and each cell style as fonts, fills and number formats. Amounts take the company currency when
 * it is known, the plain amount format otherwise. Text from the catalogs is written as text-formatted values.
 */

import type { Cell, Workbook, Worksheet } from 'exceljs';
import { amountFormat } from '../../sync/amount-format';
import { TEXT_FORMAT } from '../../sync/cell-values';
import type { CellStyle, LayoutCell, SheetLayout } from '../../sync/workbook-layout/sheet-layout';
import { toFileFormula } from './file-formula';

export interface LayoutOptions {
  /** The company currency, when known: amounts show it. */
  currency?: string | null;
}

/** The add-in's input look and the stamp's grey (as src/hosts/excel/input-style.ts and the stamp). */
const INPUT_FILL = 'FFEEF4FB';
const INPUT_FONT = 'FF1F4E9E';
const NOTE_FONT = 'FF595959';
/** The height of a line of Calibri 11, in points. */
const LINE_HEIGHT_PT = 15;

export function writeSheetLayout(workbook: Workbook, layout: SheetLayout, options: LayoutOptions = {}): Worksheet {
  const sheet = workbook.addWorksheet(layout.name, {
    views: layout.frozenRows ? [{ state: 'frozen', ySplit: layout.frozenRows }] : [],
    pageSetup: { orientation: layout.landscape ? 'landscape' : 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  for (const [column, width] of layout.widths) sheet.getColumn(column).width = width;
  for (const cell of layout.cells) writeCell(sheet.getCell(cell.row, cell.column), cell, options);
  fitParagraphRows(sheet, layout);
  return sheet;
}

function writeCell(cell: Cell, layout: LayoutCell, options: LayoutOptions): void {
  styleCell(cell, layout.style, options);
  const value = layout.value;
  if (typeof value === 'object') cell.value = { formula: toFileFormula(value.formula) };
  else {
    if (typeof value === 'string') cell.numFmt = TEXT_FORMAT;
    cell.value = value;
  }
}

function styleCell(cell: Cell, style: CellStyle, options: LayoutOptions): void {
  switch (style) {
    case 'title':
      cell.font = { bold: true, size: 14 };
      return;
    case 'note':
      cell.font = { italic: true, color: { argb: NOTE_FONT } };
      return;
    case 'section':
      cell.font = { bold: true, size: 12 };
      return;
    case 'header':
    case 'figureHeader':
    case 'month':
      cell.font = { bold: true };
      cell.border = { bottom: { style: 'thin' } };
      if (style !== 'header') cell.alignment = { horizontal: 'right' };
      if (style === 'month') cell.numFmt = 'mmm yyyy';
      return;
    case 'amount':
      cell.numFmt = amountFormat(options.currency);
      return;
    case 'input':
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: INPUT_FILL } };
      cell.font = { color: { argb: INPUT_FONT } };
      cell.numFmt = '0';
      return;
    case 'paragraph':
      cell.alignment = { wrapText: true, vertical: 'top' };
      return;
    case 'label':
      return;
  }
}

/** A wrapped paragraph's row gets the height of its lines (exceljs cannot measure; Excel keeps a set height). */
function fitParagraphRows(sheet: Worksheet, layout: SheetLayout): void {
  for (const cell of layout.cells) {
    if (cell.style !== 'paragraph' || typeof cell.value !== 'string') continue;
    const width = layout.widths.get(cell.column) ?? 10;
    // About 1.1 characters of text per character of width, plus a line of air.
    const lines = Math.max(1, Math.ceil((cell.value.length * 1.1) / width)) + 1;
    sheet.getRow(cell.row).height = lines * LINE_HEIGHT_PT;
  }
}
