/**
 * Filters in the pane's state (Excel simulation, sandbox over HTTP): "Apply and load" loads the filtered rows and the
 * workbook keeps the filter (a reload finds it), a relative period is resolved on the pane's clock at each load, the
 * card knows when a filter waits, and a load above the Settings threshold asks first with the counted rows.
 */

import { TokenCache } from '../../src/api';
import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { MemoryKeyValueStorage } from '../../src/sync/connect';
import { AppState, type AppStateOptions } from '../../src/taskpane/state/app-state';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** The pane's fixed day: 2026-11-25, noon local time. */
const NOW = new Date(2026, 10, 25, 12).getTime();

let sandbox: Sandbox;
let sim: Installation;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, transactions: 12_000 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
});
afterEach(() => sim.uninstall());

function makeApp(storage = new MemoryKeyValueStorage(), overrides: Partial<AppStateOptions> = {}): AppState {
  return new AppState({
    storage,
    prefix: 'p|',
    host: excelPaneHost({ maxRows: 500 }),
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { tokenCache: new TokenCache(), sleep: async () => undefined },
    now: () => NOW,
    ...overrides,
  });
}

const row = (app: AppState, id: string) => app.snapshot().tables.find((t) => t.id === id);

/** Waits until the state shows what `done` looks for (no timer: the store tells each change). */
function until(app: AppState, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done()) return resolve();
    const stop = app.subscribe(() => {
      if (done()) {
        stop();
        resolve();
      }
    });
  });
}

test('"Apply and load" loads the filtered rows; the period is resolved on the clock and kept in the workbook across a reload', async () => {
  const storage = new MemoryKeyValueStorage();
  const app = makeApp(storage);
  await app.start();
  await app.connectDemo();
  app.setFiscalYearStartMonth(4);
  const categories = app.snapshot().filterOptions?.categories ?? [];
  const category = categories.find((c) => c.ancestors.length === 0)?.id ?? 0;
  await app.applyFilter('forecastBudgets', {
    target: { resource: 'forecastBudgets', filters: { category: [category] } },
    period: 'fiscalYear',
  });
  const loaded = row(app, 'forecastBudgets');
  expect(loaded?.pulled).toMatchObject({
    period: 'fiscalYear',
    target: { resource: 'forecastBudgets', filters: { category: [category], min_date: '2026-04-01', max_date: '2027-03-31' } },
  });
  expect(loaded?.filterPending).toBe(false);
  expect(loaded?.period).toBe('fiscalYear');

  const reloaded = makeApp(storage);
  await reloaded.start();
  await until(reloaded, () => row(reloaded, 'forecastBudgets')?.pulled !== undefined);
  expect(row(reloaded, 'forecastBudgets')).toMatchObject({
    period: 'fiscalYear',
    filterPending: false,
    target: { filters: { category: [category] } },
  });
});

test('a filter set and not loaded is pending; the card data says so until a load succeeds', async () => {
  const app = makeApp();
  await app.start();
  await app.connectDemo();
  await app.pull('invoices');
  app.setTarget('invoices', { resource: 'invoices', filters: { status: 'OD' } });
  expect(row(app, 'invoices')?.filterPending).toBe(true);
  expect(row(app, 'invoices')?.pulled?.target).toEqual({ resource: 'invoices' });
  await app.pull('invoices');
  expect(row(app, 'invoices')).toMatchObject({
    filterPending: false,
    pulled: { target: { resource: 'invoices', filters: { status: 'OD' } } },
  });
});

test('above the threshold a load asks first with the counted rows; "not now" leaves the table unloaded', async () => {
  const app = makeApp();
  await app.start();
  await app.connectDemo();
  app.setLoadConfirm(10_000);
  const loading = app.pull('transactions');
  await until(app, () => app.snapshot().loadPrompt !== undefined);
  expect(app.snapshot().loadPrompt).toEqual({ tableId: 'transactions', tableName: 'Transactions', rows: 12_000, seconds: 1 });
  expect(app.snapshot().job?.expectedRows).toBe(12_000);
  app.answerLoad(false);
  await loading;
  expect(row(app, 'transactions')?.pulled).toBeUndefined();
  expect(row(app, 'transactions')?.outcome).toMatchObject({ kind: 'cancelled', message: 'Transactions was not loaded.' });

  // Narrowed below the threshold, it loads without asking.
  await app.applyFilter('transactions', { target: { resource: 'transactions' }, period: 'thisQuarter' });
  expect(app.snapshot().loadPrompt).toBeUndefined();
  expect(row(app, 'transactions')?.pulled?.target).toEqual({
    resource: 'transactions',
    filters: { min_date: '2026-10-01', max_date: '2026-12-31' },
  });
});

test('"Never ask" loads without a question, and the answer "Load" loads', async () => {
  const app = makeApp();
  await app.start();
  await app.connectDemo();
  app.setLoadConfirm(10_000);
  const loading = app.pull('transactions');
  await until(app, () => app.snapshot().loadPrompt !== undefined);
  app.answerLoad(true);
  await loading;
  expect(row(app, 'transactions')?.pulled?.rowCount).toBe(12_000);
  app.setLoadConfirm('never');
  await app.pull('transactions', 'full');
  expect(row(app, 'transactions')?.pulled?.rowCount).toBe(12_000);
});

test('Cancel while the load asks first is the pull\'s "cancelled", not "not loaded"', async () => {
  const app = makeApp();
  await app.start();
  await app.connectDemo();
  app.setLoadConfirm(10_000);
  const loading = app.pull('transactions');
  await until(app, () => app.snapshot().loadPrompt !== undefined);
  app.cancel();
  await loading;
  expect(app.snapshot().loadPrompt).toBeUndefined();
  expect(row(app, 'transactions')?.outcome?.kind).toBe('cancelled');
  expect(row(app, 'transactions')?.outcome?.message).not.toContain('not loaded');
});

test('the count asks once: a service that asks to wait is waited for by the pull (which tells), never by the count', async () => {
  let countReads = 0;
  const fetchWith429: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname.endsWith('/transactions/') && url.searchParams.get('page_size') === '1') {
      countReads += 1;
      return new Response('{"detail":"slow down"}', { status: 429, headers: { 'retry-after': '30', 'content-type': 'application/json' } });
    }
    return fetch(request);
  };
  const app = makeApp(new MemoryKeyValueStorage(), {
    client: { tokenCache: new TokenCache(), sleep: async () => undefined, fetch: fetchWith429 },
  });
  await app.start();
  await app.connectDemo();
  await app.pull('transactions');
  expect(countReads).toBe(1);
  expect(row(app, 'transactions')?.pulled?.rowCount).toBe(12_000);
});

test('more rows than the sheet holds: no question; the load is refused with the count and a filter to set, nothing written', async () => {
  const tooMany: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    const response = await fetch(request);
    if (!/\/transactions\/(extended\/)?$/.test(pathname) || !response.ok) return response;
    return Response.json({ ...((await response.json()) as object), count: 1_500_000 });
  };
  const app = makeApp(new MemoryKeyValueStorage(), {
    client: { tokenCache: new TokenCache(), sleep: async () => undefined, fetch: tooMany },
  });
  await app.start();
  await app.connectDemo();
  app.setLoadConfirm(10_000);
  let asked = false;
  app.subscribe(() => (asked ||= app.snapshot().loadPrompt !== undefined));
  await app.pull('transactions');
  expect(asked).toBe(false);
  expect(row(app, 'transactions')?.outcome).toMatchObject({
    kind: 'failed',
    message: expect.stringContaining('the service has 1,500,000 rows for it, and a worksheet holds 1,048,574'),
  });
  expect(row(app, 'transactions')?.pulled).toBeUndefined();
  expect(sim.workbook.tables().map((t) => t.name)).not.toContain('Transactions');
});
