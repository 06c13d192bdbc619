/**
 * The CASHFLOW functions as Excel runs them, without a browser: the Excel simulation with the functions' metadata
 * (functions.json as the build generates it), the functions associated as the bundle's appended calls do, the task
 * pane's state connected to the sandbox (its engine, token and client shared through the page's figure link).
 * Cells hold formulas; their figures are compared with the service's own totals, and the errors with their messages.
 */

import { resolve } from 'node:path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata/lib/generate';
import { CashflowClient, TokenCache, type Category } from '../../src/api';
import { FUNCTIONS_BY_ID } from '../../src/functions/functions';
import { figureLink } from '../../src/functions/figure-link';
import { de, en } from '../../src/i18n/catalog';
import { createSimulatedWorkbook, installExcelSimulation, type Installation, type SimulatedWorkbook } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { servicePlanned } from '../sync/figures/support';
import { MemoryKeyValueStorage } from '../../src/sync/connect';
import { ACCOUNTS_TABLE, FORECAST_BUDGETS_TABLE, INVOICES_TABLE, TRANSACTIONS_TABLE } from '../../src/sync/tables';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import { AppState, type AppStateOptions } from '../../src/taskpane/state/app-state';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Cell = string | number | boolean;

const YEAR = new Date().getUTCFullYear();
const FROM = `${YEAR}-01-01`;
const TO = `${YEAR}-12-31`;
const SHEET = 'Plan';

let sandbox: Sandbox;
let reference: CashflowClient;
let metadata: unknown;
let sim: Installation;
let workbook: SimulatedWorkbook;
let apps: AppState[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, transactions: 3000 });
  reference = new CashflowClient({
    baseUrl: sandbox.url,
    clientId: 'demo-company',
    clientSecret: 'demo-secret',
    language: 'en',
    tokenCache: new TokenCache(),
  });
  const generated = await generateCustomFunctionsMetadata(resolve(__dirname, '../../src/functions/functions.ts'), true);
  metadata = JSON.parse(generated.metadataJson);
}, 60_000);
afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  workbook = createSimulatedWorkbook({ customFunctions: { metadata } });
  sim = installExcelSimulation(globalThis, workbook);
  // What the metadata plugin appends to functions.js.
  for (const [id, fn] of Object.entries(FUNCTIONS_BY_ID)) CustomFunctions.associate(id, fn);
  await Excel.run(async (context) => {
    context.workbook.worksheets.add(SHEET);
    await context.sync();
  });
});
afterEach(async () => {
  for (const app of apps) app.signOut();
  apps = [];
  figureLink().source = undefined;
  await workbook.customFunctionsSettled();
  sim.uninstall();
});

function makeApp(overrides: Partial<AppStateOptions> = {}): AppState {
  const app = new AppState({
    storage: new MemoryKeyValueStorage(),
    host: excelPaneHost({ maxRows: 5000 }),
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { tokenCache: new TokenCache(), sleep: async () => undefined },
    figures: { batchWindowMs: 5 },
    ...overrides,
  });
  apps.push(app);
  return app;
}

async function connected(overrides: Partial<AppStateOptions> = {}): Promise<AppState> {
  const app = makeApp(overrides);
  await app.start();
  await app.connectDemo();
  expect(app.snapshot().connection.status).toBe('connected');
  return app;
}

/** Writes formulas into column A from row 1 (one per row), or one formula at `address`. */
async function put(formulas: string[], column = 'A'): Promise<void> {
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(SHEET);
    formulas.forEach((formula, i) => {
      sheet.getRange(`${column}${i + 1}`).formulas = [[formula]];
    });
    await context.sync();
  });
}

/** The values of a range once no call is pending (reading a formula cell starts its call, as Excel's recalculation does). */
async function settledValues(address: string): Promise<Cell[][]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const values = await Excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem(SHEET).getRange(address);
      range.load('values');
      await context.sync();
      return range.values as Cell[][];
    });
    if (!values.some((row) => row.includes('#BUSY!'))) return values;
    await workbook.customFunctionsSettled();
  }
  throw new Error(`${address} stays #BUSY!`);
}

async function settledValue(address: string): Promise<Cell> {
  return (await settledValues(address))[0]?.[0] ?? '';
}

/** The message the cell's error carries (what Excel shows in the error's tooltip). */
function messageAt(address: string): string | undefined {
  const match = /^([A-Z]+)(\d+)$/.exec(address);
  if (!match) throw new Error(address);
  const column = [...(match[1] ?? '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return workbook.cellErrorMessage(SHEET, Number(match[2]) - 1, column);
}

async function categoryNamed(path: string): Promise<Category> {
  const list = await reference.categories.list();
  const byId = new Map(list.map((c) => [c.id, c] as const));
  const pathOf = (c: Category): string => {
    const parent = c.parent === null ? undefined : byId.get(c.parent);
    return parent ? `${pathOf(parent)} › ${c.name}` : c.name;
  };
  const found = list.find((c) => pathOf(c) === path);
  if (!found) throw new Error(`no category ${path}`);
  return found;
}

/** A fetch that notes the path of every request. */
function recordingFetch(): { paths: string[]; recording: typeof fetch } {
  const paths: string[] = [];
  const recording: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    paths.push(new URL(request.url).pathname);
    return fetch(request);
  };
  return { paths, recording };
}

const cents = (value: Cell): number => Math.round(Number(value) * 100);

describe('CASHFLOW functions in a workbook', () => {
  test("not connected: #N/A saying to connect in the task pane, in the pane's language", async () => {
    const app = makeApp({ environment: { theme: 'light', displayLanguage: 'de-DE', sandboxUrl: sandbox.url } });
    await app.start();
    await put([`=CASHFLOW.ACTUALS("Ausgaben","${FROM}","${TO}")`, '=CASHFLOW.BALANCE()', '=CASHFLOW.CATEGORIES()']);
    expect(await settledValues('A1:A3')).toEqual([['#N/A'], ['#N/A'], ['#N/A']]);
    expect(messageAt('A1')).toBe(de['functions.error.notConnected']);
    app.setLanguage('en');
    await workbook.customFunctionsSettled();
    expect(await settledValue('A1')).toBe('#N/A');
    expect(messageAt('A1')).toBe(en['functions.error.notConnected']);
  });

  test("connected: ACTUALS, PLANNED, BALANCE and DUE equal the service's own totals", async () => {
    await connected();
    const personal = await categoryNamed('Ausgaben › Personal');
    await put([
      `=CASHFLOW.ACTUALS("Ausgaben › Personal","${FROM}","${TO}")`,
      `=CASHFLOW.ACTUALS(${personal.id},DATE(${YEAR},1,1),DATE(${YEAR},6,30))`,
      `=CASHFLOW.PLANNED("Ausgaben › Personal","${FROM}","${TO}")`,
      '=CASHFLOW.BALANCE()',
      '=CASHFLOW.BALANCE("next_month_end")',
      '=CASHFLOW.DUE("receivable")',
    ]);
    const values = (await settledValues('A1:A6')).map((row) => row[0] ?? '');
    for (const value of values) expect(typeof value).toBe('number');

    const year = await reference.transactions.extendedPage({ category: personal.id, min_date: FROM, max_date: TO, page: 1, page_size: 1 });
    const half = await reference.transactions.extendedPage({
      category: personal.id,
      min_date: FROM,
      max_date: `${YEAR}-06-30`,
      page: 1,
      page_size: 1,
    });
    const planned = await servicePlanned(reference, sandbox, 'forecast', { category: personal.id, min_date: FROM, max_date: TO });
    const summary = await reference.accounts.summary();
    const receivables = await reference.invoices.page({ type: 'receivable', paid: false, page: 1, page_size: 1 });
    expect(cents(values[0] ?? '')).toBe(Math.round(year.sum * 100));
    expect(cents(values[1] ?? '')).toBe(Math.round(half.sum * 100));
    expect(cents(values[2] ?? '')).toBe(planned); // what the budgets pay: recurring ones on each date (#31)
    expect(cents(values[3] ?? '')).toBe(Math.round(summary.total * 100));
    expect(cents(values[4] ?? '')).toBe(Math.round((summary.next_month_balance ?? NaN) * 100));
    expect(cents(values[5] ?? '')).toBe(Math.round(receivables.results.amount_due * 100));
  });

  test("TRANSACTIONS spills the pulled table's header and one row per transaction; CATEGORIES spills too", async () => {
    await connected();
    await put([`=CASHFLOW.TRANSACTIONS("${YEAR}-01-01","${YEAR}-01-31")`]);
    const month = await reference.transactions.extendedPage({
      min_date: `${YEAR}-01-01`,
      max_date: `${YEAR}-01-31`,
      page: 1,
      page_size: 1,
    });
    expect(month.count).toBeGreaterThan(0);
    const width = TRANSACTIONS_TABLE.columns.length;
    const last = String.fromCharCode(64 + width);
    const spilled = await settledValues(`A1:${last}${month.count + 2}`);
    expect(spilled[0]).toEqual(TRANSACTIONS_TABLE.columns.map((c) => c.header));
    expect(spilled.slice(1, month.count + 1).every((row) => row.some((v) => v !== ''))).toBe(true);
    expect(spilled[month.count + 1]?.every((v) => v === '')).toBe(true); // nothing below the last row

    await put(['=CASHFLOW.CATEGORIES()'], 'Z');
    const categories = await reference.categories.list();
    const column = await settledValues(`Z1:Z${categories.length + 1}`);
    expect(column[0]?.[0]).not.toBe('');
    expect(column.slice(1).every((row) => row[0] !== '')).toBe(true);
  });

  test("INVOICES, BUDGETS and ACCOUNTS spill the pulled tables' headers and as many rows as the service lists", async () => {
    await connected();
    const summary = await reference.accounts.summary();
    const invoices = await reference.invoices.page({ page: 1, page_size: 1 });
    const budgets = await reference.forecastBudgets.page({ page: 1, page_size: 1 });
    const cases = [
      { formula: '=CASHFLOW.INVOICES()', model: INVOICES_TABLE, rows: invoices.count },
      { formula: '=CASHFLOW.BUDGETS()', model: FORECAST_BUDGETS_TABLE, rows: budgets.count },
      { formula: '=CASHFLOW.ACCOUNTS()', model: ACCOUNTS_TABLE, rows: summary.accounts.length },
    ];
    for (const c of cases) {
      expect(c.rows).toBeGreaterThan(0);
      await Excel.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem(SHEET);
        sheet.getRange('A1:ZZ2000').clear();
        sheet.getRange('A1').formulas = [[c.formula]];
        await context.sync();
      });
      const width = c.model.columns.length;
      const last = width <= 26 ? String.fromCharCode(64 + width) : `A${String.fromCharCode(64 + width - 26)}`;
      const spilled = await settledValues(`A1:${last}${c.rows + 2}`);
      expect(spilled[0]).toEqual(c.model.columns.map((column) => column.header));
      expect(spilled[c.rows]?.[0]).not.toBe('');
      expect(spilled[c.rows + 1]?.every((v) => v === '')).toBe(true);
    }
  });

  test("the service refuses: #N/A with the service's own message", async () => {
    const refusing: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname.startsWith('/transactions/')) {
        return new Response(JSON.stringify({ detail: 'Sie haben keine Berechtigung für diese Aktion.' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        });
      }
      return fetch(request);
    };
    await connected({ client: { tokenCache: new TokenCache(), sleep: async () => undefined, fetch: refusing } });
    await put([`=CASHFLOW.ACTUALS("Ausgaben","${FROM}","${TO}")`]);
    expect(await settledValue('A1')).toBe('#N/A');
    expect(messageAt('A1')).toBe(en['functions.error.refused'].replace('{reason}', 'Sie haben keine Berechtigung für diese Aktion.'));
  });

  test("a bad argument is #VALUE! naming it; an unknown category too, in the user's language", async () => {
    const app = await connected();
    await put([
      `=CASHFLOW.ACTUALS("Ausgaben","not a date","${TO}")`,
      `=CASHFLOW.ACTUALS("No such category","${FROM}","${TO}")`,
      '=CASHFLOW.BALANCE("tomorrow")',
    ]);
    expect(await settledValues('A1:A3')).toEqual([['#VALUE!'], ['#VALUE!'], ['#VALUE!']]);
    expect(messageAt('A1')).toMatch(/^from: "not a date" is not a date/);
    expect(messageAt('A2')).toMatch(/^category: there is no category "No such category"/);
    expect(messageAt('A3')).toMatch(/^horizon:/);
    app.setLanguage('de');
    await workbook.customFunctionsSettled();
    expect(await settledValue('A1')).toBe('#VALUE!');
    expect(messageAt('A1')).toMatch(/^from: "not a date" ist kein Datum/);
  });

  test("cached within the TTL; a pull from the pane empties the cache and recalculates: the cell shows the service's new figure", async () => {
    const app = await connected();
    const personal = await categoryNamed('Ausgaben › Personal');
    const leaf = (await reference.categories.list()).find((c) => c.parent === personal.id && c.is_category);
    if (!leaf) throw new Error('no leaf category under Personal');
    const other = await categoryNamed('Einnahmen › Umsatzerlöse › Umsatz Inland');
    await put([`=CASHFLOW.ACTUALS(${personal.id},"${FROM}","${TO}")`]);
    const before = await settledValue('A1');

    // Another user moves a transaction of the year into the category on the service.
    const moved = (await reference.transactions.extendedPage({ category: other.id, min_date: FROM, max_date: TO, page: 1, page_size: 1 }))
      .results[0];
    if (!moved) throw new Error('no transaction to move');
    await reference.transactions.updateCategory(moved.id, leaf.id);
    const expected = Math.round(
      (await reference.transactions.extendedPage({ category: personal.id, min_date: FROM, max_date: TO, page: 1, page_size: 1 })).sum * 100,
    );
    expect(expected).not.toBe(cents(before));

    // Excel recalculating by itself within the TTL: the cached figure.
    workbook.recalculateCustomFunctions();
    expect(await settledValue('A1')).toBe(before);

    // A pull from the task pane: the figure the service has now.
    await app.pull('categories');
    await workbook.customFunctionsSettled();
    expect(cents(await settledValue('A1'))).toBe(expected);
  });

  test('a send from the pane empties the cache and recalculates: PLANNED shows the budget the user just sent', async () => {
    const app = await connected();
    await app.pull('forecastBudgets');
    const budget = await reference.forecastBudgets.getByExternalId('fc-miete');
    const category = budget.category?.id;
    if (category === undefined || budget.amount === undefined) throw new Error('fc-miete has no category or amount');
    const date = budget.settlement_date;
    await put([`=CASHFLOW.PLANNED(${category},"${date}","${date}")`], 'A');
    const before = await settledValue('A1');
    expect(cents(before)).toBe(
      Math.round((await reference.forecastBudgets.page({ category, min_date: date, max_date: date, page: 1, page_size: 1 })).sum * 100),
    );

    // The user types a new amount into the ForecastBudgets table and sends it.
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem('ForecastBudgets');
      const range = table.getRange().load('values, rowIndex');
      const sheet = table.worksheet;
      await context.sync();
      const [headers = [], ...rows] = range.values as unknown[][];
      const row = rows.findIndex((r) => r[headers.indexOf('External Id')] === 'fc-miete');
      sheet.getRangeByIndexes(range.rowIndex + 1 + row, headers.indexOf('Amount'), 1, 1).values = [[budget.amount - 100]];
      await context.sync();
    });
    workbook.recalculateCustomFunctions();
    expect(await settledValue('A1')).toBe(before); // not sent yet: the service's figure

    await app.pushChanges('forecastBudgets');
    expect(app.snapshot().changes.tables.find((t) => t.tableId === 'forecastBudgets')?.result?.counts.landed).toBe(1);
    await workbook.customFunctionsSettled();
    expect(cents(await settledValue('A1'))).toBe(cents(before) - 10_000);

    // Undo of that send (#25): the cache is emptied again and the cell shows the service's figure from before.
    await app.undoLastPush('forecastBudgets');
    expect(
      app
        .snapshot()
        .changes.tables.find((t) => t.tableId === 'forecastBudgets')
        ?.undo?.rows.map((r) => r.outcome),
    ).toEqual(['restored']);
    await workbook.customFunctionsSettled();
    expect(cents(await settledValue('A1'))).toBe(cents(before));
  });

  test('"Refresh functions" reads every figure again (Excel\'s own recalculation within the TTL does not); signing out turns them into "connect in the task pane"', async () => {
    const { paths, recording } = recordingFetch();
    const app = await connected({ client: { tokenCache: new TokenCache(), sleep: async () => undefined, fetch: recording } });
    await put(['=CASHFLOW.BALANCE()', '=CASHFLOW.BALANCE("in_3_months")']);
    const before = await settledValues('A1:A2');
    expect(typeof before[0]?.[0]).toBe('number');
    const accountReads = (): number => paths.filter((p) => p === '/accounts/').length;
    const afterFirst = accountReads();

    workbook.recalculateCustomFunctions();
    expect(await settledValues('A1:A2')).toEqual(before);
    expect(accountReads()).toBe(afterFirst);

    await app.refreshFunctions();
    await workbook.customFunctionsSettled();
    expect(await settledValues('A1:A2')).toEqual(before);
    expect(accountReads()).toBe(afterFirst + 1); // both cells, one read
    expect(app.snapshot().functions).toMatchObject({ status: 'idle', at: expect.any(String) });

    app.signOut();
    await workbook.customFunctionsSettled();
    expect(await settledValue('A1')).toBe('#N/A');
    expect(messageAt('A1')).toBe(en['functions.error.notConnected']);
  });

  test('after a language change the functions ask the service in the new language (its messages come in it)', async () => {
    const languages: string[] = [];
    const recording: typeof fetch = (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname === '/accounts/') languages.push(request.headers.get('Accept-Language') ?? '');
      return fetch(request);
    };
    const app = await connected({ client: { tokenCache: new TokenCache(), sleep: async () => undefined, fetch: recording } });
    await put(['=CASHFLOW.BALANCE()']);
    expect(typeof (await settledValue('A1'))).toBe('number');
    app.setLanguage('it');
    await workbook.customFunctionsSettled();
    expect(typeof (await settledValue('A1'))).toBe('number');
    expect(languages.at(-1)).toBe('it');
  });

  test('Settings: keeping figures "not at all" makes every recalculation ask the service; the choice stays on this computer', async () => {
    const { paths, recording } = recordingFetch();
    const storage = new MemoryKeyValueStorage();
    const app = await connected({ storage, client: { tokenCache: new TokenCache(), sleep: async () => undefined, fetch: recording } });
    expect(app.snapshot().functions.cacheSeconds).toBe(60);
    app.setFunctionsCache(0);
    await put(['=CASHFLOW.BALANCE()']);
    await settledValue('A1');
    const reads = (): number => paths.filter((p) => p === '/accounts/').length;
    const first = reads();
    workbook.recalculateCustomFunctions();
    await workbook.customFunctionsSettled();
    expect(typeof (await settledValue('A1'))).toBe('number');
    expect(reads()).toBe(first + 1);

    expect(makeApp({ storage }).snapshot().functions.cacheSeconds).toBe(0);
  });

  test('a service that does not answer in time: #N/A with the time-out message, never #BUSY! for ever', async () => {
    const hanging: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname.startsWith('/transactions/')) {
        // Never answers; gives up only when the engine's deadline aborts the request.
        await new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
      }
      return fetch(request);
    };
    await connected({
      client: { tokenCache: new TokenCache(), sleep: async () => undefined, fetch: hanging },
      figures: { batchWindowMs: 5, timeoutMs: 200 },
    });
    await put([`=CASHFLOW.ACTUALS("Ausgaben","${FROM}","${TO}")`]);
    expect(await settledValue('A1')).toBe('#N/A');
    expect(messageAt('A1')).toBe(en['functions.error.timeout'].replace('{seconds}', '0.2'));
  });
});
