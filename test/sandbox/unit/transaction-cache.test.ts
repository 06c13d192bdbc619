import { QueryParams } from '../../../src/sandbox/query-params';
import { seedState } from '../../../src/sandbox/seed';
import { defaultTransactionOrder, Store } from '../../../src/sandbox/store';
import { readTransactionFilter, TransactionQueryCache } from '../../../src/sandbox/transaction-query';

const NOW = Date.parse('2025-06-15T10:00:00Z');

function setup() {
  const store = new Store(seedState({ seed: 42, transactions: 2000, now: NOW, accountLimit: 25 }));
  const cache = new TransactionQueryCache(4);
  const run = (qs: string) => {
    const query = QueryParams.fromUrl(`/transactions/?${qs}`);
    return cache.run(store, 4711, readTransactionFilter(store, 4711, query, 'en'), query);
  };
  return { store, cache, run };
}

describe('transaction store and query cache', () => {
  it('keeps the default order -value_date,id, also after inserts', () => {
    const { store } = setup();
    const list = store.transactionsOf(4711);
    for (let i = 1; i < list.length; i++) expect(defaultTransactionOrder(list[i - 1]!, list[i]!)).toBeLessThan(0);
    const template = list[10]!;
    store.addTransaction({ ...template, id: store.nextId('transaction'), valueDate: '2030-01-01' });
    expect(store.transactionsOf(4711)[0]!.valueDate).toBe('2030-01-01');
  });

  it('serves repeated queries from the cache until the store version changes', () => {
    const { store, cache, run } = setup();
    const first = run('type=expenses&ordering=-reporting_amount');
    run('type=expenses&ordering=-reporting_amount&page=2');
    expect(cache.misses).toBe(1);
    expect(cache.hits).toBe(1);
    expect(first.items.every((t) => t.reportingAmount < 0)).toBe(true);
    for (let i = 1; i < first.items.length; i++)
      expect(first.items[i - 1]!.reportingAmount).toBeGreaterThanOrEqual(first.items[i]!.reportingAmount);
    const victim = first.items[0]!;
    victim.reportingAmount = 1;
    victim.amount = 1;
    store.touch();
    const second = run('type=expenses&ordering=-reporting_amount');
    expect(cache.misses).toBe(2);
    expect(second.items.some((t) => t.id === victim.id)).toBe(false);
    expect(second.sum).toBe(second.items.reduce((s, t) => s + t.reportingAmount, 0));
  });

  it('evicts the least recently used entry beyond capacity', () => {
    const { cache, run } = setup();
    for (const qs of ['a=1', 'type=incomes', 'type=expenses', 'is_new=true', 'matched=true']) run(qs);
    run('a=1');
    expect(cache.misses).toBe(6);
  });

  it('includes subcategories in category filters and sums reporting amounts', () => {
    const { store, run } = setup();
    const parent = [...store.categories.values()].find((c) => c.companyId === 4711 && c.name === 'Umsatzerlöse')!;
    const children = new Set(store.withDescendants(parent.id));
    const result = run(`category=${parent.id}`);
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((t) => children.has(t.categoryId))).toBe(true);
    expect(result.sum).toBe(result.items.reduce((s, t) => s + t.reportingAmount, 0));
  });
});
