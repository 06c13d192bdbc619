/** Writing and reading blocks of cells: the data behind Range.values / formulas / numberFormat / text / valueTypes. */

import type { CellBox } from './address';
import { GENERAL as GENERAL_FORMAT, resultValue, type CellValue } from './cell';
import { contentFromFormula, contentFromValue, isPlain, plainContent } from './cell-input';
import { ERROR_MESSAGES, invalidArgument } from '../batch/errors';
import { formatResult } from './number-format';
import { storePlain, type SheetState } from './sheet-state';

/** A module-local copy for the per-cell loops. */
const GENERAL: string = GENERAL_FORMAT;

export type CellProperty = 'values' | 'formulas' | 'formulasR1C1' | 'numberFormat';

/**
 * The input as a rows x columns matrix. Office.js accepts a single scalar for a multi-cell range (applied to
 * every cell); a 2-D array must match the range exactly, else `InvalidArgument` with Excel's message.
 */
function checkedMatrix(input: unknown[], rows: number, columns: number): unknown[][] {
  if (input.length !== rows) throw invalidArgument(ERROR_MESSAGES.DimensionMismatch);
  for (let r = 0; r < rows; r += 1) {
    const row: unknown = input[r];
    if (!Array.isArray(row) || row.length !== columns) throw invalidArgument(ERROR_MESSAGES.DimensionMismatch);
  }
  return input as unknown[][];
}

/** Whether an entry may be written through the property (null/undefined: leave the cell). */
function acceptable(property: CellProperty, v: unknown): boolean {
  if (v === null || v === undefined) return true;
  const type = typeof v;
  if (property === 'numberFormat') return type === 'string';
  if (type === 'number') return Number.isFinite(v);
  return type === 'string' || type === 'boolean';
}

export function writeCells(sheet: SheetState, box: CellBox, property: CellProperty, input: unknown, currentYear: number): void {
  const scalar = !Array.isArray(input);
  const matrix = scalar ? null : checkedMatrix(input, box.rowCount, box.columnCount);
  // Validate everything first: a rejected write leaves the range untouched.
  if (matrix === null) {
    if (box.rowCount > 0 && box.columnCount > 0 && !acceptable(property, input)) throw invalidArgument();
  } else {
    for (let r = 0; r < box.rowCount; r += 1) {
      const line = matrix[r] as unknown[];
      for (let c = 0; c < box.columnCount; c += 1) if (!acceptable(property, line[c])) throw invalidArgument();
    }
  }
  if (property === 'numberFormat' && matrix === null) {
    if (typeof input === 'string') sheet.fillFormat(box, input === '' ? GENERAL : input);
    return;
  }
  for (let r = 0; r < box.rowCount; r += 1) {
    const row = box.row + r;
    const line = matrix === null ? null : (matrix[r] as unknown[]);
    let stored = sheet.storedRow(row);
    for (let c = 0; c < box.columnCount; c += 1) {
      const column = box.column + c;
      const entry = line === null ? input : line[c];
      if (property === 'numberFormat') {
        if (typeof entry === 'string') sheet.setFormat(row, column, entry === '' ? GENERAL : entry);
        continue;
      }
      const cellFormat = stored?.formats[column];
      const format = cellFormat ?? GENERAL;
      // Fast path for entries no typing rule applies to (numbers, booleans, text into `@` cells).
      if (property === 'values' && isPlain(entry, format)) {
        if (stored !== undefined && cellFormat !== undefined) storePlain(stored, column, entry);
        else {
          sheet.setContent(row, column, plainContent(entry, format) ?? null);
          stored = sheet.storedRow(row);
        }
        continue;
      }
      // R1C1: a scalar written to many cells gives each cell the reference relative to itself.
      const v = property === 'formulasR1C1' && typeof entry === 'string' ? sheet.formulas.fromR1C1(entry, row, column) : entry;
      const written = property === 'values' ? contentFromValue(v, format, currentYear) : contentFromFormula(v, format, currentYear);
      if (!written) continue;
      sheet.setContent(row, column, written.content);
      if (written.autoFormat !== undefined && format === GENERAL) sheet.setFormat(row, column, written.autoFormat);
      stored = sheet.storedRow(row);
    }
  }
}

export type ReadProperty = 'values' | 'formulas' | 'formulasR1C1' | 'numberFormat' | 'text' | 'valueTypes';

export function readCells(sheet: SheetState, box: CellBox, property: ReadProperty): CellValue[][] {
  return sheet.readingBlock(() => {
    const out: CellValue[][] = [];
    for (let r = 0; r < box.rowCount; r += 1) {
      const line: CellValue[] = [];
      for (let c = 0; c < box.columnCount; c += 1) line.push(readCell(sheet, box.row + r, box.column + c, property));
      out.push(line);
    }
    return out;
  });
}

function readCell(sheet: SheetState, row: number, column: number, property: ReadProperty): CellValue {
  const format = sheet.format(row, column);
  if (property === 'numberFormat') return format;
  // Office.js #6687: formulas of a constant is its value; the quote prefix is not part of it.
  if (property === 'formulas' || property === 'formulasR1C1') {
    const content = sheet.content(row, column);
    if (content?.kind === 'Formula') return property === 'formulas' ? content.formula : sheet.formulas.toR1C1(content.formula, row, column);
  }
  const result = sheet.result(row, column);
  if (property === 'valueTypes') return result.kind;
  // A cell an array spills into is shown with the anchor's format (when it has none of its own).
  if (property === 'text') return formatResult(result, format === GENERAL && sheet.hasSpills ? sheet.displayFormat(row, column) : format);
  return resultValue(result);
}
