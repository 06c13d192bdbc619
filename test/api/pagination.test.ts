import { ApiUserAbortError, type PageProgress, ResponseValidationError } from '../../src/api';
import { makeClient } from './support/make-client';
import { budget, invoice, transaction, bank } from './support/fixtures';
import { pagedRoute } from './support/paged-route';
import { TestServer } from './support/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
});
afterEach(() => server.close());

const rows = (n: number) => Array.from({ length: n }, (_, i) => transaction(i + 1, 1));

describe('pagination', () => {
  test('the next link names another host: the client still calls the base URL with the same path and filters', async () => {
    server.on(
      'GET',
      '/transactions/',
      pagedRoute('/transactions/', () => rows(25)),
    );
    const { client } = makeClient(server);
    const ids: number[] = [];
    for await (const t of client.transactions.items({ account: [1, 2], min_date: '2024-01-01' }, { pageSize: 10 })) ids.push(t.id);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(server.apiRequests.map((r) => r.url)).toEqual([
      '/transactions/?account=1&account=2&min_date=2024-01-01&page=1&page_size=10',
      '/transactions/?account=1&account=2&min_date=2024-01-01&page=2&page_size=10',
      '/transactions/?account=1&account=2&min_date=2024-01-01&page=3&page_size=10',
    ]);
    expect(server.apiRequests.every((r) => r.headers.host === `127.0.0.1:${server.port}`)).toBe(true);
  });

  test('the page number is taken from the link', async () => {
    server.on('GET', '/banks/', (req) =>
      req.query.get('page') === '1'
        ? { body: { count: 2, next: 'http://api.example.test/banks/?page=7&page_size=1000', previous: null, results: [bank(1)] } }
        : { body: { count: 2, next: null, previous: 'http://api.example.test/banks/?page=1', results: [bank(2)] } },
    );
    const { client } = makeClient(server);
    const banks = await client.banks.pages().all();
    expect(banks.map((b) => b.id)).toEqual([1, 2]);
    expect(server.apiRequests[1]?.url).toBe('/banks/?page=7&page_size=1000');
  });

  test('a link back to a page already read stops the pages with a localized message naming both pages', async () => {
    server.on('GET', '/banks/', (req) =>
      req.query.get('page') === '1'
        ? { body: { count: 9, next: 'http://api.example.test/banks/?page=3', previous: null, results: [bank(1)] } }
        : { body: { count: 9, next: 'http://api.example.test/banks/?page=2', previous: null, results: [bank(3)] } },
    );
    const error = (await makeClient(server, { language: 'de' })
      .client.banks.pages()
      .all()
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toBe(
      'Der Dienst hat von Seite 3 von /banks/ zurück auf Seite 2 verlinkt: Dem zu folgen, hieße dieselben Seiten noch einmal zu lesen, daher wurde dort aufgehört.',
    );
    expect(server.apiRequests.map((r) => r.query.get('page'))).toEqual(['1', '3']);
  });

  test('page_size is 1000 by default for pulls and capped at 1000', async () => {
    server.on(
      'GET',
      '/transactions/',
      pagedRoute('/transactions/', () => rows(3)),
    );
    const { client } = makeClient(server);
    await client.transactions.pages().all();
    await client.transactions.pages({}, { pageSize: 5000 }).all();
    await client.transactions.page({ page_size: 2500 });
    expect(server.apiRequests.map((r) => r.query.get('page_size'))).toEqual(['1000', '1000', '1000']);
  });

  test('invoice and budget lists page through results.invoices / results.budgets', async () => {
    const invoices = Array.from({ length: 5 }, (_, i) => invoice(i + 1));
    server.on(
      'GET',
      '/companies/8/invoices/',
      pagedRoute('/companies/8/invoices/', () => invoices, {
        wrap: (items) => ({ amount_due: 1, total: 2, invoices: items }),
        extra: () => ({ sum: 500 }),
      }),
    );
    const budgets = Array.from({ length: 3 }, (_, i) => budget(i + 1));
    server.on(
      'GET',
      '/scenarios/4/budgets/',
      pagedRoute('/scenarios/4/budgets/', () => budgets, {
        wrap: (items) => ({ total: 3, budgets: items }),
        extra: () => ({ sum: -3600 }),
      }),
    );
    const { client } = makeClient(server);
    const got = await client
      .groupInvoices(8)
      .pages({ status: 'PL', ids: [1, 2] }, { pageSize: 2 })
      .all();
    expect(got.map((i) => i.id)).toEqual([1, 2, 3, 4, 5]);
    expect(server.apiRequests[0]?.url).toBe('/companies/8/invoices/?status=PL&ids=1,2&page=1&page_size=2');
    const gotBudgets = await client.scenarioBudgets(4).pages({}, { pageSize: 2 }).all();
    expect(gotBudgets.map((b) => b.id)).toEqual([1, 2, 3]);
  });

  test('bounded concurrency: never more than N in flight, pages yielded in order, progress reported', async () => {
    server.on(
      'GET',
      '/transactions/',
      pagedRoute('/transactions/', () => rows(95), { delayMs: 20 }),
    );
    const { client } = makeClient(server);
    const progress: PageProgress[] = [];
    const pages: number[] = [];
    for await (const page of client.transactions.pages({}, { pageSize: 10, concurrency: 3, onProgress: (p) => progress.push(p) })) {
      pages.push(page.results[0]?.id ?? -1);
    }
    expect(pages).toEqual([1, 11, 21, 31, 41, 51, 61, 71, 81, 91]);
    expect(server.maxInFlight).toBeLessThanOrEqual(3);
    expect(server.maxInFlight).toBeGreaterThan(1);
    expect(progress).toHaveLength(10);
    expect(progress[0]).toEqual({ pagesDone: 1, pagesTotal: 10, rows: 10, total: 95 });
    expect(progress[9]).toEqual({ pagesDone: 10, pagesTotal: 10, rows: 95, total: 95 });
    expect(progress.map((p) => p.rows)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 95]);
  });

  test('a page that is held up does not hold up the requests behind it (up to 4 × concurrency pages ahead)', async () => {
    const route = pagedRoute('/transactions/', () => rows(200));
    let othersWhileHeld = 0;
    server.on('GET', '/transactions/', async (req) => {
      if (req.query.get('page') !== '2') return route(req);
      // Hold page 2 until the pages behind it have been asked for (or 2 s have passed: the test then fails).
      const started = Date.now();
      const others = () => server.apiRequests.filter((r) => Number(r.query.get('page')) > 2).length;
      while (others() < 8 && Date.now() - started < 2_000) await new Promise((r) => setTimeout(r, 5));
      othersWhileHeld = others();
      return route(req);
    });
    const { client } = makeClient(server);
    const pages: number[] = [];
    for await (const page of client.transactions.pages({}, { pageSize: 10, concurrency: 2 })) pages.push(page.results[0]?.id ?? -1);
    expect(pages).toEqual(Array.from({ length: 20 }, (_, i) => i * 10 + 1));
    expect(othersWhileHeld).toBe(8); // pages 3-10: 2 in flight × 4 ahead, no more
    expect(server.maxInFlight).toBeLessThanOrEqual(2);
  });

  test('sequential progress values', async () => {
    server.on(
      'GET',
      '/transactions/',
      pagedRoute('/transactions/', () => rows(25)),
    );
    const { client } = makeClient(server);
    const progress: PageProgress[] = [];
    await client.transactions.pages({}, { pageSize: 10, onProgress: (p) => progress.push(p) }).all();
    expect(progress).toEqual([
      { pagesDone: 1, pagesTotal: 3, rows: 10, total: 25 },
      { pagesDone: 2, pagesTotal: 3, rows: 20, total: 25 },
      { pagesDone: 3, pagesTotal: 3, rows: 25, total: 25 },
    ]);
  });

  test('abort mid-pull rejects with ApiUserAbortError and sends no further pages', async () => {
    server.on(
      'GET',
      '/transactions/',
      pagedRoute('/transactions/', () => rows(100), { delayMs: 10 }),
    );
    const { client } = makeClient(server);
    const controller = new AbortController();
    const seen: number[] = [];
    const pull = (async () => {
      for await (const page of client.transactions.pages({}, { pageSize: 10, signal: controller.signal })) {
        seen.push(page.results.length);
        if (seen.length === 2) controller.abort();
      }
    })();
    await expect(pull).rejects.toBeInstanceOf(ApiUserAbortError);
    expect(seen).toEqual([10, 10]);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.apiRequests.length).toBeLessThanOrEqual(3);
  });

  test('breaking out of a concurrent pull cancels what is still in flight', async () => {
    server.on(
      'GET',
      '/transactions/',
      pagedRoute('/transactions/', () => rows(100), { delayMs: 30 }),
    );
    const { client } = makeClient(server);
    for await (const page of client.transactions.pages({}, { pageSize: 10, concurrency: 4 })) {
      expect(page.results).toHaveLength(10);
      break;
    }
    await new Promise((r) => setTimeout(r, 80));
    expect(server.apiRequests.length).toBeLessThanOrEqual(5);
  });
});
