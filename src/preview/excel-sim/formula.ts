/**
 * A deliberately small formula evaluator: number, string and boolean literals, `+ - * / ^ &`, parentheses,
 * cell and range references (`A1`, `$B$2:C3`, `A:A`, `2:2`) on the formula's sheet or another one
 * (`Sheet2!A1:A10`, `'My Sheet'!B2`), structured references to tables (`Transactions[Amount]`, `[@Amount]`,
 * see formula-refs.ts), a table's bare name (its data body), and `SUM COUNT COUNTA AVERAGE MIN MAX`.
 * Anything else (other functions, comparisons, names, syntax Excel would reject) evaluates to `#NAME?`, an Error
 * value, so such a cell never reads back as a String. References are resolved when the formula is evaluated,
 * which is when it is read (no calculation chain): a table reference always sees the table's current size.
 */

import { parseLocalAddress, type CellBox } from './address';
import type { Result } from './cell';
import { aggregate, isAggregate, toNumber } from './formula-functions';
import { FormulaError, tokenize, type Token } from './formula-lexer';

/** What a formula can read from a sheet. */
export interface FormulaSheet {
  result(row: number, column: number): Result;
  /** Calls `fn` for every non-empty cell of the box (order unspecified). */
  forEachResult(box: CellBox, fn: (result: Result) => void): void;
}

export interface RangeRef {
  sheet: FormulaSheet;
  box: CellBox;
}

/** Resolves names for one evaluation: the formula's sheet and cell, other sheets, tables. */
export interface FormulaHost {
  readonly self: FormulaSheet;
  sheet(name: string): FormulaSheet | undefined;
  /** A structured reference; an error value (`#REF!`, `#VALUE!`) when it does not resolve. */
  structured(table: string | undefined, spec: string): RangeRef | string;
  /** A bare name: a table (its data body), or undefined. */
  name(name: string): RangeRef | undefined;
}

export type Operand = Result | { kind: 'Range'; ref: RangeRef };

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly host: FormulaHost,
    private readonly source: string,
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
    if (tok.t === 'ref') return this.reference(tok.sheet, tok.v);
    if (tok.t === 'struct') {
      const ref = this.host.structured(tok.table, tok.spec);
      if (typeof ref === 'string') throw new FormulaError(ref);
      return { kind: 'Range', ref };
    }
    if (tok.t === 'op' && tok.v === '(') {
      const inner = this.concat();
      if (!this.peekOp(')')) throw new FormulaError('#NAME?');
      this.pos += 1;
      return inner;
    }
    if (tok.t === 'name') {
      if (this.peekOp('(')) {
        if (!isAggregate(tok.v)) throw new FormulaError('#NAME?');
        return aggregate(tok.v, this.arguments());
      }
      if (tok.v === 'TRUE' || tok.v === 'FALSE') return { kind: 'Boolean', value: tok.v === 'TRUE' };
      const table = this.host.name(this.source.slice(tok.start, tok.end));
      if (table) return { kind: 'Range', ref: table };
    }
    throw new FormulaError('#NAME?');
  }

  private reference(sheetName: string | undefined, local: string): Operand {
    const sheet = sheetName === undefined ? this.host.self : this.host.sheet(sheetName);
    if (!sheet) throw new FormulaError('#REF!');
    return { kind: 'Range', ref: { sheet, box: parseLocalAddress(local) } };
  }

  /** `(a, b, ...)` after a function name. */
  private arguments(): Operand[] {
    this.pos += 1;
    const args: Operand[] = [];
    if (this.peekOp(')')) {
      this.pos += 1;
      return args;
    }
    for (;;) {
      args.push(this.concat());
      const sep = this.peekOp(',', ')');
      if (!sep) throw new FormulaError('#NAME?');
      this.pos += 1;
      if (sep === ')') return args;
    }
  }

  private scalar(operand: Operand): Result {
    if (operand.kind !== 'Range') return operand;
    const { sheet, box } = operand.ref;
    if (box.rowCount !== 1 || box.columnCount !== 1) throw new FormulaError('#VALUE!');
    return sheet.result(box.row, box.column);
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
export function evaluateFormula(formula: string, host: FormulaHost): Result {
  try {
    const source = formula.replace(/^=/, '');
    const result = new Parser(tokenize(source), host, source).parse();
    if (result.kind === 'Empty') return { kind: 'Double', value: 0 };
    return result;
  } catch (error) {
    if (error instanceof FormulaError) return { kind: 'Error', value: error.value };
    return { kind: 'Error', value: '#NAME?' };
  }
}
