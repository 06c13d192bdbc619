/**
 * The types the formula engine's modules share: what a formula reads (sheets, references, the host that resolves
 * names), the operands it computes with, and a function's view of its call. Types only: the evaluator
 * (evaluator.ts), the values (values.ts), the functions (functions.ts, lookup.ts) and the references
 * (references.ts) all import them from here, so none of them imports another for its types.
 */

import type { CellBox } from '../model/address';
import type { Result } from '../model/cell';

/** What a formula can read from a sheet. */
export interface FormulaSheet {
  result(row: number, column: number): Result;
  /** Calls `fn` for every non-empty cell of the box (order unspecified). */
  forEachResult(box: CellBox, fn: (result: Result, row: number, column: number) => void): void;
  /** The cells the array of the formula in (row, column) spills into (`A1#`); undefined when it does not spill. */
  spillRange?(row: number, column: number): CellBox | undefined;
}

export interface RangeRef {
  sheet: FormulaSheet;
  box: CellBox;
}

/** Resolves names for one evaluation: the formula's sheet and cell, other sheets, tables. */
export interface FormulaHost {
  readonly self: FormulaSheet;
  /** The year of dates typed without one (`3/4`), for text read as a number. */
  readonly currentYear?: number;
  sheet(name: string): FormulaSheet | undefined;
  /** A structured reference; an error value (`#REF!`, `#VALUE!`) when it does not resolve. */
  structured(table: string | undefined, spec: string): RangeRef | string;
  /** A bare name: a table (its data body), or undefined. */
  name(name: string): RangeRef | undefined;
  /**
   * A call of a function that is not built in (`NAMESPACE.NAME(...)`): a custom function's value; undefined when no
   * custom function has that name. Throws FormulaError for the error the cell shows (`#BUSY!` while pending).
   */
  customFunction?(name: string, call: Call): Operand | undefined;
}

export type Operand = Result | { kind: 'Range'; ref: RangeRef };

/** A function's view of its call: arguments evaluated on demand (so IF and IFERROR can be lazy). */
export interface Call {
  readonly count: number;
  /** The year of dates typed without one, for text read as a number. */
  readonly year: number;
  /** Whether argument i was given (`IF(a,b,)` gives its third argument, empty). */
  has(i: number): boolean;
  /** Whether argument i is written as a reference (`A1`, `T[Col]`, a table name): its errors are not values. */
  isReference(i: number): boolean;
  /** Argument i evaluated (a reference stays a reference; an omitted or empty argument is Empty). */
  arg(i: number): Operand;
  /** Argument i as one value (a single cell's result; several cells → `#VALUE!`). */
  value(i: number): Result;
  /** Argument i as a number (text read as a number, see values.ts). */
  number(i: number): number;
  text(i: number): string;
}

/** A worksheet function: its argument counts and its body. */
export interface FunctionDef {
  min: number;
  max: number;
  run(call: Call): Operand;
}
