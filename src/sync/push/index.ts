/**
 * The push (budgets first): the diff against the baseline (diff.ts), the check of every row before anything is sent
 * (budget-row-check.ts), the PATCH body of a changed row (budget-patch.ts) and the request each change needs
 * (plan-requests.ts).
 */
export { changedFields, diffTable, sameValue, type BaselineRow, type FieldChange, type Fields, type RowChange, type RowProblem, type SheetRow, type TableDiff } from './diff';
export { budgetPatch, columnOf, type PatchPlan, type PatchProblem } from './budget-patch';
export { planIdOf, planRequests, type BlockedRow, type BudgetPlan, type PushPlan, type PushRequest } from './plan-requests';
export {
  BUDGET_BASES,
  BUDGET_FREQUENCIES,
  BUDGET_SEQUENCE_TYPES,
  categoryProblem,
  checkBudgetRows,
  type BudgetCheckContext,
  type BudgetRowCheck,
  type RowCheckProblem,
} from './budget-row-check';
export { baselineOf, checkBaseline, keepsBaseline, MemoryBaselineStore, type BaselineStore } from './baseline';
