/** The planning grid (#31): categories × months over the plan's budgets, typed figures as the grid's own budgets. */

export { gridCellOf, gridExternalId, cellKey, type GridCellKey } from './grid-external-id';
export { countsIn, gridFigures, toCents, type GridFigures, type OwnBudget } from './grid-figures';
export { planGridEdits, type GridChange, type GridEdit, type GridEditPlan, type GridRefusal } from './grid-edits';
export {
  addMonths,
  gridMonths,
  GridHorizonError,
  lastDayOf,
  MAX_GRID_MONTHS,
  monthOf,
  monthWindow,
  settlementDateIn,
  gridSettlementDate,
  type GridHorizon,
  type SettlementDay,
} from './grid-month';
export { planGrid, type GridRow, type GridRowKind, type GridVariance, type PlanGrid, type ReadOnlyReason } from './grid-rows';
export { gridBudgetsTable, newGridBudgetRow, ownBudgetRows, storeGridBaseline } from './grid-budgets';
export { planEndOf, readGridSources, type GridSources, type GridTransaction, type ReadGridOptions } from './grid-sources';
export { sendGridEdits, undoGridSend, type GridSendOptions, type GridSendResult } from './send-grid';
export {
  GRID_HEADER_ROW,
  GRID_SETTING_PREFIX,
  GRID_TAIL_COLUMNS,
  GRID_TOTAL,
  gridSettingKey,
  GridLayoutChangedError,
  gridSheet,
  gridSheetEdits,
  groupSpans,
  isStoredGrid,
  placeAt,
  placeIn,
  type ComputedLine,
  type GridCellProblem,
  type GridPlace,
  type GridSheet,
  type GridSheetLayout,
  type GridSheetOptions,
  type GridSheetRead,
} from './grid-sheet';
export {
  buildPlanGrid,
  NoGridError,
  PlanSheetInUseError,
  sendPlanGrid,
  type BuiltPlanGrid,
  type GridSpec,
  type KeptFigure,
  type PlanGridContext,
  type PlanGridSend,
  type PlanSheetPort,
} from './plan-sheet-flow';
export { MemoryPlanSheet } from './memory-plan-sheet';
export { cellComposition, type CellComposition, type ComposingBudget } from './grid-composition';
export { lastYearActuals, spread } from './grid-fill';
export {
  GRID_PLACEHOLDER_SETTING,
  gridPlaceholderSheet,
  isGridPlaceholder,
  placeholderExtent,
  placeholderSetting,
  readPlaceholder,
  storedGrids,
  type GridPlaceholder,
  type PlaceholderCell,
  type StoredGrid,
} from './grid-placeholder';
