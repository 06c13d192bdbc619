/**
 * What a pull brings into which table: the resource, and its list filters (typed from the client's own filter
 * types, stored with the pull state so a refresh repeats them). `groupInvoices` is the group workbook's
 * `Invoices`: the invoices of each addressed company (group credentials), the filters applying to every one.
 */

import type { BudgetListParams, InvoiceListParams, TransactionFilters } from '../../api';
import type { MessageKey } from '../../i18n/catalog';
import {
  ACCOUNTS_TABLE,
  ALL_BUDGETS_TABLE,
  BANKS_TABLE,
  CATEGORIES_TABLE,
  FORECAST_BUDGETS_TABLE,
  GROUP_INVOICES_TABLE,
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
  /** The companies from the connection profile (group credentials with the companies they address). */
  | { resource: 'groupInvoices'; companyIds: number[]; filters?: InvoicePullFilters }
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
    case 'groupInvoices':
      return GROUP_INVOICES_TABLE;
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

/** The companies of a group pull as it runs them: each once, ascending. */
export function companiesOf(target: Extract<PullTarget, { resource: 'groupInvoices' }>): number[] {
  return [...new Set(target.companyIds)].sort((a, b) => a - b);
}

/** A target the pull cannot run, refused before anything is fetched (the message is in the user's language). */
export class PullTargetError extends Error {
  override name = 'PullTargetError';
}

/** Refuses a group pull without a company. */
export function checkTarget(target: PullTarget, t: (key: MessageKey) => string): void {
  if (target.resource === 'groupInvoices' && target.companyIds.length === 0) throw new PullTargetError(t('pull.error.noCompanies'));
}

/**
 * Canonical JSON (keys sorted, undefined dropped, a group's companies each once and ascending): two targets pull
 * the same rows exactly when these are equal.
 */
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
  return JSON.stringify(sort(target.resource === 'groupInvoices' ? { ...target, companyIds: companiesOf(target) } : target));
}
