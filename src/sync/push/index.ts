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
export { MemoryPushJournal, type JournalEntry, type JournalRow, type PushJournal, type PushSheet, type PushSheetRead, type RowRef, type RowUpdate } from './push-port';
export { JournalEntrySchema, parseJournalEntry } from './journal-schema';
export { journalRowView, journalRowViews, type JournalChange, type JournalRowView } from './journal-rows';
export { MemoryPushSheet, type MemoryRow } from './memory-push-sheet';
export { budgetEndpoints, type BudgetEndpoints } from './budget-endpoints';
export { outcomeUnknown, sendChange, type SendOutcome, type SendSteps } from './send-change';
export { changedFieldsOnService, EXTERNAL_ID_FIELD, threeWay, type FieldConflict, type Resolution, type ThreeWay } from './three-way';
export {
  adoptionExternalId,
  pushBudgets,
  PushRefusedError,
  readReference,
  type PushReference,
  randomExternalId,
  rowKey,
  type BudgetTarget,
  type FieldConflictView,
  type PushChoices,
  type PushOptions,
  type PushPhase,
  type PushProgress,
  type PushResult,
  type PushRowResult,
  type RowOutcome,
} from './push-budgets';
export { lastUndoablePush, undoableEntry, undoLastPush, type UndoOptions, type UndoOutcome, type UndoResult, type UndoRowResult } from './undo-push';
export { planOf, type BudgetTarget as ServiceBudgetTarget } from './service-row';
export { applyKeptEdits, discardChanges, fieldsToCells, highlightUpdates, keepEdits, pendingChanges, type KeptEdits, type PendingChanges, type PendingField, type PendingRow } from './pending-changes';
