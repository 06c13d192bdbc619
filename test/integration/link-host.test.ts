/**
 * `next`/`previous` links that name another host (`linkHost`): the client reads only `page` from them
 * and keeps calling its own base URL with the same path and filters.
 */
import { apiCalls, clientFor, type Sandbox, start } from './support';

const LINK_HOST = 'http://api.example.test';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start({ linkHost: LINK_HOST, transactions: 2500 });
});
afterAll(async () => {
  await sandbox.close();
});

it('the links name the other host', async () => {
  const { client } = clientFor(sandbox);
  const page = await client.transactions.page({ page_size: 10, type: 'incomes' });
  expect(page.next?.startsWith(`${LINK_HOST}/transactions/?`)).toBe(true);
});

it.each([1, 3])('pages correctly with concurrency %i and never calls the link host', async (concurrency) => {
  const { client, sent } = clientFor(sandbox);
  const filters = { type: 'expenses' as const, min_date: '2000-01-01' };
  const { rows, report } = await client.transactions.pullVerified(filters, { pageSize: 300, concurrency });
  expect(report.ok).toBe(true);
  expect(rows.length).toBeGreaterThan(300);
  const calls = apiCalls(sent);
  expect(calls).toHaveLength(Math.ceil(rows.length / 300));
  for (const call of sent) expect(call.url.startsWith(`${sandbox.url}/`)).toBe(true);
  for (const call of calls) {
    const url = new URL(call.url);
    expect(url.pathname).toBe('/transactions/extended/');
    expect(url.searchParams.get('type')).toBe('expenses');
    expect(url.searchParams.get('min_date')).toBe('2000-01-01');
    expect(url.searchParams.get('page_size')).toBe('300');
  }
  // (recorded in the order the answers arrived: sort for the parallel case)
  const pages = calls.map((c) => Number(new URL(c.url).searchParams.get('page'))).sort((a, b) => a - b);
  expect(pages).toEqual(calls.map((_, i) => i + 1));
});

it('banks and invoices page through the other-host links as well', async () => {
  const { client, sent } = clientFor(sandbox);
  const banks = await client.banks.pages({ page_size: 1 }).all();
  const invoices = await client.invoices.pages({ type: 'payable' }, { pageSize: 4 }).all();
  expect(banks.length).toBe((await client.banks.page()).count);
  expect(invoices.length).toBe((await client.invoices.page({ type: 'payable' })).count);
  expect(sent.every((s) => s.url.startsWith(sandbox.url))).toBe(true);
});
