/** The push (budgets first): the diff against the baseline and the requests it plans. See diff.ts, budget-patch.ts. */
export { changedFields, diffTable, sameValue, type BaselineRow, type FieldChange, type Fields, type RowChange, type RowProblem, type SheetRow, type TableDiff } from './diff';
export { budgetPatch, columnOf, type PatchPlan, type PatchProblem } from './budget-patch';
export { baselineOf, checkBaseline, keepsBaseline, MemoryBaselineStore, type BaselineStore } from './baseline';
