/**
 * The push (budgets first), README.md: its stages (refuse → read → diff → check → plan → compare → send → record),
 * one file each, over a WriteModel per resource (budget-write-model.ts); undo shares the session and the write-back.
 */
export {
  changedFields,
  diffTable,
  sameValue,
  type BaselineRow,
  type FieldChange,
  type Fields,
  type RowChange,
  type RowProblem,
  type SheetRow,
  type TableDiff,
} from './diff';
export { budgetPatch, columnOf, type PatchPlan, type PatchProblem } from './budget-patch';
export { planIdOf, planRequests, type BudgetPlan, type PushPlan } from './plan-requests';
export type { BlockedRow, PushRequest } from './push-request';
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
export {
  baselineOf,
  baselinePatchOf,
  checkBaseline,
  keepsBaseline,
  MemoryBaselineStore,
  patchedBaseline,
  type BaselinePatch,
  type BaselineStore,
} from './baseline';
export {
  MemoryPushJournal,
  summarizeJournalEntry,
  type JournalEntry,
  type JournalEntrySummary,
  type JournalRow,
  type PushJournal,
  type PushSheet,
  type PushSheetRead,
  type RowRef,
  type RowUpdate,
} from './push-port';
export { JournalEntrySchema, parseJournalEntry, parseJournalSummary } from './journal-schema';
export { journalRowView, journalRowViews, type JournalChange, type JournalRowView } from './journal-rows';
export { MemoryPushSheet, type MemoryRow } from './memory-push-sheet';
export { budgetEndpoints, type BudgetEndpoints } from './budget-endpoints';
export { outcomeUnknown, sendChange, type SendOutcome, type SendSteps } from './send-change';
export { changedFieldsOnService, EXTERNAL_ID_FIELD, threeWay, type FieldConflict, type Resolution, type ThreeWay } from './three-way';
export { pushBudgets, undoLastPush } from './push-budgets';
export { pushTable } from './push-table';
export { PushRefusedError } from './push-refused-error';
export { readReference } from './open-session';
export {
  adoptionExternalId,
  randomExternalId,
  rowKey,
  type FieldConflictView,
  type PushChoices,
  type PushOptions,
  type PushPhase,
  type PushProgress,
  type PushReference,
  type PushResult,
  type PushRowResult,
  type RowOutcome,
} from './push-result';
export { adoptRows, isAdoptable, type AdoptOutcome, type AdoptRefusal, type AdoptRow } from './adopt-rows';
export { budgetWriteModel } from './budget-write-model';
export { INVOICE_PATCH_BATCH, invoiceWriteModel, type InvoiceTarget } from './invoice-write-model';
export { transactionWriteModel } from './transaction-write-model';
export { PATCH_ARRAY_LIMIT } from './bulk-patch';
export type { InvoiceRecord } from './invoice-endpoints';
export { checkInvoiceRows, type InvoiceCheckContext } from './invoice-row-check';
export type { OpenedModel, UndoStep, Write, WriteModel } from './write-model';
export { type BudgetTarget } from './service-row';
export {
  lastUndoablePush,
  undoableEntry,
  undoPush,
  type UndoOptions,
  type UndoOutcome,
  type UndoResult,
  type UndoRowResult,
} from './undo-push';
export { planOf, type BudgetTarget as ServiceBudgetTarget } from './service-row';
export {
  applyKeptEdits,
  discardChanges,
  fieldsToCells,
  highlightUpdates,
  keepEdits,
  pendingChanges,
  type KeptEdits,
  type PendingChanges,
  type PendingField,
  type PendingRow,
} from './pending-changes';
