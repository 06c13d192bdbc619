/** The pull: resources into Excel tables (see puller.ts). */
export {
  createPuller,
  DEFAULT_INCREMENTAL_MARGIN_MS,
  DEFAULT_PULL_CONCURRENCY,
  DEFAULT_PULL_PAGE_SIZE,
  PullEndlessPagesError,
  PullServiceDownError,
  PullStateMissingError,
  PullTooManyRowsError,
  type Puller,
  type PullerOptions,
  type PullFallback,
  type PullOptions,
  type PullResult,
} from './puller';
export { MemoryPullStateStore, parsePullState, PULL_STATE_VERSION, type PullState, type PullStateStore } from './pull-state';
export {
  companiesOf,
  modelOf,
  PullTargetError,
  tableNameOf,
  targetKey,
  type BudgetPullFilters,
  type InvoicePullFilters,
  type PullResource,
  type PullTarget,
  type TransactionPullFilters,
} from './pull-target';
export type { PullPhase, PullProgress, PullWaiting } from './pull-progress';
export type { FallbackReason } from './incremental-transactions';
export type { IdClash } from './id-clashes';
export type { TextCut } from './text-cuts';
export { LookupCache, LOOKUP_CACHE_MAX_AGE_MS } from './lookup-cache';
