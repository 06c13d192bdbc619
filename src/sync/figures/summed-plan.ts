/**
 * How a batch of distinct sum calls (ACTUALS over `/transactions/extended/`, PLANNED over a budget list) is served for
 * one list and one account filter, in as few requests as the data allows and **never more than one request per
 * distinct call** (the one exception: pages that did not add up, below):
 *
 * - one call: a page of one row with the call's filters and its `sum` (1 request);
 * - several calls: page 1 (1000 rows) of the union of their categories (the topmost ones: a parent's filter already
 *   covers its children) and dates. It tells `count`, so the pages still needed are known after this one request, and
 *   it holds every row newer than its oldest date: the calls that start after that date are answered from it. Then the
 *   cheaper way for the rest: the remaining pages, summed locally per (category subtree, range), or one request per
 *   call still open.
 *
 * Page 1 of the union is asked only when it cannot push the batch over one request per call, that is when one of:
 * - its `sum` answers a call by itself: a call whose filters are the union's, or calls that split the union exactly
 *   (`exactCover`: a grid's months per category), one of which is then the union's `sum` minus the others;
 * - the list cannot hold more than 1000 rows per call (`probeIsCheap`), so paging all of it costs no more.
 * Otherwise the calls are grouped under calls whose filters hold others (`containmentGroups`): page 1 of such an outer
 * call's filter is its own figure and tells what its group spans; the calls in no group are asked one by one. The
 * price of the guarantee: a batch of scattered calls over a large list is asked call by call, where paging might have
 * been cheaper.
 *
 * Local sums are in integer cents and are checked like a pull (distinct rows = `count`, their sum = `sum`, every page
 * telling the same `count` and `sum`); when the data changed while paging, the calls are asked one by one instead:
 * correct figures before the request count.
 */

import { CompletenessTally, toCents } from '../../api';
import { runBounded } from '../bounded-pool';
import type { CategoryTree } from './category-tree';
import { containmentGroups, exactCover } from './call-cover';
import type { SumCall, SumFilter, SumPage, SumRow, SumSource } from './sum-source';

export type Settled = { ok: true; cents: number } | { ok: false; error: unknown };

export type PlanKind = 'single' | 'pages' | 'perCall';

/** What the batch did for one group of calls of one list and account filter (for tests, the benchmark and diagnostics). */
export interface PlanReport {
  /** The list asked (`/transactions/extended/`, `/forecast/budgets/`, …). */
  list: string;
  account: number | undefined;
  calls: number;
  plan: PlanKind;
  /** Requests sent for these calls (the token and the reference lists not counted). */
  requests: number;
  /** Calls answered from page 1's rows without paging further. */
  answeredByFirstPage: number;
  /** Calls answered by page 1's `sum` (the union's total, minus the calls that split it with them). */
  answeredBySum: number;
  /** Set when the pages did not add up (the data changed meanwhile) and the calls were asked one by one. */
  fallback?: 'changedWhilePaging';
}

export interface PlanContext {
  source: SumSource;
  tree: CategoryTree;
  signal: AbortSignal;
  onPlan?: ((report: PlanReport) => void) | undefined;
}

/** Single calls in flight at once: kind to the service, still quick. */
const CALL_CONCURRENCY = 4;

/** Sums per call from rows, in cents; duplicates (by id) are counted once. */
class LocalSums {
  readonly #byCategory = new Map<number, SumCall[]>();
  readonly #cents = new Map<string, number>();
  readonly tally = new CompletenessTally();

  constructor(
    calls: readonly SumCall[],
    private readonly tree: CategoryTree,
  ) {
    for (const call of calls) {
      this.#byCategory.set(call.category, [...(this.#byCategory.get(call.category) ?? []), call]);
      this.#cents.set(call.key, 0);
    }
  }

  add(rows: readonly SumRow[]): void {
    for (const row of rows) {
      if (!this.tally.add(row.id, row.amount)) continue;
      const cents = toCents(row.amount);
      for (const category of this.tree.chain(row.category)) {
        for (const call of this.#byCategory.get(category) ?? []) {
          if (call.from <= row.date && row.date <= call.to) this.#cents.set(call.key, (this.#cents.get(call.key) ?? 0) + cents);
        }
      }
    }
  }

  cents(key: string): number {
    return this.#cents.get(key) ?? 0;
  }
}

async function askEach(calls: readonly SumCall[], context: PlanContext, into: Map<string, Settled>): Promise<void> {
  await runBounded(calls, CALL_CONCURRENCY, async (call) => {
    try {
      const page = await context.source.total(
        { categories: [call.category], from: call.from, to: call.to, account: call.account },
        context.signal,
      );
      into.set(call.key, { ok: true, cents: toCents(page.sum) });
    } catch (error) {
      into.set(call.key, { ok: false, error });
    }
  });
}

interface Union {
  filter: SumFilter;
  /** The topmost categories filtered on, or undefined when the filter was left out (request line too long). */
  roots: number[] | undefined;
}

/** The filters of the union: the topmost requested categories, unless that makes the request line too long. */
function union(calls: readonly SumCall[], context: PlanContext): Union {
  let from = calls[0]?.from ?? '';
  let to = calls[0]?.to ?? '';
  for (const call of calls) {
    if (call.from < from) from = call.from;
    if (call.to > to) to = call.to;
  }
  const account = calls[0]?.account;
  const roots = context.tree.roots(calls.map((c) => c.category));
  const withCategories: SumFilter = { categories: roots, from, to, account };
  // Without the category filter the pages hold more rows, but every call is still answered correctly.
  return context.source.fits(withCategories)
    ? { filter: withCategories, roots }
    : { filter: { categories: undefined, from, to, account }, roots: undefined };
}

/** Calls splitting the union exactly (empty when none do, or when the union is not filtered by category). */
function coverOf(calls: readonly SumCall[], whole: Union): SumCall[] {
  if (whole.roots === undefined) return [];
  return exactCover(calls, whole.roots, whole.filter.from, whole.filter.to) ?? [];
}

type Report = (
  plan: PlanKind,
  counts: { calls: number; requests: number; answeredByFirstPage?: number; answeredBySum?: number },
  fallback?: 'changedWhilePaging',
) => void;

/** Page 1 of the union, then the remaining pages or the open calls one by one, whichever costs less. */
async function unionPlan(
  calls: readonly SumCall[],
  whole: Union,
  cover: readonly SumCall[],
  context: PlanContext,
  results: Map<string, Settled>,
  report: Report,
): Promise<void> {
  const pages = context.source.pages(whole.filter, context.signal);
  const sums = new LocalSums(calls, context.tree);
  const first = await pages.next();
  if (first.done === true) throw new Error('no first page');
  const page1: SumPage = first.value;
  sums.add(page1.rows);
  let requests = 1;
  const fallBack = async () => {
    await askEach(calls, context, results);
    report('perCall', { calls: calls.length, requests: requests + calls.length }, 'changedWhilePaging');
  };

  if (page1.hasNext) {
    const perPage = Math.max(1, page1.rows.length);
    const remainingPages = Math.ceil(page1.count / perPage) - 1;
    // Page 1 holds every row dated after its oldest date (newest first); that date may continue on page 2.
    const oldest = page1.rows.reduce((min, row) => (row.date < min ? row.date : min), page1.rows[0]?.date ?? '');
    const local = calls.filter((call) => call.from > oldest);
    // One member of the cover not answered locally is the union's sum minus the other members.
    const bySum = cover.find((call) => !local.includes(call));
    const open = calls.filter((call) => call !== bySum && !local.includes(call));
    if (remainingPages > open.length) {
      await pages.return?.();
      for (const call of local) results.set(call.key, { ok: true, cents: sums.cents(call.key) });
      await askEach(open, context, results);
      if (bySum !== undefined) results.set(bySum.key, remainder(toCents(page1.sum), cover, bySum, results));
      report('perCall', {
        calls: calls.length,
        requests: requests + open.length,
        answeredByFirstPage: local.length,
        answeredBySum: bySum === undefined ? 0 : 1,
      });
      return;
    }
    let changed = false;
    for (let next = await pages.next(); next.done !== true; next = await pages.next()) {
      requests += 1;
      const page = next.value;
      if (page.count !== page1.count || toCents(page.sum) !== toCents(page1.sum)) changed = true;
      sums.add(page.rows);
    }
    if (changed || !sums.tally.report({ count: page1.count, sum: page1.sum }).ok) return fallBack();
  } else if (!sums.tally.report({ count: page1.count, sum: page1.sum }).ok) {
    return fallBack();
  }
  for (const call of calls) results.set(call.key, { ok: true, cents: sums.cents(call.key) });
  report('pages', { calls: calls.length, requests });
}

/** The union's sum minus every other member of the cover; fails with the first member that failed. */
function remainder(unionCents: number, cover: readonly SumCall[], member: SumCall, results: ReadonlyMap<string, Settled>): Settled {
  let cents = unionCents;
  for (const other of cover) {
    if (other === member) continue;
    const settled = results.get(other.key);
    if (settled === undefined) return { ok: false, error: new Error(`not computed: ${other.key}`) };
    if (!settled.ok) return settled;
    cents -= settled.cents;
  }
  return { ok: true, cents };
}

/** Serves the distinct calls of one list and account filter; every call gets a settled result. */
export async function computeGroup(calls: readonly SumCall[], context: PlanContext): Promise<Map<string, Settled>> {
  const results = new Map<string, Settled>();
  const account = calls[0]?.account;
  const report: Report = (plan, counts, fallback) =>
    context.onPlan?.({
      list: context.source.list,
      account,
      plan,
      answeredByFirstPage: 0,
      answeredBySum: 0,
      ...counts,
      ...(fallback ? { fallback } : {}),
    });

  if (calls.length === 1) {
    await askEach(calls, context, results);
    report('single', { calls: 1, requests: 1 });
    return results;
  }

  const whole = union(calls, context);
  const cover = coverOf(calls, whole);
  if (cover.length > 0 || (await context.source.probeIsCheap(calls.length, account))) {
    await unionPlan(calls, whole, cover, context, results, report);
    return results;
  }

  // Page 1 of the union might answer nothing: only filters a call of the batch has are asked.
  const { groups, singles } = containmentGroups(calls, context.tree);
  await Promise.all([
    ...groups.map(async (group) => {
      const outer = union(group, context); // the first call's own filters
      await unionPlan(group, outer, coverOf(group, outer), context, results, report);
    }),
    (async () => {
      if (singles.length === 0) return;
      await askEach(singles, context, results);
      report(singles.length === 1 ? 'single' : 'perCall', { calls: singles.length, requests: singles.length });
    })(),
  ]);
  return results;
}
