/** The figures and tables of the CASHFLOW functions, without any spreadsheet host: arguments, batching, caching, errors. */
export { DEFAULT_CACHE_TTL_MS, DEFAULT_FIGURE_TIMEOUT_MS, FigureEngine, type FigureEngineOptions } from './figure-engine';
export { FigureError, toFigureError, type FigureErrorKind } from './figure-error';
export type { SpilledCell, SpilledTable, TableQuery } from './spilled-tables';

// Arguments as users type them.
export {
  accountOmitted,
  CategoryIndex,
  parseAccount,
  parseCategory,
  parseDate,
  parseOpenRange,
  parseRange,
  type AccountRef,
  type ArgumentValue,
  type Checked,
  type DateRange,
  type OpenRange,
} from './arguments';
export { parseHorizon } from './balance';
export { parseInvoiceStatus, parseInvoiceType, parseOptionalInvoiceType, type InvoiceKind } from './invoice-arguments';
export { parseScenario, planKey, scenarioOmitted, type PlanRef } from './plan-argument';

// The batch plan of ACTUALS and PLANNED over a summed list, and its parts (pure: for tests and the benchmark).
export { budgetSums, type BudgetList } from './budget-sums';
export { containmentGroups, exactCover } from './call-cover';
export { CategoryTree } from './category-tree';
export { computeGroup, type PlanContext, type PlanKind, type PlanReport, type Settled } from './summed-plan';
export type { SumCall, SumFilter, SumPage, SumRow, SumSource } from './sum-source';
export { transactionSums, type TransactionSource } from './transaction-sums';

// Batching and caching helpers.
export { KeyedJobs, settleWorks, type Outcome, type Waiter, type Work } from './keyed-jobs';
export { TtlCache } from './ttl-cache';
