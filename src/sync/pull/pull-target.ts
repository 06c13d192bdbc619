/**
 * What a pull brings into which table: the resource, and its list filters (typed from the client's own filter
 * types, stored with the pull state so a refresh repeats them).
 */

import type { BudgetListParams, InvoiceListParams, TransactionFilters } from '../../api';
import {
  ACCOUNTS_TABLE,
  ALL_BUDGETS_TABLE,
  BANKS_TABLE,
  CATEGORIES_TABLE,
  FORECAST_BUDGETS_TABLE,
  INVOICES_TABLE,
  PLANS_TABLE,
  scenarioBudgetsTable,
  TRANSACTIONS_TABLE,
  type TableModel,
} from '../tables';

/**
 * Transaction filters of a pulled table. `min/max_date_updated` belong to the incremental refresh and `ordering`
 * to the table (always `-value_date,id`), so they are not the user's to set.
 */
export type TransactionPullFilters = Omit<TransactionFilters, 'min_date_updated' | 'max_date_updated' | 'ordering'>;
export type InvoicePullFilters = InvoiceListParams;
export type BudgetPullFilters = BudgetListParams;

export type PullTarget =
  | { resource: 'transactions'; filters?: TransactionPullFilters }
  | { resource: 'invoices'; filters?: InvoicePullFilters }
  | { resource: 'forecastBudgets'; filters?: BudgetPullFilters }
  | { resource: 'scenarioBudgets'; scenarioId: number; filters?: BudgetPullFilters }
  | { resource: 'allBudgets'; filters?: BudgetPullFilters }
  | { resource: 'categories' }
  | { resource: 'plans' }
  | { resource: 'accounts' }
  | { resource: 'banks' };

export type PullResource = PullTarget['resource'];

/** The resources that come in one answer (not paginated, or one object): fetched whole, then written. */
export type OneAnswerTarget = Extract<PullTarget, { resource: 'categories' | 'plans' | 'accounts' }>;
/** The paginated resources: streamed into their table as the pages arrive. */
export type PagedTarget = Exclude<PullTarget, OneAnswerTarget>;

export function isOneAnswer(target: PullTarget): target is OneAnswerTarget {
  return target.resource === 'categories' || target.resource === 'plans' || target.resource === 'accounts';
}

/** The table model a target fills. */
export function modelOf(target: PullTarget): TableModel<unknown> {
  switch (target.resource) {
    case 'transactions':
      return TRANSACTIONS_TABLE;
    case 'invoices':
      return INVOICES_TABLE;
    case 'forecastBudgets':
      return FORECAST_BUDGETS_TABLE;
    case 'scenarioBudgets':
      return scenarioBudgetsTable(target.scenarioId);
    case 'allBudgets':
      return ALL_BUDGETS_TABLE;
    case 'categories':
      return CATEGORIES_TABLE;
    case 'plans':
      return PLANS_TABLE;
    case 'accounts':
      return ACCOUNTS_TABLE;
    case 'banks':
      return BANKS_TABLE;
  }
}

export function tableNameOf(target: PullTarget): string {
  return modelOf(target).tableName;
}

/** Canonical JSON (keys sorted, undefined dropped): two targets pull the same rows exactly when these are equal. */
export function targetKey(target: PullTarget): string {
  const sort = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sort);
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return Object.fromEntries(entries.map(([k, v]) => [k, sort(v)]));
    }
    return value;
  };
  return JSON.stringify(sort(target));
}
