/**
 * A deliberately small formula evaluator: number, string and boolean literals, `+ - * / ^ &`, parentheses,
 * same-sheet cell references (`A1`, `$B$2`) and `SUM(...)` over references and ranges. Anything else (other
 * functions, other sheets, names, DDE, syntax Excel would reject) evaluates to `#NAME?`, an Error value, so
 * such a cell never reads back as a String. Formulas are evaluated when read (no calculation chain).
 */

import { parseLocalAddress, type CellBox } from './address';
import type { Result } from './cell';

export type CellLookup = (row: number, column: number) => Result;

type Token =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'ref'; v: string }
  | { t: 'name'; v: string }
  | { t: 'op'; v: string };

class FormulaError extends Error {
  constructor(readonly value: string) {
    super(value);
  }
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const rest = src.slice(i);
    const ch = src[i] ?? '';
    if (ch === ' ') {
      i += 1;
      continue;
    }
    const num = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    if (num) {
      tokens.push({ t: 'num', v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    if (ch === '"') {
      const str = /^"((?:[^"]|"")*)"/.exec(rest);
      if (!str) throw new FormulaError('#NAME?');
      tokens.push({ t: 'str', v: (str[1] ?? '').replace(/""/g, '"') });
      i += str[0].length;
      continue;
    }
    const ref = /^\$?[A-Za-z]{1,3}\$?\d+(:\$?[A-Za-z]{1,3}\$?\d+)?(?![A-Za-z0-9_(!|])/.exec(rest);
    if (ref) {
      tokens.push({ t: 'ref', v: ref[0] });
      i += ref[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(rest);
    if (name) {
      tokens.push({ t: 'name', v: name[0].toUpperCase() });
      i += name[0].length;
      continue;
    }
    if ('+-*/^&(),'.includes(ch)) {
      tokens.push({ t: 'op', v: ch });
      i += 1;
      continue;
    }
    throw new FormulaError('#NAME?');
  }
  return tokens;
}

type Operand = Result | { kind: 'Range'; box: CellBox };

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly lookup: CellLookup,
  ) {}

  parse(): Result {
    const value = this.scalar(this.concat());
    if (this.pos !== this.tokens.length) throw new FormulaError('#NAME?');
    return value;
  }

  private peekOp(...ops: string[]): string | undefined {
    const tok = this.tokens[this.pos];
    return tok?.t === 'op' && ops.includes(tok.v) ? tok.v : undefined;
  }

  private concat(): Operand {
    let left = this.additive();
    while (this.peekOp('&')) {
      this.pos += 1;
      const right = this.additive();
      left = { kind: 'String', value: toText(this.scalar(left)) + toText(this.scalar(right)) };
    }
    return left;
  }

  private additive(): Operand {
    let left = this.multiplicative();
    for (let op = this.peekOp('+', '-'); op; op = this.peekOp('+', '-')) {
      this.pos += 1;
      const a = toNumber(this.scalar(left));
      const b = toNumber(this.scalar(this.multiplicative()));
      left = { kind: 'Double', value: op === '+' ? a + b : a - b };
    }
    return left;
  }

  private multiplicative(): Operand {
    let left = this.power();
    for (let op = this.peekOp('*', '/'); op; op = this.peekOp('*', '/')) {
      this.pos += 1;
      const a = toNumber(this.scalar(left));
      const b = toNumber(this.scalar(this.power()));
      if (op === '/' && b === 0) throw new FormulaError('#DIV/0!');
      left = { kind: 'Double', value: op === '*' ? a * b : a / b };
    }
    return left;
  }

  private power(): Operand {
    const base = this.unary();
    if (!this.peekOp('^')) return base;
    this.pos += 1;
    const exponent = toNumber(this.scalar(this.power()));
    const value = Math.pow(toNumber(this.scalar(base)), exponent);
    if (!Number.isFinite(value)) throw new FormulaError('#NUM!');
    return { kind: 'Double', value };
  }

  private unary(): Operand {
    const op = this.peekOp('+', '-');
    if (op) {
      this.pos += 1;
      const v = toNumber(this.scalar(this.unary()));
      return { kind: 'Double', value: op === '-' ? -v : v };
    }
    return this.primary();
  }

  private primary(): Operand {
    const tok = this.tokens[this.pos];
    this.pos += 1;
    if (!tok) throw new FormulaError('#NAME?');
    if (tok.t === 'num') return { kind: 'Double', value: tok.v };
    if (tok.t === 'str') return { kind: 'String', value: tok.v };
    if (tok.t === 'ref') return { kind: 'Range', box: parseLocalAddress(tok.v) };
    if (tok.t === 'op' && tok.v === '(') {
      const inner = this.concat();
      if (!this.peekOp(')')) throw new FormulaError('#NAME?');
      this.pos += 1;
      return inner;
    }
    if (tok.t === 'name') {
      if (tok.v === 'TRUE' || tok.v === 'FALSE') return { kind: 'Boolean', value: tok.v === 'TRUE' };
      if (tok.v === 'SUM' && this.peekOp('(')) return this.sum();
    }
    throw new FormulaError('#NAME?');
  }

  private sum(): Result {
    this.pos += 1;
    let total = 0;
    if (this.peekOp(')')) {
      this.pos += 1;
      return { kind: 'Double', value: 0 };
    }
    for (;;) {
      const arg = this.concat();
      if (arg.kind === 'Range') {
        for (let r = 0; r < arg.box.rowCount; r += 1) {
          for (let c = 0; c < arg.box.columnCount; c += 1) {
            const cell = this.lookup(arg.box.row + r, arg.box.column + c);
            if (cell.kind === 'Error') throw new FormulaError(cell.value);
            if (cell.kind === 'Double') total += cell.value;
          }
        }
      } else {
        total += toNumber(arg);
      }
      const sep = this.peekOp(',', ')');
      if (!sep) throw new FormulaError('#NAME?');
      this.pos += 1;
      if (sep === ')') return { kind: 'Double', value: total };
    }
  }

  private scalar(operand: Operand): Result {
    if (operand.kind !== 'Range') return operand;
    if (operand.box.rowCount !== 1 || operand.box.columnCount !== 1) throw new FormulaError('#VALUE!');
    return this.lookup(operand.box.row, operand.box.column);
  }
}

function toNumber(r: Result): number {
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
      const n = Number(r.value.trim());
      if (r.value.trim() === '' || !Number.isFinite(n)) throw new FormulaError('#VALUE!');
      return n;
    }
  }
}

function toText(r: Result): string {
  switch (r.kind) {
    case 'Empty':
      return '';
    case 'Boolean':
      return r.value ? 'TRUE' : 'FALSE';
    case 'Error':
      throw new FormulaError(r.value);
    default:
      return String(r.value);
  }
}

/** Evaluates `=...`; never throws: unsupported or invalid formulas give `#NAME?`. */
export function evaluateFormula(formula: string, lookup: CellLookup): Result {
  try {
    const result = new Parser(tokenize(formula.replace(/^=/, '')), lookup).parse();
    if (result.kind === 'Empty') return { kind: 'Double', value: 0 };
    return result;
  } catch (error) {
    if (error instanceof FormulaError) return { kind: 'Error', value: error.value };
    return { kind: 'Error', value: '#NAME?' };
  }
}
