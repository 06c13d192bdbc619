/**
 * Rows a push adds to or takes from a table in the file, in the table's columns only (as Excel's `rows.add` and
 * `deleteRowsAt` do): added rows go into the empty cells below the table (something there: refused, nothing changed;
 * Excel would push it down) and take the row above's in-cell lists; deleted rows' cells below move up with their
 * values, formats and lists (a user formula's relative rows with them), the last rows emptied. A table keeps one
 * blank row when its last row goes, as Excel keeps it.
 */

import type { Cell, DataValidation, Worksheet } from 'exceljs';
import { TableLayoutError } from '../../sync/table-layout-error';
import { cellValueOf } from './cell-value-of';
import { setBodyRows, type XlsxTable } from './exceljs-table';
import { movedValue } from './refresh-table';

function validations(sheet: Worksheet): Record<string, DataValidation | undefined> {
  return (sheet as unknown as { dataValidations: { model: Record<string, DataValidation | undefined> } }).dataValidations.model;
}

function cellAt(table: XlsxTable, row: number, column: number): Cell {
  return table.sheet.getCell(table.headerRow + 1 + row, table.column + column);
}

/** Grows the body by `count` rows into the empty cells below it; returns the first new row (0-based). */
export function addBodyRows(table: XlsxTable, count: number): number {
  const first = table.bodyRows;
  for (let r = first; r < first + count; r += 1) {
    for (let c = 0; c < table.width; c += 1) {
      const cell = cellAt(table, r, c);
      if (cellValueOf(cell) !== '')
        throw new TableLayoutError(
          `Table ${table.model.name} cannot grow by ${count} rows: ${table.sheet.name}!${cell.address} below it is not empty.`,
        );
    }
  }
  const lists = validations(table.sheet);
  for (let c = 0; c < table.width; c += 1) {
    const list = first > 0 ? lists[cellAt(table, first - 1, c).address] : undefined;
    if (list !== undefined) for (let r = first; r < first + count; r += 1) lists[cellAt(table, r, c).address] = list;
  }
  setBodyRows(table, first + count);
  return first;
}

function moveCell(from: Cell, to: Cell, delta: number, lists: Record<string, DataValidation | undefined>): void {
  to.style = { ...from.style };
  to.value = movedValue(from, delta);
  const list = lists[from.address];
  if (list === undefined) delete lists[to.address];
  else lists[to.address] = list;
}

/** Deletes body rows (0-based, any order); the rows below move up. */
export function deleteBodyRows(table: XlsxTable, rows: readonly number[]): void {
  const gone = new Set(rows.filter((r) => r >= 0 && r < table.bodyRows));
  if (gone.size === 0) return;
  const kept = Array.from({ length: table.bodyRows }, (_, r) => r).filter((r) => !gone.has(r));
  const lists = validations(table.sheet);
  kept.forEach((from, to) => {
    if (from !== to) for (let c = 0; c < table.width; c += 1) moveCell(cellAt(table, from, c), cellAt(table, to, c), to - from, lists);
  });
  for (let r = kept.length; r < table.bodyRows; r += 1) {
    for (let c = 0; c < table.width; c += 1) {
      const cell = cellAt(table, r, c);
      cell.value = null;
      // The blank row a table keeps keeps its formats and lists; rows below the table keep nothing.
      if (r === 0) continue;
      cell.style = {};
      delete lists[cell.address];
    }
  }
  setBodyRows(table, kept.length);
}
