/**
 * What a cell holds as a user edits it, as Excel's formula bar shows it: its formula (`=CASHFLOW.BALANCE(…)`), else
 * a number in full (not as formatted: `-130`, not `-130.00`), else the text as shown (a date as its display).
 */

import { isDateFormat } from 'numfmt';
import type { SimulatedWorkbook } from '../excel-sim';
import { cellDisplay } from './cell-display';

export type SimulatedCell = ReturnType<SimulatedWorkbook['cell']>;

export function cellEditText({ result, format, formula }: SimulatedCell): string {
  if (formula !== undefined) return formula;
  return result.kind === 'Double' && !isDateFormat(format) ? String(result.value) : cellDisplay(result, format).text;
}
