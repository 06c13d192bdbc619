/**
 * A refresh: the table rewritten in place (same sheet, position and name). exceljs's own table API cannot do it (a
 * table loaded from a file has no rows to `commit`), so the cells are written here and the table's range set after
 * (`exceljs-table.ts`). Everything is read and checked before the first cell changes:
 *
 * 1. Layout: the pulled columns must be the table's leading columns, in order; no totals row.
 * 2. Old rows: each row's key, the user columns' cells (value, formula, style) and the pulled columns' formats.
 * 3. Room: rows the table gains go into the empty cells below it (something there: refused, nothing changed;
 *    Excel would push it down, exceljs cannot move tables, lists and formulas with it).
 * 4. Write: pulled cells in the format the column keeps (`refreshFormat`: the user's stays, the add-in's follows the
 *    pull), user cells with their record (matched by key; a formula's relative rows move with it); surplus old rows
 *    emptied (values, formats, lists); the table's range; the code columns' lists.
 */

import type { Cell, CellValue as ExceljsValue, Style, Worksheet } from 'exceljs';
import type { CellValue } from '../../sync/cell-values';
import { RecordMatcher } from '../../sync/record-matcher';
import { refreshFormat } from '../../sync/refresh-format';
import { shiftFormulaRows } from '../../sync/shift-formula-rows';
import { TableLayoutError } from '../../sync/table-layout-error';
import type { TableSpec } from '../../sync/workbook-port';
import { formatsOfRow, writeCell } from './body-cells';
import { cellValueOf } from './cell-value-of';
import { clearCodeLists, setCodeLists } from './code-lists';
import { setBodyRows, type XlsxTable } from './exceljs-table';

interface UserCell {
  value: ExceljsValue;
  style: Partial<Style>;
}

/** Step 1: the user columns' headers. */
function checkLayout(table: XlsxTable, spec: TableSpec): string[] {
  const names = table.model.columns.map((c) => c.name);
  const expected = spec.columns.map((c) => c.header);
  if (table.model.totalsRow === true || names.length < expected.length || expected.some((h, i) => names[i] !== h)) {
    throw new TableLayoutError(
      `Table ${spec.tableName} does not start with the columns ${JSON.stringify(expected)}; found ${JSON.stringify(names)}.`,
    );
  }
  return names.slice(expected.length);
}

/** A user cell `delta` rows further: a formula's relative rows move with it (as Excel's copy and paste). */
export function movedValue(cell: Cell, delta: number): ExceljsValue {
  const value = cell.value as { formula?: string; sharedFormula?: string; result?: unknown } | null;
  if (delta === 0 || typeof value !== 'object' || value === null || (value.formula === undefined && value.sharedFormula === undefined))
    return cell.value;
  // The cached result stays: the cells it refers to in its own row moved with it (Excel recalculates on opening).
  return { formula: shiftFormulaRows(`=${cell.formula}`, delta).slice(1), result: value.result } as ExceljsValue;
}

/** Step 3: the cells a table of `newRows` rows grows into must be empty. */
function checkRoom(table: XlsxTable, spec: TableSpec, newRows: number): void {
  for (let r = table.bodyRows + 1; r <= newRows; r += 1) {
    for (let c = 0; c < table.width; c += 1) {
      const cell = table.sheet.getCell(table.headerRow + r, table.column + c);
      if (cell.value !== null && cell.value !== undefined && cell.value !== '') {
        throw new TableLayoutError(
          `Table ${spec.tableName} cannot grow to ${newRows} rows: ${table.sheet.name}!${cell.address} below it is not empty.`,
        );
      }
    }
  }
}

function userCellsOf(sheet: Worksheet, row: number, first: number, width: number, delta: number): UserCell[] {
  return Array.from({ length: width }, (_, c) => {
    const cell = sheet.getCell(row, first + c);
    return { value: movedValue(cell, delta), style: { ...cell.style } };
  });
}

export function refreshTable(table: XlsxTable, spec: TableSpec, keyIndex: number, rows: readonly CellValue[][]): string[] {
  const userHeaders = checkLayout(table, spec); // 1
  const { sheet, headerRow: top, column: left } = table;
  const oldRows = table.bodyRows; // 2
  const pulled = spec.columns.length;
  const oldKeys = Array.from({ length: oldRows }, (_, r) => cellValueOf(sheet.getCell(top + 1 + r, left + keyIndex)));
  const formatsOf = formatsOfRow(
    spec.columns,
    spec.columns.map((c, i) => refreshFormat(c, sheet.getCell(top + 1, left + i).numFmt)),
  );
  const matcher = new RecordMatcher(oldKeys);
  const newStyleOfUser = userCellsOf(sheet, top + 1, left + pulled, userHeaders.length, 0).map((u) => ({ value: null, style: u.style }));
  const user = rows.map((row, r) => {
    const from = matcher.take(row[keyIndex] ?? '');
    return from < 0 ? newStyleOfUser : userCellsOf(sheet, top + 1 + from, left + pulled, userHeaders.length, r - from);
  });
  checkRoom(table, spec, rows.length); // 3
  clearCodeLists(table, spec, oldRows); // 4
  rows.forEach((row, r) => {
    const formats = formatsOf(row);
    row.forEach((value, c) => writeCell(sheet.getCell(top + 1 + r, left + c), value, formats[c] ?? 'General'));
    user[r]?.forEach((cell, c) => {
      const target = sheet.getCell(top + 1 + r, left + pulled + c);
      target.style = cell.style;
      target.value = cell.value;
    });
  });
  for (let r = rows.length; r < Math.max(oldRows, 1); r += 1) {
    for (let c = 0; c < table.width; c += 1) {
      const cell = sheet.getCell(top + 1 + r, left + c);
      cell.value = null;
      // The blank row an empty table keeps is formatted as its columns are; a removed row keeps no format.
      cell.style = r === 0 ? { numFmt: formatsOf(spec.columns.map(() => ''))[c] ?? 'General' } : {};
    }
  }
  setBodyRows(table, rows.length);
  setCodeLists(table, spec);
  return userHeaders;
}
