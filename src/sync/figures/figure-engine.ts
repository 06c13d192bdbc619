/**
 * The figures and tables behind the CASHFLOW functions, one engine per connection. Calls arriving in the same tick
 * (one recalculation hands Excel's calls over one after the other) are collected into one batch, whatever function
 * they belong to: the reference lists they need are read once (`references.ts`), each call is checked and normalized,
 * equal calls are one job (`keyed-jobs.ts`), and each function serves its jobs together (`actuals.ts`, `planned.ts`,
 * `balance.ts`, `due.ts`, `spilled-tables.ts`). Results are kept for a short TTL, and in-flight work is shared between
 * batches. Every call settles: with a value, or with a `FigureError` (bad argument, the service's refusal, a
 * time-out), never later than the batch's deadline.
 *
 * Arguments as Excel passes them: an omitted optional argument is null (undefined and blank text mean the same);
 * dates are serial numbers or `YYYY-MM-DD` text.
 */

import type { CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import type { BalanceHorizon } from '../tables/accounts-tables';
import { actualsCall, actualsNeeds, serveActuals } from './actuals';
import { blank, checked } from './argument-check';
import { accountOmitted, type ArgumentValue, parseAccount, parseCategory, parseOpenRange, parseRange } from './arguments';
import { parseHorizon, serveBalance } from './balance';
import { type DueCall, dueKey, serveDue } from './due';
import { FigureError, toFigureError } from './figure-error';
import { parseInvoiceStatus, parseInvoiceType, parseOptionalInvoiceType } from './invoice-arguments';
import { KeyedJobs, settleWorks, type Waiter } from './keyed-jobs';
import { parseScenario, scenarioOmitted } from './plan-argument';
import { type PlannedCall, plannedCall, plannedNeeds, servePlanned } from './planned';
import { type LoadedReferences, type Reference, References } from './references';
import { serveTables, type SpilledTable, type TableJob, tableKey, type TableQuery } from './spilled-tables';
import type { SumCall } from './sum-source';
import type { PlanReport } from './summed-plan';
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
  /** Told how each group of ACTUALS and PLANNED calls was served. */
  onPlan?: (report: PlanReport) => void;
}

/** The jobs of one batch, per function. */
interface BatchJobs {
  actuals: KeyedJobs<SumCall, number>;
  planned: KeyedJobs<PlannedCall, number>;
  balance: KeyedJobs<BalanceHorizon, number>;
  due: KeyedJobs<DueCall, number>;
  tables: KeyedJobs<TableJob, SpilledTable>;
}

/** A call waiting for its batch. `attach` checks it against the batch's references and adds it to a job, or throws. */
interface Queued {
  needs: readonly Reference[];
  attach(references: LoadedReferences, jobs: BatchJobs): void;
  reject(error: FigureError): void;
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
  /** Figures in cents per normalized call (`actuals|…`, `planned|…`, `balance|…`, `due|…`). */
  readonly #figures: TtlCache<number>;
  readonly #tables: TtlCache<SpilledTable>;
  readonly #references: References;
  /** Aborted when the engine is disposed (signed out): its batches and shared reads stop, its calls settle. */
  readonly #stop = new AbortController();
  #queue: Queued[] = [];

  constructor(client: CashflowClient, options: FigureEngineOptions = {}) {
    this.#client = client;
    this.language = options.language ?? client.language;
    const now = options.now ?? (() => Date.now());
    const ttl = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_FIGURE_TIMEOUT_MS;
    this.#schedule = options.schedule ?? defaultSchedule;
    this.#startTimer = options.startTimer ?? defaultTimer;
    this.#onPlan = options.onPlan;
    this.#figures = new TtlCache(now, ttl);
    this.#tables = new TtlCache(now, ttl);
    this.#references = new References(client, now, ttl, this.#stop.signal);
  }

  /**
   * Signed out: every call waiting or running settles at once (#N/A, connect in the task pane) and nothing more is
   * asked of the service with these credentials (the requests in flight are aborted).
   */
  dispose(): void {
    if (this.#stop.signal.aborted) return;
    this.#stop.abort();
    const waiting = this.#queue;
    this.#queue = [];
    const failure = FigureError.notConnected(this.language);
    for (const call of waiting) call.reject(failure);
  }

  /**
   * The sum of `reporting_amount` of the category's transactions (subcategories included) from `from` to `to`
   * (inclusive), optionally of one account, in the company currency: what `/transactions/extended/` tells as `sum`
   * for the same filters.
   */
  actuals(category: ArgumentValue, from: ArgumentValue, to: ArgumentValue, account?: ArgumentValue): Promise<number> {
    const range = parseRange(from, to, this.language);
    if (!range.ok) return Promise.reject(range.error);
    const args = { category, range: range.value, account };
    return this.#figure(actualsNeeds(account), (references, jobs, waiter) => {
      const call = actualsCall(args, references, this.language);
      jobs.actuals.add(call.key, call, waiter);
    });
  }

  /**
   * The planned amount of the category (subcategories included) from `from` to `to` in the forecast, or in the scenario
   * given by plan id or name: what its budgets pay in the range, a recurring budget on each of its dates (`planned.ts`).
   */
  planned(category: ArgumentValue, from: ArgumentValue, to: ArgumentValue, scenario?: ArgumentValue): Promise<number> {
    const range = parseRange(from, to, this.language);
    if (!range.ok) return Promise.reject(range.error);
    const args = { category, range: range.value, scenario };
    return this.#figure(plannedNeeds(scenario), (references, jobs, waiter) => {
      const call = plannedCall(args, references, this.language);
      jobs.planned.add(call.key, call, waiter);
    });
  }

  /**
   * Today's balance (horizon left out, or `today`), or the forecast balance at `current_month_end`, `next_month_end`,
   * `in_3_months` or `fiscal_year_end` (any case), of the accounts' balance summary. Without a current forecast the
   * forecast balances are `unavailable`.
   */
  balance(horizon?: ArgumentValue): Promise<number> {
    const checkedHorizon = parseHorizon(horizon, this.language);
    if (!checkedHorizon.ok) return Promise.reject(checkedHorizon.error);
    const value = checkedHorizon.value;
    return this.#figure(['summary'], (references, jobs, waiter) => {
      references.summary(); // a failed read fails the call here
      jobs.balance.add(`balance|${value}`, value, waiter);
    });
  }

  /**
   * The open amount (`amount_due`, unpaid invoices) of receivables or payables (`type`: RE, PA, receivable, payable,
   * or a friendly word, see `invoice-arguments.ts`), due from `from` to `to` (each optional: open at that end),
   * optionally of one status (code or label).
   */
  due(type: ArgumentValue, from?: ArgumentValue, to?: ArgumentValue, status?: ArgumentValue): Promise<number> {
    const kind = parseInvoiceType(type, this.language);
    if (!kind.ok) return Promise.reject(kind.error);
    const range = parseOpenRange(from, to, this.language);
    if (!range.ok) return Promise.reject(range.error);
    const state = parseInvoiceStatus(status, this.language);
    if (!state.ok) return Promise.reject(state.error);
    const call: DueCall = { type: kind.value, status: state.value, ...range.value };
    return this.#figure([], (_references, jobs, waiter) => jobs.due.add(dueKey(call), call, waiter));
  }

  /** The transactions from `from` to `to` (value date), optionally of a category (with subcategories) and an account. */
  transactions(from: ArgumentValue, to: ArgumentValue, category?: ArgumentValue, account?: ArgumentValue): Promise<SpilledTable> {
    const range = parseRange(from, to, this.language);
    if (!range.ok) return Promise.reject(range.error);
    const needs: Reference[] = accountOmitted(account) ? ['categories'] : ['categories', 'summary'];
    return this.#table(needs, (references) => {
      const categoryId = blank(category) ? undefined : checked(parseCategory(category, references.categories().index, this.language));
      const accountId = checked(parseAccount(account, accountOmitted(account) ? [] : references.accountRefs(), this.language));
      return {
        table: 'transactions',
        filters: {
          min_date: range.value.from,
          max_date: range.value.to,
          ...(categoryId === undefined ? {} : { category: categoryId }),
          ...(accountId === undefined ? {} : { account: accountId }),
        },
      };
    });
  }

  /** Every invoice, optionally of one type and one status. */
  invoices(type?: ArgumentValue, status?: ArgumentValue): Promise<SpilledTable> {
    const kind = parseOptionalInvoiceType(type, this.language);
    if (!kind.ok) return Promise.reject(kind.error);
    const state = parseInvoiceStatus(status, this.language);
    if (!state.ok) return Promise.reject(state.error);
    const filters = {
      ...(kind.value === undefined ? {} : { type: kind.value }),
      ...(state.value === undefined ? {} : { status: state.value }),
    };
    return this.#table(['categories'], () => ({ table: 'invoices', filters }));
  }

  /** The budgets of the forecast (scenario left out) or of a scenario, optionally settled from `from` to `to`. */
  budgets(scenario?: ArgumentValue, from?: ArgumentValue, to?: ArgumentValue): Promise<SpilledTable> {
    const range = parseOpenRange(from, to, this.language);
    if (!range.ok) return Promise.reject(range.error);
    const filters = {
      ...(range.value.from === undefined ? {} : { min_date: range.value.from }),
      ...(range.value.to === undefined ? {} : { max_date: range.value.to }),
    };
    const needs: Reference[] = scenarioOmitted(scenario) ? ['categories', 'summary'] : ['categories', 'summary', 'plans'];
    return this.#table(needs, (references) => ({
      table: 'budgets',
      plan: scenarioOmitted(scenario) ? 'forecast' : checked(parseScenario(scenario, references.plans(), this.language)),
      filters,
    }));
  }

  /** Every category, with its path and level, as the `Categories` table. */
  categories(): Promise<SpilledTable> {
    return this.#table(['categories'], () => ({ table: 'categories' }));
  }

  /** Every bank account, as the `Accounts` table. */
  accounts(): Promise<SpilledTable> {
    return this.#table(['summary'], () => ({ table: 'accounts' }));
  }

  /** Forgets every result and reference list (after a pull or a push). Calls in flight still settle. */
  invalidate(): void {
    this.#figures.clear();
    this.#tables.clear();
    this.#references.clear();
  }

  #toError = (error: unknown): FigureError => toFigureError(error, this.language, this.#timeoutMs);

  #enqueue<T>(needs: readonly Reference[], attach: (references: LoadedReferences, jobs: BatchJobs, waiter: Waiter<T>) => void): Promise<T> {
    if (this.#stop.signal.aborted) return Promise.reject(FigureError.notConnected(this.language));
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = { resolve, reject };
      // Queued before scheduling: a scheduler that runs the flush at once must still find the call.
      this.#queue.push({ needs, attach: (references, jobs) => attach(references, jobs, waiter), reject });
      if (this.#queue.length === 1) this.#schedule(() => this.#flush());
    });
  }

  /** A figure: computed and cached in cents, handed out as a number with two decimals. */
  #figure(
    needs: readonly Reference[],
    attach: (references: LoadedReferences, jobs: BatchJobs, waiter: Waiter<number>) => void,
  ): Promise<number> {
    return this.#enqueue<number>(needs, attach).then((cents) => cents / 100);
  }

  /**
   * A table: each caller gets its own copy of the cached rows. Every list it declared must have been read: its rows
   * take their category paths and account names from them, and a table made without (blank columns) would be cached.
   */
  #table(needs: readonly Reference[], query: (references: LoadedReferences) => TableQuery): Promise<SpilledTable> {
    return this.#enqueue<SpilledTable>(needs, (references, jobs, waiter) => {
      for (const need of needs) references.ensure(need);
      const q = query(references);
      jobs.tables.add(tableKey(q), { query: q, references }, waiter);
    }).then((table) => table.map((row) => [...row]));
  }

  #flush(): void {
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length > 0) void this.#run(batch);
  }

  async #run(batch: readonly Queued[]): Promise<void> {
    const abort = new AbortController();
    const jobs: BatchJobs = {
      actuals: new KeyedJobs(this.#figures, this.#toError),
      planned: new KeyedJobs(this.#figures, this.#toError),
      balance: new KeyedJobs(this.#figures, this.#toError),
      due: new KeyedJobs(this.#figures, this.#toError),
      tables: new KeyedJobs(this.#tables, this.#toError),
    };
    let cancelTimer: () => void = () => undefined;
    const deadline = new Promise<never>((_, reject) => {
      cancelTimer = this.#startTimer(this.#timeoutMs, () => {
        abort.abort();
        reject(FigureError.timeout(this.language, this.#timeoutMs));
      });
    });
    let unlisten: () => void = () => undefined;
    const disposed = new Promise<never>((_, reject) => {
      const stop = (): void => {
        abort.abort();
        reject(FigureError.notConnected(this.language));
      };
      if (this.#stop.signal.aborted) return stop();
      this.#stop.signal.addEventListener('abort', stop, { once: true });
      unlisten = () => this.#stop.signal.removeEventListener('abort', stop);
    });
    try {
      await Promise.race([this.#serve(batch, jobs, abort.signal), deadline, disposed]);
    } catch (error) {
      // Settling twice is a no-op: this only reaches the calls (and shared work) not settled yet.
      const failure = this.#toError(error);
      for (const kind of [jobs.actuals, jobs.planned, jobs.balance, jobs.due, jobs.tables]) kind.failAll(failure);
      for (const call of batch) call.reject(failure);
    } finally {
      cancelTimer();
      unlisten();
    }
  }

  async #serve(batch: readonly Queued[], jobs: BatchJobs, signal: AbortSignal): Promise<void> {
    const references = await this.#references.load(new Set(batch.flatMap((call) => call.needs)));
    for (const call of batch) {
      try {
        call.attach(references, jobs);
      } catch (error) {
        call.reject(this.#toError(error));
      }
    }
    const language = this.language;
    const plan = () => ({ tree: references.categories().tree, signal, onPlan: this.#onPlan });
    await Promise.all([
      settleWorks(jobs.actuals.fresh, (works) => serveActuals(works, this.#client, this.#references, plan())),
      settleWorks(jobs.planned.fresh, (works) => servePlanned(works, this.#client, plan())),
      settleWorks(jobs.balance.fresh, (works) => serveBalance(works, references.summary(), language)),
      settleWorks(jobs.due.fresh, (works) => serveDue(works, { invoices: this.#client.invoices, signal, language })),
      settleWorks(jobs.tables.fresh, (works) => serveTables(works, { client: this.#client, signal, language })),
    ]);
  }
}
