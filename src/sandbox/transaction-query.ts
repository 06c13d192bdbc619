/**
 * Filtering and ordering of transactions with a cache: the matching list (and its sum) per
 * (companies, filters, ordering) is kept until the store version changes, so that paging through a
 * large result only slices and serialises the page.
 */
import type { Transaction } from './model';
import { FilterReader, readOrdering, type QueryParams } from './query-params';
import type { Language } from './messages';
import type { Store } from './store';

export interface TransactionFilter {
  accounts?: number[];
  categories?: number[];
  minDate?: string;
  maxDate?: string;
  year?: number;
  month?: number;
  fiscalYear?: number;
  minAmount?: number;
  maxAmount?: number;
  type?: 'incomes' | 'expenses';
  isNew?: boolean;
  predicted?: boolean;
  matched?: boolean;
  isPayment?: boolean;
  tags?: string[];
  emptyTags?: boolean;
  ids?: number[];
  minCreated?: number;
  maxCreated?: number;
  minUpdated?: number;
  maxUpdated?: number;
  search?: string;
}

export const TRANSACTION_ORDERING_FIELDS = ['value_date', 'counterpart_name', 'reporting_amount'] as const;
const DEFAULT_ORDERING = ['-value_date', 'id'];

export function readTransactionFilter(store: Store, companyId: number, query: QueryParams, lang: Language): TransactionFilter {
  const r = new FilterReader(query, lang);
  const filter: TransactionFilter = {
    accounts: r.idList('account', (id) => store.accounts.get(id)?.companyId === companyId),
    categories: r.idList('category', (id) => store.categories.get(id)?.companyId === companyId),
    minDate: r.date('min_date'),
    maxDate: r.date('max_date'),
    year: r.integer('value_date_year'),
    month: r.integer('value_date_month'),
    fiscalYear: r.integer('fiscal_year'),
    minAmount: r.number('min_amount'),
    maxAmount: r.number('max_amount'),
    type: r.choice('type', ['incomes', 'expenses'] as const),
    isNew: r.boolean('is_new'),
    predicted: r.boolean('predicted'),
    matched: r.boolean('matched'),
    isPayment: r.boolean('is_payment'),
    tags: r.csv('tags')?.map((tag) => tag.toLowerCase()),
    emptyTags: r.boolean('empty_tags'),
    ids: r.csvIntegers('ids'),
    minCreated: r.dateTime('min_date_created'),
    maxCreated: r.dateTime('max_date_created'),
    minUpdated: r.dateTime('min_date_updated'),
    maxUpdated: r.dateTime('max_date_updated'),
    search: r.string('search')?.toLowerCase(),
  };
  r.throwIfErrors();
  for (const key of Object.keys(filter) as Array<keyof TransactionFilter>) {
    if (filter[key] === undefined) delete filter[key];
  }
  return filter;
}

function predicate(store: Store, companyId: number, f: TransactionFilter): (t: Transaction) => boolean {
  const accounts = f.accounts && new Set(f.accounts);
  let categories: Set<number> | undefined;
  if (f.categories) {
    categories = new Set();
    for (const id of f.categories) for (const c of store.withDescendants(id)) categories.add(c);
  }
  const ids = f.ids && new Set(f.ids);
  const company = store.companies.get(companyId);
  const fiscalStart = company?.fiscalYearStartMonth ?? 1;
  const fiscalRange =
    f.fiscalYear === undefined
      ? undefined
      : fiscalStart === 1
        ? [`${f.fiscalYear}-01-01`, `${f.fiscalYear}-12-31`]
        : [`${f.fiscalYear}-${String(fiscalStart).padStart(2, '0')}-01`, `${f.fiscalYear + 1}-${String(fiscalStart).padStart(2, '0')}-00`];
  const yearText = f.year === undefined ? undefined : String(f.year).padStart(4, '0');
  const monthText = f.month === undefined ? undefined : String(f.month).padStart(2, '0');
  const minCents = f.minAmount === undefined ? undefined : f.minAmount * 100;
  const maxCents = f.maxAmount === undefined ? undefined : f.maxAmount * 100;
  const defaults = new Set([...store.categories.values()].filter((c) => c.isDefault && c.companyId === companyId).map((c) => c.id));
  return (t) => {
    if (accounts && !accounts.has(t.accountId)) return false;
    if (categories && !categories.has(t.categoryId)) return false;
    if (ids && !ids.has(t.id)) return false;
    if (f.minDate !== undefined && t.valueDate < f.minDate) return false;
    if (f.maxDate !== undefined && t.valueDate > f.maxDate) return false;
    if (yearText !== undefined && t.valueDate.slice(0, 4) !== yearText) return false;
    if (monthText !== undefined && t.valueDate.slice(5, 7) !== monthText) return false;
    if (fiscalRange && (t.valueDate < (fiscalRange[0] as string) || t.valueDate > (fiscalRange[1] as string))) return false;
    if (minCents !== undefined && t.reportingAmount < minCents) return false;
    if (maxCents !== undefined && t.reportingAmount > maxCents) return false;
    if (f.type === 'incomes' && !(t.reportingAmount > 0)) return false;
    if (f.type === 'expenses' && !(t.reportingAmount < 0)) return false;
    if (f.isNew !== undefined && defaults.has(t.categoryId) !== f.isNew) return false;
    if (f.predicted !== undefined && (defaults.has(t.categoryId) && t.predictedCategoryId !== null) !== f.predicted) return false;
    if (f.matched !== undefined && (t.invoiceId !== null) !== f.matched) return false;
    if (f.isPayment !== undefined && t.isPayment !== f.isPayment) return false;
    if (f.emptyTags !== undefined && (t.tags === null || t.tags.length === 0) !== f.emptyTags) return false;
    if (f.tags && !(t.tags ?? []).some((tag) => f.tags?.includes(tag.toLowerCase()))) return false;
    if (f.minCreated !== undefined && t.dateCreated < f.minCreated) return false;
    if (f.maxCreated !== undefined && t.dateCreated > f.maxCreated) return false;
    if (f.minUpdated !== undefined && t.dateUpdated < f.minUpdated) return false;
    if (f.maxUpdated !== undefined && t.dateUpdated > f.maxUpdated) return false;
    if (f.search !== undefined) {
      const s = f.search;
      if (
        !t.purpose.toLowerCase().includes(s) &&
        !t.counterpartName.toLowerCase().includes(s) &&
        !t.counterpartIban.toLowerCase().includes(s)
      ) {
        return false;
      }
    }
    return true;
  };
}

function comparator(ordering: string[]): (a: Transaction, b: Transaction) => number {
  const terms = ordering.map((term) => ({ desc: term.startsWith('-'), field: term.replace(/^-/, '') }));
  const names = new Map<Transaction, string>();
  const nameOf = (t: Transaction) => {
    let n = names.get(t);
    if (n === undefined) names.set(t, (n = t.counterpartName.toLowerCase()));
    return n;
  };
  return (a, b) => {
    for (const { desc, field } of terms) {
      let diff = 0;
      if (field === 'value_date') diff = a.valueDate < b.valueDate ? -1 : a.valueDate > b.valueDate ? 1 : 0;
      else if (field === 'reporting_amount') diff = a.reportingAmount - b.reportingAmount;
      else if (field === 'counterpart_name') {
        const x = nameOf(a);
        const y = nameOf(b);
        diff = x < y ? -1 : x > y ? 1 : 0;
      } else if (field === 'id') diff = a.id - b.id;
      if (diff !== 0) return desc ? -diff : diff;
    }
    return a.id - b.id;
  };
}

interface CachedResult {
  version: number;
  items: Transaction[];
  sum: number;
}

export class TransactionQueryCache {
  private readonly entries = new Map<string, CachedResult>();
  hits = 0;
  misses = 0;

  constructor(private readonly capacity = 32) {}

  /** Matching transactions of the companies in the requested order, with the sum of `reporting_amount` in cents. */
  run(store: Store, companyId: number, filter: TransactionFilter, query: QueryParams): { items: Transaction[]; sum: number } {
    const ordering = readOrdering(query, TRANSACTION_ORDERING_FIELDS, DEFAULT_ORDERING);
    const key = JSON.stringify([companyId, filter, ordering]);
    const cached = this.entries.get(key);
    if (cached && cached.version === store.version) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    this.misses += 1;
    const all = store.transactionsOf(companyId);
    const items = Object.keys(filter).length === 0 ? all.slice() : all.filter(predicate(store, companyId, filter));
    const isDefault = ordering.length === 2 && ordering[0] === '-value_date' && ordering[1] === 'id';
    if (!isDefault) items.sort(comparator(ordering));
    let sum = 0;
    for (const t of items) sum += t.reportingAmount;
    const entry = { version: store.version, items, sum };
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry;
  }
}
