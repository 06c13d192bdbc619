/**
 * The formula engine as the workbook model is handed it (FormulaEngine of model/workbook-state.ts): a formula is
 * evaluated with the workbook's sheets and tables as its host (references.ts), and translated to and from R1C1
 * (r1c1.ts). simulated-workbook.ts passes it to the WorkbookState it makes.
 */

import type { FormulaEngine } from '../model/workbook-state';
import { evaluateFormula } from './evaluator';
import { fromR1C1, toR1C1 } from './r1c1';
import { WorkbookFormulaHost } from './references';

export const formulaEngine: FormulaEngine = {
  evaluate: (formula, workbook, sheet, row, column) => evaluateFormula(formula, new WorkbookFormulaHost(workbook, sheet, row, column)),
  toR1C1,
  fromR1C1,
};
