import { InvalidRequestError, isAddressableExternalId } from '../../src/api';
import { makeClient } from './support/make-client';
import { budget, invoice, transaction } from './support/fixtures';
import { TestServer } from './support/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
});
afterEach(() => server.close());

describe('safety guards (nothing reaches the server)', () => {
  test('invoice DELETE without a selector is refused before any request', async () => {
    const { client } = makeClient(server);
    const bad: unknown[] = [
      {},
      { reference: [] },
      { reference: '' },
      { id: 0 },
      { id: Number.NaN },
      { source_id: 'x' },
      { source: 'erp' },
      { source_id: '', source: 'erp' },
      { id: 3, source_id: 'x' },
    ];
    for (const selector of bad) {
      await expect(client.invoices.delete(selector as never)).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(client.groupInvoices(2).delete(selector as never)).rejects.toThrow('never deleted without a selector');
    }
    expect(server.requests).toHaveLength(0);
  });

  test('invoice DELETE with selectors: id, repeated reference, source_id + source', async () => {
    server.on('DELETE', '/invoices/', { status: 204 });
    server.on('DELETE', '/companies/2/invoices/', { status: 204 });
    const { client } = makeClient(server);
    await client.invoices.delete({ id: 5 });
    await client.invoices.delete({ reference: ['RE-1', 'RE-2'] });
    await client.groupInvoices(2).delete({ source_id: 'a/b', source: 'erp' });
    expect(server.apiRequests.map((r) => r.url)).toEqual([
      '/invoices/?id=5',
      '/invoices/?reference=RE-1&reference=RE-2',
      '/companies/2/invoices/?source_id=a%2Fb&source=erp',
    ]);
  });

  test('external IDs with "." or "/" or empty are refused before any request; others are URL-encoded', async () => {
    const { client } = makeClient(server);
    for (const id of ['a.b', 'a/b', '', '..']) {
      await expect(client.forecastBudgets.getByExternalId(id)).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(client.scenarioBudgets(3).getByExternalId(id)).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(
        client.scenarioBudgets(3).replaceByExternalId(id, { name: 'n', category: 1, settlement_date: '2024-01-01' }),
      ).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(client.scenarioBudgets(3).updateByExternalId(id, { name: 'n' })).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(client.planBudgets(3).updateByExternalId(id, { name: 'n' })).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(client.planBudgets(3).deleteByExternalId(id)).rejects.toBeInstanceOf(InvalidRequestError);
    }
    await expect(
      client.forecastBudgets.create({ name: 'n', category: 1, settlement_date: '2024-01-01', external_id: 'x.y' }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
    expect(isAddressableExternalId('a b?#%')).toBe(true);
    server.on('GET', '/forecast/budgets/external/a%20b%3F%23%25/', { body: budget(1) });
    const got = await client.forecastBudgets.getByExternalId('a b?#%');
    expect(got.id).toBe(1);
    expect(server.apiRequests[0]?.url).toBe('/forecast/budgets/external/a%20b%3F%23%25/');
  });

  test('path ids must be positive integers', async () => {
    const { client } = makeClient(server);
    expect(() => client.scenarioBudgets(-1)).toThrow(InvalidRequestError);
    expect(() => client.planBudgets(1.5)).toThrow(InvalidRequestError);
    expect(() => client.groupInvoices(0)).toThrow(InvalidRequestError);
    await expect(client.invoices.get(Number.NaN)).rejects.toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  test("invoice PATCH always sends an array; every item must use the first item's key", async () => {
    server.on('PATCH', '/invoices/', (req) => ({ body: (req.body as { id: number }[]).map((i) => invoice(i.id)) }));
    const { client } = makeClient(server);
    const updated = await client.invoices.update([{ id: 1, amount: 5, status: 'PD' }]);
    expect(updated.map((i) => i.id)).toEqual([1]);
    expect(server.apiRequests[0]?.body).toEqual([{ id: 1, amount: '5.00', status: 'PD' }]);
    await expect(client.invoices.update([{ id: 1 }, { reference: 'RE-2' }])).rejects.toThrow('item 1');
    await expect(client.invoices.update([{ source_id: 's', source: 'erp' }, { source_id: 't' } as never])).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    expect(await client.invoices.update([])).toEqual([]);
    expect(server.apiRequests).toHaveLength(1);
  });

  test('amounts out of range are refused before sending', async () => {
    const { client } = makeClient(server);
    await expect(client.invoices.create({ reference: 'R', name: 'N', amount: 123456789, due_date: '2024-01-01' })).rejects.toThrow(
      'more than 10 digits',
    );
    await expect(
      client.forecastBudgets.create({ name: 'n', category: 1, settlement_date: '2024-01-01', amount: Number.NaN }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(client.accounts.createTransactions(1, [{ value_date: '2024-01-01', amount: Number.POSITIVE_INFINITY }])).rejects.toThrow(
      '[0].amount',
    );
    expect(server.requests).toHaveLength(0);
  });

  test('category changes and transaction creates above 1000 items go out in chunks of 1000', async () => {
    server.on('PATCH', '/transactions/', (req) => ({ body: (req.body as { id: number }[]).map((c) => transaction(c.id)) }));
    server.on('POST', '/accounts/9/transactions/', (req) => ({
      status: 201,
      body: (req.body as unknown[]).map((_, i) => transaction(i + 1)),
    }));
    const { client } = makeClient(server);
    const changes = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, category: 3 }));
    const updated = await client.transactions.updateCategories(changes);
    expect(updated).toHaveLength(2500);
    expect(server.apiRequests.map((r) => (r.body as unknown[]).length)).toEqual([1000, 1000, 500]);
    expect((server.apiRequests[1]?.body as { id: number }[])[0]).toEqual({ id: 1001, category: 3 });
    const created = await client.accounts.createTransactions(
      9,
      Array.from({ length: 1001 }, () => ({ value_date: '2024-01-01', amount: -1 })),
    );
    expect(created).toHaveLength(1001);
    expect(server.apiRequests.slice(3).map((r) => (r.body as unknown[]).length)).toEqual([1000, 1]);
    expect((server.apiRequests[3]?.body as { amount: string }[])[0]?.amount).toBe('-1.00');
  });
});
