/**
 * A1 ↔ R1C1 notation for `Range.formulasR1C1`. `R[1]C[-2]` is relative to the formula's cell, `R2C3` absolute
 * (`$C$2`), `RC` the cell itself; whole rows and columns are `R[1]:R[3]`, `C2:C2`. Only references are rewritten;
 * strings, sheet names, functions and structured references are copied as they are. Relative references that
 * fall outside the grid become `#REF!` (as Excel does when a formula is moved off the sheet).
 */

import { columnIndex, columnLetters, MAX_COLUMNS, MAX_ROWS } from '../model/address';
import { tokenize } from './lexer';

function part(letter: 'R' | 'C', absolute: boolean, target: number, base: number): string {
  if (absolute) return `${letter}${target + 1}`;
  return target === base ? letter : `${letter}[${target - base}]`;
}

/** One local A1 reference (`$A1`, `A1:B2`, `A:C`, `2:5`) in R1C1 form, relative to (row, column). */
function localToR1C1(local: string, row: number, column: number): string {
  return local
    .split(':')
    .map((end) => {
      const m = /^(\$?)([A-Za-z]*)(\$?)(\d*)$/.exec(end);
      if (!m) return end;
      const [, colAbs, letters, rowAbs, digits] = m;
      const r = digits ? part('R', rowAbs === '$' || (!letters && colAbs === '$'), Number(digits) - 1, row) : '';
      const c = letters ? part('C', colAbs === '$', columnIndex(letters), column) : '';
      return r + c;
    })
    .join(':');
}

/** `=A1*2` in B1 → `=RC[-1]*2`. Formulas that do not parse, and non-formulas, are returned unchanged. */
export function toR1C1(formula: string, row: number, column: number): string {
  if (!formula.startsWith('=')) return formula;
  const source = formula.slice(1);
  let tokens;
  try {
    tokens = tokenize(source);
  } catch {
    return formula;
  }
  let out = '';
  let at = 0;
  for (const tok of tokens) {
    if (tok.t !== 'ref') continue;
    const text = source.slice(tok.start, tok.end);
    out += source.slice(at, tok.start) + text.slice(0, text.length - tok.v.length) + localToR1C1(tok.v, row, column);
    at = tok.end;
  }
  return `=${out}${source.slice(at)}`;
}

const R1C1_END = String.raw`(?:R(?:\[-?\d+\]|\d+)?C(?:\[-?\d+\]|\d+)?|R(?:\[-?\d+\]|\d+)|C(?:\[-?\d+\]|\d+))`;
/** In a range, a bare `R` or `C` (the formula's own row or column) is allowed too: `R:R[1]`. */
const RANGE_END = String.raw`(?:R(?:\[-?\d+\]|\d+)?C(?:\[-?\d+\]|\d+)?|R(?:\[-?\d+\]|\d+)?|C(?:\[-?\d+\]|\d+)?)`;
const R1C1_REF = new RegExp(String.raw`^(?:${RANGE_END}:${RANGE_END}|${R1C1_END})(?![\p{L}\p{N}_.(\[])`, 'u');

function endToA1(end: string, row: number, column: number): string | null {
  const m = /^(?:R(\[-?\d+\]|\d+)?)?(?:C(\[-?\d+\]|\d+)?)?$/.exec(end);
  if (!m) return null;
  const resolve = (spec: string | undefined, base: number, present: boolean): { abs: boolean; index: number } | null => {
    if (!present) return null;
    if (spec === undefined) return { abs: false, index: base };
    if (spec.startsWith('[')) return { abs: false, index: base + Number(spec.slice(1, -1)) };
    return { abs: true, index: Number(spec) - 1 };
  };
  const r = resolve(m[1], row, end.startsWith('R'));
  const c = resolve(m[2], column, end.includes('C'));
  if ((r && (r.index < 0 || r.index >= MAX_ROWS)) || (c && (c.index < 0 || c.index >= MAX_COLUMNS))) return '#REF!';
  const colText = c ? `${c.abs ? '$' : ''}${columnLetters(c.index)}` : '';
  const rowText = r ? `${r.abs ? '$' : ''}${r.index + 1}` : '';
  return colText + rowText;
}

/** `=RC[-1]*2` in B1 → `=A1*2`. Non-formulas are returned unchanged. */
export function fromR1C1(formula: string, row: number, column: number): string {
  if (!formula.startsWith('=')) return formula;
  let out = '=';
  let i = 1;
  while (i < formula.length) {
    const rest = formula.slice(i);
    const ch = formula[i] ?? '';
    const quoted = ch === '"' ? /^"(?:[^"]|"")*"/.exec(rest) : ch === "'" ? /^'(?:[^']|'')*'/.exec(rest) : null;
    if (quoted) {
      out += quoted[0];
      i += quoted[0].length;
      continue;
    }
    const prev = formula[i - 1] ?? '';
    const ref = /[\p{L}\p{N}_.$]/u.test(prev) ? null : R1C1_REF.exec(rest);
    if (ref) {
      const ends = ref[0].split(':').map((e) => endToA1(e, row, column));
      out += ends.some((e) => e === null || e === '#REF!') ? '#REF!' : ends.join(':');
      i += ref[0].length;
      continue;
    }
    const name = /^[\p{L}_\\][\p{L}\p{N}_.\\]*/u.exec(rest);
    if (name) {
      out += name[0];
      i += name[0].length;
      continue;
    }
    if (ch === '[') {
      // a structured reference's brackets: copy them whole
      let depth = 0;
      let j = i;
      for (; j < formula.length; j += 1) {
        if (formula[j] === "'") j += 1;
        else if (formula[j] === '[') depth += 1;
        else if (formula[j] === ']' && --depth === 0) break;
      }
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    out += ch;
    i += 1;
  }
  return out;
}
