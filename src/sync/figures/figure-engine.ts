/**
 * The figures behind the CASHFLOW functions, one engine per connection. Calls arriving in the same tick (one
 * recalculation hands Excel's calls over one after the other) are collected, checked, de-duplicated by their
 * normalized arguments and served together (`summed-plan.ts`); results are kept for a short TTL, and in-flight work
 * is shared between batches. Every call settles: with a number, or with a `FigureError` (bad argument, the service's
 * refusal, a time-out), never later than the batch's deadline.
 */

import type { BalanceSummary, CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import { accountOmitted, type AccountRef, type ArgumentValue, CategoryIndex, type DateRange, parseAccount, parseCategory, parseRange } from './arguments';
import { CategoryTree } from './category-tree';
import { FigureError, toFigureError } from './figure-error';
import { computeGroup, type PlanReport, type Settled } from './summed-plan';
import type { SumCall } from './sum-source';
import { transactionSums } from './transaction-sums';
import { TtlCache } from './ttl-cache';

export const DEFAULT_CACHE_TTL_MS = 60_000;
export const DEFAULT_FIGURE_TIMEOUT_MS = 60_000;

export interface FigureEngineOptions {
  /** Language of the engine's own messages (the service's come in the client's language). Default: the client's. */
  language?: Language;
  /** Clock in ms for the cache (default `Date.now`). */
  now?: () => number;
  /** How long a result is kept (default 60 s). */
  cacheTtlMs?: number;
  /** A batch's deadline, from its start to its last figure (default 60 s). */
  timeoutMs?: number;
  /** Runs `flush` once the current tick's calls are in (default `setTimeout(flush, 0)`). */
  schedule?: (flush: () => void) => void;
  /** Calls `onTimeout` after `ms`; returns a cancel function (default `setTimeout`). */
  startTimer?: (ms: number, onTimeout: () => void) => () => void;
  /** Told how each batch was served (requests per account filter). */
  onPlan?: (report: PlanReport) => void;
}

interface Pending {
  category: ArgumentValue;
  range: DateRange;
  account: ArgumentValue;
  resolve: (value: number) => void;
  reject: (error: FigureError) => void;
}

interface Deferred {
  promise: Promise<number>;
  settle: (result: Settled) => void;
}

interface CategoryData {
  index: CategoryIndex;
  tree: CategoryTree;
}

function deferred(): Deferred {
  let settle: (result: Settled) => void = () => undefined;
  const promise = new Promise<number>((resolve, reject) => {
    settle = (result) => (result.ok ? resolve(result.cents) : reject(result.error));
  });
  return { promise, settle };
}

const defaultSchedule = (flush: () => void): void => {
  setTimeout(flush, 0);
};

const defaultTimer = (ms: number, onTimeout: () => void): (() => void) => {
  const handle = setTimeout(onTimeout, ms);
  return () => clearTimeout(handle);
};

export class FigureEngine {
  readonly language: Language;
  readonly #client: CashflowClient;
  readonly #timeoutMs: number;
  readonly #schedule: (flush: () => void) => void;
  readonly #startTimer: (ms: number, onTimeout: () => void) => () => void;
  readonly #onPlan: ((report: PlanReport) => void) | undefined;
  /** Results in cents per normalized call. */
  readonly #results: TtlCache<number>;
  readonly #categories: TtlCache<CategoryData>;
  readonly #summary: TtlCache<BalanceSummary>;
  #queue: Pending[] = [];

  constructor(client: CashflowClient, options: FigureEngineOptions = {}) {
    this.#client = client;
    this.language = options.language ?? client.language;
    const now = options.now ?? (() => Date.now());
    const ttl = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_FIGURE_TIMEOUT_MS;
    this.#schedule = options.schedule ?? defaultSchedule;
    this.#startTimer = options.startTimer ?? defaultTimer;
    this.#onPlan = options.onPlan;
    this.#results = new TtlCache(now, ttl);
    this.#categories = new TtlCache(now, ttl);
    this.#summary = new TtlCache(now, ttl);
  }

  /**
   * The sum of `reporting_amount` of the category's transactions (subcategories included) from `from` to `to`
   * (inclusive), optionally of one account, in the company currency: what `/transactions/extended/` tells as `sum`
   * for the same filters. Rejects with a `FigureError`.
   */
  actuals(category: ArgumentValue, from: ArgumentValue, to: ArgumentValue, account?: ArgumentValue): Promise<number> {
    const range = parseRange(from, to, this.language);
    if (!range.ok) return Promise.reject(range.error);
    return new Promise<number>((resolve, reject) => {
      // Queued before scheduling: a scheduler that runs the flush at once must still find the call.
      this.#queue.push({ category, range: range.value, account, resolve, reject });
      if (this.#queue.length === 1) this.#schedule(() => this.#flush());
    });
  }

  /** Forgets every result and the categories and accounts (after a pull or a push). Calls in flight still settle. */
  invalidate(): void {
    this.#results.clear();
    this.#categories.clear();
    this.#summary.clear();
  }

  #flush(): void {
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length > 0) void this.#run(batch);
  }

  async #run(batch: readonly Pending[]): Promise<void> {
    const abort = new AbortController();
    const created: Deferred[] = [];
    let cancelTimer: () => void = () => undefined;
    const deadline = new Promise<never>((_, reject) => {
      cancelTimer = this.#startTimer(this.#timeoutMs, () => {
        abort.abort();
        reject(FigureError.timeout(this.language, this.#timeoutMs));
      });
    });
    try {
      await Promise.race([this.#serve(batch, abort.signal, created), deadline]);
    } catch (error) {
      // Settling twice is a no-op: this only reaches the calls (and shared work) not settled yet.
      const failure = toFigureError(error, this.language, this.#timeoutMs);
      for (const work of created) work.settle({ ok: false, error: failure });
      for (const call of batch) call.reject(failure);
    } finally {
      cancelTimer();
    }
  }

  async #serve(batch: readonly Pending[], signal: AbortSignal, created: Deferred[]): Promise<void> {
    const needsAccounts = batch.some((call) => !accountOmitted(call.account));
    const [categories, accounts] = await Promise.all([this.#categoryData(), needsAccounts ? this.#accountList() : Promise.resolve([])]);

    const toCompute = new Map<string, { call: SumCall; work: Deferred }>();
    for (const pending of batch) {
      const category = parseCategory(pending.category, categories.index, this.language);
      if (!category.ok) {
        pending.reject(category.error);
        continue;
      }
      const account = parseAccount(pending.account, accounts, this.language);
      if (!account.ok) {
        pending.reject(account.error);
        continue;
      }
      const call: SumCall = { key: '', category: category.value, ...pending.range, account: account.value };
      call.key = `${call.category}|${call.from}|${call.to}|${call.account ?? ''}`;
      let promise = this.#results.get(call.key);
      if (promise === undefined) {
        const work = deferred();
        created.push(work);
        toCompute.set(call.key, { call, work });
        promise = this.#results.track(call.key, work.promise);
      }
      promise.then(
        (cents) => pending.resolve(cents / 100),
        (error: unknown) => pending.reject(toFigureError(error, this.language, this.#timeoutMs)),
      );
    }

    const groups = new Map<string, { call: SumCall; work: Deferred }[]>();
    for (const item of toCompute.values()) {
      const group = String(item.call.account ?? '');
      groups.set(group, [...(groups.get(group) ?? []), item]);
    }
    const source = transactionSums(this.#client.transactions, async (account) => {
      const all = (await this.#balanceSummary()).accounts;
      return (account === undefined ? all : all.filter((a) => a.id === account)).reduce((sum, a) => sum + a.transaction_count, 0);
    });
    const context = { source, tree: categories.tree, signal, onPlan: this.#onPlan };
    await Promise.all(
      [...groups.values()].map(async (items) => {
        try {
          const results = await computeGroup(
            items.map((item) => item.call),
            context,
          );
          for (const { call, work } of items) work.settle(results.get(call.key) ?? { ok: false, error: new Error(`not computed: ${call.key}`) });
        } catch (error) {
          const failure = toFigureError(error, this.language, this.#timeoutMs);
          for (const { work } of items) work.settle({ ok: false, error: failure });
        }
      }),
    );
  }

  #categoryData(): Promise<CategoryData> {
    return this.#categories.share('categories', async () => {
      const list = await this.#client.categories.list();
      return { index: new CategoryIndex(list), tree: new CategoryTree(list) };
    });
  }

  #balanceSummary(): Promise<BalanceSummary> {
    return this.#summary.share('summary', () => this.#client.accounts.summary());
  }

  async #accountList(): Promise<AccountRef[]> {
    return (await this.#balanceSummary()).accounts.map((a) => ({ id: a.id, name: a.name, alias: a.alias }));
  }
}
