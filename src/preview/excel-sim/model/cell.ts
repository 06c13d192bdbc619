/** What one cell holds. Cells without an entry are empty and formatted `General`. */

/** Excel's error values, as `Range.values` reports them. */
export const ERROR_VALUES = [
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#SPILL!',
  '#CALC!',
  '#FIELD!',
  '#BUSY!',
  '#CONNECT!',
  '#BLOCKED!',
  '#UNKNOWN!',
] as const;

export type Content =
  | { kind: 'String'; value: string; quotePrefix: boolean }
  | { kind: 'Double'; value: number }
  | { kind: 'Boolean'; value: boolean }
  | { kind: 'Error'; value: string }
  | { kind: 'Formula'; formula: string };

export interface Cell {
  content: Content | null;
  format: string;
}

/** The scalar types `Range.values` returns. */
export type CellValue = string | number | boolean;

/** A computed result: constants are their own result, formulas are evaluated. */
export type Result =
  | { kind: 'Empty' }
  | { kind: 'String'; value: string }
  | { kind: 'Double'; value: number }
  | { kind: 'Boolean'; value: boolean }
  | { kind: 'Error'; value: string };

/**
 * What a formula evaluates to: one result, or (dynamic arrays) an array of rows that spills from the formula's cell
 * into the cells right of and below it (see spill-state.ts). Every row has the same length; at least 2 cells.
 */
export type Evaluation = Result | { kind: 'Array'; rows: Result[][] };

export const GENERAL = 'General';
export const TEXT_FORMAT = '@';

/** Excel's limit on the characters of one cell. */
export const MAX_CELL_CHARACTERS = 32_767;

export function isTextFormat(format: string): boolean {
  return format === TEXT_FORMAT;
}

export function resultValue(result: Result): CellValue {
  return result.kind === 'Empty' ? '' : result.value;
}
