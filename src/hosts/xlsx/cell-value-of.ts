/**
 * What a cell holds, as the Excel host reads `Range.values`: string, number, boolean, `''` for empty. A date exceljs
 * read from a file (a number in a date format becomes a `Date`) is its serial again, in UTC (exceljs makes the Date
 * from the serial in UTC, so no local time enters); a formula is its cached result; rich text its plain text; a
 * hyperlink its text; an error its code (`#N/A`).
 */

import type { Cell } from 'exceljs';
import type { CellValue } from '../../sync/cell-values';

const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel serial. */
const UNIX_EPOCH_SERIAL = 25_569;

function plain(value: unknown): CellValue {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return UNIX_EPOCH_SERIAL + value.getTime() / MS_PER_DAY;
  if (typeof value !== 'object') return String(value);
  const v = value as {
    result?: unknown;
    richText?: Array<{ text: string }>;
    text?: unknown;
    error?: string;
    formula?: string;
    sharedFormula?: string;
  };
  if (v.formula !== undefined || v.sharedFormula !== undefined) return plain(v.result);
  if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
  if (v.error !== undefined) return v.error;
  if (v.text !== undefined) return plain(v.text);
  return '';
}

export function cellValueOf(cell: Cell): CellValue {
  return plain(cell.value);
}

/** True for a cell holding a formula (a user's, in a user column or above a table). */
export function isFormulaCell(cell: Cell): boolean {
  const value = cell.value as { formula?: string; sharedFormula?: string } | null;
  return typeof value === 'object' && value !== null && (value.formula !== undefined || value.sharedFormula !== undefined);
}
