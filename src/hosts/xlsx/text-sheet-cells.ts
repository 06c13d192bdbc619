/**
 * The very hidden text sheets of the push (baselines, journal) in an exceljs workbook: the sheet found or added
 * very hidden (`state: 'veryHidden'`, as the Excel host's `hidden-text-sheet.ts`: not offered under Unhide), and
 * its cells read and written by 0-based row and column as the layouts in src/sync/push count them. Every cell
 * written is text: format `@` first, then a plain string (`''` leaves the cell empty, as Excel reads it back).
 */

import type { Workbook, Worksheet } from 'exceljs';
import { TEXT_FORMAT, type CellValue } from '../../sync/cell-values';
import { writeCell } from './body-cells';
import { cellValueOf } from './cell-value-of';

export function veryHiddenSheet(workbook: Workbook, name: string): Worksheet {
  const sheet = workbook.getWorksheet(name) ?? workbook.addWorksheet(name);
  sheet.state = 'veryHidden';
  return sheet;
}

/** Cells [row, row + rows) × [column, column + columns), 0-based, as values (`''` for empty). */
export function readCells(sheet: Worksheet, row: number, column: number, rows: number, columns: number): CellValue[][] {
  // findRow/findCell: reading past the end adds no empty rows or cells to the sheet.
  return Array.from({ length: rows }, (_, r) => {
    const line = sheet.findRow(row + r + 1);
    return Array.from({ length: columns }, (_, c) => {
      const cell = line?.findCell(column + c + 1);
      return cell === undefined ? '' : cellValueOf(cell);
    });
  });
}

/** Writes text cells from (row, column), 0-based. */
export function writeTextCells(sheet: Worksheet, row: number, column: number, values: readonly (readonly string[])[]): void {
  values.forEach((line, r) => {
    const target = sheet.getRow(row + r + 1);
    line.forEach((text, c) => writeCell(target.getCell(column + c + 1), text, TEXT_FORMAT));
  });
}

/**
 * Deletes whole sheet rows [row, row + count), 0-based; the rows below move up. exceljs's `spliceRows` moves them
 * but leaves the last `count` rows as they were when fewer than `count` rows follow (a block at the end of the sheet
 * stayed): those are emptied here.
 */
export function deleteSheetRows(sheet: Worksheet, row: number, count: number): void {
  const last = sheet.rowCount;
  sheet.spliceRows(row + 1, count);
  for (let r = Math.max(row + 1, last - count + 1); r <= last; r += 1) {
    sheet.findRow(r)?.eachCell({ includeEmpty: true }, (cell) => {
      cell.value = null;
      cell.style = {};
    });
  }
}
