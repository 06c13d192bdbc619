/**
 * `npm run workbook -- refresh` against the sandbox, on files `export` wrote: after service changes the transactions
 * refresh incrementally (the new row in, the recategorized one changed, a user column on its records, the stamps of
 * the new time, no secret in the file); a pending budget edit survives (kept on top, still pending) or is dropped
 * with --discard-edits; a relative period moves with the clock; a run that fails writing or whose service goes down
 * leaves the old file byte for byte and no temporary file; a locked file sends no request; a file without a stored
 * connection is bad input.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CashflowClient, TokenCache } from '../../../src/api';
import { findTable } from '../../../src/hosts/xlsx/exceljs-table';
import { openXlsxDocument, saveXlsxDocument, scanPackage, xlsxHost, type XlsxDocument } from '../../../src/hosts/xlsx';
import { CONNECTION_SETTING } from '../../../src/sync/connect/connection-setting';
import { utcMinute } from '../../../src/sync/pull/table-stamp';
import { FORECAST_BUDGETS_TABLE } from '../../../src/sync/tables';
import { ADD_IN, runCli, secretEnv, serviceArgs, startService, tempDir, type Sandbox } from './support';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startService();
  dir = tempDir();
  const tables = ['--tables', 'transactions,forecastBudgets,categories'];
  const run = await runCli(['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx', '--name', 'Demo AG', ...tables], {
    cwd: dir,
    env: secretEnv(sandbox),
  });
  expect(run.code).toBe(0);
});
afterAll(() => sandbox.close());

const CLIENT_ID = (): string[] => ['--client-id', sandbox.credentials.company.clientId];

function another(name: string): string {
  const path = join(dir, name);
  copyFileSync(join(dir, 'plan.xlsx'), path);
  return name;
}

/** Opens a file of the test's folder, changes it through the xlsx host and saves it back. */
async function change(name: string, edit: (document: XlsxDocument) => Promise<void> | void): Promise<void> {
  const { document, addIn } = await openXlsxDocument(new Uint8Array(readFileSync(join(dir, name))), { addInId: ADD_IN.id });
  await edit(document);
  writeFileSync(join(dir, name), await saveXlsxDocument(document, addIn));
}

/** The user's column "Note" right of the Transactions table: `note <id>` on every row (as test/hosts/xlsx does it). */
function addNotes(document: XlsxDocument): void {
  const table = findTable(document.workbook, 'Transactions');
  if (table === null) throw new Error('no Transactions table');
  const column = table.column + table.width;
  const idColumn = table.column + table.model.columns.findIndex((c) => c.name === 'Id');
  table.model.columns.push({ name: 'Note', filterButton: true });
  table.sheet.getCell(table.headerRow, column).value = 'Note';
  for (let r = table.headerRow + 1; r <= table.headerRow + table.bodyRows; r += 1)
    table.sheet.getCell(r, column).value = `note ${String(table.sheet.getCell(r, idColumn).value)}`;
  const last = table.sheet.getColumn(column).letter;
  const ref = `${table.model.tableRef?.split(':')[0] ?? 'A2'}:${last}${table.headerRow + table.bodyRows}`;
  table.model.tableRef = ref;
  table.model.autoFilterRef = ref;
}

async function readFile(name: string) {
  const { document } = await openXlsxDocument(new Uint8Array(readFileSync(join(dir, name))), { addInId: ADD_IN.id });
  return xlsxHost(document);
}

/** Another client of the demo company (another person's script): its own token. */
function otherClient(): CashflowClient {
  const { clientId, clientSecret } = sandbox.credentials.company;
  return new CashflowClient({ baseUrl: sandbox.url, clientId, clientSecret, tokenCache: new TokenCache() });
}

interface RefreshJson {
  written: boolean;
  complete: boolean;
  exitCode: number;
  tables: Array<{
    table: string;
    status: string;
    mode?: string;
    why?: string;
    rows?: number;
    replaced?: number;
    inserted?: number;
    complete?: boolean;
    edits?: { action: string; counts: { changed: number; new: number; deleted: number } };
    exitCode?: number;
  }>;
}

test('after service changes the transactions refresh incrementally: the new row in, the changed row changed, a user column on its records, new stamps, no secret', async () => {
  const file = another('incremental.xlsx');
  await change(file, addNotes);
  const client = otherClient();
  const account = (await client.accounts.summary()).accounts.find((a) => a.status === 'OFFLINE');
  if (account === undefined) throw new Error('the demo company has offline accounts');
  const [created] = await client.accounts.createTransactions(account.id, [{ value_date: '2026-01-15', amount: -12.5, purpose: 'Kaffee' }]);
  const transactions = await client.transactions.pages({}).all();
  const moved = transactions.find((t) => t.amount < 0 && t.id !== created?.id && !t.category.name.startsWith('Nicht'));
  const target = transactions.find((t) => t.amount < 0 && t.category.id !== moved?.category.id && !t.category.name.startsWith('Nicht'));
  if (created === undefined || moved === undefined || target === undefined) throw new Error('demo data has categorized expenses');
  await client.transactions.updateCategory(moved.id, target.category.id);

  const now = Date.now() + 3 * 3_600_000;
  const run = await runCli(['refresh', '--in', file, ...CLIENT_ID(), '--json'], {
    cwd: dir,
    env: secretEnv(sandbox),
    io: { now: () => now },
  });
  expect([run.code, run.stderr]).toEqual([0, expect.stringContaining('Transactions: incremental, 301 rows (')]);
  const result = JSON.parse(run.stdout) as RefreshJson;
  expect(result.tables.map((t) => [t.table, t.status, t.mode, t.complete])).toEqual([
    ['Transactions', 'refreshed', 'incremental', true],
    ['ForecastBudgets', 'refreshed', 'full', true],
    ['Categories', 'refreshed', 'full', true],
  ]);
  const transactionsResult = result.tables[0];
  expect(transactionsResult).toMatchObject({ rows: 301, inserted: 1, why: expect.stringContaining('what changed since the last refresh') });
  expect(transactionsResult?.replaced).toBeGreaterThanOrEqual(1);
  expect([result.written, result.complete, result.exitCode]).toEqual([true, true, 0]);

  const host = await readFile(file);
  const { headers, rows } = await host.port.readTable('Transactions');
  const [id, category, note] = [headers.indexOf('Id'), headers.indexOf('Category Id'), headers.indexOf('Note')];
  expect(note).toBe(headers.length - 1);
  expect(rows).toHaveLength(301);
  for (const row of rows) expect([row[id], row[note]]).toEqual([row[id], row[id] === created.id ? null : `note ${String(row[id])}`]);
  expect(rows.find((row) => row[id] === moved.id)?.[category]).toBe(target.category.id);
  const state = await host.pullStates.get('Transactions');
  expect([state?.lastMode, state?.stamps?.Transactions]).toEqual([
    'incremental',
    expect.stringContaining(`refreshed ${utcMinute(new Date(now).toISOString())}`),
  ]);
  expect((await host.pullStates.get('Categories'))?.stamps?.Categories).toContain(utcMinute(new Date(now).toISOString()));

  const bytes = new Uint8Array(readFileSync(join(dir, file)));
  const scan = await scanPackage(bytes, [sandbox.credentials.company.clientSecret, sandbox.credentials.company.clientId]);
  expect(scan.findings).toEqual([]);
  expect(run.stdout + run.stderr).not.toContain(sandbox.credentials.company.clientSecret);
});

/** The file with one budget's amount changed as the pane's push sheet writes a cell; returns the budget's id. */
async function editBudget(name: string): Promise<number> {
  let id = 0;
  await change(name, async (document) => {
    const sheet = xlsxHost(document).push.sheet;
    const read = await sheet.read(FORECAST_BUDGETS_TABLE);
    const row = read.rows.find((r) => r.externalId === 'fc-miete') ?? read.rows[0];
    if (row?.id == null) throw new Error('no budget row');
    id = row.id;
    await sheet.update(FORECAST_BUDGETS_TABLE, [
      { position: row.position, id: row.id, externalId: row.externalId, values: { amount: -4321.5 }, highlight: ['amount'] },
    ]);
  });
  return id;
}

interface InspectJson {
  tables: Array<{
    table: string;
    pending?: { counts: object; rows: Array<{ id?: number; fields: Array<{ column: string; after: unknown }> }> };
  }>;
}

async function pendingOf(name: string): Promise<NonNullable<InspectJson['tables'][number]['pending']> | undefined> {
  const run = await runCli(['inspect', '--json', name], { cwd: dir });
  return (JSON.parse(run.stdout) as InspectJson).tables.find((t) => t.table === 'ForecastBudgets')?.pending;
}

test('a pending budget edit survives a refresh, kept on top and still pending; --discard-edits drops it', async () => {
  const kept = another('kept.xlsx');
  const budget = await editBudget(kept);
  const discarded = another('discarded.xlsx');
  copyFileSync(join(dir, kept), join(dir, discarded));

  const run = await runCli(['refresh', '--in', kept, ...CLIENT_ID(), '--json'], { cwd: dir, env: secretEnv(sandbox) });
  expect(run.code).toBe(0);
  const budgets = (JSON.parse(run.stdout) as RefreshJson).tables.find((t) => t.table === 'ForecastBudgets');
  expect([budgets?.status, budgets?.edits]).toEqual(['refreshed', { action: 'kept', counts: { changed: 1, new: 0, deleted: 0 } }]);
  const pending = await pendingOf(kept);
  expect(pending?.counts).toEqual({ changed: 1, new: 0, deleted: 0 });
  expect(pending?.rows[0]).toMatchObject({ id: budget, fields: [expect.objectContaining({ column: 'Amount', after: -4321.5 })] });

  const human = await runCli(['refresh', '--in', discarded, ...CLIENT_ID(), '--discard-edits'], { cwd: dir, env: secretEnv(sandbox) });
  expect([human.code, human.stdout]).toEqual([
    0,
    expect.stringContaining('pending edits discarded (--discard-edits): 1 changed, 0 new, 0 deleted'),
  ]);
  expect((await pendingOf(discarded))?.counts).toEqual({ changed: 0, new: 0, deleted: 0 });
  const { rows, headers } = await (await readFile(discarded)).port.readTable('ForecastBudgets');
  const row = rows.find((r) => r[headers.indexOf('Id')] === budget);
  expect(row?.[headers.indexOf('Amount')]).not.toBe(-4321.5);
});

test('a relative period resolves on the run’s day: a new quarter pulls the new dates whole and keeps the period', async () => {
  const nov = () => Date.UTC(2026, 10, 25, 12);
  const exported = await runCli(
    ['export', ...serviceArgs(sandbox), '--out', 'month.xlsx', '--tables', 'transactions', '--period', 'thisQuarter'],
    { cwd: dir, env: secretEnv(sandbox), io: { now: nov } },
  );
  expect(exported.code).toBe(0);
  const january = () => Date.UTC(2027, 0, 5, 12);
  const run = await runCli(['refresh', '--in', 'month.xlsx', ...CLIENT_ID(), '--json'], {
    cwd: dir,
    env: secretEnv(sandbox),
    io: { now: january },
  });
  expect(run.code).toBe(0);
  const [table] = (JSON.parse(run.stdout) as RefreshJson).tables;
  expect([table?.mode, table?.why]).toEqual(['full', expect.stringContaining('the period thisQuarter now covers other dates')]);
  const state = await (await readFile('month.xlsx')).pullStates.get('Transactions');
  expect([state?.period, state?.target]).toEqual([
    'thisQuarter',
    { resource: 'transactions', filters: { min_date: '2027-01-01', max_date: '2027-03-31' } },
  ]);
});

test('a refresh that fails while writing the file leaves the old file byte for byte and no temporary file (exit 1)', async () => {
  const file = another('killed.xlsx');
  const before = readFileSync(join(dir, file));
  const run = await runCli(['refresh', '--in', file, ...CLIENT_ID()], {
    cwd: dir,
    env: secretEnv(sandbox),
    io: {
      writeBytes: async (handle, bytes) => {
        await handle.write(bytes.subarray(0, bytes.length >> 1));
        throw new Error('killed half-way');
      },
    },
  });
  expect([run.code, run.stderr]).toEqual([1, expect.stringContaining('killed half-way')]);
  expect(readFileSync(join(dir, file)).equals(before)).toBe(true);
  expect(readdirSync(dir).filter((f) => f.includes('killed'))).toEqual([file]);
});

test('a service failing with 500s mid-pull until the budget runs out: exit 5, the old file byte for byte, nothing else tried', async () => {
  const file = another('down.xlsx');
  const before = readFileSync(join(dir, file));
  let answered = 0;
  const failing: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/auth/token/') || (answered += 1) <= 2) return fetch(input, init);
    return new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } });
  };
  const argv = ['refresh', '--in', file, ...CLIENT_ID(), '--give-up-after', '2', '--json'];
  const run = await runCli(argv, { cwd: dir, env: secretEnv(sandbox), io: { fetch: failing } });
  expect(run.code).toBe(5);
  const result = JSON.parse(run.stdout) as RefreshJson;
  expect(result.tables.map((t) => [t.table, t.status])).toEqual([
    ['Transactions', 'failed'],
    ['ForecastBudgets', 'notTried'],
    ['Categories', 'notTried'],
  ]);
  expect([result.written, result.exitCode]).toEqual([false, 5]);
  expect(run.stderr).toContain('Transactions: failed');
  expect(readFileSync(join(dir, file)).equals(before)).toBe(true);
  expect(readdirSync(dir).filter((f) => f.includes('down'))).toEqual([file]);
});

test('a file open in Excel (its lock file beside it): exit 6, nothing written, no request sent; no stored connection: exit 2', async () => {
  const file = another('locked.xlsx');
  const before = readFileSync(join(dir, file));
  writeFileSync(join(dir, `~$${file}`), 'owner');
  const sent: string[] = [];
  const recording: typeof fetch = (input, init) => {
    sent.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  const run = await runCli(['refresh', '--in', file, ...CLIENT_ID()], { cwd: dir, env: secretEnv(sandbox), io: { fetch: recording } });
  expect([run.code, run.stderr]).toEqual([6, expect.stringContaining('is open in Excel')]);
  expect(sent).toEqual([]);
  expect(readFileSync(join(dir, file)).equals(before)).toBe(true);

  const bare = another('bare.xlsx');
  await change(bare, (document) => void document.settings.delete(CONNECTION_SETTING));
  const none = await runCli(['refresh', '--in', bare, ...CLIENT_ID()], { cwd: dir, env: secretEnv(sandbox), io: { fetch: recording } });
  expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('keeps no connection')]);
  const noId = await runCli(['refresh', '--in', file], { cwd: dir, env: secretEnv(sandbox), io: { fetch: recording } });
  expect([noId.code, noId.stderr]).toEqual([2, expect.stringContaining('No client ID')]);
  expect(sent).toEqual([]);
});

test('a file never chooses where the secret goes: refresh and push need the service named, and one naming another is refused', async () => {
  const sent: string[] = [];
  const recording: typeof fetch = (input, init) => {
    sent.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  // Someone who can write the shared file names their own host in its connection.
  const steered = another('steered.xlsx');
  await change(steered, (document) => {
    const connection = JSON.parse(String(document.settings.get(CONNECTION_SETTING))) as Record<string, unknown>;
    document.settings.set(CONNECTION_SETTING, JSON.stringify({ ...connection, baseUrl: 'https://collector.example/' }));
  });
  const before = readFileSync(join(dir, steered));
  const secretOnly = { CASHFLOW_CLIENT_SECRET: sandbox.credentials.company.clientSecret };
  for (const command of ['refresh', 'push']) {
    const unnamed = await runCli([command, '--in', steered, ...CLIENT_ID()], { cwd: dir, env: secretOnly, io: { fetch: recording } });
    expect([unnamed.code, unnamed.stderr]).toEqual([2, expect.stringContaining('Name the service your secret is for')]);
    expect(unnamed.stderr).toContain('names https://collector.example/');
  }
  const mixed = await runCli(['refresh', '--in', steered, ...CLIENT_ID()], { cwd: dir, env: secretEnv(sandbox), io: { fetch: recording } });
  expect([mixed.code, mixed.stderr]).toEqual([2, expect.stringContaining('not the service named')]);
  expect(sent).toEqual([]);
  expect(readFileSync(join(dir, steered)).equals(before)).toBe(true);
});

test('a table that cannot be refreshed stays as it was and the others are written: exit 7 naming it', async () => {
  const file = another('broken.xlsx');
  // Someone renamed the Categories table's first header by hand: its pulled columns no longer lead the table.
  await change(file, (document) => {
    const table = findTable(document.workbook, 'Categories');
    const first = table?.model.columns[0];
    if (table === null || first === undefined) throw new Error('no Categories table');
    first.name = 'Key';
    table.sheet.getCell(table.headerRow, table.column).value = 'Key';
  });
  const before = await readFile(file);
  const stamp = (await before.pullStates.get('Categories'))?.stamps?.Categories;
  const rowsBefore = (await before.port.readTable('Categories')).rows;

  const run = await runCli(['refresh', '--in', file, ...CLIENT_ID(), '--json'], { cwd: dir, env: secretEnv(sandbox) });
  expect(run.code).toBe(7);
  const result = JSON.parse(run.stdout) as RefreshJson & { tables: Array<{ error?: string }> };
  expect(result.tables.map((t) => [t.table, t.status])).toEqual([
    ['Transactions', 'refreshed'],
    ['ForecastBudgets', 'refreshed'],
    ['Categories', 'failed'],
  ]);
  expect([result.written, result.complete, result.tables[2]?.error]).toEqual([true, false, expect.any(String)]);
  const after = await readFile(file);
  expect((await after.pullStates.get('Categories'))?.stamps?.Categories).toBe(stamp);
  expect((await after.port.readTable('Categories')).rows).toEqual(rowsBefore);
  expect((await after.pullStates.get('Transactions'))?.lastMode).toBe('incremental');

  const human = await runCli(['refresh', '--in', file, ...CLIENT_ID()], { cwd: dir, env: secretEnv(sandbox) });
  expect([human.code, human.stdout]).toEqual([7, expect.stringMatching(/Categories {9}FAILED, left as it was: /)]);
});

test('--full pulls every table whole; a table whose sheet was deleted is pulled again, as the pane does', async () => {
  const file = another('full.xlsx');
  await change(file, (document) => {
    const sheet = findTable(document.workbook, 'ForecastBudgets')?.sheet;
    if (sheet === undefined) throw new Error('no ForecastBudgets table');
    document.workbook.removeWorksheet(sheet.id);
  });
  const run = await runCli(['refresh', '--in', file, ...CLIENT_ID(), '--full', '--json'], { cwd: dir, env: secretEnv(sandbox) });
  expect(run.code).toBe(0);
  const result = JSON.parse(run.stdout) as RefreshJson;
  expect(result.tables.map((t) => [t.table, t.status, t.mode, t.why])).toEqual([
    ['Transactions', 'refreshed', 'full', 'asked for (--full)'],
    ['ForecastBudgets', 'refreshed', 'full', 'asked for (--full)'],
    ['Categories', 'refreshed', 'full', 'asked for (--full)'],
  ]);
  const host = await readFile(file);
  expect((await host.port.readTable('ForecastBudgets')).rows.length).toBe(result.tables[1]?.rows);
  expect((await pendingOf(file))?.counts).toEqual({ changed: 0, new: 0, deleted: 0 });
});
