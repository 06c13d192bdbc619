/**
 * What a planning grid reads from the service (#31), in one go and in parallel: the categories, the plans (the
 * target's plan and whether it is committed), every budget of the target's plan, the transactions of the grid's past
 * months up to today (the period's pages at the 1000 maximum: the actuals and the past balances), the invoices (the
 * open ones expected in the grid's future) and the balance summary (today's total). Nothing else: a 40 × 24 grid costs
 * the period's pages and these lookups, whatever the number of cells.
 */

import {
  MAX_PAGE_SIZE,
  type BalanceSummary,
  type Budget,
  type CashflowClient,
  type Category,
  type Invoice,
  type Plan,
  type Transaction,
} from '../../api';
import { planOf, type BudgetTarget } from '../push/service-row';
import { lastDayOf } from './grid-month';

/** A transaction as the grid sums it. */
export type GridTransaction = Pick<Transaction, 'value_date' | 'reporting_amount'> & { category: { id: number } };

export interface GridSources {
  categories: readonly Category[];
  /** The target's plan; undefined when the company has no such plan (the grid says so). */
  plan: Plan | undefined;
  budgets: readonly Budget[];
  /** Transactions valued from the grid's first month to today (none when the grid starts this month or later). */
  transactions: readonly GridTransaction[];
  invoices: readonly Invoice[];
  /** Today's total balance of the company's accounts (`GET /accounts/`, `total`). */
  balance: number;
  /** The company's accounts as the balance summary lists them (names and currencies for the lookups). */
  accounts: BalanceSummary['accounts'];
}

export interface ReadGridOptions {
  target: BudgetTarget;
  /** The grid's first month, `YYYY-MM`. */
  from: string;
  /** Today, `YYYY-MM-DD` (the company's day). */
  today: string;
  signal?: AbortSignal;
}

const PAGES_IN_FLIGHT = 3;

export async function readGridSources(client: CashflowClient, options: ReadGridOptions): Promise<GridSources> {
  const { signal } = options;
  const paging = { pageSize: MAX_PAGE_SIZE, concurrency: PAGES_IN_FLIGHT, ...(signal ? { signal } : {}) };
  const plansRead = client.plans.list(signal ? { signal } : {});
  const [categories, plans, transactions, invoices, summary] = await Promise.all([
    client.categories.list(signal ? { signal } : {}),
    plansRead,
    readActuals(client, options, paging),
    // Only unpaid ones can be open (`paid=false`): a company's paid history is most of its invoices.
    client.invoices.pages({ paid: false }, paging).all(),
    client.accounts.summary(signal ? { signal } : {}),
  ]);
  const plan = planOf(plans, options.target);
  const budgets = plan === undefined ? [] : await budgetsOf(client, options.target, paging);
  return { categories, plan, budgets, transactions, invoices, balance: summary.total, accounts: summary.accounts };
}

async function readActuals(
  client: CashflowClient,
  options: ReadGridOptions,
  paging: { pageSize: number; concurrency: number; signal?: AbortSignal },
): Promise<GridTransaction[]> {
  const from = `${options.from}-01`;
  if (from > options.today) return [];
  const out: GridTransaction[] = [];
  for await (const batch of client.transactions.pages({ min_date: from, max_date: options.today }, paging).batches())
    for (const t of batch) out.push({ value_date: t.value_date, reporting_amount: t.reporting_amount, category: { id: t.category.id } });
  return out;
}

function budgetsOf(
  client: CashflowClient,
  target: BudgetTarget,
  paging: { pageSize: number; concurrency: number; signal?: AbortSignal },
): Promise<Budget[]> {
  const list = target.kind === 'forecast' ? client.forecastBudgets : client.scenarioBudgets(target.scenarioId);
  return list.pages({}, paging).all();
}

/** The last day a plan's series run to when they are neither indefinite nor ended (the plan's last year). */
export function planEndOf(plan: Plan | undefined): string | undefined {
  return plan === undefined ? undefined : lastDayOf(`${plan.last_year}-12`);
}
