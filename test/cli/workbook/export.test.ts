/**
 * `npm run workbook -- export` against the sandbox: the file holds every chosen table cell for cell as the pane's
 * pull writes it through the Excel simulation (values and number formats, opened through the preview's file path),
 * the pull states and baselines, the connection without a secret, the add-in's part; `--template` fills the
 * template's tables in place; `--json` prints one document.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SheetBaselineStore } from '../../../src/hosts/excel/sheet-baseline-store';
import { openXlsxDocument, scanPackage, xlsxHost } from '../../../src/hosts/xlsx';
import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import { openWorkbookFile } from '../../../src/preview/workbook-file/workbook-file';
import { translate } from '../../../src/i18n/translate';
import type { MessageKey } from '../../../src/i18n/catalog';
import { buildTemplate } from '../../../src/template/planning-template';
import { harness, tableCells } from '../../sync/pull/support';
import { ADD_IN, runCli, secretEnv, serviceArgs, startService, tempDir, type Sandbox } from './support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startService();
});
afterAll(() => sandbox.close());

/**
 * A timestamp's serial read from a file comes back through exceljs as a Date (whole milliseconds) and is turned into
 * a serial again, which may differ from the one computed from the text in the last bits of the double: compared as
 * the millisecond both stand for.
 */
function timesToMs(cells: ReturnType<typeof tableCells>): unknown[][] {
  return cells.rows.map((row, r) =>
    row.map((value, c) => (typeof value === 'number' && /hh/.test(cells.formats[r]?.[c] ?? '') ? Math.round(value * 86_400_000) : value)),
  );
}

const TABLES = ['Transactions', 'Invoices', 'ForecastBudgets', 'Categories', 'Accounts', 'BalanceSummary'];
const RESOURCES = ['transactions', 'invoices', 'forecastBudgets', 'categories', 'accounts'] as const;

test('export writes the template set as the pane pulls it, cell for cell, with pull states, baselines and no secret', async () => {
  const dir = tempDir();
  const run = await runCli(['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx', '--name', 'Demo AG'], {
    cwd: dir,
    env: secretEnv(sandbox),
  });
  expect([run.code, run.stderr]).toEqual([0, expect.stringContaining('Transactions: 300 rows, complete')]);
  const bytes = new Uint8Array(readFileSync(join(dir, 'plan.xlsx')));

  // The pane's pull of the same tables through the Excel simulation.
  const baselines = new SheetBaselineStore();
  const pane = harness(sandbox, { puller: { baselines } });
  try {
    for (const resource of RESOURCES)
      await pane.puller.pull({ resource }, { label: translate('en', `pane.table.${resource}` as MessageKey), company: 'Demo AG' });
    // The file, opened through the preview's path (open → snapshot), into a simulated workbook of its own.
    const opened = await openWorkbookFile(bytes, ADD_IN.id);
    expect(opened.addIn?.reference.id).toBe(ADD_IN.id);
    const file = createSimulatedWorkbook({ sheets: [] });
    file.restore(opened.snapshot);
    for (const table of TABLES) {
      const [a, b] = [tableCells(file, table), tableCells(pane.workbook, table)];
      expect([table, a.address, a.headers, timesToMs(a), a.formats]).toEqual([table, b.address, b.headers, timesToMs(b), b.formats]);
    }
    expect(tableCells(file, 'Transactions').rows).toHaveLength(300);
    expect(file.visibility('cashflow_baseline')).toBe('VeryHidden');

    const { document, addIn } = await openXlsxDocument(bytes, { addInId: ADD_IN.id });
    const host = xlsxHost(document);
    const states = await host.pullStates.list();
    expect(states.map((s) => [s.tableName, s.target.resource, s.complete])).toEqual(
      ['Transactions', 'Invoices', 'ForecastBudgets', 'Categories', 'Accounts'].map((name, i) => [name, RESOURCES[i], true]),
    );
    expect(await host.baselines.read('ForecastBudgets')).toEqual(await baselines.read('ForecastBudgets'));
    expect((await host.baselines.read('Invoices'))?.length).toBe(tableCells(pane.workbook, 'Invoices').rows.length);
    expect(await host.workbookConnection.get()).toEqual({ profileName: 'Demo AG', baseUrl: new URL(sandbox.url).href });
    expect(document.settings.get('Office.AutoShowTaskpaneWithDocument')).toBe(true);
    expect(addIn?.reference.version).toBe(ADD_IN.version);
  } finally {
    pane.uninstall();
  }
  const scan = await scanPackage(bytes, [sandbox.credentials.company.clientSecret, sandbox.credentials.company.clientId]);
  expect(scan.findings).toEqual([]);
});

test('export --template --language de fills the template in place; --json prints one document and progress stays on stderr', async () => {
  const dir = tempDir();
  const argv = [
    'export',
    ...serviceArgs(sandbox),
    '--out',
    'vorlage.xlsx',
    '--template',
    '--language',
    'de',
    '--tables',
    'transactions,accounts',
    '--json',
  ];
  const run = await runCli(argv, { cwd: dir, env: secretEnv(sandbox) });
  expect(run.code).toBe(0);
  const result = JSON.parse(run.stdout) as {
    tables: Array<{ table: string; rows: number; complete: boolean }>;
    template: boolean;
    complete: boolean;
  };
  expect([result.template, result.complete, result.tables.map((t) => [t.table, t.rows, t.complete])]).toEqual([
    true,
    true,
    [
      ['Transactions', 300, true],
      ['Accounts', expect.any(Number), true],
    ],
  ]);
  expect(run.stderr).toContain('Umsätze: started');
  const { document } = await openXlsxDocument(new Uint8Array(readFileSync(join(dir, 'vorlage.xlsx'))));
  // The template's sheets, in its order (Start here and the Overview first), then the hidden ones the pulls add.
  const template = (await buildTemplate({ language: 'de' })).workbook.worksheets.map((s) => s.name);
  expect(document.workbook.worksheets.map((s) => s.name).slice(0, template.length)).toEqual(template);
  const transactions = document.workbook.worksheets.find((s) =>
    Object.keys((s as unknown as { tables: object }).tables).includes('Transactions'),
  );
  const table = (transactions as unknown as { tables: Record<string, { model: { tableRef: string } }> }).tables.Transactions;
  expect(table?.model.tableRef).toMatch(/^A2:[A-Z]+302$/);
  // The template's other tables are there, empty as the template has them.
  expect(document.workbook.worksheets.flatMap((s) => Object.keys((s as unknown as { tables: object }).tables))).toEqual(
    expect.arrayContaining(['Transactions', 'Invoices', 'ForecastBudgets', 'Categories', 'BalanceSummary', 'Accounts']),
  );
  expect(run.stdout + run.stderr).not.toContain(sandbox.credentials.company.clientSecret);
});

test("a table the service's figures do not confirm is written with its warning, and export exits 7", async () => {
  const dir = tempDir();
  // The service's sum over the transactions says 1,000.00 more than the rows it sends add up to.
  const skewed: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.endsWith('/transactions/extended/')) return response;
    const body = (await response.json()) as { sum: number };
    return Response.json({ ...body, sum: body.sum + 1000 }, { status: response.status });
  };
  const argv = ['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx', '--tables', 'transactions,categories', '--json'];
  const run = await runCli(argv, { cwd: dir, env: secretEnv(sandbox), io: { fetch: skewed } });
  expect(run.code).toBe(7);
  const result = JSON.parse(run.stdout) as { complete: boolean; tables: Array<{ table: string; complete: boolean; warnings: string[] }> };
  expect(result.complete).toBe(false);
  expect(result.tables.map((t) => [t.table, t.complete, t.warnings.length > 0])).toEqual([
    ['Transactions', false, true],
    ['Categories', true, false],
  ]);
  expect(run.stderr).toContain('Transactions: 300 rows, not complete: ');
  const { document } = await openXlsxDocument(new Uint8Array(readFileSync(join(dir, 'plan.xlsx'))));
  expect((await xlsxHost(document).pullStates.get('Transactions'))?.complete).toBe(false);
});

test('the run reads the categories and the accounts once for all its tables', async () => {
  const dir = tempDir();
  const gets: string[] = [];
  const counting: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method === 'GET') gets.push(new URL(request.url).pathname);
    return fetch(request);
  };
  const argv = ['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx', '--tables', 'transactions,forecastBudgets,invoices', '--json'];
  const run = await runCli(argv, { cwd: dir, env: secretEnv(sandbox), io: { fetch: counting } });
  expect(run.code).toBe(0);
  expect(gets.filter((path) => path === '/categories/')).toHaveLength(1);
  expect(gets.filter((path) => path === '/accounts/')).toHaveLength(1);
});

test("the transaction filters are the pane's: a relative period resolved on the run's day and kept, accounts", async () => {
  const dir = tempDir();
  const now = () => Date.UTC(2026, 10, 25, 12);
  const { accounts } = (await (await fetch(`${sandbox.url}/accounts/`, { headers: await authHeader() })).json()) as {
    accounts: Array<{ id: number }>;
  };
  const account = accounts[0]?.id ?? 0;
  const argv = [
    'export',
    ...serviceArgs(sandbox),
    '--out',
    'q.xlsx',
    '--tables',
    'transactions',
    '--period',
    'last12Months',
    '--account',
    String(account),
  ];
  const run = await runCli(argv, { cwd: dir, env: secretEnv(sandbox), io: { now } });
  expect(run.code).toBe(0);
  const { document } = await openXlsxDocument(new Uint8Array(readFileSync(join(dir, 'q.xlsx'))));
  const state = await xlsxHost(document).pullStates.get('Transactions');
  expect([state?.period, state?.target]).toEqual([
    'last12Months',
    { resource: 'transactions', filters: { account: [account], min_date: '2025-12-01', max_date: '2026-11-30' } },
  ]);
});

/** A token of the demo company, to read its accounts directly. */
async function authHeader(): Promise<Record<string, string>> {
  const { clientId, clientSecret } = sandbox.credentials.company;
  const response = await fetch(`${sandbox.url}/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

test('export refuses to write a file that would hold the run’s access token (a service echoing it in a category name)', async () => {
  const dir = tempDir();
  // The service puts the bearer token it was called with into a category's name: it would land in the file.
  const echoing: typeof fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const auth = new Headers(input instanceof Request ? input.headers : init?.headers).get('authorization') ?? '';
    if (!url.pathname.endsWith('/categories/') || !auth.startsWith('Bearer ')) return response;
    const categories = (await response.json()) as { name: string }[];
    if (categories[0]) categories[0].name = `Echo ${auth.slice('Bearer '.length)}`;
    return Response.json(categories, { status: response.status });
  };
  const run = await runCli(['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx', '--tables', 'categories'], {
    cwd: dir,
    env: secretEnv(sandbox),
    io: { fetch: echoing },
  });
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain('would hold a credential');
  expect(() => readFileSync(join(dir, 'plan.xlsx'))).toThrow();
});
