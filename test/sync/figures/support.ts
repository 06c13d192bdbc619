/**
 * Harness of the figure tests: a sandbox with enough transactions for several pages a year, engines over clients
 * whose `fetch` records every request (and lets a test answer one), and the service's own `sum` for the same filters
 * through a separate client, so the reference requests are not counted.
 */

import { CashflowClient, type Category, TokenCache, type TransactionFilters } from '../../../src/api';
import type { Language } from '../../../src/i18n/catalog';
import { FigureEngine, type FigureEngineOptions, type PlanReport } from '../../../src/sync/figures';
import { apiCalls, recordingFetch, type FetchHook, type Sandbox, type Sent } from '../pull/support';
import { paidBetween } from '../../../src/sandbox/budget-series';

export { startService, type Sandbox, type Sent } from '../pull/support';

/** Enough for ~2,700 transactions a year: three pages of 1000. */
export const TRANSACTIONS = 8000;

export interface FigureHarness {
  engine: FigureEngine;
  client: CashflowClient;
  sent: Sent[];
  hook: { current?: FetchHook };
  plans: PlanReport[];
  /** Requests to the transaction lists since the start (or the last `reset`). */
  transactionRequests(): number;
  /** Requests whose path starts with `prefix` since the start (or the last `reset`). */
  requestsTo(prefix: string): Sent[];
  /** Requests other than the token. */
  calls(): Sent[];
  reset(): void;
}

export function clientFor(
  sandbox: Sandbox,
  language: Language,
  fetchImpl?: typeof fetch,
  credentials: { clientId: string; clientSecret: string } = sandbox.credentials.company,
): CashflowClient {
  return new CashflowClient({
    baseUrl: sandbox.url,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    language,
    tokenCache: new TokenCache(),
    timeoutMs: 10_000,
    sleep: async () => undefined,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

export function figureHarness(
  sandbox: Sandbox,
  options: FigureEngineOptions & { language?: Language; credentials?: { clientId: string; clientSecret: string } } = {},
): FigureHarness {
  const hook: { current?: FetchHook } = {};
  const { fetch: recorded, sent } = recordingFetch(hook);
  const language = options.language ?? 'en';
  const client = clientFor(sandbox, language, recorded, options.credentials ?? sandbox.credentials.company);
  const plans: PlanReport[] = [];
  const engine = new FigureEngine(client, {
    ...options,
    onPlan: (plan) => {
      plans.push(plan);
      options.onPlan?.(plan);
    },
  });
  return {
    engine,
    client,
    sent,
    hook,
    plans,
    transactionRequests: () => sent.filter((s) => s.path.startsWith('/transactions/')).length,
    requestsTo: (prefix) => sent.filter((s) => s.path.startsWith(prefix)),
    calls: () => apiCalls(sent),
    reset: () => {
      sent.length = 0;
      plans.length = 0;
    },
  };
}

/** The service's own answer for the same filters: `count` and `sum` of `/transactions/extended/` (page_size=1). */
export async function serviceSum(reference: CashflowClient, filters: TransactionFilters): Promise<{ count: number; sum: number }> {
  const page = await reference.transactions.extendedPage({ ...filters, page: 1, page_size: 1 });
  return { count: page.count, sum: page.sum };
}

/** Integer cents of a two-decimal figure. */
export const cents = (value: number): number => Math.round(value * 100);

/** Categories of the demo company by path (`Ausgaben › Personal`). */
export async function categoriesByPath(reference: CashflowClient): Promise<{ list: Category[]; byPath: Map<string, Category> }> {
  const list = await reference.categories.list();
  const byId = new Map(list.map((c) => [c.id, c] as const));
  const pathOf = (c: Category): string => {
    const parent = c.parent === null ? undefined : byId.get(c.parent);
    return parent ? `${pathOf(parent)} › ${c.name}` : c.name;
  };
  return { list, byPath: new Map(list.map((c) => [pathOf(c), c] as const)) };
}

/** The last day of a month, `YYYY-MM-DD`. */
export function monthEnd(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** `YYYY-MM-01`. */
export function monthStart(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** The leaf categories budgets, invoices and transactions can be mapped to (not default, not archived, not aggregating). */
export function mappableLeaves(list: readonly Category[]): Category[] {
  const parents = new Set(list.map((c) => c.parent));
  return list.filter((c) => !parents.has(c.id) && c.is_category && !c.is_default && !c.is_obsolete && !c.is_aggregating);
}

/**
 * What a plan's budgets of a category pay in a range, in cents, as the service holds them (#31): the list's own total of
 * its one-time budgets (`sum` and `results.total` agree), plus each recurring budget's payments as the sandbox reads
 * them (`src/sandbox/budget-series.ts`, its own code). Through an uncounted reference client.
 */
export async function servicePlanned(
  reference: CashflowClient,
  sandbox: Sandbox,
  plan: 'forecast' | number,
  filters: { category: number; min_date: string; max_date: string },
): Promise<number> {
  const list = plan === 'forecast' ? reference.forecastBudgets : reference.scenarioBudgets(plan);
  const page = await list.page({ ...filters, recurrent: false, page: 1, page_size: 1 });
  if (page.results.total !== page.sum) throw new Error(`the list's total ${page.results.total} is not its sum ${page.sum}`);
  let sum = Math.round(page.sum * 100);
  const dayBefore = new Date(Date.parse(`${filters.min_date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  for (const listed of await list.pages({ category: filters.category, max_date: filters.max_date, recurrent: true }).all()) {
    const stored = sandbox.store.budgets.get(listed.id);
    if (stored === undefined) throw new Error(`budget ${listed.id} is in the store`);
    const planEnd = `${sandbox.store.plans.get(stored.planId)?.lastYear ?? 9999}-12-31`;
    sum += paidBetween(stored, dayBefore, filters.max_date, planEnd < stored.settlementDate ? stored.settlementDate : planEnd);
  }
  return sum;
}
