/**
 * The reference lists the functions check their arguments against and flatten their tables with: the categories
 * (`GET /categories/`), the accounts' balance summary (`GET /accounts/`: the accounts, today's and the forecast
 * balances, each account's `transaction_count`) and the plans (`GET /plans/`). Each is read at most once per TTL and
 * shared while in flight, by every call of every batch: 20 BALANCE calls beside ACTUALS with an account and ACCOUNTS()
 * are one `/accounts/` read.
 */

import type { Account, BalanceSummary, CashflowClient, Category, Plan } from '../../api';
import { buildLookups, type Lookups } from '../tables/lookups';
import { type AccountRef, CategoryIndex } from './arguments';
import { CategoryTree } from './category-tree';
import type { Outcome } from './keyed-jobs';
import { TtlCache } from './ttl-cache';

export interface CategoryData {
  list: readonly Category[];
  index: CategoryIndex;
  tree: CategoryTree;
}

export type Reference = 'categories' | 'summary' | 'plans';

interface Loaded {
  categories?: Outcome<CategoryData>;
  summary?: Outcome<BalanceSummary>;
  plans?: Outcome<readonly Plan[]>;
}

function take<T>(outcome: Outcome<T> | undefined, name: Reference): T {
  // A call asks only for what it declared it needs; anything else is a bug in the engine.
  if (outcome === undefined) throw new Error(`reference not loaded: ${name}`);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** What one batch loaded: each accessor gives the list, or throws the failure of its read (failing that call only). */
export class LoadedReferences {
  #lookups: Lookups | undefined;

  constructor(private readonly loaded: Loaded) {}

  categories(): CategoryData {
    return take(this.loaded.categories, 'categories');
  }

  /** Throws the failure of a list's read (or that it was not asked for). */
  ensure(name: Reference): void {
    const outcome: Outcome<unknown> | undefined = this.loaded[name];
    take(outcome, name);
  }

  summary(): BalanceSummary {
    return take(this.loaded.summary, 'summary');
  }

  accounts(): readonly Account[] {
    return this.summary().accounts;
  }

  accountRefs(): AccountRef[] {
    return this.accounts().map((a) => ({ id: a.id, name: a.name, alias: a.alias }));
  }

  plans(): readonly Plan[] {
    return take(this.loaded.plans, 'plans');
  }

  /** Category paths and account names from whatever was loaded successfully (as the pull flattens its tables). */
  lookups(): Lookups {
    this.#lookups ??= buildLookups({
      ...(this.loaded.categories?.ok ? { categories: this.loaded.categories.value.list } : {}),
      ...(this.loaded.summary?.ok ? { accounts: this.loaded.summary.value.accounts } : {}),
    });
    return this.#lookups;
  }
}

async function settle<T>(promise: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

export class References {
  readonly #categories: TtlCache<CategoryData>;
  readonly #summary: TtlCache<BalanceSummary>;
  readonly #plans: TtlCache<readonly Plan[]>;

  /** `stop`: the engine's, aborted when it is disposed (signed out): the shared reads stop with it. */
  constructor(
    private readonly client: CashflowClient,
    now: () => number,
    ttlMs: number,
    private readonly stop?: AbortSignal,
  ) {
    this.#categories = new TtlCache(now, ttlMs);
    this.#summary = new TtlCache(now, ttlMs);
    this.#plans = new TtlCache(now, ttlMs);
  }

  categories(): Promise<CategoryData> {
    return this.#categories.share('categories', async () => {
      const list = await this.client.categories.list(this.#options());
      return { list, index: new CategoryIndex(list), tree: new CategoryTree(list) };
    });
  }

  summary(): Promise<BalanceSummary> {
    return this.#summary.share('summary', () => this.client.accounts.summary(this.#options()));
  }

  plans(): Promise<readonly Plan[]> {
    return this.#plans.share('plans', () => this.client.plans.list(this.#options()));
  }

  #options(): { signal?: AbortSignal } {
    return this.stop === undefined ? {} : { signal: this.stop };
  }

  /** Transactions of one account, or of all accounts: the bound of any transaction filter's `count`. */
  async transactionCount(account: number | undefined): Promise<number> {
    const accounts = (await this.summary()).accounts;
    return (account === undefined ? accounts : accounts.filter((a) => a.id === account)).reduce((sum, a) => sum + a.transaction_count, 0);
  }

  /** Reads what the batch needs, together; a failed read fails only the calls that need it. */
  async load(needs: ReadonlySet<Reference>): Promise<LoadedReferences> {
    const [categories, summary, plans] = await Promise.all([
      needs.has('categories') ? settle(this.categories()) : undefined,
      needs.has('summary') ? settle(this.summary()) : undefined,
      needs.has('plans') ? settle(this.plans()) : undefined,
    ]);
    return new LoadedReferences({
      ...(categories === undefined ? {} : { categories }),
      ...(summary === undefined ? {} : { summary }),
      ...(plans === undefined ? {} : { plans }),
    });
  }

  clear(): void {
    this.#categories.clear();
    this.#summary.clear();
    this.#plans.clear();
  }
}
