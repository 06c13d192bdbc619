/** A1-style addresses: parsing, formatting, and the "is this a cell reference?" test for names. */

import { invalidArgument } from '../batch/errors';

export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** A rectangle of cells, zero-based. */
export interface CellBox {
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
}

export function columnLetters(column: number): string {
  let n = column + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;
const WHOLE_COLUMNS = /^\$?([A-Za-z]{1,3}):\$?([A-Za-z]{1,3})$/;
const WHOLE_ROWS = /^\$?(\d{1,7}):\$?(\d{1,7})$/;

function parseCell(text: string): { row: number; column: number } | null {
  const m = CELL.exec(text);
  if (!m || m[1] === undefined || m[2] === undefined) return null;
  const column = columnIndex(m[1]);
  const row = Number(m[2]) - 1;
  if (column >= MAX_COLUMNS || row < 0 || row >= MAX_ROWS) return null;
  return { row, column };
}

/** Splits `Sheet1!A1:B2` or `'My sheet'!A1` into sheet name (if any) and the local part. */
export function splitSheet(address: string): { sheet: string | undefined; local: string } {
  const bang = address.lastIndexOf('!');
  if (bang < 0) return { sheet: undefined, local: address };
  let sheet = address.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'") && sheet.length >= 2) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet, local: address.slice(bang + 1) };
}

/** Parses the local part of an address (`A1`, `A1:C3`, `A:C`, `2:5`); throws InvalidArgument otherwise. */
export function parseLocalAddress(local: string): CellBox {
  const text = local.trim();
  const cols = WHOLE_COLUMNS.exec(text);
  if (cols && cols[1] !== undefined && cols[2] !== undefined) {
    const a = columnIndex(cols[1]);
    const b = columnIndex(cols[2]);
    if (a < MAX_COLUMNS && b < MAX_COLUMNS) {
      return { row: 0, column: Math.min(a, b), rowCount: MAX_ROWS, columnCount: Math.abs(a - b) + 1 };
    }
  }
  const rows = WHOLE_ROWS.exec(text);
  if (rows && rows[1] !== undefined && rows[2] !== undefined) {
    const a = Number(rows[1]) - 1;
    const b = Number(rows[2]) - 1;
    if (a >= 0 && b >= 0 && a < MAX_ROWS && b < MAX_ROWS) {
      return { row: Math.min(a, b), column: 0, rowCount: Math.abs(a - b) + 1, columnCount: MAX_COLUMNS };
    }
  }
  const parts = text.split(':');
  if (parts.length === 1 || parts.length === 2) {
    const first = parseCell(parts[0] ?? '');
    const last = parts.length === 2 ? parseCell(parts[1] ?? '') : first;
    if (first && last) {
      return {
        row: Math.min(first.row, last.row),
        column: Math.min(first.column, last.column),
        rowCount: Math.abs(first.row - last.row) + 1,
        columnCount: Math.abs(first.column - last.column) + 1,
      };
    }
  }
  throw invalidArgument();
}

/** Whole rows (every column of the sheet). */
export function isWholeRows(box: CellBox): boolean {
  return box.column === 0 && box.columnCount === MAX_COLUMNS;
}

/** Whole columns (every row of the sheet). */
export function isWholeColumns(box: CellBox): boolean {
  return box.row === 0 && box.rowCount === MAX_ROWS;
}

/**
 * Excel's "unbounded" ranges (entire rows or entire columns, however the range was made): cell-level properties
 * read as null on them (learn.microsoft.com, excel-add-ins-ranges-unbounded).
 */
export function isUnbounded(box: CellBox): boolean {
  return isWholeRows(box) || isWholeColumns(box);
}

/**
 * `A1`, `A1:C3`; entire rows as `2:3` (`2:2` for one row, `1:1048576` for the whole sheet, as Excel writes it) and
 * entire columns as `A:B` (`A:A`). Rows take precedence: the whole sheet is `1:1048576`.
 */
export function formatLocalAddress(box: CellBox): string {
  if (isWholeRows(box)) return `${box.row + 1}:${box.row + box.rowCount}`;
  if (isWholeColumns(box)) return `${columnLetters(box.column)}:${columnLetters(box.column + box.columnCount - 1)}`;
  const first = `${columnLetters(box.column)}${box.row + 1}`;
  if (box.rowCount === 1 && box.columnCount === 1) return first;
  return `${first}:${columnLetters(box.column + box.columnCount - 1)}${box.row + box.rowCount}`;
}

/** Excel quotes sheet names that are not plain identifiers. */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !isCellReference(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

export function formatAddress(sheetName: string, box: CellBox): string {
  return `${quoteSheetName(sheetName)}!${formatLocalAddress(box)}`;
}

/** True for names Excel would read as a cell reference: A1 style within the grid, or R1C1 style (R, C, R2, C3, R1C1). */
export function isCellReference(name: string): boolean {
  if (parseCell(name)) return true;
  return /^[Rr](\d*)([Cc](\d*))?$/.test(name) || /^[Cc]\d*$/.test(name);
}

export function checkInGrid(box: CellBox): void {
  if (
    box.row < 0 ||
    box.column < 0 ||
    box.rowCount < 1 ||
    box.columnCount < 1 ||
    box.row + box.rowCount > MAX_ROWS ||
    box.column + box.columnCount > MAX_COLUMNS
  ) {
    throw invalidArgument();
  }
}

export function intersect(a: CellBox, b: CellBox): CellBox | null {
  const row = Math.max(a.row, b.row);
  const column = Math.max(a.column, b.column);
  const rowEnd = Math.min(a.row + a.rowCount, b.row + b.rowCount);
  const columnEnd = Math.min(a.column + a.columnCount, b.column + b.columnCount);
  if (rowEnd <= row || columnEnd <= column) return null;
  return { row, column, rowCount: rowEnd - row, columnCount: columnEnd - column };
}
