/** The figures of the CASHFLOW functions, without any spreadsheet host: arguments, batching, caching, errors. */
export { accountOmitted, CategoryIndex, parseAccount, parseCategory, parseDate, parseRange, type AccountRef, type ArgumentValue, type Checked, type DateRange } from './arguments';
export { containmentGroups, exactCover } from './call-cover';
export { budgetSums, type BudgetList } from './budget-sums';
export { computeGroup, type PlanKind, type PlanReport, type Settled } from './summed-plan';
export type { SumCall, SumFilter, SumPage, SumRow, SumSource } from './sum-source';
export { transactionSums, type TransactionSource } from './transaction-sums';
export { CategoryTree } from './category-tree';
export { DEFAULT_CACHE_TTL_MS, DEFAULT_FIGURE_TIMEOUT_MS, FigureEngine, type FigureEngineOptions } from './figure-engine';
export { FigureError, toFigureError, type FigureErrorKind } from './figure-error';
export { TtlCache } from './ttl-cache';
