/**
 * A workbook file as the preview's workbook (Open): each worksheet of an exceljs workbook, in order, becomes a sheet
 * of a simulation snapshot with its visibility, cells (values, dates as serials, formulas back in Excel's form,
 * number formats), styles, widths, heights, frozen panes and in-cell lists; its tables with their place, columns and
 * look (an empty table's blank row stays Excel's insert row, which the first rows written fill); the active sheet
 * and the add-in's document settings. Cached formula results are dropped: the simulation calculates.
 */

import type { Cell, DataValidation, Worksheet } from 'exceljs';
import { parseAnchor } from '../../sync/tables/table-spec-check';
import { fromFileFormula } from '../../hosts/xlsx/file-formula';
import { tablesOf } from '../../hosts/xlsx/exceljs-table';
import type { XlsxDocument } from '../../hosts/xlsx/xlsx-document';
import type { Content } from '../excel-sim/model/cell';
import type { SheetCells, Visibility } from '../excel-sim/model/sheet-state';
import type { CellStyle } from '../excel-sim/model/style-state';
import type { TableState } from '../excel-sim/model/types';
import type { CellValidation, ListSourceRef } from '../excel-sim/model/validation-state';
import { SNAPSHOT_VERSION, type SheetSnapshot, type WorkbookSnapshot } from '../excel-sim/model/workbook-snapshot';
import { pointsOfCharacters } from './column-units';

const VISIBILITY: Record<string, Visibility> = { visible: 'Visible', hidden: 'Hidden', veryHidden: 'VeryHidden' };
const MS_PER_DAY = 86_400_000;
const UNIX_EPOCH_SERIAL = 25_569;

/** Ids as the simulation makes them (`{sheet-00000001}`), counted from 1; the snapshot's counter continues after. */
class Ids {
  next = 1;
  make(prefix: string): string {
    return `{${prefix}-${String(this.next++).padStart(8, '0')}}`;
  }
}

export function snapshotOfWorkbookFile(document: XlsxDocument): WorkbookSnapshot {
  const ids = new Ids();
  const worksheets = document.workbook.worksheets;
  if (worksheets.length === 0) throw new Error('The file has no worksheet.');
  const sheets = worksheets.map((worksheet) => sheetOf(worksheet, ids.make('sheet')));
  const tables = worksheets.flatMap((worksheet, i) => tablesOn(worksheet, sheets[i]?.id ?? '', ids));
  sheets.forEach((sheet, i) => readValidations(worksheets[i] as Worksheet, sheet, sheets));
  const active = document.workbook.views?.[0]?.activeTab ?? 0;
  return {
    version: SNAPSHOT_VERSION,
    sheets,
    tables,
    activeSheetId: (sheets[active] ?? sheets[0])?.id ?? '',
    calculationMode: 'Automatic',
    settings: [...document.settings].map(([key, value]): [string, string] => [key, JSON.stringify(value)]),
    idCounter: ids.next,
  };
}

function sheetOf(worksheet: Worksheet, id: string): SheetSnapshot {
  const cells: SheetCells = { rows: [], columns: [], contents: [], formatIds: [], formats: [] };
  const formatIds = new Map<string, number>();
  const styles: SheetSnapshot['styles'] = [];
  worksheet.eachRow({ includeEmpty: false }, (row) =>
    row.eachCell({ includeEmpty: true }, (cell) => {
      const format = cell.numFmt || 'General';
      const content = contentOf(cell);
      const style = styleOf(cell);
      if (style !== null) styles.push([(cell.row as unknown as number) - 1, (cell.col as unknown as number) - 1, style]);
      if (content === null && format === 'General') return;
      let formatId = formatIds.get(format);
      if (formatId === undefined) {
        formatId = cells.formats.length;
        formatIds.set(format, formatId);
        cells.formats.push(format);
      }
      cells.rows.push((cell.row as unknown as number) - 1);
      cells.columns.push((cell.col as unknown as number) - 1);
      cells.contents.push(content);
      cells.formatIds.push(formatId);
    }),
  );
  return {
    id,
    name: worksheet.name,
    visibility: VISIBILITY[worksheet.state] ?? 'Visible',
    cells,
    styles,
    columnWidths: columnWidthsOf(worksheet),
    rowHeights: rowHeightsOf(worksheet),
    selection: { row: 0, column: 0, rowCount: 1, columnCount: 1 },
    frozen: frozenOf(worksheet),
  };
}

function contentOf(cell: Cell): Content | string | number | boolean | null {
  const value = cell.value as unknown;
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return UNIX_EPOCH_SERIAL + value.getTime() / MS_PER_DAY;
  const v = value as { formula?: string; sharedFormula?: string; richText?: Array<{ text: string }>; text?: unknown; error?: string };
  if (v.formula !== undefined || v.sharedFormula !== undefined) return { kind: 'Formula', formula: `=${fromFileFormula(cell.formula)}` };
  if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
  if (v.error !== undefined) return { kind: 'Error', value: v.error };
  if (typeof v.text === 'string') return v.text;
  return null;
}

function colorOf(color: { argb?: string } | undefined): string | undefined {
  const argb = color?.argb;
  return typeof argb === 'string' && /^[0-9A-Fa-f]{8}$/.test(argb) ? `#${argb.slice(2).toUpperCase()}` : undefined;
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function styleOf(cell: Cell): CellStyle | null {
  const style: CellStyle = {};
  const { font, fill, alignment } = cell;
  if (font?.bold) style.bold = true;
  if (font?.italic) style.italic = true;
  const fontColor = colorOf(font?.color);
  if (fontColor !== undefined) style.fontColor = fontColor;
  if (font?.name !== undefined && font.name !== 'Calibri') style.fontName = font.name;
  if (font?.size !== undefined && font.size !== 11) style.fontSize = font.size;
  const fillColor = fill?.type === 'pattern' && fill.pattern === 'solid' ? colorOf(fill.fgColor) : undefined;
  if (fillColor !== undefined) style.fill = fillColor;
  if (alignment?.horizontal !== undefined) style.horizontalAlignment = upperFirst(alignment.horizontal);
  if (alignment?.vertical !== undefined)
    style.verticalAlignment = alignment.vertical === 'middle' ? 'Center' : upperFirst(alignment.vertical);
  if (alignment?.wrapText) style.wrapText = true;
  return Object.keys(style).length > 0 ? style : null;
}

function columnWidthsOf(worksheet: Worksheet): Array<[number, number]> {
  const widths: Array<[number, number]> = [];
  for (let column = 1; column <= worksheet.columnCount; column += 1) {
    const width = worksheet.getColumn(column).width;
    if (width !== undefined) widths.push([column - 1, pointsOfCharacters(width)]);
  }
  return widths;
}

function rowHeightsOf(worksheet: Worksheet): Array<[number, number]> {
  const heights: Array<[number, number]> = [];
  worksheet.eachRow({ includeEmpty: true }, (row, number) => {
    if (row.height !== undefined && row.height !== null) heights.push([number - 1, row.height]);
  });
  return heights;
}

function frozenOf(worksheet: Worksheet): { rows: number; columns: number } {
  const view = worksheet.views?.[0] as { state?: string; xSplit?: number; ySplit?: number } | undefined;
  return view?.state === 'frozen' ? { rows: view.ySplit ?? 0, columns: view.xSplit ?? 0 } : { rows: 0, columns: 0 };
}

interface LoadedTable {
  name: string;
  tableRef?: string;
  ref?: string;
  headerRow?: boolean;
  totalsRow?: boolean;
  style?: { theme?: string; showRowStripes?: boolean; showColumnStripes?: boolean; showFirstColumn?: boolean; showLastColumn?: boolean };
  columns: Array<{ name: string; filterButton?: boolean }>;
}

function tablesOn(worksheet: Worksheet, sheetId: string, ids: Ids): TableState[] {
  return tablesOf(worksheet).map((table) => {
    const model = (table as unknown as { model: LoadedTable }).model;
    const [from = 'A1', to = from] = (model.tableRef ?? model.ref ?? 'A1').split(':');
    const a = parseAnchor(from);
    const b = parseAnchor(to);
    const box = { row: a.row, column: a.column, rowCount: b.row - a.row + 1, columnCount: b.column - a.column + 1 };
    const showHeaders = model.headerRow !== false;
    return {
      id: ids.make('table'),
      name: model.name,
      sheetId,
      box,
      showHeaders,
      showTotals: model.totalsRow === true,
      style: model.style?.theme ?? 'TableStyleMedium2',
      showBandedRows: model.style?.showRowStripes ?? true,
      showBandedColumns: model.style?.showColumnStripes ?? false,
      showFilterButton: model.columns.some((c) => c.filterButton !== false),
      highlightFirstColumn: model.style?.showFirstColumn ?? false,
      highlightLastColumn: model.style?.showLastColumn ?? false,
      columnNames: model.columns.map((c) => c.name),
      columnIds: model.columns.map((_c, i) => i + 1),
      nextColumnId: model.columns.length + 1,
      emptyBody: showHeaders && box.rowCount === 2 && rowIsBlank(worksheet, a.row + 2, a.column + 1, box.columnCount),
    };
  });
}

function rowIsBlank(worksheet: Worksheet, row: number, column: number, width: number): boolean {
  for (let c = column; c < column + width; c += 1) {
    const value = worksheet.getCell(row, c).value;
    if (value !== null && value !== undefined && value !== '') return false;
  }
  return true;
}

function readValidations(worksheet: Worksheet, sheet: SheetSnapshot, sheets: readonly SheetSnapshot[]): void {
  const model = (worksheet as unknown as { dataValidations: { model: Record<string, DataValidation | undefined> } }).dataValidations.model;
  const records: CellValidation[] = [];
  const index = new Map<DataValidation, number>();
  const cells: Array<[number, number, number]> = [];
  for (const [address, validation] of Object.entries(model)) {
    if (validation === undefined || validation.type !== 'list') continue;
    let i = index.get(validation);
    if (i === undefined) {
      const record = validationOf(validation, sheet, sheets);
      if (record === null) continue;
      i = records.length;
      records.push(record);
      index.set(validation, i);
    }
    const { row, column } = parseAnchor(address);
    cells.push([row, column, i]);
  }
  sheet.validations = { records, cells };
}

function validationOf(validation: DataValidation, sheet: SheetSnapshot, sheets: readonly SheetSnapshot[]): CellValidation | null {
  const formula = String(validation.formulae?.[0] ?? '');
  const source = listSource(formula, sheet, sheets);
  if (source === null) return null;
  const style = validation.errorStyle === 'warning' ? 'Warning' : validation.errorStyle === 'information' ? 'Information' : 'Stop';
  return {
    list: { inCellDropDown: true, source },
    ignoreBlanks: validation.allowBlank ?? true,
    prompt: { message: validation.prompt ?? '', showPrompt: validation.showInputMessage ?? false, title: validation.promptTitle ?? '' },
    errorAlert: {
      message: validation.error ?? '',
      showAlert: validation.showErrorMessage ?? false,
      style,
      title: validation.errorTitle ?? '',
    },
  };
}

/** `"A,B"` → the items as written; `'Sheet'!$A$1:$A$5` or `$A$1:$A$5` → a reference; anything else → null. */
function listSource(formula: string, sheet: SheetSnapshot, sheets: readonly SheetSnapshot[]): string | ListSourceRef | null {
  const quoted = /^"((?:[^"]|"")*)"$/.exec(formula);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/""/g, '"');
  const ref = /^(?:'((?:[^']|'')+)'|([^'!]+))?!?\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/.exec(formula);
  if (ref === null) return null;
  const sheetName = ref[1]?.replace(/''/g, "'") ?? ref[2];
  const target = sheetName === undefined ? sheet : sheets.find((s) => s.name.toLowerCase() === sheetName.toLowerCase());
  if (target === undefined) return null;
  const a = parseAnchor(`${ref[3]}${ref[4]}`);
  const b = parseAnchor(`${ref[5] ?? ref[3]}${ref[6] ?? ref[4]}`);
  return { sheetId: target.id, box: { row: a.row, column: a.column, rowCount: b.row - a.row + 1, columnCount: b.column - a.column + 1 } };
}
