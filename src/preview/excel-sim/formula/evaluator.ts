/**
 * The formula evaluator: a parser to a small syntax tree (cached per formula text) and its evaluation with
 * Excel's operator precedence: negation, `%`, `^` (left to right, so `=-2^2` is 4 and `=2^3^2` is 64), `* /`,
 * `+ -`, `&`, then the comparisons `= <> < <= > >=`. Operands: number, string, boolean and error literals,
 * cell and range references (`A1`, `$B$2:C3`, `A:A`, `2:2`) on the formula's sheet or another one
 * (`Sheet2!A1:A10`, `'My Sheet'!B2`), structured references to tables (`Transactions[Amount]`, `[@Amount]`, see
 * references.ts), a table's bare name (its data body), and the functions of functions.ts.
 *
 * Custom functions (`NAMESPACE.NAME(...)`, see custom-function-calls.ts) are asked of the host when no built-in
 * function has the name; an array they give is an operand that reads like a reference (array-sheet.ts), and spills
 * when it is the formula's value. `A1#` is the spill range of the array in A1 (`#REF!` when A1 does not spill).
 *
 * Errors: an error value raised while evaluating (FormulaError) or read from a cell propagates through operators
 * and functions, except where a function handles it (IFERROR, ISERROR, COUNT, ...). Unknown functions and names
 * give `#NAME?`; so does syntax Excel would reject (Excel refuses such formulas; the simulation stores them).
 * A reference to several cells where one value is needed gives `#VALUE!` (references do not spill, no implicit
 * intersection). References are resolved when the formula is evaluated, which is when it is read (no
 * calculation chain): a table reference always sees the table's current size.
 */

import { parseLocalAddress, type CellBox } from '../model/address';
import type { Evaluation, Result } from '../model/cell';
import { ArraySheet } from './array-sheet';
import { callFunction, isFunction } from './functions';
import { FormulaError, tokenize, type Token } from './lexer';
import type { Call, FormulaHost, Operand } from './types';
import { bool, compareValues, num, scalar, str, toNumber, toText } from './values';

export type Node =
  | { k: 'lit'; v: Result }
  | { k: 'ref'; sheet: string | undefined; box: CellBox; spill?: true }
  | { k: 'struct'; table: string | undefined; spec: string }
  | { k: 'name'; text: string }
  | { k: 'call'; name: string; args: Node[] }
  | { k: 'missing' }
  | { k: 'neg'; a: Node }
  | { k: 'percent'; a: Node }
  | { k: 'bin'; op: string; a: Node; b: Node };

const COMPARISONS = ['=', '<>', '<', '<=', '>', '>='];

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  parse(): Node {
    const node = this.comparison();
    if (this.pos !== this.tokens.length) throw new FormulaError('#NAME?');
    return node;
  }

  private peekOp(...ops: string[]): string | undefined {
    const tok = this.tokens[this.pos];
    return tok?.t === 'op' && ops.includes(tok.v) ? tok.v : undefined;
  }

  private binary(ops: string[], next: () => Node): Node {
    let left = next();
    for (let op = this.peekOp(...ops); op; op = this.peekOp(...ops)) {
      this.pos += 1;
      left = { k: 'bin', op, a: left, b: next() };
    }
    return left;
  }

  private comparison = (): Node => this.binary(COMPARISONS, this.concat);
  private concat = (): Node => this.binary(['&'], this.additive);
  private additive = (): Node => this.binary(['+', '-'], this.multiplicative);
  private multiplicative = (): Node => this.binary(['*', '/'], this.power);
  private power = (): Node => this.binary(['^'], this.percent);

  private percent = (): Node => {
    let node = this.unary();
    while (this.peekOp('%')) {
      this.pos += 1;
      node = { k: 'percent', a: node };
    }
    return node;
  };

  private unary(): Node {
    const op = this.peekOp('+', '-');
    if (!op) return this.primary();
    this.pos += 1;
    const a = this.unary();
    return op === '-' ? { k: 'neg', a } : a; // unary plus changes nothing in Excel (`=+"a"` is "a")
  }

  private primary(): Node {
    const tok = this.tokens[this.pos];
    this.pos += 1;
    if (!tok) throw new FormulaError('#NAME?');
    switch (tok.t) {
      case 'num':
        return { k: 'lit', v: num(tok.v) };
      case 'str':
        return { k: 'lit', v: str(tok.v) };
      case 'err':
        return { k: 'lit', v: { kind: 'Error', value: tok.v } };
      case 'ref': {
        const box = parseLocalAddress(tok.v);
        if (!this.peekOp('#')) return { k: 'ref', sheet: tok.sheet, box };
        if (box.rowCount !== 1 || box.columnCount !== 1) break; // `A1:B2#` is no formula
        this.pos += 1;
        return { k: 'ref', sheet: tok.sheet, box, spill: true };
      }
      case 'struct':
        return { k: 'struct', table: tok.table, spec: tok.spec };
      case 'op': {
        if (tok.v !== '(') break;
        const inner = this.comparison();
        if (!this.peekOp(')')) break;
        this.pos += 1;
        return inner;
      }
      case 'name': {
        if (this.peekOp('(')) return { k: 'call', name: tok.v.replace(/^_XLFN\./, ''), args: this.arguments() };
        if (tok.v === 'TRUE' || tok.v === 'FALSE') return { k: 'lit', v: bool(tok.v === 'TRUE') };
        return { k: 'name', text: this.source.slice(tok.start, tok.end) };
      }
    }
    throw new FormulaError('#NAME?');
  }

  /** `(a, b, ...)` after a function name; an empty argument (`IF(A1,,1)`) is a `missing` node. */
  private arguments(): Node[] {
    this.pos += 1;
    const args: Node[] = [];
    if (this.peekOp(')')) {
      this.pos += 1;
      return args;
    }
    for (;;) {
      args.push(this.peekOp(',', ')') ? { k: 'missing' } : this.comparison());
      const sep = this.peekOp(',', ')');
      if (!sep) throw new FormulaError('#NAME?');
      this.pos += 1;
      if (sep === ')') return args;
    }
  }
}

class Evaluator {
  readonly year: number;
  constructor(private readonly host: FormulaHost) {
    this.year = host.currentYear ?? new Date().getFullYear();
  }

  eval(node: Node): Operand {
    switch (node.k) {
      case 'lit':
        return node.v;
      case 'missing':
        return { kind: 'Empty' };
      case 'ref': {
        const sheet = node.sheet === undefined ? this.host.self : this.host.sheet(node.sheet);
        if (!sheet) throw new FormulaError('#REF!');
        if (node.spill !== true) return { kind: 'Range', ref: { sheet, box: node.box } };
        const spilled = sheet.spillRange?.(node.box.row, node.box.column);
        if (spilled === undefined) throw new FormulaError('#REF!');
        return { kind: 'Range', ref: { sheet, box: spilled } };
      }
      case 'struct': {
        const ref = this.host.structured(node.table, node.spec);
        if (typeof ref === 'string') throw new FormulaError(ref);
        return { kind: 'Range', ref };
      }
      case 'name': {
        const table = this.host.name(node.text);
        if (!table) throw new FormulaError('#NAME?');
        return { kind: 'Range', ref: table };
      }
      case 'call': {
        const call = this.call(node.args);
        if (!isFunction(node.name)) {
          const custom = this.host.customFunction?.(node.name, call);
          if (custom !== undefined) return custom;
        }
        return callFunction(node.name, call);
      }
      case 'neg':
        return num(-this.number(node.a));
      case 'percent':
        return num(this.number(node.a) / 100);
      case 'bin':
        return this.binary(node.op, node.a, node.b);
    }
  }

  private binary(op: string, a: Node, b: Node): Result {
    if (op === '&') {
      const left = this.value(a);
      const right = this.value(b);
      const joined = toText(left) + toText(right);
      if (joined.length > 32_767) throw new FormulaError('#VALUE!');
      return str(joined);
    }
    if (COMPARISONS.includes(op)) {
      const d = compareValues(this.value(a), this.value(b));
      return bool(op === '=' ? d === 0 : op === '<>' ? d !== 0 : op === '<' ? d < 0 : op === '<=' ? d <= 0 : op === '>' ? d > 0 : d >= 0);
    }
    const x = this.number(a);
    const y = this.number(b);
    switch (op) {
      case '+':
        return num(x + y);
      case '-':
        return num(x - y);
      case '*':
        return num(x * y);
      case '/':
        if (y === 0) throw new FormulaError('#DIV/0!');
        return num(x / y);
      default: {
        if (x === 0 && y === 0) throw new FormulaError('#NUM!');
        if (x === 0 && y < 0) throw new FormulaError('#DIV/0!');
        const value = Math.pow(x, y);
        if (Number.isNaN(value)) throw new FormulaError('#NUM!');
        return num(value);
      }
    }
  }

  value(node: Node): Result {
    return scalar(this.eval(node));
  }

  number(node: Node): number {
    return toNumber(this.value(node), this.year);
  }

  private call(args: Node[]): Call {
    const node = (i: number): Node => args[i] ?? { k: 'missing' };
    return {
      count: args.length,
      year: this.year,
      has: (i) => i < args.length && args[i]?.k !== 'missing',
      isReference: (i) => ['ref', 'struct', 'name'].includes(node(i).k),
      arg: (i) => this.eval(node(i)),
      value: (i) => this.value(node(i)),
      number: (i) => this.number(node(i)),
      text: (i) => toText(this.value(node(i))),
    };
  }
}

const parsed = new Map<string, Node | FormulaError>();
const MAX_CACHED = 10_000;

/** The syntax tree of a formula (without `=`), cached by its text; throws FormulaError('#NAME?') if invalid. */
export function parseFormula(source: string): Node {
  let entry = parsed.get(source);
  if (entry === undefined) {
    try {
      entry = new Parser(tokenize(source), source).parse();
    } catch (error) {
      entry = error instanceof FormulaError ? error : new FormulaError('#NAME?');
    }
    if (parsed.size >= MAX_CACHED) parsed.clear();
    parsed.set(source, entry);
  }
  if (entry instanceof FormulaError) throw entry;
  return entry;
}

const ZERO: Result = { kind: 'Double', value: 0 };

/** The array a formula's value spills, when it is an array (not a reference) of more than one cell. */
function spilled(operand: Operand): Evaluation | undefined {
  if (operand.kind !== 'Range' || !(operand.ref.sheet instanceof ArraySheet)) return undefined;
  const { box } = operand.ref;
  if (box.rowCount * box.columnCount < 2) return undefined;
  // Blanks of an array read as 0, as a reference to an empty cell does (`=A1`).
  return { kind: 'Array', rows: operand.ref.sheet.block(box).map((line) => line.map((r) => (r.kind === 'Empty' ? ZERO : r))) };
}

/**
 * Evaluates `=...`: one value, or the array the formula spills; never throws: unsupported or invalid formulas give
 * `#NAME?`.
 */
export function evaluateFormula(formula: string, host: FormulaHost): Evaluation {
  try {
    const operand = new Evaluator(host).eval(parseFormula(formula.replace(/^=/, '')));
    const array = spilled(operand);
    if (array !== undefined) return array;
    const result = scalar(operand);
    if (result.kind === 'Empty') return ZERO;
    return result;
  } catch (error) {
    if (error instanceof FormulaError) return { kind: 'Error', value: error.value };
    if (error instanceof RangeError) return { kind: 'Error', value: '#NUM!' }; // e.g. too deep a recursion
    return { kind: 'Error', value: '#NAME?' };
  }
}
