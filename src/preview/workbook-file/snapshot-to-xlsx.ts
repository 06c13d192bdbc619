/**
 * The preview's workbook as a workbook file (Download): each sheet of the simulation's snapshot written into an
 * exceljs workbook, in order and with its visibility (the add-in's very hidden sheets stay very hidden), its tables
 * (name, place, columns, look), cells (values, formulas in their file form, number formats), styles, widths and
 * heights, frozen panes and in-cell lists, the active sheet, and the add-in's document settings. Excel recalculates
 * on opening (formulas carry no cached result: the snapshot keeps none).
 */

import type { Cell, DataValidation, Workbook, Worksheet } from 'exceljs';
import { addressOf, findTable, setBodyRows } from '../../hosts/xlsx/exceljs-table';
import { toFileFormula } from '../../hosts/xlsx/file-formula';
import { newXlsxDocument, type XlsxDocument } from '../../hosts/xlsx/xlsx-document';
import type { SheetSnapshot, WorkbookSnapshot } from '../excel-sim/model/workbook-snapshot';
import type { CellStyle } from '../excel-sim/model/style-state';
import type { TableState } from '../excel-sim/model/types';
import type { CellValidation } from '../excel-sim/model/validation-state';
import { charactersOfPoints } from './column-units';

const VISIBILITY = { Visible: 'visible', Hidden: 'hidden', VeryHidden: 'veryHidden' } as const;

export function workbookFileOf(snapshot: WorkbookSnapshot): XlsxDocument {
  const document = newXlsxDocument();
  for (const sheet of snapshot.sheets) {
    const worksheet = addSheet(document.workbook, sheet);
    // Tables first: exceljs writes a new table's header and rows into the cells, which the sheet's own cells then replace.
    for (const table of snapshot.tables.filter((t) => t.sheetId === sheet.id)) addTable(document.workbook, worksheet, table);
    writeCells(worksheet, sheet);
    writeStyles(worksheet, sheet);
    writeValidations(worksheet, sheet, snapshot);
  }
  showActiveSheet(document.workbook, snapshot);
  for (const [key, json] of snapshot.settings) document.settings.set(key, JSON.parse(json) as unknown);
  document.workbook.calcProperties.fullCalcOnLoad = true;
  return document;
}

function addSheet(workbook: Workbook, sheet: SheetSnapshot): Worksheet {
  const { rows, columns } = sheet.frozen ?? { rows: 0, columns: 0 };
  const worksheet = workbook.addWorksheet(sheet.name, {
    state: VISIBILITY[sheet.visibility],
    views: rows + columns > 0 ? [{ state: 'frozen', xSplit: columns, ySplit: rows, topLeftCell: addressOf(rows + 1, columns + 1) }] : [],
  });
  for (const [column, points] of sheet.columnWidths) worksheet.getColumn(column + 1).width = charactersOfPoints(points);
  for (const [row, points] of sheet.rowHeights) worksheet.getRow(row + 1).height = points;
  return worksheet;
}

function addTable(workbook: Workbook, worksheet: Worksheet, table: TableState): void {
  const headers = table.showHeaders ? 1 : 0;
  const bodyRows = table.box.rowCount - headers - (table.showTotals ? 1 : 0);
  worksheet.addTable({
    name: table.name,
    ref: addressOf(table.box.row + 1, table.box.column + 1),
    headerRow: table.showHeaders,
    totalsRow: false,
    style: {
      theme: table.style as 'TableStyleMedium2',
      showRowStripes: table.showBandedRows,
      showColumnStripes: table.showBandedColumns,
      showFirstColumn: table.highlightFirstColumn,
      showLastColumn: table.highlightLastColumn,
    },
    columns: table.columnNames.map((name) => ({ name, filterButton: table.showFilterButton })),
    rows: Array.from({ length: Math.max(1, bodyRows) }, () => table.columnNames.map(() => null)),
  });
  const placed = findTable(workbook, table.name);
  // A totals row is written as the table's last body row (exceljs needs a function per column for a real one).
  if (placed !== null) setBodyRows(placed, bodyRows + (table.showTotals ? 1 : 0));
}

function writeCells(worksheet: Worksheet, sheet: SheetSnapshot): void {
  const { rows, columns, contents, formatIds, formats } = sheet.cells;
  for (let i = 0; i < rows.length; i += 1) {
    const cell = worksheet.getCell((rows[i] ?? 0) + 1, (columns[i] ?? 0) + 1);
    const format = formats[formatIds[i] ?? -1];
    if (format !== undefined && format !== 'General') cell.numFmt = format;
    setContent(cell, contents[i] ?? null);
  }
}

function setContent(cell: Cell, content: SheetSnapshot['cells']['contents'][number]): void {
  if (content === null) cell.value = null;
  else if (typeof content !== 'object') cell.value = content;
  else if (content.kind === 'Formula') cell.value = { formula: toFileFormula(content.formula.replace(/^=/, '')), date1904: false };
  else if (content.kind === 'Error') cell.value = { error: content.value as '#N/A' };
  else cell.value = content.value;
}

function writeStyles(worksheet: Worksheet, sheet: SheetSnapshot): void {
  for (const [row, column, style] of sheet.styles) applyStyle(worksheet.getCell(row + 1, column + 1), style);
}

function argb(color: string): string {
  return `FF${color.replace('#', '').toUpperCase()}`;
}

function applyStyle(cell: Cell, style: CellStyle): void {
  const font: Partial<Cell['font']> = {};
  if (style.bold !== undefined) font.bold = style.bold;
  if (style.italic !== undefined) font.italic = style.italic;
  if (style.fontColor !== undefined) font.color = { argb: argb(style.fontColor) };
  if (style.fontName !== undefined) font.name = style.fontName;
  if (style.fontSize !== undefined) font.size = style.fontSize;
  if (Object.keys(font).length > 0) cell.font = font;
  if (style.fill !== undefined) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(style.fill) } };
  const alignment: Partial<Cell['alignment']> = {};
  if (style.horizontalAlignment !== undefined && style.horizontalAlignment !== 'General')
    alignment.horizontal = lowerFirst(style.horizontalAlignment) as 'left';
  if (style.verticalAlignment !== undefined) alignment.vertical = lowerFirst(style.verticalAlignment) as 'top';
  if (style.wrapText !== undefined) alignment.wrapText = style.wrapText;
  if (Object.keys(alignment).length > 0) cell.alignment = alignment;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function writeValidations(worksheet: Worksheet, sheet: SheetSnapshot, snapshot: WorkbookSnapshot): void {
  const { records = [], cells = [] } = sheet.validations ?? {};
  for (const [row, column, index] of cells) {
    const record = records[index];
    const validation = record === undefined ? null : dataValidationOf(record, snapshot);
    if (validation !== null) worksheet.getCell(row + 1, column + 1).dataValidation = validation;
  }
}

function dataValidationOf(record: CellValidation, snapshot: WorkbookSnapshot): DataValidation | null {
  if (record.list === null) return null;
  const source = record.list.source;
  let formula: string;
  if (typeof source === 'string') formula = `"${source.replace(/"/g, '""')}"`;
  else {
    const sheet = snapshot.sheets.find((s) => s.id === source.sheetId);
    if (sheet === undefined) return null;
    const { row, column, rowCount, columnCount } = source.box;
    const from = addressOf(row + 1, column + 1).replace(/([A-Z]+)(\d+)/, '$$$1$$$2');
    const to = addressOf(row + rowCount, column + columnCount).replace(/([A-Z]+)(\d+)/, '$$$1$$$2');
    formula = `'${sheet.name.replace(/'/g, "''")}'!${from}:${to}`;
  }
  return {
    type: 'list',
    allowBlank: record.ignoreBlanks,
    showInputMessage: record.prompt.showPrompt,
    promptTitle: record.prompt.title,
    prompt: record.prompt.message,
    showErrorMessage: record.errorAlert.showAlert,
    errorStyle: record.errorAlert.style === 'Stop' ? 'stop' : record.errorAlert.style === 'Warning' ? 'warning' : 'information',
    errorTitle: record.errorAlert.title,
    error: record.errorAlert.message,
    formulae: [formula],
  };
}

function showActiveSheet(workbook: Workbook, snapshot: WorkbookSnapshot): void {
  const index = Math.max(
    0,
    snapshot.sheets.findIndex((s) => s.id === snapshot.activeSheetId),
  );
  workbook.views = [{ x: 0, y: 0, width: 20000, height: 12000, firstSheet: 0, activeTab: index, visibility: 'visible' }];
}
