/** Writing and reading blocks of cells: the data behind Range.values / formulas / numberFormat / text / valueTypes. */

import type { CellBox } from './address';
import { GENERAL, resultValue, type CellValue } from './cell';
import { contentFromFormula, contentFromValue } from './cell-input';
import { ERROR_MESSAGES, invalidArgument } from './errors';
import { fromR1C1, toR1C1 } from './formula-r1c1';
import { formatResult } from './number-format';
import type { SheetState } from './sheet-state';

export type CellProperty = 'values' | 'formulas' | 'formulasR1C1' | 'numberFormat';

/**
 * The input as a rows x columns matrix. Office.js accepts a single scalar for a multi-cell range (applied to
 * every cell); a 2-D array must match the range exactly, else `InvalidArgument` with Excel's message.
 */
export function toMatrix(input: unknown, rows: number, columns: number): (r: number, c: number) => unknown {
  if (!Array.isArray(input)) return () => input;
  if (input.length !== rows || !input.every((row) => Array.isArray(row) && row.length === columns)) {
    throw invalidArgument(ERROR_MESSAGES.DimensionMismatch);
  }
  const matrix = input as unknown[][];
  return (r, c) => matrix[r]?.[c];
}

export function writeCells(sheet: SheetState, box: CellBox, property: CellProperty, input: unknown, currentYear: number): void {
  const at = toMatrix(input, box.rowCount, box.columnCount);
  // Validate everything first: a rejected write leaves the range untouched.
  for (let r = 0; r < box.rowCount; r += 1) {
    for (let c = 0; c < box.columnCount; c += 1) {
      const v = at(r, c);
      if (property === 'numberFormat' && v !== null && v !== undefined && typeof v !== 'string') throw invalidArgument();
      if (property !== 'numberFormat') {
        if (v !== null && v !== undefined && !['string', 'number', 'boolean'].includes(typeof v)) throw invalidArgument();
        if (typeof v === 'number' && !Number.isFinite(v)) throw invalidArgument();
      }
    }
  }
  for (let r = 0; r < box.rowCount; r += 1) {
    for (let c = 0; c < box.columnCount; c += 1) {
      const row = box.row + r;
      const column = box.column + c;
      const input = at(r, c);
      // R1C1: a scalar written to many cells gives each cell the reference relative to itself.
      const v = property === 'formulasR1C1' && typeof input === 'string' ? fromR1C1(input, row, column) : input;
      if (property === 'numberFormat') {
        if (typeof v === 'string') sheet.setFormat(row, column, v === '' ? GENERAL : v);
        continue;
      }
      const format = sheet.format(row, column);
      const written =
        property === 'values' ? contentFromValue(v, format, currentYear) : contentFromFormula(v, format, currentYear);
      if (!written) continue;
      sheet.setContent(row, column, written.content);
      if (written.autoFormat !== undefined && format === GENERAL) sheet.setFormat(row, column, written.autoFormat);
    }
  }
}

export type ReadProperty = 'values' | 'formulas' | 'formulasR1C1' | 'numberFormat' | 'text' | 'valueTypes';

export function readCells(sheet: SheetState, box: CellBox, property: ReadProperty): CellValue[][] {
  const out: CellValue[][] = [];
  for (let r = 0; r < box.rowCount; r += 1) {
    const line: CellValue[] = [];
    for (let c = 0; c < box.columnCount; c += 1) line.push(readCell(sheet, box.row + r, box.column + c, property));
    out.push(line);
  }
  return out;
}

function readCell(sheet: SheetState, row: number, column: number, property: ReadProperty): CellValue {
  const cell = sheet.cell(row, column);
  const format = cell?.format ?? GENERAL;
  if (property === 'numberFormat') return format;
  // Office.js #6687: formulas of a constant is its value; the quote prefix is not part of it.
  if (property === 'formulas' && cell?.content?.kind === 'Formula') return cell.content.formula;
  if (property === 'formulasR1C1' && cell?.content?.kind === 'Formula') return toR1C1(cell.content.formula, row, column);
  const result = sheet.result(row, column);
  if (property === 'valueTypes') return result.kind;
  if (property === 'text') return formatResult(result, format);
  return resultValue(result);
}
