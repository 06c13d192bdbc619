/* CASHFLOW.* custom functions: thin declarations over the task pane's figures (figure-link.ts). The JSDoc below is
 * their metadata: custom-functions-metadata-plugin generates functions.json from it and appends the
 * CustomFunctions.associate calls itself. This bundle loads no UI code: it reads the figures the pane publishes.
 *
 * Arguments are `number | string | boolean | null` (metadata type "any"): a date reaches a function as a serial
 * number when it is a date cell, and as text when typed as YYYY-MM-DD; the core checks and converts both. */
import { APP_VERSION } from '../version';
import { callFigure } from './call-figure';
import type { CellArgument } from './figure-link';

/**
 * Returns the version of the Cash-Flow Planner add-in.
 * @customfunction VERSION
 * @returns The add-in version, for example 0.1.0.
 */
export function version(): string {
  return APP_VERSION;
}

/**
 * Actual cash flow of a category (subcategories included) in a date range, in the company currency.
 * @customfunction ACTUALS
 * @param category Category id, name or path (Ausgaben › Miete).
 * @param from First day: a date or YYYY-MM-DD text.
 * @param to Last day: a date or YYYY-MM-DD text.
 * @param [account] Account id or name; all accounts when left out.
 * @returns The sum of the transactions' amounts.
 */
export function actuals(
  category: number | string,
  from: number | string,
  to: number | string,
  account?: number | string | null,
): Promise<number> {
  return callFigure((source) => source.actuals(category, from, to, account));
}

/**
 * Planned amount of a category (subcategories included) in a date range: the forecast, or a scenario.
 * @customfunction PLANNED
 * @param category Category id, name or path (Ausgaben › Miete).
 * @param from First day: a date or YYYY-MM-DD text.
 * @param to Last day: a date or YYYY-MM-DD text.
 * @param [scenario] Scenario id or name; the forecast when left out.
 * @returns The planned amount: what the budgets pay in the range, a recurring budget on each of its dates.
 */
export function planned(
  category: number | string,
  from: number | string,
  to: number | string,
  scenario?: number | string | null,
): Promise<number> {
  return callFigure((source) => source.planned(category, from, to, scenario));
}

/**
 * Today's balance of all accounts, or the forecast balance at a horizon.
 * @customfunction BALANCE
 * @param [horizon] current_month_end, next_month_end, in_3_months or fiscal_year_end; today when left out.
 * @returns The balance in the company currency.
 */
export function balance(horizon?: string | null): Promise<number> {
  return callFigure((source) => source.balance(horizon));
}

/**
 * Open receivables or payables due in a date range (what is still due of the invoices).
 * @customfunction DUE
 * @param type receivable or payable.
 * @param [from] First due day: a date or YYYY-MM-DD text; no start when left out.
 * @param [to] Last due day: a date or YYYY-MM-DD text; no end when left out.
 * @param [status] An invoice status; all open invoices when left out.
 * @returns The amount due.
 */
export function due(type: string, from?: number | string | null, to?: number | string | null, status?: string | null): Promise<number> {
  return callFigure((source) => source.due(type, from, to, status));
}

/**
 * The transactions of a date range as a table (spills), with the columns of the pulled Transactions table.
 * @customfunction TRANSACTIONS
 * @param from First day: a date or YYYY-MM-DD text.
 * @param to Last day: a date or YYYY-MM-DD text.
 * @param [category] Category id, name or path; all categories when left out.
 * @param [account] Account id or name; all accounts when left out.
 * @returns A header row, then one row per transaction.
 */
export function transactions(
  from: number | string,
  to: number | string,
  category?: number | string | null,
  account?: number | string | null,
): Promise<unknown[][]> {
  return callFigure((source) => source.transactions(from, to, category, account));
}

/**
 * The invoices as a table (spills), paid ones included, with the columns of the pulled Invoices table.
 * @customfunction INVOICES
 * @param [type] receivable or payable; both when left out.
 * @param [status] An invoice status; every status when left out.
 * @returns A header row, then one row per invoice.
 */
export function invoices(type?: string | null, status?: string | null): Promise<unknown[][]> {
  return callFigure((source) => source.invoices(type, status));
}

/**
 * The budgets of the forecast or of a scenario as a table (spills), with the columns of the pulled budget tables.
 * @customfunction BUDGETS
 * @param [scenario] Scenario id or name; the forecast when left out.
 * @param [from] First day: a date or YYYY-MM-DD text; no start when left out.
 * @param [to] Last day: a date or YYYY-MM-DD text; no end when left out.
 * @returns A header row, then one row per budget.
 */
export function budgets(
  scenario?: number | string | null,
  from?: number | string | null,
  to?: number | string | null,
): Promise<unknown[][]> {
  return callFigure((source) => source.budgets(scenario, from, to));
}

/**
 * The categories as a table (spills), with the columns of the pulled Categories table.
 * @customfunction CATEGORIES
 * @returns A header row, then one row per category.
 */
export function categories(): Promise<unknown[][]> {
  return callFigure((source) => source.categories());
}

/**
 * The bank accounts as a table (spills), with the columns of the pulled Accounts table.
 * @customfunction ACCOUNTS
 * @returns A header row, then one row per account.
 */
export function accounts(): Promise<unknown[][]> {
  return callFigure((source) => source.accounts());
}

/** For the tests: every function by its id, as the appended associate calls register them. */
export const FUNCTIONS_BY_ID = {
  VERSION: version,
  ACTUALS: actuals,
  PLANNED: planned,
  BALANCE: balance,
  DUE: due,
  TRANSACTIONS: transactions,
  INVOICES: invoices,
  BUDGETS: budgets,
  CATEGORIES: categories,
  ACCOUNTS: accounts,
} as const;

export type { CellArgument };
