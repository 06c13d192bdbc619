/**
 * What a custom function's call comes to, as the cell sees it (after custom-functions-runtime.js's
 * `_setResultWithOutboundData` and `_setErrorWithOutboundData`):
 * - a number, string or boolean is the cell's value; `null`/`undefined` a blank, which a cell shows as 0 (as `=A1` of
 *   an empty A1; an assumption); a number that is not finite is `#NUM!` (Infinity; the runtime's code 6) or
 *   `#VALUE!` (NaN); text over 32,767 characters `#VALUE!`;
 * - rows (an array of arrays) are an array: 1×1 is its value, more cells spill; rows shorter than the longest are
 *   filled with `#N/A` (as Excel fills arrays of uneven rows); an empty array or a flat one (not rows) is `#VALUE!`;
 *   each entry is read as above (a `CustomFunctions.Error` entry is its code; another object `#VALUE!`);
 * - a `CustomFunctions.Error` returned, thrown or rejected with is its code and message (custom-function-error.ts);
 *   anything else thrown or rejected with, and an `Error` returned, is `#VALUE!` without a message.
 */

import type { Result } from '../model/cell';
import { cellError, CustomFunctionError } from './custom-function-error';

export type Outcome = { kind: 'value'; rows: Result[][] } | { kind: 'error'; code: string; message?: string };

const MAX_TEXT = 32_767;
const EMPTY: Result = { kind: 'Empty' };

function error(value: string): Result {
  return { kind: 'Error', value };
}

function isError(value: unknown): boolean {
  return value instanceof Error || Object.prototype.toString.call(value) === '[object Error]'; // an Error of another frame too
}

/** One value of a result. */
function cellValue(value: unknown): Result {
  if (value === null || value === undefined) return EMPTY;
  switch (typeof value) {
    case 'number':
      if (Number.isNaN(value)) return error('#VALUE!');
      if (!Number.isFinite(value)) return error('#NUM!');
      return { kind: 'Double', value: value === 0 ? 0 : value };
    case 'string':
      return value.length > MAX_TEXT ? error('#VALUE!') : { kind: 'String', value };
    case 'boolean':
      return { kind: 'Boolean', value };
    default:
      return value instanceof CustomFunctionError ? error(cellError(value).code) : error('#VALUE!');
  }
}

function rowsOf(value: unknown[]): Result[][] | undefined {
  if (value.length === 0 || !value.every((row) => Array.isArray(row))) return undefined;
  const lines = value as unknown[][];
  const width = Math.max(...lines.map((row) => row.length));
  if (width === 0) return undefined;
  return lines.map((row) => Array.from({ length: width }, (_, c) => (c < row.length ? cellValue(row[c]) : error('#N/A'))));
}

/** The outcome of a value the function returned (or its promise resolved with). */
export function returnedOutcome(value: unknown): Outcome {
  if (value instanceof CustomFunctionError) return { kind: 'error', ...cellError(value) };
  if (isError(value)) return { kind: 'error', code: '#VALUE!' };
  if (Array.isArray(value)) {
    const rows = rowsOf(value);
    return rows === undefined ? { kind: 'error', code: '#VALUE!' } : { kind: 'value', rows };
  }
  return { kind: 'value', rows: [[cellValue(value)]] };
}

/** The outcome of what the function threw (or its promise rejected with). */
export function thrownOutcome(thrown: unknown): Outcome {
  if (thrown instanceof CustomFunctionError) return { kind: 'error', ...cellError(thrown) };
  return { kind: 'error', code: '#VALUE!' };
}
