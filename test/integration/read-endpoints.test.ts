/**
 * Read endpoints of the demo company through the client: every answer must pass the client's zod
 * schemas (a schema/sandbox disagreement shows as a ResponseValidationError).
 */
import { ResponseValidationError, type TransactionFilters } from '../../src/api';
import { apiCalls, clientFor, type Sandbox, start } from './support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start({ transactions: 2500 });
});
afterAll(async () => {
  await sandbox.close();
});

describe('catalog endpoints', () => {
  it('lists categories and plans (plain arrays)', async () => {
    const { client } = clientFor(sandbox);
    const categories = await client.categories.list();
    expect(categories.length).toBeGreaterThan(10);
    expect(categories.some((c) => c.is_default)).toBe(true);
    expect(categories.some((c) => c.is_obsolete)).toBe(true);
    const plans = await client.plans.list();
    expect(new Set(plans.map((p) => p.type))).toEqual(new Set(['FORECAST', 'SCENARIO', 'REGULAR']));
    expect(plans.some((p) => p.is_committed)).toBe(true);
    expect(plans.some((p) => p.update_status === 'IN_PROGRESS')).toBe(true);
  });

  it('pages through all banks, at small page sizes too', async () => {
    const { client, sent } = clientFor(sandbox);
    const first = await client.banks.page();
    const all = await client.banks.pages({ page_size: 2 }).all();
    expect(all).toHaveLength(first.count);
    expect(new Set(all.map((b) => b.id)).size).toBe(first.count);
    expect(all.flatMap((b) => b.accounts).some((a) => a.status === 'OFFLINE')).toBe(true);
    // page 1 of the single-page call + ceil(count / 2) pages
    expect(apiCalls(sent)).toHaveLength(1 + Math.ceil(first.count / 2));
  });

  it('reads the accounts summary', async () => {
    const { client } = clientFor(sandbox);
    const summary = await client.accounts.summary();
    const statuses = new Set(summary.accounts.map((a) => a.status));
    for (const s of ['UPDATED', 'UPDATED_FIXED', 'DOWNLOAD_FAILED', 'DISCONNECTED', 'DEPRECATED', 'API', 'OFFLINE'])
      expect(statuses).toContain(s);
    expect(summary.accounts.some((a) => a.last_transaction)).toBe(true);
    expect(summary.accounts.some((a) => a.currency === 'CHF')).toBe(true);
  });
});

describe('transactions', () => {
  it('pulls every page at page_size 1000 with bounded concurrency: distinct ids = count', async () => {
    const { client, sent, inFlight } = clientFor(sandbox);
    const progress: number[] = [];
    let count = -1;
    const ids = new Set<number>();
    for await (const page of client.transactions.pages(
      {},
      { pageSize: 1000, concurrency: 3, onProgress: (p) => progress.push(p.pagesDone) },
    )) {
      count = page.count;
      for (const row of page.results) ids.add(row.id);
    }
    expect(count).toBe(2500); // three pages, the last one partial
    expect(ids.size).toBe(count);
    const pages = apiCalls(sent);
    expect(pages).toHaveLength(Math.ceil(count / 1000));
    for (const call of pages) expect(new URL(call.url).searchParams.get('page_size')).toBe('1000');
    expect(progress).toEqual(pages.map((_, i) => i + 1));
    expect(inFlight.max).toBeLessThanOrEqual(3);
    expect(inFlight.max).toBeGreaterThan(1); // pages 2 and 3 were fetched in parallel
  });

  it('pullVerified is ok on the demo company', async () => {
    const { client } = clientFor(sandbox);
    const { rows, report } = await client.transactions.pullVerified({}, { concurrency: 4 });
    expect(report).toMatchObject({ ok: true, countMatches: true, sumMatches: true, duplicateIds: [] });
    expect(rows).toHaveLength(report.expectedCount);
    expect(await client.transactions.verify(rows)).toMatchObject({ ok: true });
  });

  it('extendedPage carries the sum over all matches; filtered pulls verify too', async () => {
    const { client } = clientFor(sandbox);
    const filters = { type: 'expenses' as const, min_date: '2000-01-01' };
    const first = await client.transactions.extendedPage({ ...filters, page_size: 10 });
    expect(first.results).toHaveLength(10);
    expect(first.sum).toBeLessThan(0);
    const { report } = await client.transactions.pullVerified(filters);
    expect(report.ok).toBe(true);
    expect(report.expectedCount).toBe(first.count);
    expect(report.actualSumCents).toBe(Math.round(first.sum * 100));
  });

  it('page() answers parse, including the deprecated flag', async () => {
    const { client } = clientFor(sandbox);
    const page = await client.transactions.page({ page_size: 5, ordering: '-reporting_amount' });
    expect(page.results).toHaveLength(5);
    expect(typeof page.predicted_unmapped_transactions).toBe('boolean');
    expect(page).not.toHaveProperty('sum');
  });

  it('no answer fails schema validation while walking all pages of every list', async () => {
    const { client } = clientFor(sandbox);
    const runs = [
      client.transactions.pages({ matched: true }).all(),
      client.invoices.pages().all(),
      client.forecastBudgets.pages({ all_budgets: true }).all(),
    ];
    const results = await Promise.allSettled(runs);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
    for (const f of failures) if (f instanceof ResponseValidationError) throw new Error(`${f.message} ${JSON.stringify(f.issues)}`);
    expect(failures).toEqual([]);
  });
});

describe('every filter the client sends is understood by the sandbox', () => {
  const year = new Date().getUTCFullYear();
  const transactionFilters: Array<[string, TransactionFilters]> = [
    ['date bounds', { min_date: `${year - 1}-01-01`, max_date: `${year - 1}-12-31` }],
    ['value_date_year + month', { value_date_year: year - 1, value_date_month: 6 }],
    ['fiscal_year', { fiscal_year: year - 1 }],
    ['amount bounds', { min_amount: -100.5, max_amount: '250' }],
    ['type', { type: 'incomes' }],
    ['is_new', { is_new: true }],
    ['predicted', { predicted: true }],
    ['matched', { matched: false }],
    ['is_payment', { is_payment: true }],
    ['tags', { tags: 'Projekt Alpha' }],
    ['empty_tags', { empty_tags: true }],
    ['ids', { ids: [1, 2, 3] }],
    ['created bounds', { min_date_created: '2000-01-01T00:00:00Z', max_date_created: new Date().toISOString() }],
    ['updated bounds', { min_date_updated: '2000-01-01', max_date_updated: new Date().toISOString() }],
    ['search', { search: 'Miete' }],
    ['ordering', { ordering: '-reporting_amount' }],
  ];

  it.each(transactionFilters)('transactions: %s', async (_name, filters) => {
    const { client } = clientFor(sandbox);
    const { report } = await client.transactions.pullVerified(filters);
    expect(report.ok).toBe(true);
  });

  it('transaction filters narrow as documented', async () => {
    const { client } = clientFor(sandbox);
    const all = await client.transactions.pages().all();
    const incomes = await client.transactions.pages({ type: 'incomes' }).all();
    expect(incomes.every((t) => t.reporting_amount > 0)).toBe(true);
    const bounded = await client.transactions.pages({ min_amount: -100.5, max_amount: 250 }).all();
    expect(bounded.every((t) => t.reporting_amount >= -100.5 && t.reporting_amount <= 250)).toBe(true);
    expect(bounded.length).toBe(all.filter((t) => t.reporting_amount >= -100.5 && t.reporting_amount <= 250).length);
    const some = all.slice(0, 3).map((t) => t.id);
    expect((await client.transactions.pages({ ids: some }).all()).map((t) => t.id).sort()).toEqual([...some].sort());
    const accountId = all[0]?.account.id ?? 0;
    const otherAccount = all.find((t) => t.account.id !== accountId)?.account.id ?? 0;
    const ofAccounts = await client.transactions.pullVerified({ account: [accountId, otherAccount] });
    expect(ofAccounts.report.ok).toBe(true);
    expect(ofAccounts.rows.length).toBe(all.filter((t) => t.account.id === accountId || t.account.id === otherAccount).length);
    const categoryId = all[0]?.category.id ?? 0;
    const ofCategory = await client.transactions.pullVerified({ category: [categoryId] });
    expect(ofCategory.report.ok).toBe(true);
    expect(ofCategory.rows.every((t) => t.category.id === categoryId)).toBe(true); // a leaf: no subcategories
    const ordered = await client.transactions.page({ ordering: 'reporting_amount', page_size: 50 });
    const amounts = ordered.results.map((t) => t.reporting_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('budget list filters', async () => {
    const { client } = clientFor(sandbox);
    const all = await client.forecastBudgets.pages().all();
    const withTags = await client.forecastBudgets.pages({ tags: ['Fixkosten', 'Invest'] }).all();
    expect(withTags.length).toBeGreaterThan(0);
    expect(withTags.every((b) => b.tags.some((t) => ['Fixkosten', 'Invest'].includes(t)))).toBe(true);
    const bounded = await client.forecastBudgets.pages({ min_value: -5000, max_value: 5000.5 }).all();
    expect(bounded.every((b) => b.amount >= -5000 && b.amount <= 5000.5)).toBe(true);
    const recurring = await client.forecastBudgets.pages({ budget_type: 'recurring' }).all();
    expect(recurring.length).toBeGreaterThan(0);
    expect(recurring.every((b) => b.frequency !== '')).toBe(true);
    const fromErp = await client.forecastBudgets.pages({ source: 'ERP,SAP' }).all();
    expect(fromErp.every((b) => /ERP|SAP/.test(b.external_source ?? ''))).toBe(true);
    const byName = await client.forecastBudgets.pages({ ordering: '-amount', recurrent: true, empty_tags: false, search: 'e' }).all();
    expect(byName.map((b) => b.amount)).toEqual([...byName.map((b) => b.amount)].sort((a, b) => b - a));
    const category = all[0]?.category.id ?? 0;
    const ofCategory = await client.forecastBudgets
      .pages({ category: [category], min_date: '2000-01-01', open: false, contracts: false })
      .all();
    expect(ofCategory.length).toBeGreaterThan(0);
    const ids = all.slice(0, 2).map((b) => b.id);
    expect((await client.forecastBudgets.pages({ ids }).all()).map((b) => b.id).sort()).toEqual([...ids].sort());
  });

  it('invoice list filters', async () => {
    const { client } = clientFor(sandbox);
    const checks = await Promise.all([
      client.invoices.pages({ overdue: true }).all(),
      client.invoices.pages({ matched: true }).all(),
      client.invoices.pages({ status_include: 'OD,PP', status_exclude: 'PP' }).all(),
      client.invoices.pages({ ordering: 'due_date,-amount', paid: false }).all(),
      client.invoices.pages({ source_ids: ['x-1', 'x-2'] }).all(),
    ]);
    const [overdue, matched, included, unpaid, none] = checks;
    expect(overdue?.every((i) => i.status !== 'PD' && i.status !== 'CA')).toBe(true);
    expect(matched?.every((i) => i.transactions.length > 0)).toBe(true);
    expect(included?.every((i) => i.status === 'OD')).toBe(true);
    expect(unpaid?.every((i) => i.status !== 'PD')).toBe(true);
    expect(none).toEqual([]);
  });
});
