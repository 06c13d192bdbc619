/**
 * `npm run workbook -- push` against the sandbox: a file written by `export`, edited as a user would (exceljs on the
 * cells), sent: the service holds each edit, the status column says Sent, a second push sends nothing; deletes wait
 * for --yes; a conflict waits with both values; faults resume without applying anything twice; the file changed on
 * disk during the push is left alone; no secret in the written file.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cell } from 'exceljs';
import { openXlsxDocument, saveXlsxDocument, scanPackage, type OpenedXlsxDocument } from '../../../src/hosts/xlsx';
import { findTable } from '../../../src/hosts/xlsx/exceljs-table';
import { deleteBodyRows } from '../../../src/hosts/xlsx/table-body-rows';
import { STATUS_HEADER } from '../../../src/sync/push/push-status-column';
import { recordedClients, recordingFetch, type Hook, type SentRequest } from '../../support/recording-fetch';
import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import { openWorkbookFile, workbookFileBytes } from '../../../src/preview/workbook-file/workbook-file';
import { faultHook } from '../../sync/push/push-support';
import { tableCells } from '../../sync/pull/support';
import { ADD_IN, runCli, secretEnv, serviceArgs, startService, tempDir, type Run, type Sandbox } from './support';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startService();
});
afterEach(() => sandbox.close());

async function exported(tables = 'forecastBudgets'): Promise<string> {
  const dir = tempDir();
  const run = await runCli(['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx', '--tables', tables], {
    cwd: dir,
    env: secretEnv(sandbox),
  });
  expect([run.code, run.stderr]).toEqual([0, expect.any(String)]);
  return join(dir, 'plan.xlsx');
}

/** Opens the file, lets `edit` change its cells as a user would, saves it in place. */
async function editFile(path: string, edit: (opened: OpenedXlsxDocument) => void): Promise<void> {
  const opened = await openXlsxDocument(new Uint8Array(readFileSync(path)));
  edit(opened);
  writeFileSync(path, await saveXlsxDocument(opened.document, opened.addIn));
}

async function opened(path: string): Promise<OpenedXlsxDocument> {
  return openXlsxDocument(new Uint8Array(readFileSync(path)));
}

/** The cell under `header` of the row whose `keyHeader` cell holds `key` (or the row at index `key` when a number and keyHeader is ''). */
function cellOf(doc: OpenedXlsxDocument, tableName: string, keyHeader: string, key: unknown, header: string): Cell {
  const table = findTable(doc.document.workbook, tableName);
  if (table === null) throw new Error(`no table ${tableName}`);
  const headers = table.model.columns.map((c) => c.name);
  const at = (r: number, h: string) => table.sheet.getCell(table.headerRow + 1 + r, table.column + headers.indexOf(h));
  const row =
    keyHeader === '' ? (key as number) : Array.from({ length: table.bodyRows }, (_, r) => r).find((r) => at(r, keyHeader).value === key);
  if (row === undefined || !headers.includes(header)) throw new Error(`no ${header} for ${String(key)} in ${tableName}`);
  return at(row, header);
}

function push(path: string, more: string[] = [], io: Parameters<typeof runCli>[1]['io'] = {}, tty = false): Promise<Run> {
  return runCli(['push', '--in', path, '--client-id', sandbox.credentials.company.clientId, ...more], {
    cwd: tempDir(),
    env: secretEnv(sandbox),
    io,
    tty,
  });
}

function recorded(): { sent: SentRequest[]; hook: { current?: Hook }; fetch: typeof fetch; writes(): SentRequest[] } {
  const sent: SentRequest[] = [];
  const hook: { current?: Hook } = {};
  return {
    sent,
    hook,
    fetch: recordingFetch(sent, hook),
    writes: () => sent.filter((s) => s.method !== 'GET' && !s.path.endsWith('/auth/token/')),
  };
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function serviceBudget(externalId: string) {
  const { other } = recordedClients(sandbox);
  for await (const b of other.forecastBudgets.items({}, { pageSize: 1000 })) if (b.external_id === externalId) return b;
  return undefined;
}

test('export → edit a budget, an invoice and a transaction in the file → push lands each; a second push sends nothing', async () => {
  const path = await exported('forecastBudgets,invoices,transactions,categories');
  const { other } = recordedClients(sandbox);
  const invoice = (await all(other.invoices.items({}, { pageSize: 1000 }))).find(
    (i) => i.status !== 'PR' && i.expected_date !== '2027-03-15',
  );
  const transactions = await all(other.transactions.items({}, { pageSize: 1000 }));
  const categories = await other.categories.list();
  const parents = new Set(categories.map((c) => c.parent));
  const leaf = categories.find(
    (c) => c.is_category && !c.is_default && !c.is_obsolete && !parents.has(c.id) && c.id !== transactions[0]?.category?.id,
  );
  if (invoice === undefined || transactions[0] === undefined || leaf === undefined) throw new Error('the demo data has these');
  let leafPath = '';
  await editFile(path, (doc) => {
    cellOf(doc, 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value = -4711;
    cellOf(doc, 'Invoices', 'Id', invoice.id, 'Expected date').value = new Date(Date.UTC(2027, 2, 15));
    cellOf(doc, 'Invoices', 'Id', invoice.id, 'Status').value = 'PR';
    const categoryCell = cellOf(doc, 'Categories', 'Id', leaf.id, 'Path');
    leafPath = String(categoryCell.value);
    cellOf(doc, 'Transactions', 'Id', transactions[0]?.id, 'Category').value = leafPath;
  });

  const run = await push(path);
  expect([run.code, run.stderr]).toEqual([0, expect.any(String)]);
  expect(run.stdout).toContain('ForecastBudgets: 1 sent, 0 brought in, 0 waiting, 0 conflicts, 0 failed');
  expect(run.stdout).toContain('Invoices: 1 sent');
  expect(run.stdout).toContain('Transactions: 1 sent');
  expect((await serviceBudget('fc-miete'))?.amount).toBe(-4711);
  const after = await other.invoices.get(invoice.id);
  expect([after.expected_date, after.status]).toEqual(['2027-03-15', 'PR']);
  expect((await all(other.transactions.items({}, { pageSize: 1000 }))).find((t) => t.id === transactions[0]?.id)?.category?.id).toBe(
    leaf.id,
  );
  const file = await opened(path);
  expect(cellOf(file, 'ForecastBudgets', 'External Id', 'fc-miete', STATUS_HEADER).value).toMatch(/^Sent /);
  expect(cellOf(file, 'Invoices', 'Id', invoice.id, STATUS_HEADER).value).toMatch(/^Sent /);
  expect(cellOf(file, 'Transactions', 'Id', transactions[0].id, STATUS_HEADER).value).toMatch(/^Sent /);

  const requests = recorded();
  const again = await push(path, ['--json'], { fetch: requests.fetch });
  expect(again.code).toBe(0);
  expect(requests.writes()).toEqual([]);
  const json = JSON.parse(again.stdout) as { tables: Array<{ table: string; rows: unknown[] }> };
  expect(json.tables.map((t) => [t.table, t.rows.length])).toEqual([
    ['Transactions', 0],
    ['Invoices', 0],
    ['ForecastBudgets', 0],
  ]);
  const bytes = new Uint8Array(readFileSync(path));
  const scan = await scanPackage(bytes, [sandbox.credentials.company.clientSecret, sandbox.credentials.company.clientId]);
  expect(scan.clean).toBe(true);
});

/** The forecast plan's id, for another user's writes. */
async function forecastPlanId(): Promise<number> {
  const { other } = recordedClients(sandbox);
  const plan = (await other.plans.list()).find((p) => p.type === 'FORECAST');
  if (plan === undefined) throw new Error('the demo company has a forecast');
  return plan.id;
}

test('a budget row deleted in the file waits without --yes (exit 4, named), and is deleted with --yes', async () => {
  const path = await exported();
  const name = String(cellOf(await opened(path), 'ForecastBudgets', 'External Id', 'fc-sozial', 'Name').value);
  await editFile(path, (doc) => {
    const table = findTable(doc.document.workbook, 'ForecastBudgets');
    if (table === null) throw new Error('no table');
    const ids = Array.from({ length: table.bodyRows }, (_, r) => cellOf(doc, 'ForecastBudgets', '', r, 'External Id').value);
    deleteBodyRows(table, [ids.indexOf('fc-sozial')]);
  });

  const waiting = await push(path);
  expect(waiting.code).toBe(4);
  expect(waiting.stdout).toContain('1 waiting (1 delete to confirm (--yes))');
  expect(waiting.stdout).toContain(`  ${name} (#`);
  expect(await serviceBudget('fc-sozial')).toBeDefined();

  const confirmed = await push(path, ['--yes']);
  expect([confirmed.code, confirmed.stdout]).toEqual([0, expect.stringContaining('ForecastBudgets: 1 sent')]);
  expect(await serviceBudget('fc-sozial')).toBeUndefined();
});

test('at a terminal the delete is asked for by name: no keeps it waiting, yes deletes it', async () => {
  const path = await exported();
  await editFile(path, (doc) => {
    const table = findTable(doc.document.workbook, 'ForecastBudgets');
    if (table === null) throw new Error('no table');
    const ids = Array.from({ length: table.bodyRows }, (_, r) => cellOf(doc, 'ForecastBudgets', '', r, 'External Id').value);
    deleteBodyRows(table, [ids.indexOf('fc-sozial')]);
  });
  const questions: string[] = [];
  const no = await push(path, [], { stdinIsTTY: true, confirm: async (q) => (questions.push(q), false) });
  expect(no.code).toBe(4);
  expect(questions).toEqual([expect.stringMatching(/^ForecastBudgets: delete 1 budget on the service \(.+\)\? \[y\/N\] $/)]);
  const yes = await push(path, [], { stdinIsTTY: true, confirm: async () => true });
  expect(yes.code).toBe(0);
  expect(await serviceBudget('fc-sozial')).toBeUndefined();
});

test('a conflict waits in the file with both values (exit 4), nothing overwritten; --take theirs brings the service value in', async () => {
  const path = await exported();
  await editFile(path, (doc) => {
    cellOf(doc, 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value = -4711;
  });
  const { other } = recordedClients(sandbox);
  await other.planBudgets(await forecastPlanId()).updateByExternalId('fc-miete', { amount: '-4800' });

  const run = await push(path);
  expect(run.code).toBe(4);
  expect(run.stdout).toContain('1 conflict');
  expect(run.stdout).toMatch(/Amount: file -4711, service -4800/);
  expect((await serviceBudget('fc-miete'))?.amount).toBe(-4800);
  expect(cellOf(await opened(path), 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value).toBe(-4711);
  expect(String(cellOf(await opened(path), 'ForecastBudgets', 'External Id', 'fc-miete', STATUS_HEADER).value)).toMatch(/-4[,.]?800/);

  const taken = await push(path, ['--take', 'theirs']);
  expect(taken.code).toBe(0);
  expect((await serviceBudget('fc-miete'))?.amount).toBe(-4800);
  expect(cellOf(await opened(path), 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value).toBe(-4800);
});

test('an answer lost after the PATCH reached the service: exit 0 and the change applied once', async () => {
  const path = await exported();
  await editFile(path, (doc) => {
    cellOf(doc, 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value = -4711;
  });
  const requests = recorded();
  requests.hook.current = faultHook(['lostAnswer', 'none']);
  const run = await push(path, [], { fetch: requests.fetch }, true);
  expect([run.code, run.stdout]).toEqual([0, expect.stringContaining('ForecastBudgets: 1 sent')]);
  // At a terminal the bar is redrawn as the writes settle, and stays as the table's line.
  expect(run.stderr).toContain('\rForecastBudgets  [------------------------]  0 / 1  writing');
  expect(run.stderr).toContain('\rForecastBudgets  [########################]  1 sent, 0 not sent');
  expect(requests.writes().map((w) => [w.method, w.body])).toEqual([['PATCH', { amount: '-4711.00' }]]);
  expect((await serviceBudget('fc-miete'))?.amount).toBe(-4711);
});

test('a service failing throughout: exit 5, the edit stays in the file with its reason; a second push lands it once', async () => {
  const path = await exported();
  await editFile(path, (doc) => {
    cellOf(doc, 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value = -4711;
  });
  const failing = recorded();
  failing.hook.current = faultHook(['error500']);
  const down = await push(path, [], { fetch: failing.fetch });
  expect(down.code).toBe(5);
  expect(down.stdout).toContain('1 waiting (1 not confirmed by the service)');
  const file = await opened(path);
  expect(cellOf(file, 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value).toBe(-4711);
  expect(String(cellOf(file, 'ForecastBudgets', 'External Id', 'fc-miete', STATUS_HEADER).value)).not.toBe('');
  expect((await serviceBudget('fc-miete'))?.amount).not.toBe(-4711);

  const requests = recorded();
  const again = await push(path, [], { fetch: requests.fetch });
  expect(again.code).toBe(0);
  expect(requests.writes().map((w) => w.method)).toEqual(['PATCH']);
  expect((await serviceBudget('fc-miete'))?.amount).toBe(-4711);
});

test('a file open in Excel is refused before any request (exit 6); one saved during the push is left alone, the result beside it (exit 6)', async () => {
  const path = await exported();
  await editFile(path, (doc) => {
    cellOf(doc, 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value = -4711;
  });
  const lock = join(path, '..', '~$plan.xlsx');
  writeFileSync(lock, 'x');
  const requests = recorded();
  const locked = await push(path, [], { fetch: requests.fetch });
  expect(locked.code).toBe(6);
  expect(requests.sent).toEqual([]);
  rmSync(lock);

  const saved = readFileSync(path);
  requests.hook.current = (request) => {
    if (request.method === 'PATCH') writeFileSync(path, Buffer.concat([saved, Buffer.from(' ')]));
    return undefined;
  };
  const changed = await push(path, [], { fetch: requests.fetch });
  expect(changed.code).toBe(6);
  expect(readFileSync(path).length).toBe(saved.length + 1);
  const beside = readdirSync(join(path, '..')).filter((f) => /^plan\.pushed-\d{8}T\d{6}Z\.xlsx$/.test(f));
  expect(beside).toHaveLength(1);
  expect(changed.stdout).toContain(beside[0]);
  const result = await opened(join(path, '..', beside[0] ?? ''));
  expect(cellOf(result, 'ForecastBudgets', 'External Id', 'fc-miete', STATUS_HEADER).value).toMatch(/^Sent /);
  expect((await serviceBudget('fc-miete'))?.amount).toBe(-4711);
});

test('a budget without an external ID waits for the whole-row write (exit 4); asked at a terminal, yes sends it by PUT', async () => {
  const path = await exported();
  let id = 0;
  await editFile(path, (doc) => {
    const table = findTable(doc.document.workbook, 'ForecastBudgets');
    if (table === null) throw new Error('no table');
    const row = Array.from({ length: table.bodyRows }, (_, r) => r).find((r) => {
      const value = cellOf(doc, 'ForecastBudgets', '', r, 'External Id').value;
      return value === null || value === '';
    });
    if (row === undefined) throw new Error('the demo data has a budget without an external ID');
    id = Number(cellOf(doc, 'ForecastBudgets', '', row, 'Id').value);
    cellOf(doc, 'ForecastBudgets', '', row, 'Amount').value = -77;
  });
  const waiting = await push(path);
  expect([waiting.code, waiting.stdout]).toEqual([4, expect.stringContaining('1 whole-row write to confirm (--yes)')]);
  expect(waiting.stdout).toContain(`(#${id}): change, waits for a whole-row write`);

  const requests = recorded();
  const questions: string[] = [];
  const yes = await push(path, [], { fetch: requests.fetch, stdinIsTTY: true, confirm: async (q) => (questions.push(q), true) });
  expect(yes.code).toBe(0);
  expect(questions).toEqual([expect.stringMatching(/^ForecastBudgets: write 1 row as whole rows/)]);
  expect(requests.writes().map((w) => [w.method, (w.body as { amount?: string }).amount])).toEqual([['PUT', '-77.00']]);
});

test('a committed plan is refused with its name before anything is sent (exit 3); the edit stays in the file', async () => {
  const path = await exported();
  await editFile(path, (doc) => {
    cellOf(doc, 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value = -4711;
  });
  const requests = recorded();
  requests.hook.current = async (request, forward) => {
    if (request.path !== '/plans/') return undefined;
    const plans = (await (await forward()).json()) as Array<{ is_committed: boolean }>;
    return Response.json(plans.map((p) => ({ ...p, is_committed: true })));
  };
  const run = await push(path, ['--json'], { fetch: requests.fetch });
  expect(run.code).toBe(3);
  const json = JSON.parse(run.stdout) as { tables: Array<{ table: string; refused?: string }> };
  expect(json.tables).toEqual([expect.objectContaining({ table: 'ForecastBudgets', refused: expect.stringMatching(/committed/) })]);
  expect(requests.writes()).toEqual([]);
  expect(cellOf(await opened(path), 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value).toBe(-4711);
});

test('a wrong secret is refused (exit 3): nothing sent, the file untouched, the secret printed nowhere', async () => {
  const path = await exported();
  await editFile(path, (doc) => {
    cellOf(doc, 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value = -4711;
  });
  const before = { bytes: readFileSync(path), mtime: statSync(path).mtimeMs };
  const run = await runCli(['push', '--in', path, '--client-id', sandbox.credentials.company.clientId, '--json'], {
    cwd: tempDir(),
    env: { ...secretEnv(sandbox), CASHFLOW_CLIENT_SECRET: 'not-the-secret-4711' },
  });
  expect(run.code).toBe(3);
  expect(JSON.parse(run.stdout)).toMatchObject({ command: 'push', written: null, exitCode: 3 });
  expect(`${run.stdout}${run.stderr}`).not.toContain('not-the-secret-4711');
  expect([readFileSync(path).equals(before.bytes), statSync(path).mtimeMs]).toEqual([true, before.mtime]);
});

test('export → opened in the preview → an amount pasted as a user does → downloaded → push lands it', async () => {
  const path = await exported();
  const inPreview = await openWorkbookFile(new Uint8Array(readFileSync(path)), ADD_IN.id);
  const preview = createSimulatedWorkbook({ sheets: [] });
  preview.restore(inPreview.snapshot);
  const cells = tableCells(preview, 'ForecastBudgets');
  const [, first = 'A1'] = cells.address.split('!');
  const start = /^([A-Z]+)(\d+)/.exec(first);
  const [column0, row0] = [(start?.[1] ?? 'A').charCodeAt(0) - 65, Number(start?.[2] ?? 1)];
  const row = cells.rows.findIndex((r) => r[cells.headers.indexOf('External Id')] === 'fc-miete');
  preview.pasteValues(cells.sheet, row0 + row, column0 + cells.headers.indexOf('Amount'), [['-4712']]);
  writeFileSync(path, await workbookFileBytes(preview.snapshot(), inPreview.addIn));

  const run = await push(path);
  expect([run.code, run.stdout]).toEqual([0, expect.stringContaining('ForecastBudgets: 1 sent')]);
  expect((await serviceBudget('fc-miete'))?.amount).toBe(-4712);
  expect(cellOf(await opened(path), 'ForecastBudgets', 'External Id', 'fc-miete', STATUS_HEADER).value).toMatch(/^Sent /);
});

test('--take mine sends the file value over the other change (exit 0), once', async () => {
  const path = await exported();
  await editFile(path, (doc) => {
    cellOf(doc, 'ForecastBudgets', 'External Id', 'fc-miete', 'Amount').value = -4711;
  });
  const { other } = recordedClients(sandbox);
  await other.planBudgets(await forecastPlanId()).updateByExternalId('fc-miete', { amount: '-4800' });
  const requests = recorded();
  const run = await push(path, ['--take', 'mine'], { fetch: requests.fetch });
  expect([run.code, run.stdout]).toEqual([0, expect.stringContaining('ForecastBudgets: 1 sent')]);
  expect(requests.writes().map((w) => [w.method, w.body])).toEqual([['PATCH', { amount: '-4711.00' }]]);
  expect((await serviceBudget('fc-miete'))?.amount).toBe(-4711);
});
