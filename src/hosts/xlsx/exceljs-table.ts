/**
 * The one place that reads and changes exceljs's table model. exceljs's `Table` API (`addRow`, `commit`) works only on
 * a table added in this session (a table loaded from a file has no `rows`), and its typings leave out the model that
 * is written to the file (`tableRef`, `autoFilterRef`). Both hosts' tables are kept right here: the table's `ref` and
 * its filter's range always cover the header and the body rows, which is what Excel checks when it opens the file.
 */

import type { Table, Workbook, Worksheet } from 'exceljs';
import { parseAnchor } from '../../sync/tables/table-spec-check';

/** The part of exceljs's table model this host uses (what `xl/tables/tableN.xml` is written from). */
export interface ExceljsTableModel {
  name: string;
  tableRef?: string;
  autoFilterRef?: string;
  ref?: string;
  headerRow?: boolean;
  totalsRow?: boolean;
  columns: Array<{ name: string; filterButton?: boolean }>;
}

/** A table where it lies: header row and first column (1-based, as exceljs counts), columns, body rows. */
export interface XlsxTable {
  sheet: Worksheet;
  model: ExceljsTableModel;
  headerRow: number;
  column: number;
  width: number;
  bodyRows: number;
}

function modelOf(table: Table): ExceljsTableModel {
  return (table as unknown as { model: ExceljsTableModel }).model;
}

export function tablesOf(sheet: Worksheet): Table[] {
  // exceljs types getTables() as tuples; it returns the tables.
  return sheet.getTables() as unknown as Table[];
}

/** `A2:F10` → 1-based corners. */
function corners(ref: string): { top: number; left: number; bottom: number; right: number } {
  const [from = '', to = from] = ref.split(':');
  const a = parseAnchor(from);
  const b = parseAnchor(to);
  return { top: a.row + 1, left: a.column + 1, bottom: b.row + 1, right: b.column + 1 };
}

/** The table of that name (table names are case-insensitive in Excel), on any sheet, or null. */
export function findTable(workbook: Workbook, name: string): XlsxTable | null {
  const wanted = name.toLowerCase();
  for (const sheet of workbook.worksheets) {
    for (const table of tablesOf(sheet)) {
      const model = modelOf(table);
      if (model.name.toLowerCase() !== wanted) continue;
      const { top, left, bottom } = corners(model.tableRef ?? model.ref ?? 'A1');
      const totals = model.totalsRow === true ? 1 : 0;
      return { sheet, model, headerRow: top, column: left, width: model.columns.length, bodyRows: bottom - top - totals };
    }
  }
  return null;
}

/** An A1 address from 1-based row and column. */
export function addressOf(row: number, column: number): string {
  let letters = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return `${letters}${row}`;
}

/** The table's range after its body has `bodyRows` rows (at least one: Excel keeps a blank row in an empty table). */
export function setBodyRows(table: XlsxTable, bodyRows: number): string {
  const rows = Math.max(1, bodyRows);
  const ref = `${addressOf(table.headerRow, table.column)}:${addressOf(table.headerRow + rows, table.column + table.width - 1)}`;
  table.model.tableRef = ref;
  table.model.autoFilterRef = ref;
  table.bodyRows = rows;
  return ref;
}

/** Moves the table `rows` rows down (a sheet row inserted above it). */
export function moveTableDown(table: XlsxTable, rows: number): void {
  table.headerRow += rows;
  table.model.ref = addressOf(table.headerRow, table.column);
  setBodyRows(table, table.bodyRows);
}

/** Every table of the sheet, placed. */
export function sheetTables(workbook: Workbook, sheet: Worksheet): XlsxTable[] {
  return tablesOf(sheet).flatMap((t) => {
    const found = findTable(workbook, modelOf(t).name);
    return found === null ? [] : [found];
  });
}
