/**
 * A first write: a real Excel table (exceljs `addTable`, Excel's default look: TableStyleMedium2, banded rows, filter
 * buttons) at the spec's anchor on its sheet, the header as given (text-formatted), every cell in its column's format
 * (or its row's), the widths fitted, the header frozen on a sheet this write adds, the code columns' lists. On a sheet
 * the user has, the area must be empty; nothing is changed if it is not.
 */

import type { Workbook, Worksheet } from 'exceljs';
import { numberFormatFor, TEXT_FORMAT, type CellValue } from '../../sync/cell-values';
import { isRowFormatted } from '../../sync/row-formats';
import { TableLayoutError } from '../../sync/table-layout-error';
import { parseAnchor } from '../../sync/tables/table-spec-check';
import type { TableSpec } from '../../sync/workbook-port';
import { formatsOfRow, setFormat, writeCell } from './body-cells';
import { setCodeLists } from './code-lists';
import { addressOf, findTable, setBodyRows, type XlsxTable } from './exceljs-table';
import { fitColumnWidths } from './fit-column-widths';

/** Refuses an area holding anything (a value, a formula) where the header and rows would go; looks only at the rows the sheet has. */
function checkEmpty(sheet: Worksheet, spec: TableSpec, top: number, left: number, height: number): void {
  sheet.eachRow((row, r) => {
    if (r < top || r >= top + height) return;
    row.eachCell((cell, c) => {
      if (c < left || c >= left + spec.columns.length) return;
      if (cell.value !== null && cell.value !== undefined && cell.value !== '') {
        throw new TableLayoutError(`The cell ${spec.sheetName}!${cell.address} where table ${spec.tableName} would go is not empty.`);
      }
    });
  });
}

/** Where a new table goes: its sheet (added or the user's, checked empty over the area) and its first cell. */
interface NewTablePlace {
  sheet: Worksheet;
  added: boolean;
  top: number;
  left: number;
}

function placeOf(workbook: Workbook, spec: TableSpec, bodyRows: number): NewTablePlace {
  const anchor = parseAnchor(spec.anchor ?? 'A1');
  const top = anchor.row + 1;
  const left = anchor.column + 1;
  const existing = workbook.getWorksheet(spec.sheetName);
  if (existing !== undefined) checkEmpty(existing, spec, top, left, Math.max(1, bodyRows) + 1);
  return { sheet: existing ?? workbook.addWorksheet(spec.sheetName), added: existing === undefined, top, left };
}

/**
 * The table without its body cells: exceljs's table over one blank row, its range set to `bodyRows`, the header
 * written (text-formatted). The caller writes the body (or keeps it apart: `big-table.ts`).
 */
export function addTableShell(workbook: Workbook, spec: TableSpec, bodyRows: number): { table: XlsxTable; place: NewTablePlace } {
  const place = placeOf(workbook, spec, bodyRows);
  const { sheet, top, left } = place;
  place.sheet.addTable({
    name: spec.tableName,
    ref: addressOf(top, left),
    headerRow: true,
    totalsRow: false,
    style: { theme: 'TableStyleMedium2', showRowStripes: true },
    columns: spec.columns.map((c) => ({ name: c.header, filterButton: true })),
    rows: [spec.columns.map(() => null)],
  });
  const table = findTable(workbook, spec.tableName);
  if (table === null) throw new TableLayoutError(`Table ${spec.tableName} was not added.`);
  setBodyRows(table, bodyRows);
  spec.columns.forEach((c, i) => writeCell(sheet.getCell(top, left + i), c.header, TEXT_FORMAT));
  return { table, place };
}

/** Widths, the frozen header on a sheet the write adds; `rows` are the first rows (the widths look at 200). */
export function finishNewTable(
  place: NewTablePlace,
  spec: TableSpec,
  rows: readonly CellValue[][],
  formatAt: (row: number, column: number) => string,
): void {
  const { sheet, top, left } = place;
  fitColumnWidths(sheet, left, spec.columns, rows, formatAt);
  // Everything above the first body row stays in view (the header, and the stamp above it) on a sheet the write adds.
  if (place.added) sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: top, topLeftCell: addressOf(top + 1, 1) }];
}

export function writeNewTable(workbook: Workbook, spec: TableSpec, rows: readonly CellValue[][]): XlsxTable {
  const { table, place } = addTableShell(workbook, spec, rows.length);
  const { sheet, top, left } = place;
  const formatsOf = formatsOfRow(
    spec.columns,
    spec.columns.map((c) => (isRowFormatted(c) ? null : numberFormatFor(c))),
  );
  const rowFormats = rows.map((row) => formatsOf(row));
  rows.forEach((row, r) =>
    row.forEach((value, c) => writeCell(sheet.getCell(top + 1 + r, left + c), value, rowFormats[r]?.[c] ?? 'General')),
  );
  // An empty table's blank row is formatted as its columns would be.
  if (rows.length === 0) formatsOf(spec.columns.map(() => '')).forEach((f, c) => setFormat(sheet.getCell(top + 1, left + c), f));
  finishNewTable(place, spec, rows, (r, c) => rowFormats[r]?.[c] ?? 'General');
  setCodeLists(table, spec);
  return table;
}
