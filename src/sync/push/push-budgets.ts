/**
 * The push of a budget table (ForecastBudgets, Scenario_<id>_Budgets): the budget WriteModel (budget-write-model.ts:
 * a committed plan refused, PATCH by external ID, PUT by id after a confirmation, POST, DELETE) over the push's
 * stages (push-table.ts). A create that landed is found by its external ID, written into the sheet before the
 * create is sent.
 */

import type { Budget } from '../../api';
import type { TableModel } from '../tables/table-model';
import { budgetWriteModel } from './budget-write-model';
import type { PushOptions, PushResult } from './push-result';
import { pushTable } from './push-table';
import type { BudgetTarget } from './service-row';
import { undoPush, type UndoOptions, type UndoResult } from './undo-push';

export type { BudgetTarget } from './service-row';

export function pushBudgets(model: TableModel<Budget>, target: BudgetTarget, options: PushOptions): Promise<PushResult> {
  return pushTable(budgetWriteModel(model, target), options);
}

/** Undo of the newest push of a budget table (budget-undo.ts says what each row sends). */
export function undoLastPush(model: TableModel<Budget>, target: BudgetTarget, options: UndoOptions): Promise<UndoResult> {
  return undoPush(budgetWriteModel(model, target), options);
}
