/**
 * The formula engine as the workbook model is handed it (FormulaEngine of model/workbook-state.ts): a formula is
 * evaluated with the workbook's sheets and tables as its host (references.ts) and the workbook's custom function
 * calls (custom-function-calls.ts), and translated to and from R1C1 (r1c1.ts). simulated-workbook.ts makes one per
 * workbook and passes it to the WorkbookState it makes.
 */

import type { FormulaEngine } from '../model/workbook-state';
import type { CustomFunctionCalls } from './custom-function-calls';
import { evaluateFormula } from './evaluator';
import { fromR1C1, toR1C1 } from './r1c1';
import { WorkbookFormulaHost } from './references';

export function createFormulaEngine(calls?: CustomFunctionCalls): FormulaEngine {
  return {
    evaluate: (formula, workbook, sheet, row, column) => {
      const host = new WorkbookFormulaHost(workbook, sheet, row, column, calls);
      return calls === undefined
        ? evaluateFormula(formula, host)
        : calls.evaluating(sheet, row, column, () => evaluateFormula(formula, host));
    },
    toR1C1,
    fromR1C1,
    formulaWritten: (sheet, row, column, formula) => calls?.noteFormula(sheet, row, column, formula),
    cellsMoved: () => calls?.cellsMoved(),
    calculate: (type) => calls?.recalculate(type),
  };
}

/** An engine without custom functions. */
export const formulaEngine: FormulaEngine = createFormulaEngine();
