/**
 * Filters and ordering of budget lists. Budget kinds (our reading; the spec names them only):
 * dynamic = with depending categories; contract = with integration tags; recurring = with a frequency
 * and neither dynamic nor contract; single = the rest. `open` = recurring and indefinite.
 */
import type { Language } from './messages';
import type { Budget } from './model';
import { FilterReader, readOrdering, type QueryParams } from './query-params';
import { budgetJson } from './serializers/budget';
import type { Store } from './store';

export function budgetKind(b: Budget): 'single' | 'recurring' | 'dynamic' | 'contract' {
  if (b.dependingCategories.length > 0) return 'dynamic';
  if (b.integrationTags !== null && b.integrationTags.length > 0) return 'contract';
  return b.frequency === '' ? 'single' : 'recurring';
}

export function budgetFilter(store: Store, companyId: number, query: QueryParams, lang: Language): (b: Budget) => boolean {
  const r = new FilterReader(query, lang);
  const categoryIds = r.idList('category', (id) => store.categories.get(id)?.companyId === companyId);
  const minDate = r.date('min_date');
  const maxDate = r.date('max_date');
  const minValue = r.number('min_value');
  const maxValue = r.number('max_value');
  const sources = r.csv('source')?.map((s) => s.toLowerCase());
  const kind = r.choice('budget_type', ['single', 'recurring', 'dynamic', 'contract'] as const);
  const recurrent = r.boolean('recurrent');
  const open = r.boolean('open');
  const contracts = r.boolean('contracts');
  const emptyTags = r.boolean('empty_tags');
  const ids = r.csvIntegers('ids');
  const tags = r.csv('tags')?.map((s) => s.toLowerCase());
  const search = r.string('search')?.toLowerCase();
  r.throwIfErrors();
  let categories: Set<number> | undefined;
  if (categoryIds) {
    categories = new Set();
    for (const id of categoryIds) for (const c of store.withDescendants(id)) categories.add(c);
  }
  return (b) => {
    if (categories && !categories.has(b.categoryId)) return false;
    if (minDate !== undefined && b.settlementDate < minDate) return false;
    if (maxDate !== undefined && b.settlementDate > maxDate) return false;
    if (minValue !== undefined && b.amount < minValue * 100) return false;
    if (maxValue !== undefined && b.amount > maxValue * 100) return false;
    if (sources && !sources.some((s) => (b.externalSource ?? '').toLowerCase().includes(s))) return false;
    if (kind !== undefined && budgetKind(b) !== kind) return false;
    if (recurrent !== undefined && (b.frequency !== '') !== recurrent) return false;
    if (open !== undefined && (b.frequency !== '' && b.isIndefinite) !== open) return false;
    if (contracts !== undefined && (budgetKind(b) === 'contract') !== contracts) return false;
    if (emptyTags !== undefined && (b.tags.length === 0) !== emptyTags) return false;
    if (ids && !ids.includes(b.id)) return false;
    if (tags && !b.tags.some((tag) => tags.includes(tag.toLowerCase()))) return false;
    if (search !== undefined) {
      const text = [b.name, b.description, ...b.tags].join('\n').toLowerCase();
      if (!text.includes(search)) return false;
    }
    return true;
  };
}

/** Ordering; nulls (start/end dates of one-time budgets) sort last ascending and first descending. */
export function budgetComparator(store: Store, query: QueryParams, allowName: boolean): (a: Budget, b: Budget) => number {
  const allowed = ['start_date', 'settlement_date', 'amount', 'end_date', ...(allowName ? ['name'] : [])];
  const terms = readOrdering(query, allowed, ['settlement_date']).map((term) => ({
    desc: term.startsWith('-'),
    field: term.replace(/^-/, ''),
  }));
  const periods = new Map<Budget, Record<string, unknown>>();
  const json = (b: Budget) => {
    let j = periods.get(b);
    if (!j) periods.set(b, (j = budgetJson(store, b)));
    return j;
  };
  const value = (b: Budget, field: string): string | number | null => {
    if (field === 'amount') return b.amount;
    if (field === 'settlement_date') return b.settlementDate;
    if (field === 'name') return b.name.toLowerCase();
    return json(b)[field] as string | null;
  };
  return (a, b) => {
    for (const { desc, field } of terms) {
      const x = value(a, field);
      const y = value(b, field);
      let diff: number;
      if (x === y) diff = 0;
      else if (x === null) diff = 1;
      else if (y === null) diff = -1;
      else diff = x < y ? -1 : 1;
      if (diff !== 0) return desc ? -diff : diff;
    }
    return a.id - b.id;
  };
}
