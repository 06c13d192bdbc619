/** Every endpoint of the spec's overview table: method, path (trailing slash), body, parsed answer. */
import { InvalidRequestError } from '../../src/api';
import { makeClient } from './support/make-client';
import { account, balanceSummary, bank, budget, category, invoice, pageBody, plan, transaction } from './support/fixtures';
import { TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start();
  const invoicePage = (path: string) => ({
    body: pageBody(path, 1, 100, 1, { amount_due: 100, total: 100, invoices: [invoice(1)] }, { sum: 100 }),
  });
  const budgetPage = (path: string) => ({ body: pageBody(path, 1, 100, 1, { total: -1200, budgets: [budget(1)] }, { sum: -1200 }) });
  server
    .on('GET', '/categories/', { body: [category(1), category(2, 1)] })
    .on('GET', '/plans/', { body: [plan(1, 'FORECAST'), plan(2, 'SCENARIO')] })
    .on('GET', '/banks/', { body: pageBody('/banks/', 1, 100, 1, [bank(1)]) })
    .on('GET', '/accounts/', { body: balanceSummary() })
    .on('POST', '/accounts/', { status: 201, body: { ...account(3), last_transaction: undefined } })
    .on('POST', '/accounts/3/transactions/', (req) =>
      Array.isArray(req.body)
        ? { status: 201, body: [transaction(1, -5, { account: { id: 3, name: 'A', alias: '', bank: 'Offline Bank', currency: 'EUR' } })] }
        : { status: 201, body: transaction(2, 5) },
    )
    .on('GET', '/transactions/', {
      body: pageBody('/transactions/', 1, 100, 1, [transaction(1, 2, { parent: transaction(9) })], {
        predicted_unmapped_transactions: false,
      }),
    })
    .on('GET', '/transactions/extended/', {
      body: pageBody('/transactions/extended/', 1, 100, 1, [transaction(1, 2)], { predicted_unmapped_transactions: true, sum: 2 }),
    })
    .on('PATCH', '/transactions/', { body: [transaction(1)] })
    .on('PATCH', '/transactions/4/', { body: transaction(4) })
    .on('GET', '/invoices/7/', { body: invoice(7) })
    .on('GET', '/invoices/', invoicePage('/invoices/'))
    .on('POST', '/invoices/', { status: 201, body: invoice(2) })
    .on('PATCH', '/invoices/', { body: [invoice(2)] })
    .on('DELETE', '/invoices/', { status: 204 })
    .on('GET', '/companies/5/invoices/', invoicePage('/companies/5/invoices/'))
    .on('POST', '/companies/5/invoices/', { status: 201, body: invoice(3) })
    .on('PATCH', '/companies/5/invoices/', { body: [invoice(3)] })
    .on('DELETE', '/companies/5/invoices/', { status: 204 })
    .on('GET', '/forecast/budgets/', budgetPage('/forecast/budgets/'))
    .on('POST', '/forecast/budgets/', { status: 201, body: budget(2) })
    .on('GET', '/forecast/budgets/external/ext-2/', { body: budget(2) })
    .on('POST', '/scenarios/6/budgets/', { status: 201, body: budget(3) })
    .on('GET', '/scenarios/6/budgets/', budgetPage('/scenarios/6/budgets/'))
    .on('GET', '/scenarios/6/budgets/external/ext-3/', { body: budget(3) })
    .on('PUT', '/scenarios/6/budgets/external/ext-3/', { body: budget(3) })
    .on('PATCH', '/scenarios/6/budgets/external/ext-3/', { body: { id: 3, name: 'New' } })
    .on('PUT', '/plans/8/budgets/11/', { body: budget(11) })
    .on('DELETE', '/plans/8/budgets/11/', { status: 204 })
    .on('PATCH', '/plans/8/budgets/external/ext-11/', { body: { id: 11, amount: -5 } })
    .on('DELETE', '/plans/8/budgets/external/ext-11/', { status: 204 });
});
afterAll(() => server.close());

const last = () => server.requests.at(-1);
const budgetBody = { name: 'Rent', category: 7, settlement_date: '2024-05-01', amount: -1200, frequency: 'monthly' as const };

test('all endpoints', async () => {
  const { client } = makeClient(server);
  expect((await client.categories.list())[1]?.parent).toBe(1);
  expect((await client.plans.list()).map((p) => p.type)).toEqual(['FORECAST', 'SCENARIO']);
  expect((await client.banks.page()).results[0]?.accounts[0]?.id).toBe(10);
  const summary = await client.accounts.summary();
  expect(summary.accounts[0]?.last_transaction?.amount).toBe(-12.5);
  expect(summary.next_month_balance).toBeNull();

  const created = await client.accounts.createOffline({ bank: { name: 'ERP', bic: '' }, name: 'Cash', balance: 10, overdraft_limit: null });
  expect(created.id).toBe(3);
  expect(last()?.body).toEqual({ bank: { name: 'ERP', bic: '' }, name: 'Cash', balance: '10.00', overdraft_limit: null });
  await client.accounts.createOffline({ bank: { name: 'ERP', bic: '' }, iban: 'DE89370400440532013000', currency: 'EUR' });
  expect(last()?.body).toEqual({ bank: { name: 'ERP', bic: '' }, iban: 'DE89370400440532013000', currency: 'EUR' });
  // `overdraft_limit` is "number or null" (only `balance` may be a numeric string): a typed "2500.5" goes as 2500.5.
  await client.accounts.createOffline({ bank: { name: 'ERP', bic: '' }, balance: '7', overdraft_limit: '2500.5' });
  expect(last()?.body).toEqual({ bank: { name: 'ERP', bic: '' }, balance: '7.00', overdraft_limit: 2500.5 });

  const many = await client.accounts.createTransactions(3, [{ value_date: '2024-01-02', amount: '-5', purpose: 'x', tags: ['a'] }]);
  expect(many[0]?.account.currency).toBe('EUR');
  expect(last()?.body).toEqual([{ value_date: '2024-01-02', amount: '-5.00', purpose: 'x', tags: ['a'] }]);
  const one = await client.accounts.createTransaction(3, { value_date: '2024-01-02', amount: 5 });
  expect(one.id).toBe(2);
  expect(last()?.body).toEqual({ value_date: '2024-01-02', amount: '5.00' });

  const page = await client.transactions.page({ type: 'expenses', predicted: true });
  expect(page.results[0]?.parent?.id).toBe(9);
  expect(last()?.url).toBe('/transactions/?type=expenses&predicted=true');
  expect((await client.transactions.extendedPage({ fiscal_year: 2024 })).sum).toBe(2);
  await client.transactions.updateCategories([{ id: 1, category: 3 }]);
  expect(last()?.body).toEqual([{ id: 1, category: 3 }]);
  await client.transactions.updateCategory(4, 3);
  expect(last()?.body).toEqual({ category: 3 });

  expect((await client.invoices.get(7)).id).toBe(7);
  for (const [resource, prefix] of [
    [client.invoices, '/invoices/'],
    [client.groupInvoices(5), '/companies/5/invoices/'],
  ] as const) {
    const listed = await resource.page({ type: 'receivable', paid: false, source_ids: ['a', 'b'], ordering: '-due_date' });
    expect(listed.results.invoices).toHaveLength(1);
    expect(last()?.url).toBe(`${prefix}?type=receivable&paid=false&source_ids=a,b&ordering=-due_date`);
    await resource.create({ reference: 'RE-2', name: 'N', amount: 10, due_date: '2024-02-01', type: 'RE' });
    expect(last()?.method).toBe('POST');
    await resource.update([{ reference: 'RE-2', expected_date: '2024-03-01' }]);
    expect(last()?.body).toEqual([{ reference: 'RE-2', expected_date: '2024-03-01' }]);
    await resource.delete({ reference: 'RE-2' });
    expect(last()?.url).toBe(`${prefix}?reference=RE-2`);
  }

  expect((await client.forecastBudgets.page({ all_budgets: true, budget_type: 'recurring' })).results.budgets).toHaveLength(1);
  await client.forecastBudgets.create(budgetBody);
  expect(last()?.body).toEqual({ ...budgetBody, amount: '-1200.00' });
  expect((await client.forecastBudgets.getByExternalId('ext-2')).id).toBe(2);

  const scenario = client.scenarioBudgets(6);
  await scenario.create(budgetBody);
  expect((await scenario.page({ min_value: -5000, recurrent: true })).sum).toBe(-1200);
  expect(last()?.url).toBe('/scenarios/6/budgets/?min_value=-5000.00&recurrent=true');
  expect((await scenario.getByExternalId('ext-3')).id).toBe(3);
  await scenario.replaceByExternalId('ext-3', { ...budgetBody, external_id: 'ext-3b' });
  expect(last()?.method).toBe('PUT');
  expect(await scenario.updateByExternalId('ext-3', { name: 'New', account: '' })).toEqual({ id: 3, name: 'New' });
  expect(last()?.body).toEqual({ name: 'New', account: '' });

  const planBudgets = client.planBudgets(8);
  expect((await planBudgets.replace(11, budgetBody)).id).toBe(11);
  await planBudgets.delete(11);
  expect(await planBudgets.updateByExternalId('ext-11', { amount: -5, rate: 1 })).toEqual({ id: 11, amount: -5 });
  expect(last()?.body).toEqual({ amount: '-5.00', rate: '1.0000' });
  await planBudgets.deleteByExternalId('ext-11');

  const calls = server.apiRequests.map((r) => `${r.method} ${r.path}`);
  expect(calls.every((c) => c.endsWith('/'))).toBe(true);
  // the 31 method/path pairs of the overview table besides POST /auth/token/
  expect(new Set(calls).size).toBe(31);
});

test('a budget PATCH with an empty string the service refuses (name, category, numbers, dates, lists) sends nothing', async () => {
  const { client } = makeClient(server);
  const before = server.apiRequests.length;
  const budgets = client.planBudgets(8);
  for (const field of ['name', 'category', 'settlement_date', 'tags', 'time_lags', 'frequency_multiplier', 'is_indefinite']) {
    const error = await budgets.updateByExternalId('ext-11', { [field]: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as Error).message).toContain(`${field}:`);
  }
  const german = makeClient(server, { language: 'de' }).client.planBudgets(8);
  await expect(german.updateByExternalId('ext-11', { name: '' })).rejects.toThrow('Einen leeren Wert lehnt der Dienst hier ab');
  expect(server.apiRequests).toHaveLength(before);
});
