/**
 * How a batch of distinct ACTUALS calls is served, per account filter, in as few requests as the data allows:
 *
 * - one call: `GET /transactions/extended/?page_size=1&category=…&min_date=…&max_date=…` and its `sum` (1 request);
 * - several calls: page 1 (`page_size=1000`) of the transactions of the union of their categories (the topmost ones:
 *   a parent's filter already covers its children) and dates. It tells `count`, so the pages still needed are known
 *   after this one request, and it already holds every transaction newer than its oldest date: the calls that start
 *   after that date are answered from it. Then the cheaper way for the rest: the remaining pages, summed locally per
 *   (category subtree, range), or one `page_size=1` extended request per call still open.
 *
 * Why page 1 rather than a `page_size=1` estimate: the estimate costs a request and answers nothing, while page 1
 * tells the same `count` and its rows are used whichever way is chosen (and its `sum` answers a call whose filters are
 * the union's, a total beside its parts). A grid of 12 months × 40 categories thus costs at most the pages of the
 * year's transactions. The price: when few calls span many pages and page 1 answers none of them, the batch costs one
 * request more than one per call.
 *
 * Local sums are in integer cents and are checked like a pull (distinct rows = `count`, their sum = `sum`, every page
 * telling the same `count` and `sum`); when the data changed while paging, the calls are asked one by one instead.
 */

import { CompletenessTally, toCents, type ExtendedTransactionPage, type Transaction, type TransactionFilters, type TransactionsResource } from '../../api';
import { MAX_REQUEST_LINE_BYTES } from '../../api/items-by-ids';
import type { CategoryTree } from './category-tree';

export interface ActualsCall {
  /** The normalized call (`category|from|to|account`): equal keys are one computation. */
  key: string;
  category: number;
  from: string;
  to: string;
  account: number | undefined;
}

export type Settled = { ok: true; cents: number } | { ok: false; error: unknown };

export type PlanKind = 'single' | 'pages' | 'perCall';

/** What a batch did for one account filter (for tests, the benchmark and diagnostics). */
export interface PlanReport {
  account: number | undefined;
  calls: number;
  plan: PlanKind;
  /** Requests sent for these calls (the token and the reference lists not counted). */
  requests: number;
  /** Calls answered from page 1 without paging further. */
  answeredByFirstPage: number;
  /** Set when the pages did not add up (the data changed meanwhile) and the calls were asked one by one. */
  fallback?: 'changedWhilePaging';
}

export type TransactionSource = Pick<TransactionsResource, 'extendedPage' | 'extendedPages' | 'requestLine'>;

export interface PlanContext {
  transactions: TransactionSource;
  tree: CategoryTree;
  signal: AbortSignal;
  onPlan?: ((report: PlanReport) => void) | undefined;
}

const PAGE_SIZE = 1000;
/** Pages in flight once page 1 told the count; single calls in flight: kind to the service, still quick. */
const PAGE_CONCURRENCY = 3;
const CALL_CONCURRENCY = 4;
/** `/transactions/extended/` is 9 bytes longer than the `/transactions/` path `requestLine` measures. */
const EXTENDED_PATH_EXTRA = 9;

function rangeFilters(from: string, to: string, account: number | undefined): TransactionFilters {
  return account === undefined ? { min_date: from, max_date: to } : { min_date: from, max_date: to, account };
}

/** Sums per call from transaction rows, in cents; duplicates (by id) are counted once. */
class LocalSums {
  readonly #byCategory = new Map<number, ActualsCall[]>();
  readonly #cents = new Map<string, number>();
  readonly tally = new CompletenessTally();

  constructor(
    calls: readonly ActualsCall[],
    private readonly tree: CategoryTree,
  ) {
    for (const call of calls) {
      const list = this.#byCategory.get(call.category) ?? [];
      list.push(call);
      this.#byCategory.set(call.category, list);
      this.#cents.set(call.key, 0);
    }
  }

  add(rows: readonly Transaction[]): void {
    for (const row of rows) {
      if (!this.tally.add(row.id, row.reporting_amount)) continue;
      const cents = toCents(row.reporting_amount);
      for (const category of this.tree.chain(row.category.id)) {
        for (const call of this.#byCategory.get(category) ?? []) {
          if (call.from <= row.value_date && row.value_date <= call.to) this.#cents.set(call.key, (this.#cents.get(call.key) ?? 0) + cents);
        }
      }
    }
  }

  cents(key: string): number {
    return this.#cents.get(key) ?? 0;
  }
}

/** Runs `work` over the items with at most `limit` in flight; each item settles on its own. */
async function settleBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<number>): Promise<Settled[]> {
  const results: Settled[] = new Array<Settled>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      try {
        results[index] = { ok: true, cents: await work(items[index] as T) };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function askEach(calls: readonly ActualsCall[], context: PlanContext, into: Map<string, Settled>): Promise<void> {
  const settled = await settleBounded(calls, CALL_CONCURRENCY, async (call) => {
    const page = await context.transactions.extendedPage({ ...rangeFilters(call.from, call.to, call.account), category: call.category, page: 1, page_size: 1 }, { signal: context.signal });
    return toCents(page.sum);
  });
  calls.forEach((call, index) => into.set(call.key, settled[index] ?? { ok: false, error: new Error('not computed') }));
}

interface Union {
  filters: TransactionFilters;
  from: string;
  to: string;
  /** The topmost categories filtered on, or undefined when the filter was left out. */
  roots: number[] | undefined;
}

/** The filters of the union: the topmost requested categories, unless that makes the request line too long. */
function union(calls: readonly ActualsCall[], context: PlanContext): Union {
  let from = calls[0]?.from ?? '';
  let to = calls[0]?.to ?? '';
  for (const call of calls) {
    if (call.from < from) from = call.from;
    if (call.to > to) to = call.to;
  }
  const base = rangeFilters(from, to, calls[0]?.account);
  const roots = context.tree.roots(calls.map((c) => c.category));
  const withCategories = { ...base, category: roots };
  // Without the category filter the pages hold more rows, but every call is still answered correctly.
  const line = context.transactions.requestLine(withCategories, PAGE_SIZE, 1).length + EXTENDED_PATH_EXTRA;
  return line <= MAX_REQUEST_LINE_BYTES ? { filters: withCategories, from, to, roots } : { filters: base, from, to, roots: undefined };
}

/** Serves the distinct calls of one account filter; every call gets a settled result. */
export async function computeGroup(calls: readonly ActualsCall[], context: PlanContext): Promise<Map<string, Settled>> {
  const results = new Map<string, Settled>();
  const account = calls[0]?.account;
  const report = (plan: PlanKind, requests: number, answeredByFirstPage: number, fallback?: 'changedWhilePaging') =>
    context.onPlan?.({ account, calls: calls.length, plan, requests, answeredByFirstPage, ...(fallback ? { fallback } : {}) });

  if (calls.length === 1) {
    await askEach(calls, context, results);
    report('single', 1, 0);
    return results;
  }

  const whole = union(calls, context);
  const pages = context.transactions.extendedPages(whole.filters, { pageSize: PAGE_SIZE, concurrency: PAGE_CONCURRENCY, signal: context.signal })[Symbol.asyncIterator]();
  const sums = new LocalSums(calls, context.tree);
  const first = await pages.next();
  if (first.done === true) throw new Error('no first page');
  const page1: ExtendedTransactionPage = first.value;
  sums.add(page1.results);
  let requests = 1;

  const answerFrom = (done: readonly ActualsCall[]) => {
    for (const call of done) results.set(call.key, { ok: true, cents: sums.cents(call.key) });
  };

  if (page1.next !== null) {
    const perPage = Math.max(1, page1.results.length);
    const remainingPages = Math.ceil(page1.count / perPage) - 1;
    // Page 1 holds every row dated after its oldest date (the order is `-value_date,id`); that date may continue on page 2.
    const oldest = page1.results.reduce((min, row) => (row.value_date < min ? row.value_date : min), page1.results[0]?.value_date ?? '');
    // A call whose filters are the union's (a total beside its parts) is page 1's `sum`.
    const isUnion = (call: ActualsCall) => whole.roots?.length === 1 && whole.roots[0] === call.category && call.from === whole.from && call.to === whole.to;
    const answered = calls.filter((call) => call.from > oldest || isUnion(call));
    const open = calls.filter((call) => !answered.includes(call));
    if (remainingPages > open.length) {
      await pages.return?.();
      answerFrom(answered.filter((call) => !isUnion(call)));
      for (const call of answered.filter(isUnion)) results.set(call.key, { ok: true, cents: toCents(page1.sum) });
      await askEach(open, context, results);
      report('perCall', requests + open.length, answered.length);
      return results;
    }
    let changed = false;
    for (let next = await pages.next(); next.done !== true; next = await pages.next()) {
      requests += 1;
      const page = next.value;
      if (page.count !== page1.count || toCents(page.sum) !== toCents(page1.sum)) changed = true;
      sums.add(page.results);
    }
    if (changed || !sums.tally.report({ count: page1.count, sum: page1.sum }).ok) {
      await askEach(calls, context, results);
      report('perCall', requests + calls.length, 0, 'changedWhilePaging');
      return results;
    }
  } else if (!sums.tally.report({ count: page1.count, sum: page1.sum }).ok) {
    await askEach(calls, context, results);
    report('perCall', requests + calls.length, 0, 'changedWhilePaging');
    return results;
  }
  answerFrom(calls);
  report('pages', requests, 0);
  return results;
}
