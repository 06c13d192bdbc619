/**
 * The arguments a custom function is called with, as Excel passes them: numbers, strings and booleans as they are,
 * a date as its serial number, an empty cell or an omitted argument as `null`, a reference to several cells as rows
 * of such values. An argument that is an error (an error value, or a cell or a cell of a range holding one) is not
 * passed: the formula gives that error without calling the function (FormulaError).
 *
 * With metadata (functions.json): a formula with more arguments than the function has parameters, or fewer than its
 * required ones, gives `#NAME?` (Excel refuses it); omitted optional parameters are passed as `null`, so the function
 * always gets one value per parameter; a `matrix` parameter gets rows even for one value (`[[5]]`), a `scalar` one
 * given several cells gives `#VALUE!`; a typed scalar parameter gets its value converted (`number`: text read as a
 * number, TRUE as 1, other text `#VALUE!`; `string`: numbers as Excel writes them, `TRUE`; `boolean`: numbers
 * non-zero, text `TRUE`/`FALSE`). Without metadata the values are passed as they are, one per argument written,
 * padded with `null` up to the function's declared parameter count (`fn.length`).
 */

import type { Result } from '../model/cell';
import type { FunctionMetadata, ParameterMetadata } from './custom-function-metadata';
import { FormulaError } from './lexer';
import type { Call } from './types';
import { toBoolean, toNumber, toText } from './values';

export type ArgumentValue = number | string | boolean | null | ArgumentValue[][];

function plain(result: Result): number | string | boolean | null {
  switch (result.kind) {
    case 'Empty':
      return null;
    case 'Error':
      throw new FormulaError(result.value);
    default:
      return result.value;
  }
}

function converted(result: Result, parameter: ParameterMetadata | undefined, year: number): number | string | boolean | null {
  const value = plain(result);
  if (value === null) return null;
  switch (parameter?.type) {
    case 'number':
      return toNumber(result, year);
    case 'string':
      return toText(result);
    case 'boolean':
      return toBoolean(result);
    default:
      return value;
  }
}

function argument(call: Call, i: number, parameter: ParameterMetadata | undefined): ArgumentValue {
  if (!call.has(i)) return null;
  const operand = call.arg(i);
  if (operand.kind !== 'Range')
    return parameter?.dimensionality === 'matrix' ? [[plain(operand)]] : converted(operand, parameter, call.year);
  const { sheet, box } = operand.ref;
  if (box.rowCount === 1 && box.columnCount === 1 && parameter?.dimensionality !== 'matrix')
    return converted(sheet.result(box.row, box.column), parameter, call.year);
  if (parameter?.dimensionality === 'scalar') throw new FormulaError('#VALUE!');
  const rows: ArgumentValue[][] = [];
  for (let r = 0; r < box.rowCount; r += 1) {
    const line: ArgumentValue[] = [];
    for (let c = 0; c < box.columnCount; c += 1) line.push(plain(sheet.result(box.row + r, box.column + c)));
    rows.push(line);
  }
  return rows;
}

/** The values to call the function with (before the invocation); throws FormulaError for what the cell shows instead. */
export function customFunctionArguments(call: Call, metadata: FunctionMetadata | undefined, declared: number): ArgumentValue[] {
  const parameters = metadata?.parameters;
  if (parameters !== undefined) {
    const required = parameters.reduce((n, p, i) => (p.optional === true ? n : i + 1), 0);
    if (call.count > parameters.length || call.count < required) throw new FormulaError('#NAME?');
  }
  const values: ArgumentValue[] = [];
  for (let i = 0; i < call.count; i += 1) values.push(argument(call, i, parameters?.[i]));
  const length = parameters?.length ?? Math.max(call.count, declared);
  while (values.length < length) values.push(null);
  return values;
}
