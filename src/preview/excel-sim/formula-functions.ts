/**
 * The aggregate functions of the formula evaluator, with Excel's argument rules:
 * - cells of a reference: SUM/AVERAGE/MIN/MAX/COUNT use numbers only (text, booleans, empty cells ignored);
 *   an error cell makes SUM/AVERAGE/MIN/MAX that error, COUNT skips it; COUNTA counts every non-empty cell;
 * - values typed as arguments: numbers, booleans and numeric text count as numbers (other text → `#VALUE!`
 *   for SUM/AVERAGE/MIN/MAX, not counted by COUNT); COUNTA counts every argument.
 * AVERAGE of no number is `#DIV/0!`; MIN/MAX of no number is 0.
 */

import type { Result } from './cell';
import type { Operand } from './formula';
import { FormulaError } from './formula-lexer';

const AGGREGATES = ['SUM', 'COUNT', 'COUNTA', 'AVERAGE', 'MIN', 'MAX'] as const;
type Aggregate = (typeof AGGREGATES)[number];

export function isAggregate(name: string): name is Aggregate {
  return (AGGREGATES as readonly string[]).includes(name);
}

export function aggregate(name: Aggregate, args: Operand[]): Result {
  const numbers: number[] = [];
  let counta = 0;
  for (const arg of args) {
    if (arg.kind === 'Range') {
      arg.ref.sheet.forEachResult(arg.ref.box, (cell) => {
        if (cell.kind === 'Empty') return;
        counta += 1;
        if (cell.kind === 'Double') numbers.push(cell.value);
        else if (cell.kind === 'Error' && name !== 'COUNT' && name !== 'COUNTA') throw new FormulaError(cell.value);
      });
      continue;
    }
    counta += 1;
    if (name === 'COUNTA') continue;
    if (name === 'COUNT') {
      if (arg.kind === 'Double' || arg.kind === 'Boolean') numbers.push(toNumber(arg));
      else if (arg.kind === 'String' && arg.value.trim() !== '' && Number.isFinite(Number(arg.value.trim()))) numbers.push(Number(arg.value.trim()));
      continue;
    }
    numbers.push(toNumber(arg));
  }
  switch (name) {
    case 'SUM':
      return { kind: 'Double', value: numbers.reduce((a, b) => a + b, 0) };
    case 'COUNT':
      return { kind: 'Double', value: numbers.length };
    case 'COUNTA':
      return { kind: 'Double', value: counta };
    case 'AVERAGE':
      if (numbers.length === 0) throw new FormulaError('#DIV/0!');
      return { kind: 'Double', value: numbers.reduce((a, b) => a + b, 0) / numbers.length };
    case 'MIN':
      return { kind: 'Double', value: numbers.length === 0 ? 0 : numbers.reduce((a, b) => Math.min(a, b)) };
    case 'MAX':
      return { kind: 'Double', value: numbers.length === 0 ? 0 : numbers.reduce((a, b) => Math.max(a, b)) };
  }
}

export function toNumber(r: Result): number {
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
