import { ApiTimeoutError, ApiUserAbortError } from '../../src/api';
import { normalizePath } from '../../src/api/transport';
import { makeClient } from './support/make-client';
import { budget, category, invoice, pageBody, transaction } from './support/fixtures';
import { TestServer } from './support/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
});
afterEach(() => server.close());

describe('transport', () => {
  test('normalizePath always ends with a slash', () => {
    expect(normalizePath('transactions/extended')).toBe('/transactions/extended/');
    expect(normalizePath('/plans/3/budgets/external/a%20b/')).toBe('/plans/3/budgets/external/a%20b/');
  });

  test('every path is sent with a trailing slash and the query string is kept', async () => {
    server.on('GET', '/transactions/', (req) => ({
      body: pageBody('/transactions/', 1, 50, 1, [transaction(1)]),
      headers: { 'x-q': req.query.toString() },
    }));
    const { client } = makeClient(server);
    await client.transactions.page({ min_date: '2024-01-01', search: 'a b&c', page_size: 50 });
    expect(server.apiRequests[0]?.url).toBe('/transactions/?min_date=2024-01-01&search=a+b%26c&page_size=50');
    server.on('GET', '/invoices/12/', { body: invoice(12) });
    await client.invoices.get(12);
    expect(server.apiRequests[1]?.url).toBe('/invoices/12/');
  });

  test('a base URL given with a trailing slash works the same', async () => {
    server.on('GET', '/categories/', { body: [category(1)] });
    const { client } = makeClient(server, { baseUrl: `${server.baseUrl}/` });
    await client.categories.list();
    expect(server.apiRequests[0]?.url).toBe('/categories/');
  });

  test.each(['de', 'en', 'it'] as const)('Accept-Language is %s on API and token requests', async (language) => {
    server.on('GET', '/categories/', { body: [] });
    const { client } = makeClient(server, { language });
    await client.categories.list();
    expect(server.requests.map((r) => r.headers['accept-language'])).toEqual([language, language]);
  });

  test('repeated array parameters: account=1&account=2, category=3&category=4; ids joined with commas', async () => {
    server.on('GET', '/transactions/', { body: pageBody('/transactions/', 1, 100, 0, []) });
    server.on('GET', '/forecast/budgets/', { body: pageBody('/forecast/budgets/', 1, 100, 0, { total: 0, budgets: [] }, { sum: 0 }) });
    const { client } = makeClient(server);
    await client.transactions.page({ account: [1, 2], category: [3, 4], ids: [7, 8], is_new: false, min_amount: 0.1 + 0.2 });
    expect(server.apiRequests[0]?.url).toBe(
      '/transactions/?account=1&account=2&category=3&category=4&ids=7,8&is_new=false&min_amount=0.30',
    );
    await client.forecastBudgets.page({ category: [5, 6], all_budgets: true, tags: ['a', 'b'] });
    expect(server.apiRequests[1]?.url).toBe('/forecast/budgets/?category=5&category=6&all_budgets=true&tags=a,b');
  });

  test('JSON bodies carry amounts as strings with two decimals (rate four)', async () => {
    server.on('POST', '/invoices/', (req) => ({
      status: 201,
      body: invoice(1, { amount: 0.3 }),
      headers: { echo: JSON.stringify(req.body) },
    }));
    server.on('POST', '/forecast/budgets/', { status: 201, body: budget(1) });
    const { client } = makeClient(server);
    await client.invoices.create({ reference: 'RE-1', name: 'A', amount: 0.1 + 0.2, paid_amount: -1234.5, due_date: '2024-02-01' });
    expect(server.apiRequests[0]?.headers['content-type']).toContain('application/json');
    expect(server.apiRequests[0]?.body).toEqual({
      reference: 'RE-1',
      name: 'A',
      amount: '0.30',
      paid_amount: '-1234.50',
      due_date: '2024-02-01',
    });
    await client.forecastBudgets.create({ name: 'Rent', category: 7, settlement_date: '2024-05-01', amount: '-1200', rate: 0.035 });
    expect(server.apiRequests[1]?.body).toMatchObject({ amount: '-1200.00', rate: '0.0350' });
  });

  test('a slow answer ends with ApiTimeoutError (GET retried, then given up)', async () => {
    server.on('GET', '/categories/', { body: [], delayMs: 400 });
    // The token first, with the default time-out (a loaded machine may take longer than 50 ms for it): only the
    // slow answer is timed here.
    server.on('GET', '/plans/', { body: [] });
    const warm = makeClient(server);
    await warm.client.plans.list();
    const { client, sleeps } = makeClient(server, { timeoutMs: 50, retry: { limit: 1 }, tokenCache: warm.cache });
    const error = await client.categories.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(server.apiRequests.filter((r) => r.path === '/categories/')).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  test('a body that stalls after its headers ends with ApiTimeoutError too: the time-out covers reading the answer', async () => {
    server.on('GET', '/categories/', { body: [category(1)], stallBodyMs: 5_000 });
    server.on('GET', '/plans/', { body: [] });
    const warm = makeClient(server);
    await warm.client.plans.list();
    const { client } = makeClient(server, { timeoutMs: 200, retry: { limit: 0 }, tokenCache: warm.cache });
    const started = Date.now();
    const error = await client.categories.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test('an AbortSignal cancels a running request with ApiUserAbortError, and an aborted signal sends nothing', async () => {
    server.on('GET', '/categories/', { body: [], delayMs: 300 });
    const { client } = makeClient(server);
    await client.plans.list().catch(() => undefined); // obtains the token first
    const controller = new AbortController();
    const pending = client.categories.list({ signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toBeInstanceOf(ApiUserAbortError);
    const before = server.requests.length;
    await expect(client.categories.list({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(ApiUserAbortError);
    expect(server.requests.length).toBe(before);
  });
});
