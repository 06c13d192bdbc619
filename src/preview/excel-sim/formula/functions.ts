/**
 * The worksheet functions of the formula evaluator (lookups and the ...IF(S) functions: lookup.ts).
 *
 * Argument rules, as in Excel:
 * - cells of a reference: SUM/AVERAGE/MIN/MAX/COUNT use numbers only (text, booleans, empty cells ignored);
 *   an error cell makes SUM/AVERAGE/MIN/MAX that error, COUNT skips it; COUNTA counts every non-empty cell;
 *   AND/OR use numbers and booleans of a reference (text and blanks ignored; none at all → `#VALUE!`);
 * - values typed as arguments: numbers, booleans and numeric text count as numbers (other text → `#VALUE!`
 *   for SUM/AVERAGE/MIN/MAX, not counted by COUNT); COUNTA counts every argument, errors included; COUNT
 *   skips errors.
 * AVERAGE of no number is `#DIV/0!`; MIN/MAX of no number is 0.
 * IF evaluates only the branch it takes (a missing else gives FALSE, an empty one `IF(c,1,)` 0); IFERROR/IFNA
 * evaluate their fallback only on an error. A wrong number of arguments gives `#NAME?` (Excel refuses the
 * formula). TODAY is the system's local date (the simulation has no workbook clock).
 */

import type { Result } from '../model/cell';
import { FormulaError } from './lexer';
import { LOOKUP_FUNCTIONS } from './lookup';
import type { Call, FunctionDef, Operand } from './types';
import { bool, num, roundTo, scalar, str, textToNumber, toBoolean, toNumber, toText } from './values';
import { formatNumber } from '../model/number-format';
import { dateFromSerial, serialFromDate } from '../model/number-text';

/** Excel's limit on the length of a text value. */
const MAX_TEXT = 32_767;

function def(min: number, max: number, run: (call: Call) => Operand): FunctionDef {
  return { min, max, run };
}

type Aggregate = 'SUM' | 'COUNT' | 'COUNTA' | 'AVERAGE' | 'MIN' | 'MAX';

function aggregate(name: Aggregate, call: Call): Result {
  const numbers: number[] = [];
  let counta = 0;
  for (let i = 0; i < call.count; i += 1) {
    let arg: Operand;
    try {
      arg = call.arg(i);
    } catch (error) {
      if (!(error instanceof FormulaError) || (name !== 'COUNT' && name !== 'COUNTA') || call.isReference(i)) throw error;
      arg = { kind: 'Error', value: error.value };
    }
    if (arg.kind === 'Range') {
      arg.ref.sheet.forEachResult(arg.ref.box, (cell) => {
        counta += 1;
        if (cell.kind === 'Double') numbers.push(cell.value);
        else if (cell.kind === 'Error' && name !== 'COUNT' && name !== 'COUNTA') throw new FormulaError(cell.value);
      });
      continue;
    }
    counta += 1;
    if (name === 'COUNTA') continue;
    if (arg.kind === 'String') {
      const n = textToNumber(arg.value, call.year);
      if (n !== undefined) numbers.push(n);
      else if (name !== 'COUNT') throw new FormulaError('#VALUE!');
    } else if (arg.kind !== 'Error') numbers.push(toNumber(arg, call.year));
    else if (name !== 'COUNT') throw new FormulaError(arg.value);
  }
  switch (name) {
    case 'SUM':
      return num(numbers.reduce((a, b) => a + b, 0));
    case 'COUNT':
      return num(numbers.length);
    case 'COUNTA':
      return num(counta);
    case 'AVERAGE':
      if (numbers.length === 0) throw new FormulaError('#DIV/0!');
      return num(numbers.reduce((a, b) => a + b, 0) / numbers.length);
    case 'MIN':
      return num(numbers.length === 0 ? 0 : numbers.reduce((a, b) => Math.min(a, b)));
    case 'MAX':
      return num(numbers.length === 0 ? 0 : numbers.reduce((a, b) => Math.max(a, b)));
  }
}

function logical(name: 'AND' | 'OR', call: Call): Result {
  const values: boolean[] = [];
  for (let i = 0; i < call.count; i += 1) {
    const arg = call.arg(i);
    if (arg.kind === 'Range') {
      arg.ref.sheet.forEachResult(arg.ref.box, (cell) => {
        if (cell.kind === 'Error') throw new FormulaError(cell.value);
        if (cell.kind === 'Boolean' || cell.kind === 'Double') values.push(toBoolean(cell));
      });
    } else if (arg.kind !== 'Empty') values.push(toBoolean(arg));
  }
  if (values.length === 0) throw new FormulaError('#VALUE!');
  return bool(name === 'AND' ? values.every(Boolean) : values.some(Boolean));
}

/** The argument's value, or the error it raised (ISERROR & co. look at errors instead of propagating them). */
function valueOrError(call: Call, i: number): Result {
  try {
    return call.value(i);
  } catch (error) {
    if (error instanceof FormulaError) return { kind: 'Error', value: error.value };
    throw error;
  }
}

function ifError(call: Call, only?: string): Operand {
  const value = valueOrError(call, 0);
  return value.kind === 'Error' && (only === undefined || value.value === only) ? call.arg(1) : value;
}

function text(value: string): Result {
  if (value.length > MAX_TEXT) throw new FormulaError('#VALUE!');
  return str(value);
}

/** A count of characters (LEFT, RIGHT, MID): truncated, negative → `#VALUE!`. */
function count(call: Call, i: number, fallback: number): number {
  const n = i < call.count ? Math.trunc(call.number(i)) : fallback;
  if (n < 0) throw new FormulaError('#VALUE!');
  return n;
}

/** Every cell of the arguments as text, references row by row (CONCAT). */
function concat(call: Call): Result {
  let out = '';
  for (let i = 0; i < call.count; i += 1) {
    const arg = call.arg(i);
    if (arg.kind !== 'Range') {
      out += toText(arg);
      continue;
    }
    const cells: Array<[number, number, string]> = [];
    arg.ref.sheet.forEachResult(arg.ref.box, (cell, row, column) => cells.push([row, column, toText(cell)]));
    cells.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    out += cells.map((c) => c[2]).join('');
    if (out.length > MAX_TEXT) break;
  }
  return text(out);
}

function textOf(call: Call, fn: (value: string) => string): Result {
  return text(fn(call.text(0)));
}

function textFunction(call: Call): Result {
  const value = call.value(0);
  const format = call.text(1);
  if (value.kind === 'Boolean') return str(value.value ? 'TRUE' : 'FALSE');
  if (value.kind === 'Error') throw new FormulaError(value.value);
  const n = value.kind === 'String' ? textToNumber(value.value, call.year) : toNumber(value, call.year);
  if (n === undefined) return value; // text that is no number is returned as it is
  return str(formatNumber(n, format));
}

function valueFunction(call: Call): Result {
  const value = call.value(0);
  if (value.kind === 'Boolean') throw new FormulaError('#VALUE!');
  return num(toNumber(value, call.year));
}

/** A date serial argument: truncated, negative → `#NUM!`. */
function serial(call: Call, i: number): number {
  const n = Math.floor(call.number(i));
  if (n < 0) throw new FormulaError('#NUM!');
  return n;
}

function dateSerial(year: number, month: number, day: number): Result {
  const value = serialFromDate(year, month, day);
  if (value < 0 || year > 9999) throw new FormulaError('#NUM!');
  return num(value);
}

function datePart(call: Call, part: 'year' | 'month' | 'day'): Result {
  const n = serial(call, 0);
  if (n === 0) return num(part === 'year' ? 1900 : part === 'month' ? 1 : 0); // Excel's 1900-01-00
  return num(dateFromSerial(n)[part]);
}

function date(call: Call): Result {
  let year = Math.trunc(call.number(0));
  const month = Math.trunc(call.number(1));
  const day = Math.trunc(call.number(2));
  if (year < 0 || year >= 10_000) throw new FormulaError('#NUM!');
  if (year < 1900) year += 1900;
  return dateSerial(year, month, day);
}

function monthShift(call: Call, endOfMonth: boolean): Result {
  const { year, month, day } = dateFromSerial(serial(call, 0));
  const target = month + Math.trunc(call.number(1));
  const last = dateFromSerial(serialFromDate(year, target + 1, 0));
  if (endOfMonth) return dateSerial(last.year, last.month, last.day);
  return dateSerial(last.year, last.month, Math.min(day, last.day));
}

function today(): Result {
  const now = new Date();
  return num(serialFromDate(now.getFullYear(), now.getMonth() + 1, now.getDate()));
}

function round(call: Call, mode: 'half' | 'up' | 'down'): Result {
  return num(roundTo(call.number(0), call.number(1), mode));
}

function is(call: Call, test: (value: Result) => boolean): Result {
  return bool(test(valueOrError(call, 0)));
}

function isBlank(call: Call): Result {
  let arg: Operand;
  try {
    arg = call.arg(0);
  } catch {
    return bool(false);
  }
  if (arg.kind !== 'Range') return bool(false);
  const { box } = arg.ref;
  return bool(box.rowCount === 1 && box.columnCount === 1 && scalar(arg).kind === 'Empty');
}

/** ROWS/COLUMNS: the size of a reference or array; a single value is 1 by 1. */
function dimension(call: Call, which: 'rowCount' | 'columnCount'): Result {
  const arg = call.arg(0);
  if (arg.kind === 'Range') return num(arg.ref.box[which]);
  if (arg.kind === 'Error') throw new FormulaError(arg.value);
  return num(1);
}

const FUNCTIONS: Record<string, FunctionDef> = {
  SUM: def(1, 255, (c) => aggregate('SUM', c)),
  COUNT: def(1, 255, (c) => aggregate('COUNT', c)),
  COUNTA: def(1, 255, (c) => aggregate('COUNTA', c)),
  AVERAGE: def(1, 255, (c) => aggregate('AVERAGE', c)),
  MIN: def(1, 255, (c) => aggregate('MIN', c)),
  MAX: def(1, 255, (c) => aggregate('MAX', c)),

  IF: def(2, 3, (c) => (toBoolean(c.value(0)) ? c.arg(1) : c.count > 2 ? c.arg(2) : bool(false))),
  IFERROR: def(2, 2, (c) => ifError(c)),
  IFNA: def(2, 2, (c) => ifError(c, '#N/A')),
  AND: def(1, 255, (c) => logical('AND', c)),
  OR: def(1, 255, (c) => logical('OR', c)),
  NOT: def(1, 1, (c) => bool(!toBoolean(c.value(0)))),
  TRUE: def(0, 0, () => bool(true)),
  FALSE: def(0, 0, () => bool(false)),

  ROUND: def(2, 2, (c) => round(c, 'half')),
  ROUNDUP: def(2, 2, (c) => round(c, 'up')),
  ROUNDDOWN: def(2, 2, (c) => round(c, 'down')),
  ABS: def(1, 1, (c) => num(Math.abs(c.number(0)))),
  INT: def(1, 1, (c) => num(Math.floor(c.number(0)))),
  MOD: def(2, 2, (c) => {
    const n = c.number(0);
    const d = c.number(1);
    if (d === 0) throw new FormulaError('#DIV/0!');
    return num(n - d * Math.floor(n / d));
  }),

  LEN: def(1, 1, (c) => num(c.text(0).length)),
  LEFT: def(1, 2, (c) => str(c.text(0).slice(0, count(c, 1, 1)))),
  RIGHT: def(1, 2, (c) => {
    const value = c.text(0);
    const n = count(c, 1, 1);
    return str(n === 0 ? '' : value.slice(Math.max(0, value.length - n)));
  }),
  MID: def(3, 3, (c) => {
    const value = c.text(0);
    const start = Math.trunc(c.number(1));
    if (start < 1) throw new FormulaError('#VALUE!');
    return str(value.slice(start - 1, start - 1 + count(c, 2, 0)));
  }),
  UPPER: def(1, 1, (c) => textOf(c, (s) => s.toUpperCase())),
  LOWER: def(1, 1, (c) => textOf(c, (s) => s.toLowerCase())),
  TRIM: def(1, 1, (c) => textOf(c, (s) => s.replace(/ +/g, ' ').replace(/^ | $/g, ''))),
  CONCAT: def(1, 255, concat),
  CONCATENATE: def(1, 255, (c) => text(Array.from({ length: c.count }, (_, i) => c.text(i)).join(''))),
  TEXT: def(2, 2, textFunction),
  VALUE: def(1, 1, valueFunction),

  DATE: def(3, 3, date),
  YEAR: def(1, 1, (c) => datePart(c, 'year')),
  MONTH: def(1, 1, (c) => datePart(c, 'month')),
  DAY: def(1, 1, (c) => datePart(c, 'day')),
  EOMONTH: def(2, 2, (c) => monthShift(c, true)),
  EDATE: def(2, 2, (c) => monthShift(c, false)),
  TODAY: def(0, 0, today),

  ISBLANK: def(1, 1, isBlank),
  ISNUMBER: def(1, 1, (c) => is(c, (v) => v.kind === 'Double')),
  ISTEXT: def(1, 1, (c) => is(c, (v) => v.kind === 'String')),
  ISLOGICAL: def(1, 1, (c) => is(c, (v) => v.kind === 'Boolean')),
  ISERROR: def(1, 1, (c) => is(c, (v) => v.kind === 'Error')),
  ISERR: def(1, 1, (c) => is(c, (v) => v.kind === 'Error' && v.value !== '#N/A')),
  ISNA: def(1, 1, (c) => is(c, (v) => v.kind === 'Error' && v.value === '#N/A')),
  NA: def(0, 0, () => {
    throw new FormulaError('#N/A');
  }),
  ROWS: def(1, 1, (c) => dimension(c, 'rowCount')),
  COLUMNS: def(1, 1, (c) => dimension(c, 'columnCount')),
  ...LOOKUP_FUNCTIONS,
};

export function isFunction(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FUNCTIONS, name);
}

/** Runs a function by (upper-case) name: unknown → `#NAME?`, wrong argument count → `#NAME?`. */
export function callFunction(name: string, call: Call): Operand {
  const fn = isFunction(name) ? FUNCTIONS[name] : undefined;
  if (!fn || call.count < fn.min || call.count > fn.max) throw new FormulaError('#NAME?');
  return fn.run(call);
}
