/**
 * The in-memory state of the sandbox with its indexes. Every write goes through `touch()`, which bumps
 * `version`; caches (filtered id lists, category trees) key on it.
 */
import type { Account, Bank, Budget, Category, Company, Credential, Invoice, Plan, StoreState, Transaction } from './model';

/** Fixed conversion rates into EUR, the company currency of every demo company. */
const RATES_TO_EUR: Record<string, number> = { EUR: 1, CHF: 1.0642, USD: 0.9231, GBP: 1.1718 };

export function reportingCents(cents: number, currency: string): number {
  return Math.round(cents * (RATES_TO_EUR[currency] ?? 1));
}

export function defaultTransactionOrder(a: Transaction, b: Transaction): number {
  if (a.valueDate !== b.valueDate) return a.valueDate < b.valueDate ? 1 : -1;
  return a.id - b.id;
}

export class Store {
  version = 0;
  readonly companies = new Map<number, Company>();
  readonly categories = new Map<number, Category>();
  readonly plans = new Map<number, Plan>();
  readonly banks = new Map<number, Bank>();
  readonly accounts = new Map<number, Account>();
  readonly transactions = new Map<number, Transaction>();
  readonly invoices = new Map<number, Invoice>();
  readonly budgets = new Map<number, Budget>();
  readonly credentials: Credential[];
  private readonly nextIds: StoreState['nextIds'];
  private readonly sortedTransactions = new Map<number, Transaction[]>();
  private readonly unsortedCompanies = new Set<number>();
  private readonly invoiceTransactions = new Map<number, Transaction[]>();
  private categoryIndexVersion = -1;
  private childrenIndex = new Map<number, number[]>();
  private readonly listeners: Array<() => void> = [];

  constructor(state: StoreState) {
    for (const c of state.companies) this.companies.set(c.id, c);
    for (const c of state.categories) this.categories.set(c.id, c);
    for (const p of state.plans) this.plans.set(p.id, p);
    for (const b of state.banks) this.banks.set(b.id, b);
    for (const a of state.accounts) this.accounts.set(a.id, a);
    for (const i of state.invoices) this.invoices.set(i.id, i);
    for (const b of state.budgets) this.budgets.set(b.id, b);
    for (const t of state.transactions) {
      this.transactions.set(t.id, t);
      let list = this.sortedTransactions.get(t.companyId);
      if (!list) this.sortedTransactions.set(t.companyId, (list = []));
      list.push(t);
      if (t.invoiceId !== null) this.linkIndex(t);
    }
    for (const companyId of this.sortedTransactions.keys()) this.unsortedCompanies.add(companyId);
    this.credentials = state.credentials;
    this.nextIds = { ...state.nextIds };
  }

  /** Marks a write: bumps the version and notifies listeners (persistence). */
  touch(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  onWrite(listener: () => void): void {
    this.listeners.push(listener);
  }

  nextId(kind: keyof StoreState['nextIds']): number {
    const id = this.nextIds[kind];
    this.nextIds[kind] = id + 1;
    return id;
  }

  /** Transactions of a company in the default order `-value_date,id`. */
  transactionsOf(companyId: number): readonly Transaction[] {
    let list = this.sortedTransactions.get(companyId);
    if (!list) {
      list = [];
      this.sortedTransactions.set(companyId, list);
    }
    if (this.unsortedCompanies.has(companyId)) {
      list.sort(defaultTransactionOrder);
      this.unsortedCompanies.delete(companyId);
    }
    return list;
  }

  addTransaction(transaction: Transaction): void {
    this.transactions.set(transaction.id, transaction);
    const list = this.sortedTransactions.get(transaction.companyId);
    if (list) list.push(transaction);
    else this.sortedTransactions.set(transaction.companyId, [transaction]);
    this.unsortedCompanies.add(transaction.companyId);
    if (transaction.invoiceId !== null) this.linkIndex(transaction);
  }

  transactionsOfInvoice(invoiceId: number): readonly Transaction[] {
    return this.invoiceTransactions.get(invoiceId) ?? [];
  }

  /** Removes an invoice and unlinks its transactions (their `date_updated` moves to `now`). */
  deleteInvoice(invoiceId: number, now: number): void {
    for (const t of this.invoiceTransactions.get(invoiceId) ?? []) {
      t.invoiceId = null;
      t.dateUpdated = now;
    }
    this.invoiceTransactions.delete(invoiceId);
    this.invoices.delete(invoiceId);
  }

  private linkIndex(transaction: Transaction): void {
    if (transaction.invoiceId === null) return;
    const list = this.invoiceTransactions.get(transaction.invoiceId);
    if (list) list.push(transaction);
    else this.invoiceTransactions.set(transaction.invoiceId, [transaction]);
  }

  /** Ids of the direct children of a category. */
  childrenOf(categoryId: number): readonly number[] {
    if (this.categoryIndexVersion !== this.categories.size) {
      this.childrenIndex = new Map();
      for (const c of this.categories.values()) {
        if (c.parent === null) continue;
        const list = this.childrenIndex.get(c.parent);
        if (list) list.push(c.id);
        else this.childrenIndex.set(c.parent, [c.id]);
      }
      this.categoryIndexVersion = this.categories.size;
    }
    return this.childrenIndex.get(categoryId) ?? [];
  }

  /** The category and all its descendants. */
  withDescendants(categoryId: number): Set<number> {
    const result = new Set<number>([categoryId]);
    const queue = [categoryId];
    while (queue.length > 0) {
      const id = queue.pop() as number;
      for (const child of this.childrenOf(id)) {
        if (!result.has(child)) {
          result.add(child);
          queue.push(child);
        }
      }
    }
    return result;
  }

  isLeaf(categoryId: number): boolean {
    return this.childrenOf(categoryId).length === 0;
  }

  /** A category can take budgets, invoices and transactions: leaf, not aggregating, not a system category. */
  isMappable(category: Category): boolean {
    return this.isLeaf(category.id) && !category.isAggregating && !category.isDefault;
  }

  defaultCategory(companyId: number, type: 'IN' | 'EX'): Category {
    for (const c of this.categories.values()) {
      if (c.companyId === companyId && c.isDefault && c.type === type) return c;
    }
    throw new Error(`company ${companyId} has no default ${type} category`);
  }

  accountsOf(companyIds: readonly number[]): Account[] {
    return [...this.accounts.values()].filter((a) => companyIds.includes(a.companyId)).sort((a, b) => a.id - b.id);
  }

  banksOf(companyIds: readonly number[]): Bank[] {
    return [...this.banks.values()].filter((b) => companyIds.includes(b.companyId)).sort((a, b) => a.id - b.id);
  }

  invoicesOf(companyIds: readonly number[]): Invoice[] {
    return [...this.invoices.values()].filter((i) => companyIds.includes(i.companyId));
  }

  plansOf(companyId: number): Plan[] {
    return [...this.plans.values()].filter((p) => p.companyId === companyId).sort((a, b) => a.id - b.id);
  }

  forecastOf(companyId: number): Plan | undefined {
    return this.plansOf(companyId).find((p) => p.type === 'FORECAST' && p.isActive);
  }

  budgetsOfPlans(planIds: readonly number[]): Budget[] {
    return [...this.budgets.values()].filter((b) => planIds.includes(b.planId));
  }

  /** The whole state as plain data (persistence). */
  toState(): StoreState {
    return {
      companies: [...this.companies.values()],
      categories: [...this.categories.values()],
      plans: [...this.plans.values()],
      banks: [...this.banks.values()],
      accounts: [...this.accounts.values()],
      transactions: [...this.transactions.values()],
      invoices: [...this.invoices.values()],
      budgets: [...this.budgets.values()],
      credentials: this.credentials,
      nextIds: { ...this.nextIds },
    };
  }
}
