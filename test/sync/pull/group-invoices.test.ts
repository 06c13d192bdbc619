/**
 * A group workbook's `Invoices` (group credentials): one table with the invoices of every addressed company,
 * `Company` in front, pulled from `/companies/{id}/invoices/` into the Excel simulation and checked against what
 * the sandbox lists; filters per company, the refresh, a failure or cancel mid-pull, the refused empty target,
 * and company credentials on this target.
 */

import { groupCompanyIds, PermissionDeniedError, type Invoice, type InvoiceListParams } from '../../../src/api';
import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { translate } from '../../../src/i18n/translate';
import { PullServiceDownError, PullTargetError, targetKey, type PullProgress, type PullTarget } from '../../../src/sync/pull';
import { GROUP_INVOICES_TABLE, INVOICES_TABLE } from '../../../src/sync/tables';
import { apiCalls, harness, serial, serverErrorOn, sheetState, startService, tableCells, type Harness, type Sandbox } from './support';

// The demo company's transactions play no part here: few of them.
let sandbox: Sandbox;
beforeAll(async () => (sandbox = await startService({ transactions: 300 })));
afterAll(() => sandbox.close());
let h: Harness;
afterEach(() => h.uninstall());

const COMPANIES = [5101, 5102];

function groupHarness(overrides: Parameters<typeof harness>[1] = {}): Harness {
  const { clientId, clientSecret } = sandbox.credentials.group;
  return harness(sandbox, { ...overrides, client: { clientId, clientSecret, ...overrides.client } });
}

/** What the sandbox lists per company, in its order, each invoice with its company. */
async function listed(filters: InvoiceListParams = {}): Promise<{ company: number; invoice: Invoice }[]> {
  const all: { company: number; invoice: Invoice }[] = [];
  for (const company of COMPANIES) {
    for (const invoice of await h.client.groupInvoices(company).pages(filters).all()) all.push({ company, invoice });
  }
  return all;
}

/** The table's rows as `[company, id, amount]`. */
function companyIdAmount(): unknown[][] {
  const { headers, rows } = tableCells(h.workbook, 'Invoices');
  const [company, id, amount] = [headers.indexOf('Company'), headers.indexOf('Id'), headers.indexOf('Amount')];
  return rows.map((row) => [row[company], row[id], row[amount]]);
}

describe('group invoices into one Invoices table', () => {
  it('holds exactly the invoices of 5101 and 5102, Company first, counted against the sum of both counts', async () => {
    h = groupHarness();
    expect(await groupCompanyIds(h.client)).toEqual(COMPANIES);
    const events: PullProgress[] = [];
    const result = await h.puller.pull(
      { resource: 'groupInvoices', companyIds: [5102, 5101, 5102] },
      { onProgress: (p) => events.push(p) },
    );
    const expected = await listed();
    expect(new Set(expected.map((e) => e.company))).toEqual(new Set(COMPANIES));
    // The sandbox's ids are unique across the group's companies: `id` stays the key.
    expect(new Set(expected.map((e) => e.invoice.id)).size).toBe(expected.length);

    expect(result).toMatchObject({
      tableName: 'Invoices',
      mode: 'full',
      rowCount: expected.length,
      fetchedRows: expected.length,
      warnings: [],
    });
    const { headers, rows, sheet } = tableCells(h.workbook, 'Invoices');
    expect(sheet).toBe('Invoices');
    expect(headers).toEqual(['Company', ...INVOICES_TABLE.columns.map((c) => c.header)]);
    expect(headers).toEqual(GROUP_INVOICES_TABLE.columns.map((c) => c.header));
    expect(companyIdAmount()).toEqual(expected.map((e) => [e.company, e.invoice.id, e.invoice.amount]));
    const at = (name: string): number => headers.indexOf(name);
    rows.forEach((row, r) => {
      const invoice = expected[r]?.invoice as Invoice;
      expect([row[at('Reference')], row[at('Status')], row[at('Due date')], row[at('Category Id')], row[at('Category')]]).toEqual([
        invoice.reference,
        invoice.status,
        serial(invoice.due_date),
        invoice.category ?? '',
        '', // group credentials cannot list /categories/: no path
      ]);
    });

    // Only the companies' invoice lists were asked (each company once, no /categories/).
    expect(new Set(apiCalls(h.sent).map((s) => s.path))).toEqual(
      new Set(['/banks/', '/companies/5101/invoices/', '/companies/5102/invoices/']),
    );
    expect(
      apiCalls(h.sent)
        .filter((s) => s.path.startsWith('/companies/'))
        .every((s) => s.query.get('page_size') === '1000'),
    ).toBe(true);
    // Progress: of the sum of both companies' counts from the first row written on.
    const writing = events.filter((e) => e.phase === 'writing');
    expect(writing.length).toBeGreaterThan(0);
    expect(writing.every((e) => e.total === expected.length)).toBe(true);
    expect(events.filter((e) => e.phase === 'fetching').at(-1)).toMatchObject({
      pagesDone: 2,
      pagesTotal: 2,
      rows: expected.length,
      total: expected.length,
    });
    expect(events.at(-1)).toMatchObject({ phase: 'done', rows: expected.length });
    // Stored as asked; the key sees each company once, ascending.
    const stored = (await h.store.get('Invoices'))?.target as PullTarget;
    expect(stored).toEqual({ resource: 'groupInvoices', companyIds: [5102, 5101, 5102] });
    expect(targetKey(stored)).toBe(targetKey({ resource: 'groupInvoices', companyIds: COMPANIES }));
  });

  it('small pages, several in flight per company: the same rows in the same order, progress summed over the companies', async () => {
    h = groupHarness({ puller: { pageSize: 7, concurrency: 3 } });
    const events: PullProgress[] = [];
    const result = await h.puller.pull({ resource: 'groupInvoices', companyIds: COMPANIES }, { onProgress: (p) => events.push(p) });
    const expected = await listed();
    expect(result.rowCount).toBe(expected.length);
    expect(companyIdAmount()).toEqual(expected.map((e) => [e.company, e.invoice.id, e.invoice.amount]));
    const pages = COMPANIES.map((c) => Math.ceil(expected.filter((e) => e.company === c).length / 7)).reduce((a, b) => a + b, 0);
    const fetching = events.filter((e) => e.phase === 'fetching');
    expect(fetching.at(-1)).toMatchObject({ pagesDone: pages, pagesTotal: pages, rows: expected.length, total: expected.length });
    expect(events.filter((e) => e.phase === 'writing').every((e) => e.total === expected.length)).toBe(true);
  });

  it("status and type filters apply to every company: exactly the service's matches per company", async () => {
    h = groupHarness();
    for (const filters of [{ status: 'OD' }, { type: 'payable' }, { status: 'PL', type: 'receivable' }] as InvoiceListParams[]) {
      const expected = await listed(filters);
      expect(new Set(expected.map((e) => e.company)).size).toBeGreaterThan(0);
      await h.puller.pull({ resource: 'groupInvoices', companyIds: COMPANIES, filters });
      expect(companyIdAmount()).toEqual(expected.map((e) => [e.company, e.invoice.id, e.invoice.amount]));
      const all = (await listed()).filter(
        (e) =>
          (filters.status === undefined || e.invoice.status === filters.status) &&
          (filters.type === undefined || e.invoice.type === (filters.type === 'payable' ? 'PA' : 'RE')),
      );
      expect(expected.map((e) => e.invoice.id)).toEqual(all.map((e) => e.invoice.id));
    }
  });

  it("a refresh repeats the same target (companies and filters) and brings the service's changes", async () => {
    h = groupHarness();
    const target: PullTarget = { resource: 'groupInvoices', companyIds: COMPANIES, filters: { type: 'receivable' } };
    await h.puller.pull(target);
    const created = await h.client
      .groupInvoices(5102)
      .create({ reference: 'GRP-REFRESH', name: 'Sud', amount: 99.5, due_date: '2099-03-01', type: 'RE' });
    const first = h.sent.length;
    const result = await h.puller.refresh('Invoices');
    expect(result.target).toEqual(target);
    const refreshCalls = apiCalls(h.sent.slice(first));
    expect(refreshCalls.map((s) => [s.path, s.query.get('type')])).toEqual([
      ['/companies/5101/invoices/', 'receivable'],
      ['/companies/5102/invoices/', 'receivable'],
    ]);
    expect(companyIdAmount()).toContainEqual([5102, created.id, 99.5]);
    expect(companyIdAmount()).toEqual((await listed({ type: 'receivable' })).map((e) => [e.company, e.invoice.id, e.invoice.amount]));
    await h.client.groupInvoices(5102).delete({ id: created.id });
  });
});

describe('failure and cancel leave the previous table', () => {
  /** Pages of 5 (5101: 8 pages, 5102: 6) and small blocks, so rows are written before the pull ends. */
  function setUp(): void {
    h = groupHarness({ client: { random: () => 0.5 }, puller: { pageSize: 5 }, port: new ExcelWorkbookPort({ budgetBytes: 4_000 }) });
  }

  async function oldTable(): Promise<{ state: unknown; pullState: unknown }> {
    await h.puller.pull({ resource: 'groupInvoices', companyIds: COMPANIES });
    const { rows } = tableCells(h.workbook, 'Invoices');
    await h.workbook.run(async (context) => {
      context.workbook.tables.getItem('Invoices').columns.add(undefined, [['Note'], ...rows.map((row) => [`note ${String(row[1])}`])]);
      await context.sync();
    });
    // The service changes, so the next pull would change the table.
    const [first] = await h.client.groupInvoices(5101).pages({}).all();
    if (!first) throw new Error('5101 has invoices');
    await h.client.groupInvoices(5101).update([{ id: first.id, amount: first.amount + 1 }]);
    return { state: sheetState(h.workbook, 'Invoices'), pullState: await h.store.get('Invoices') };
  }

  async function expectUnchanged(before: { state: unknown; pullState: unknown }): Promise<void> {
    expect(sheetState(h.workbook, 'Invoices')).toEqual(before.state);
    expect(await h.store.get('Invoices')).toEqual(before.pullState);
  }

  it('a 500 on a page of 5102 (every retry, a minute long) after rows of 5101 were written: the pull gives up, the table is put back', async () => {
    setUp();
    const before = await oldTable();
    h.hook.current = serverErrorOn('/companies/5102/invoices/', 3);
    const written: number[] = [];
    const pull = h.puller.pull(
      { resource: 'groupInvoices', companyIds: COMPANIES },
      { onProgress: (p) => p.phase === 'writing' && p.rows > 0 && written.push(p.rows) },
    );
    await expect(pull).rejects.toBeInstanceOf(PullServiceDownError);
    expect(written.length).toBeGreaterThan(0);
    const failed = h.sent.filter((s) => s.status === 500);
    // Retried for the pull's minute (1 + 13 tries with the backoff's jitter at 0.5), and only that page.
    expect(failed.length).toBeGreaterThanOrEqual(14);
    expect(failed.every((s) => s.path === '/companies/5102/invoices/' && s.query.get('page') === '3')).toBe(true);
    await expectUnchanged(before);
  });

  it("cancel while the second company's pages arrive: the previous table stays", async () => {
    setUp();
    const before = await oldTable();
    const controller = new AbortController();
    const pull = h.puller.pull(
      { resource: 'groupInvoices', companyIds: COMPANIES },
      { signal: controller.signal, onProgress: (p) => p.phase === 'fetching' && p.pagesDone === 10 && controller.abort() },
    );
    await expect(pull).rejects.toMatchObject({ name: expect.stringMatching(/Abort/) });
    await expectUnchanged(before);
  });
});

describe('refused targets', () => {
  it.each(['de', 'en', 'it'] as const)('no company: refused before any request with the message in %s', async (language) => {
    h = groupHarness({ client: { language } });
    const pull = h.puller.pull({ resource: 'groupInvoices', companyIds: [] });
    await expect(pull).rejects.toBeInstanceOf(PullTargetError);
    await expect(pull).rejects.toThrow(translate(language, 'pull.error.noCompanies'));
    expect(h.sent).toEqual([]);
    expect(h.workbook.tables()).toEqual([]);
    expect(await h.store.get('Invoices')).toBeUndefined();
  });

  it("company credentials: the service's localized billing_plan_permission_denied reaches the caller, no table is made", async () => {
    h = harness(sandbox, { client: { language: 'it' } });
    const pull = h.puller.pull({ resource: 'groupInvoices', companyIds: COMPANIES });
    await expect(pull).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(pull).rejects.toMatchObject({
      status: 403,
      code: 'billing_plan_permission_denied',
      message: 'Il suo piano non include questa funzione.',
      detail: 'Il suo piano non include questa funzione.',
    });
    expect(h.workbook.tables()).toEqual([]);
    expect(await h.store.get('Invoices')).toBeUndefined();
  });
});
