/**
 * Core values ↔ cell values, per column type, and the number format each type gets. Pure: the Excel host and
 * the xlsx host share it, so a table means the same in both.
 *
 * Cell values are what `Range.values` takes and returns: string, number, boolean; `''` is an empty cell.
 */

import { AMOUNT_FORMAT, amountFormat } from './amount-format';
import { dateToSerial, serialToDate, serialToTimestamp, timestampToSerial } from './excel-serial-date';
import type { ColumnSpec, ColumnType, CoreValue } from './workbook-port';

export type CellValue = string | number | boolean;

export const TEXT_FORMAT = '@';

const DEFAULT_FORMATS: Readonly<Record<ColumnType, string>> = {
  text: TEXT_FORMAT,
  integer: '0',
  amount: AMOUNT_FORMAT,
  number: 'General',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  boolean: 'General',
};

/**
 * The format of a column's cells. An amount in one currency for the column shows it (`amount-format.ts`); one whose
 * currency differs by row gets its formats from `row-formats.ts` (this is then the plain amount format).
 */
export function numberFormatFor(column: Pick<ColumnSpec, 'type' | 'numberFormat' | 'currency'>): string {
  // A text column is always text-formatted: the format is what keeps `=...` from becoming a formula.
  if (column.type === 'text') return TEXT_FORMAT;
  if (column.numberFormat !== undefined) return column.numberFormat;
  if (column.type === 'amount' && column.currency !== undefined && 'code' in column.currency) return amountFormat(column.currency.code);
  return DEFAULT_FORMATS[column.type];
}

/** A value that does not fit its column; names the column so the message can point at the field. */
export class CellValueError extends Error {
  constructor(
    readonly column: string,
    readonly value: unknown,
    reason: string,
  ) {
    super(`Column ${column}: ${reason} (${JSON.stringify(value)})`);
    this.name = 'CellValueError';
  }
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/**
 * Rounds to cents, half away from zero, on the decimal digits (not the binary double): `1.005` → 1.01,
 * `'-0.125'` → -0.13. Numbers go through their shortest decimal form (`String(n)`).
 */
export function roundToCents(value: number | string): number | null {
  if (typeof value === 'number' && Math.abs(value) < 1e13) {
    // Fast path: a number that already is a whole number of cents (its shortest text has at most two
    // decimals) is its own result; the decimal rounding below would give the same double.
    const cents = Math.round(value * 100);
    if (cents / 100 === value) return value + 0; // + 0: -0 becomes 0, as String(-0) === '0' does below
  }
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) {
    // Exponent forms: tiny numbers round to 0; from 1e21 on a double has no cents to round.
    if (typeof value === 'number' && Number.isFinite(value)) return Math.abs(value) >= 1e15 ? value : Math.round(value * 100) / 100;
    return null;
  }
  const fraction = (m[3] ?? '').padEnd(3, '0');
  let cents = Number(m[2]) * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  const result = cents / 100;
  return m[1] === '-' && result !== 0 ? -result : result;
}

function toNumber(column: string, value: string | number | boolean): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new CellValueError(column, value, 'not a number');
  return n;
}

/** Core value → the cell value to write. Throws CellValueError when the value does not fit the type. */
export function toCellValue(column: Pick<ColumnSpec, 'key' | 'type'>, value: CoreValue | undefined): CellValue {
  if (value === null || value === undefined) return '';
  switch (column.type) {
    case 'text':
      return typeof value === 'string' ? value : String(value);
    case 'integer': {
      const n = toNumber(column.key, value);
      if (!Number.isSafeInteger(n)) throw new CellValueError(column.key, value, 'not an integer');
      return n;
    }
    case 'amount': {
      const cents = typeof value === 'boolean' ? null : roundToCents(value);
      if (cents === null) throw new CellValueError(column.key, value, 'not an amount');
      return cents;
    }
    case 'number':
      return toNumber(column.key, value);
    case 'boolean':
      if (typeof value !== 'boolean') throw new CellValueError(column.key, value, 'not a boolean');
      return value;
    case 'date':
    case 'datetime':
      if (typeof value !== 'string') throw new CellValueError(column.key, value, `not a ${column.type} string`);
      try {
        return column.type === 'date' ? dateToSerial(value) : timestampToSerial(value);
      } catch (error) {
        throw new CellValueError(column.key, value, error instanceof Error ? error.message : String(error));
      }
  }
}

/**
 * Cell value → core value (reading back a table, including the user's edits). Empty → null. Dates accept a
 * serial or a `YYYY-MM-DD` text; numbers accept numeric text; booleans accept TRUE/FALSE text. Throws
 * CellValueError otherwise.
 */
export function fromCellValue(column: Pick<ColumnSpec, 'key' | 'type'>, cell: CellValue): CoreValue {
  if (cell === '') return null;
  switch (column.type) {
    case 'text':
      return typeof cell === 'string' ? cell : typeof cell === 'boolean' ? (cell ? 'TRUE' : 'FALSE') : String(cell);
    case 'integer': {
      const n = typeof cell === 'boolean' ? NaN : toNumber(column.key, cell);
      if (!Number.isSafeInteger(n)) throw new CellValueError(column.key, cell, 'not an integer');
      return n;
    }
    case 'amount':
    case 'number': {
      if (typeof cell === 'boolean') throw new CellValueError(column.key, cell, 'not a number');
      const n = toNumber(column.key, cell);
      return column.type === 'amount' ? roundToCents(n) : n;
    }
    case 'boolean':
      if (typeof cell === 'boolean') return cell;
      if (typeof cell === 'string' && /^(true|false)$/i.test(cell.trim())) return cell.trim().toLowerCase() === 'true';
      throw new CellValueError(column.key, cell, 'not a boolean');
    case 'date':
    case 'datetime':
      try {
        if (typeof cell === 'number') return column.type === 'date' ? serialToDate(cell) : serialToTimestamp(cell);
        if (typeof cell === 'string') {
          const text = cell.trim();
          return column.type === 'date' ? serialToDate(dateToSerial(text)) : serialToTimestamp(timestampToSerial(text));
        }
      } catch (error) {
        throw new CellValueError(column.key, cell, error instanceof Error ? error.message : String(error));
      }
      throw new CellValueError(column.key, cell, `not a ${column.type}`);
  }
}
