/**
 * How the formula evaluator converts and compares values, after Excel (en-US):
 * - text → number (arithmetic, `VALUE`, numeric arguments typed directly): what a cell would read the text as,
 *   i.e. `1,000`, `$5`, `50%`, `1e3`, `3/4/2024`, `13:30` (model/number-text.ts); `""` and other text → `#VALUE!`;
 * - number → text (`&`, text functions): up to 15 significant digits, no grouping, scientific (`1E+15`,
 *   `1E-10`) from 10^15 up and below 10^-9 (Excel's General text without a column width; the boundary for tiny
 *   numbers is an assumption);
 * - comparison (`= <> < <= > >=`): numbers < text < booleans whatever their values; a blank is 0, `""` or FALSE
 *   as the other side needs; text case-insensitively (accents matter), numbers on 15 significant digits (so
 *   `0.1+0.2=0.3` is TRUE, as in Excel);
 * - criteria of COUNTIF/SUMIF/...IFS (`">=10"`, `"<>x"`, `"a*"`, `""`, `"="`, a number, a cell).
 */

import type { Result } from '../model/cell';
import { FormulaError } from './lexer';
import type { Operand } from './types';
import { parseDateText, parseNumberText, parseTimeText } from '../model/number-text';

export const EMPTY: Result = { kind: 'Empty' };

/** One value of an operand: a single cell's result; a reference to several cells → `#VALUE!`. */
export function scalar(operand: Operand): Result {
  if (operand.kind !== 'Range') return operand;
  const { sheet, box } = operand.ref;
  if (box.rowCount !== 1 || box.columnCount !== 1) throw new FormulaError('#VALUE!');
  return sheet.result(box.row, box.column);
}

export function num(value: number): Result {
  if (!Number.isFinite(value)) throw new FormulaError('#NUM!');
  return { kind: 'Double', value: value === 0 ? 0 : value };
}

export function str(value: string): Result {
  return { kind: 'String', value };
}

export function bool(value: boolean): Result {
  return { kind: 'Boolean', value };
}

/** The number a text stands for, as a cell typed with it would read (undefined: not a number). */
export function textToNumber(text: string, year: number): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return (parseDateText(trimmed, year) ?? parseTimeText(trimmed) ?? parseNumberText(trimmed))?.value;
}

export function toNumber(r: Result, year: number): number {
  switch (r.kind) {
    case 'Empty':
      return 0;
    case 'Double':
      return r.value;
    case 'Boolean':
      return r.value ? 1 : 0;
    case 'Error':
      throw new FormulaError(r.value);
    case 'String': {
      const n = textToNumber(r.value, year);
      if (n === undefined) throw new FormulaError('#VALUE!');
      return n;
    }
  }
}

/** A number as Excel turns it into text (`=A1&""`): 15 significant digits, see the module comment. */
export function numberToText(n: number): string {
  if (n === 0) return '0';
  const [mantissa = '0', exp = '0'] = n.toExponential(14).split('e');
  const e = Number(exp);
  if (e >= 15 || e < -9) {
    const digits = mantissa.replace(/\.?0+$/, '');
    return `${digits}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const fixed = Number(`${mantissa}e${e}`).toFixed(Math.max(0, 14 - e));
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

export function toText(r: Result): string {
  switch (r.kind) {
    case 'Empty':
      return '';
    case 'Boolean':
      return r.value ? 'TRUE' : 'FALSE';
    case 'Double':
      return numberToText(r.value);
    case 'Error':
      throw new FormulaError(r.value);
    case 'String':
      return r.value;
  }
}

/** IF/AND/NOT conditions: numbers (non-zero), booleans, blank (FALSE), text `TRUE`/`FALSE`; other text `#VALUE!`. */
export function toBoolean(r: Result): boolean {
  switch (r.kind) {
    case 'Empty':
      return false;
    case 'Double':
      return r.value !== 0;
    case 'Boolean':
      return r.value;
    case 'Error':
      throw new FormulaError(r.value);
    case 'String': {
      const upper = r.value.trim().toUpperCase();
      if (upper === 'TRUE' || upper === 'FALSE') return upper === 'TRUE';
      throw new FormulaError('#VALUE!');
    }
  }
}

const collator = new Intl.Collator('en-US', { sensitivity: 'accent' });

export function compareText(a: string, b: string): number {
  return Math.sign(collator.compare(a, b));
}

/** Numbers as Excel compares them: on 15 significant digits. */
export function compareNumbers(a: number, b: number): number {
  if (a === b) return 0;
  const x = Number(a.toPrecision(15));
  const y = Number(b.toPrecision(15));
  return x === y ? 0 : x < y ? -1 : 1;
}

const RANK = { Double: 0, String: 1, Boolean: 2 } as const;

/** Excel's comparison operators: -1, 0 or 1. Errors must have been ruled out by the caller. */
export function compareValues(a: Result, b: Result): number {
  if (a.kind === 'Error') throw new FormulaError(a.value);
  if (b.kind === 'Error') throw new FormulaError(b.value);
  if (a.kind === 'Empty' && b.kind === 'Empty') return 0;
  const x = a.kind === 'Empty' ? blankLike(b) : a;
  const y = b.kind === 'Empty' ? blankLike(a) : b;
  if (x.kind === 'Double' && y.kind === 'Double') return compareNumbers(x.value, y.value);
  if (x.kind === 'String' && y.kind === 'String') return compareText(x.value, y.value);
  if (x.kind === 'Boolean' && y.kind === 'Boolean') return Number(x.value) - Number(y.value);
  const rx = RANK[x.kind as keyof typeof RANK];
  const ry = RANK[y.kind as keyof typeof RANK];
  return rx < ry ? -1 : 1;
}

function blankLike(other: Result): Result {
  if (other.kind === 'String') return str('');
  if (other.kind === 'Boolean') return bool(false);
  return num(0);
}

/** `*`, `?` and `~` escapes as a whole-text, case-insensitive pattern; undefined when there is no wildcard. */
export function wildcardPattern(text: string): RegExp | undefined {
  if (!/[*?~]/.test(text)) return undefined;
  let source = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] ?? '';
    if (ch === '~' && i + 1 < text.length) {
      i += 1;
      source += escapeRegExp(text[i] ?? '');
    } else if (ch === '*') source += '[\\s\\S]*';
    else if (ch === '?') source += '[\\s\\S]';
    else source += escapeRegExp(ch);
  }
  return new RegExp(`^${source}$`, 'iu');
}

function escapeRegExp(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Lookup equality (VLOOKUP, MATCH, XLOOKUP): same type only; text case-insensitive, optionally with wildcards. */
export function lookupEquals(lookup: Result, cell: Result, wildcards: boolean): boolean {
  if (lookup.kind === 'String' && cell.kind === 'String') {
    const pattern = wildcards ? wildcardPattern(lookup.value) : undefined;
    return pattern ? pattern.test(cell.value) : compareText(lookup.value, cell.value) === 0;
  }
  if (lookup.kind === 'Double' && cell.kind === 'Double') return compareNumbers(lookup.value, cell.value) === 0;
  return lookup.kind === 'Boolean' && cell.kind === 'Boolean' && lookup.value === cell.value;
}

/** Same-type ordering for approximate lookups; undefined when the types differ (such cells are skipped). */
export function lookupCompare(cell: Result, lookup: Result): number | undefined {
  if (cell.kind !== lookup.kind || cell.kind === 'Empty' || cell.kind === 'Error') return undefined;
  return compareValues(cell, lookup);
}

export type Criterion = (cell: Result) => boolean;

const CRITERION_OP = /^(<=|>=|<>|<|>|=)?([\s\S]*)$/;

/**
 * A COUNTIF/SUMIF criterion. A number (or numeric text such as `"10"`, `"3/4/2024"`) matches numbers equal to it
 * and text that reads as that number; `"<5"`-style comparisons match numbers only (text against text, booleans
 * against booleans); `"x*"` matches text with wildcards; `""` matches blank cells and empty text, `"="` blank
 * cells only, `"<>"` non-blank cells; `<>` matches what `=` does not. A blank criterion cell counts as 0 (as
 * the COUNTIFS reference says).
 */
export function criterion(c: Result, year: number): Criterion {
  switch (c.kind) {
    case 'Empty':
      return equalsNumber(0, year);
    case 'Double':
      return equalsNumber(c.value, year);
    case 'Boolean':
      return (cell) => cell.kind === 'Boolean' && cell.value === c.value;
    case 'Error':
      return (cell) => cell.kind === 'Error' && cell.value === c.value;
    case 'String': {
      const m = CRITERION_OP.exec(c.value);
      const op = m?.[1];
      const operand = m?.[2] ?? '';
      if (op === undefined || op === '=' || op === '<>') {
        const eq = equalsCriterion(operand, op === '=', year);
        return op === '<>' ? (cell) => !eq(cell) : eq;
      }
      const target = criterionOperand(operand, year);
      const test = (d: number): boolean => (op === '<' ? d < 0 : op === '<=' ? d <= 0 : op === '>' ? d > 0 : d >= 0);
      return (cell) => cell.kind === target.kind && cell.kind !== 'Empty' && cell.kind !== 'Error' && test(compareValues(cell, target));
    }
  }
}

function equalsNumber(n: number, year: number): Criterion {
  return (cell) => {
    if (cell.kind === 'Double') return compareNumbers(cell.value, n) === 0;
    if (cell.kind !== 'String') return false;
    const v = textToNumber(cell.value, year);
    return v !== undefined && compareNumbers(v, n) === 0;
  };
}

function equalsCriterion(operand: string, explicit: boolean, year: number): Criterion {
  if (operand === '')
    return explicit ? (cell) => cell.kind === 'Empty' : (cell) => cell.kind === 'Empty' || (cell.kind === 'String' && cell.value === '');
  const target = criterionOperand(operand, year);
  if (target.kind === 'Double') return equalsNumber(target.value, year);
  if (target.kind === 'String') {
    const pattern = wildcardPattern(operand);
    return (cell) => cell.kind === 'String' && (pattern ? pattern.test(cell.value) : compareText(cell.value, operand) === 0);
  }
  if (target.kind === 'Boolean') return (cell) => cell.kind === 'Boolean' && cell.value === target.value;
  return (cell) => cell.kind === 'Error' && target.kind === 'Error' && cell.value === target.value;
}

function criterionOperand(text: string, year: number): Result {
  const n = textToNumber(text, year);
  if (n !== undefined) return num(n);
  const upper = text.trim().toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE') return bool(upper === 'TRUE');
  if (/^#(NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A)$/.test(upper)) return { kind: 'Error', value: upper };
  return str(text);
}

/** ROUND/ROUNDUP/ROUNDDOWN on the decimal digits Excel shows (15 significant), half away from zero. */
export function roundTo(x: number, digits: number, mode: 'half' | 'up' | 'down'): number {
  if (x === 0) return 0;
  const d = Math.trunc(digits);
  const [mantissa = '0', exp = '0'] = Math.abs(x).toExponential(14).split('e');
  if (Number(exp) + d >= 15) return x; // no digit to drop
  const scaled = Number(`${mantissa}e${Number(exp) + d}`);
  const rounded = mode === 'half' ? Math.floor(scaled + 0.5) : mode === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
  const result = Number(`${rounded}e${-d}`);
  return x < 0 ? -result : result;
}
