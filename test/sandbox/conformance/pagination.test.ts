/** Section 1, "Pagination" and the table of paginated shapes. */
import { cents, isRecord, pageItems, sumCents, useSandbox, type PageBody } from './support';
import type { Budget, Invoice } from './resources';

const h = useSandbox();

function page(body: unknown): PageBody {
  if (!isRecord(body)) throw new Error('not an object');
  return body as unknown as PageBody;
}

describe('page size', () => {
  test('page_size defaults to 100', async () => {
    const body = page((await h.get('/transactions/')).body);
    expect(body.count).toBeGreaterThan(100);
    expect(pageItems(body)).toHaveLength(100);
  });

  test('page_size above 1000 is reduced to 1000', async () => {
    const reply = await h.get('/transactions/', { page_size: 5000 });
    expect(reply.status).toBe(200);
    const body = page(reply.body);
    expect(body.count).toBeGreaterThan(1000);
    expect(pageItems(body)).toHaveLength(1000);
  });

  test('page_size is honoured below the maximum', async () => {
    expect(pageItems(page((await h.get('/transactions/', { page_size: 7 })).body))).toHaveLength(7);
  });
});

describe('count, next and previous', () => {
  test('count is the total number of matches, independent of the page', async () => {
    const a = page((await h.get('/transactions/', { page_size: 10 })).body);
    const b = page((await h.get('/transactions/', { page_size: 10, page: 3 })).body);
    expect(a.count).toBe(b.count);
  });

  test('previous is null on the first page and next is a URL', async () => {
    const body = page((await h.get('/transactions/', { page_size: 10 })).body);
    expect(body.previous).toBeNull();
    expect(typeof body.next).toBe('string');
    expect(new URL(body.next ?? '').searchParams.get('page')).toBe('2');
  });

  test('next is null on the last page and previous is a URL', async () => {
    const count = page((await h.get('/transactions/', { page_size: 10 })).body).count;
    const last = Math.ceil(count / 10);
    const body = page((await h.get('/transactions/', { page_size: 10, page: last })).body);
    expect(body.next).toBeNull();
    expect(typeof body.previous).toBe('string');
    expect(pageItems(body).length).toBe(count - (last - 1) * 10);
  });

  test('a single-page result has next and previous null', async () => {
    const body = page((await h.get('/transactions/', { page_size: 1000, ids: '1' })).body);
    expect(body.next).toBeNull();
    expect(body.previous).toBeNull();
  });

  test('next keeps the filters and page_size', async () => {
    const body = page((await h.get('/transactions/', { page_size: 10, type: 'expenses' })).body);
    const next = new URL(body.next ?? '');
    expect(next.pathname).toBe('/transactions/');
    expect(next.searchParams.get('type')).toBe('expenses');
    expect(next.searchParams.get('page_size')).toBe('10');
  });

  test('walking all transaction pages gives count distinct ids', async () => {
    const all = (await h.all('/transactions/')) as { id: number }[];
    const count = page((await h.get('/transactions/', { page_size: 1 })).body).count;
    expect(all).toHaveLength(count);
    expect(new Set(all.map((t) => t.id)).size).toBe(count);
  });

  test('walking all invoice pages gives count distinct ids', async () => {
    const all = (await h.all('/invoices/')) as { id: number }[];
    const count = page((await h.get('/invoices/', { page_size: 1 })).body).count;
    expect(all).toHaveLength(count);
    expect(new Set(all.map((t) => t.id)).size).toBe(count);
  });

  test('walking all forecast budget pages (page_size 7) gives count distinct ids', async () => {
    const first = page((await h.get('/forecast/budgets/', { page_size: 7 })).body);
    const seen: number[] = [];
    for (let p = 1; p <= Math.ceil(first.count / 7); p++) {
      seen.push(
        ...(pageItems(page((await h.get('/forecast/budgets/', { page_size: 7, page: p })).body)) as { id: number }[]).map((b) => b.id),
      );
    }
    expect(seen).toHaveLength(first.count);
    expect(new Set(seen).size).toBe(first.count);
  });
});

describe('linkHost', () => {
  const linked = useSandbox({ transactions: 300, linkHost: 'https://api.example.test' });

  test('next and previous use the configured linkHost and keep the filters', async () => {
    const first = page((await linked.get('/transactions/', { page_size: 20, type: 'expenses' })).body);
    const next = new URL(first.next ?? '');
    expect(next.origin).toBe('https://api.example.test');
    expect(next.pathname).toBe('/transactions/');
    expect(next.searchParams.get('type')).toBe('expenses');
    expect(next.searchParams.get('page')).toBe('2');
    const second = page((await linked.get('/transactions/', { page_size: 20, type: 'expenses', page: 2 })).body);
    const previous = new URL(second.previous ?? '');
    expect(previous.origin).toBe('https://api.example.test');
    expect(previous.searchParams.get('type')).toBe('expenses');
  });

  test('a client reads page from the link and calls the base URL with the same path and filters', async () => {
    const first = page((await linked.get('/transactions/', { page_size: 20, type: 'expenses' })).body);
    const next = new URL(first.next ?? '');
    const reply = await linked.request('GET', `${next.pathname}${next.search}`);
    expect(reply.status).toBe(200);
    const second = page(reply.body);
    const ids1 = new Set((pageItems(first) as { id: number }[]).map((t) => t.id));
    for (const t of pageItems(second) as { id: number; amount: number }[]) {
      expect(ids1.has(t.id)).toBe(false);
      expect(t.amount).toBeLessThan(0);
    }
  });
});

describe('plain arrays', () => {
  test('GET /categories/ returns a plain JSON array', async () => {
    expect(Array.isArray((await h.get('/categories/')).body)).toBe(true);
  });

  test('GET /plans/ returns a plain JSON array', async () => {
    expect(Array.isArray((await h.get('/plans/')).body)).toBe(true);
  });
});

describe('paginated shapes', () => {
  const keys = (b: unknown): string[] => Object.keys(b as object).sort();

  test('GET /banks/: count, next, previous, results (array), no extra fields', async () => {
    const body = (await h.get('/banks/')).body;
    expect(keys(body)).toEqual(['count', 'next', 'previous', 'results']);
    expect(Array.isArray(page(body).results)).toBe(true);
  });

  test('GET /transactions/: predicted_unmapped_transactions and no sum', async () => {
    const body = (await h.get('/transactions/')).body;
    expect(keys(body)).toEqual(['count', 'next', 'predicted_unmapped_transactions', 'previous', 'results']);
    expect(typeof (body as { predicted_unmapped_transactions: unknown }).predicted_unmapped_transactions).toBe('boolean');
    expect(Array.isArray(page(body).results)).toBe(true);
  });

  test('GET /transactions/ has no sum whatever the filters', async () => {
    const body = (await h.get('/transactions/', { type: 'expenses', min_amount: -100 })).body;
    expect(Object.keys(body as object)).not.toContain('sum');
  });

  test('GET /transactions/extended/: predicted_unmapped_transactions and sum', async () => {
    const body = (await h.get('/transactions/extended/')).body;
    expect(keys(body)).toEqual(['count', 'next', 'predicted_unmapped_transactions', 'previous', 'results', 'sum']);
    expect(typeof page(body).sum).toBe('number');
    expect(Array.isArray(page(body).results)).toBe(true);
  });

  test('invoice lists: sum and results {amount_due, total, invoices}', async () => {
    const body = page((await h.get('/invoices/')).body);
    expect(typeof body.sum).toBe('number');
    expect(isRecord(body.results)).toBe(true);
    const r = body.results as { amount_due: unknown; total: unknown; invoices: unknown };
    expect(typeof r.amount_due).toBe('number');
    expect(typeof r.total).toBe('number');
    expect(Array.isArray(r.invoices)).toBe(true);
  });

  test('invoice list sum is the sum of amounts of all matches', async () => {
    for (const query of [{}, { type: 'payable' }]) {
      const all = (await h.all('/invoices/', query)) as Invoice[];
      const body = page((await h.get('/invoices/', { ...query, page_size: 5 })).body);
      expect(cents(body.sum ?? NaN)).toBe(sumCents(all.map((i) => i.amount)));
    }
  });

  test('budget lists: sum and results {total, budgets}', async () => {
    const body = page((await h.get('/forecast/budgets/')).body);
    expect(typeof body.sum).toBe('number');
    expect(isRecord(body.results)).toBe(true);
    const r = body.results as { total: unknown; budgets: unknown };
    expect(typeof r.total).toBe('number');
    expect(Array.isArray(r.budgets)).toBe(true);
  });

  test('budget list sum is the sum of amounts of all matches', async () => {
    const all = (await h.all('/forecast/budgets/')) as Budget[];
    const body = page((await h.get('/forecast/budgets/', { page_size: 5 })).body);
    expect(cents(body.sum ?? NaN)).toBe(sumCents(all.map((b) => b.amount)));
  });

  test('scenario budget lists have the budget list shape', async () => {
    const plans = (await h.get('/plans/')).body as { id: number; type: string }[];
    const scenario = plans.find((p) => p.type === 'SCENARIO');
    if (!scenario) throw new Error('no scenario');
    const body = page((await h.get(`/scenarios/${scenario.id}/budgets/`)).body);
    expect(typeof body.sum).toBe('number');
    expect(Array.isArray((body.results as { budgets: unknown }).budgets)).toBe(true);
  });
});
