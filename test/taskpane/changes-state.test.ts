/**
 * The Changes view's state end to end without a browser (#17): the pane's own pull into the Excel simulation, edits
 * typed into cells, the push through the Excel host (status column, highlight and input fills, the journal in its
 * very hidden sheet) against the sandbox; conflicts, the refresh that asks first, undo after a reload; the Invoices
 * table sent the same way (#28); Adopt of budgets without an addressable external ID (#28).
 */

import { CashflowClient, TokenCache } from '../../src/api';
import { CHANGED_FILL, INPUT_FILL } from '../../src/hosts/excel/input-style';
import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { MemoryKeyValueStorage } from '../../src/sync/connect';
import { AppState } from '../../src/taskpane/state/app-state';
import type { PaneHost } from '../../src/taskpane/state/pane-host';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import { SheetPushJournal } from '../../src/hosts/excel/sheet-push-journal';
import { JOURNAL_ROWS_BLOCK } from '../../src/taskpane/state/changes-state';
import { journalEntry } from '../support/push-state-fixtures';
import { recordingFetch, type SentRequest } from '../support/recording-fetch';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let sim: Installation;
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, transactions: 50 });
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
});
afterEach(async () => {
  sim.uninstall();
  await sandbox.close();
});

function excelHost(): PaneHost {
  return excelPaneHost({ maxRows: 500 });
}

/** A pane on `host` that checks edits at once, connected to the demo company. */
async function checkingPane(host: PaneHost, prefix: string): Promise<AppState> {
  const app = new AppState({
    storage,
    prefix,
    host,
    editCheckDelayMs: 0,
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { tokenCache: new TokenCache(), sleep: async () => undefined },
  });
  await app.start();
  await app.connectDemo();
  return app;
}

const storage = new MemoryKeyValueStorage();
async function pane(fetchImpl?: typeof fetch, editCheckDelayMs?: number): Promise<AppState> {
  const app = new AppState({
    storage,
    prefix: 'changes|',
    host: excelHost(),
    ...(editCheckDelayMs === undefined ? {} : { editCheckDelayMs }),
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { tokenCache: new TokenCache(), sleep: async () => undefined, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
  });
  await app.start();
  if (app.snapshot().connection.status !== 'connected') await app.connectDemo();
  return app;
}

function colleague(): CashflowClient {
  return new CashflowClient({
    baseUrl: sandbox.url,
    clientId: sandbox.credentials.company.clientId,
    clientSecret: sandbox.credentials.company.clientSecret,
    language: 'en',
    tokenCache: new TokenCache(),
  });
}

/** The ForecastBudgets table (or another) as the user sees it: headers and cell values. */
async function table(
  name = 'ForecastBudgets',
): Promise<{ headers: string[]; rows: unknown[][]; address: string; sheet: string; body: number }> {
  return Excel.run(async (context) => {
    const t = context.workbook.tables.getItem(name);
    const range = t.getRange().load('values,address,rowIndex');
    const ws = t.worksheet.load('name');
    await context.sync();
    const [headers = [], ...rows] = range.values as unknown[][];
    // `body`: the sheet row (0-based) of the first data row, below the header (and the stamp above it).
    return { headers: headers.map(String), rows, address: range.address, sheet: ws.name, body: range.rowIndex + 1 };
  });
}

/** Types a value into the cell of the row with this external ID, as the user would. */
async function typeInto(externalId: string, header: string, value: string | number): Promise<void> {
  const { headers, rows, sheet, body } = await table();
  const row = rows.findIndex((r) => r[headers.indexOf('External Id')] === externalId);
  await Excel.run(async (context) => {
    context.workbook.worksheets.getItem(sheet).getRangeByIndexes(body + row, headers.indexOf(header), 1, 1).values = [[value]];
    await context.sync();
  });
}

async function cellOf(externalId: string, header: string): Promise<unknown> {
  const { headers, rows } = await table();
  return rows.find((r) => r[headers.indexOf('External Id')] === externalId)?.[headers.indexOf(header)];
}

/** The fill colour of one cell of a sheet (0-based row and column). */
function cellFill(sheet: string, row: number, col: number): Promise<string> {
  return Excel.run(async (context) => {
    const fill = context.workbook.worksheets.getItem(sheet).getRangeByIndexes(row, col, 1, 1).format.fill.load('color');
    await context.sync();
    return fill.color;
  });
}

async function fillOf(externalId: string, header: string): Promise<string> {
  const { headers, rows, sheet, body } = await table();
  const row = rows.findIndex((r) => r[headers.indexOf('External Id')] === externalId);
  return cellFill(sheet, body + row, headers.indexOf(header));
}

async function forecastAmount(externalId: string): Promise<number | undefined> {
  return (await colleague().forecastBudgets.getByExternalId(externalId)).amount;
}

/** Resolves once `check` holds of the pane's state (checked on every change of it). */
function stateWhere(app: AppState, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const stop = app.subscribe(() => {
      if (!check()) return;
      stop();
      resolve();
    });
  });
}

test("a user's edit is marked changed at once (the worksheet's changed event), without the Changes tab being opened", async () => {
  const app = await pane(undefined, 0);
  await app.pull('forecastBudgets');
  const stop = app.watchEdits();
  const { headers, rows, sheet, body } = await table();
  const row = rows.findIndex((r) => r[headers.indexOf('External Id')] === 'fc-miete');
  // Typed by the user (not through the add-in's Excel.run): the pane hears of it and checks.
  sim.workbook.typeIntoCell(sheet, body + row, headers.indexOf('Amount'), '-4321');
  await stateWhere(app, () => app.snapshot().changes.tables.some((t) => t.pending?.counts.changed === 1));
  expect(await fillOf('fc-miete', 'Amount')).toBe(CHANGED_FILL);
  expect(await fillOf('fc-miete', 'Name')).toBe(INPUT_FILL);
  // Typing the old value back takes the mark away again.
  sim.workbook.typeIntoCell(sheet, body + row, headers.indexOf('Amount'), '-4500');
  await stateWhere(app, () => app.snapshot().changes.tables.some((t) => t.pending?.counts.changed === 0));
  expect(await fillOf('fc-miete', 'Amount')).toBe(INPUT_FILL);
  await stop();
});

test('edit a cell, see it pending, push: the service holds it, the status says so, the highlight is gone; nothing pending after', async () => {
  const app = await pane();
  await app.pull('forecastBudgets');
  expect(await fillOf('fc-miete', 'Amount')).toBe(INPUT_FILL);
  await typeInto('fc-miete', 'Amount', -4321);

  await app.reviewChanges();
  const [changes] = app.snapshot().changes.tables;
  expect(changes).toMatchObject({ tableName: 'ForecastBudgets', pending: { counts: { changed: 1, new: 0, deleted: 0 } } });
  expect(changes?.pending?.rows[0]?.fields).toEqual([{ field: 'amount', column: 'Amount', before: -4500, after: -4321 }]);
  // The check shows the waiting cell apart at once; the cell next to it keeps the input style.
  expect(await fillOf('fc-miete', 'Amount')).toBe(CHANGED_FILL);
  expect(await fillOf('fc-miete', 'Name')).toBe(INPUT_FILL);

  await app.pushChanges('forecastBudgets');
  const after = app.snapshot().changes.tables[0];
  expect(after?.result?.counts.landed).toBe(1);
  expect(after?.pending?.rows).toEqual([]);
  expect(after?.journal[0]).toMatchObject({ landed: 1, notLanded: 0, undone: false });
  expect(await forecastAmount('fc-miete')).toBe(-4321);
  expect(await cellOf('fc-miete', 'Push status')).toMatch(/^Sent /);
  expect(await fillOf('fc-miete', 'Amount')).toBe(INPUT_FILL);
});

test('a conflict shows both values and keeps the cell highlighted; "take theirs" brings the service value in', async () => {
  const app = await pane();
  await app.pull('forecastBudgets');
  const forecast = (await colleague().plans.list()).find((p) => p.type === 'FORECAST');
  await colleague()
    .planBudgets(forecast?.id ?? 0)
    .updateByExternalId('fc-miete', { amount: '-5000.00' });
  await typeInto('fc-miete', 'Amount', -4000);

  await app.pushChanges('forecastBudgets');
  const row = app.snapshot().changes.tables[0]?.result?.rows[0];
  expect(row).toMatchObject({ outcome: 'conflict', conflicts: [{ column: 'Amount', mine: -4000, theirs: -5000 }] });
  expect(await cellOf('fc-miete', 'Push status')).toBe(
    'Conflict: changed on the service too. Amount: yours -4000, service -5000. Choose "keep mine" or "take theirs" in the Changes view.',
  );
  expect(await fillOf('fc-miete', 'Amount')).toBe(CHANGED_FILL);
  expect(await forecastAmount('fc-miete')).toBe(-5000);

  await app.resolveConflict('forecastBudgets', row?.key ?? '', 'theirs');
  expect(await cellOf('fc-miete', 'Amount')).toBe(-5000);
  expect(app.snapshot().changes.tables[0]?.pending?.rows).toEqual([]);
});

test('a refresh of a table with pending changes asks first: keep puts them on top of the refreshed rows, discard drops them', async () => {
  const app = await pane();
  await app.pull('forecastBudgets');
  await typeInto('fc-miete', 'Name', 'Kept through a refresh');
  const forecast = (await colleague().plans.list()).find((p) => p.type === 'FORECAST');
  await colleague()
    .planBudgets(forecast?.id ?? 0)
    .updateByExternalId('fc-miete', { description: 'Changed by a colleague' });

  await app.pull('forecastBudgets');
  expect(app.snapshot().refreshPrompt).toEqual({ tableIds: ['forecastBudgets'], counts: { changed: 1, new: 0, deleted: 0 } });
  expect(await cellOf('fc-miete', 'Description')).toBe('');

  await app.answerRefresh('keep');
  expect(app.snapshot().refreshPrompt).toBeUndefined();
  expect(await cellOf('fc-miete', 'Description')).toBe('Changed by a colleague');
  expect(await cellOf('fc-miete', 'Name')).toBe('Kept through a refresh');
  expect(await fillOf('fc-miete', 'Name')).toBe(CHANGED_FILL);
  await app.reviewChanges();
  expect(app.snapshot().changes.tables[0]?.pending?.counts.changed).toBe(1);

  await app.pull('forecastBudgets');
  await app.answerRefresh('discard');
  expect(await cellOf('fc-miete', 'Name')).toBe('Miete Büro');
  await app.reviewChanges();
  expect(app.snapshot().changes.tables[0]?.pending?.rows).toEqual([]);
});

test('after a reload the baseline and the journal are still there: undo of the last push restores the service', async () => {
  const first = await pane();
  await first.pull('forecastBudgets');
  await typeInto('fc-miete', 'Amount', -1);
  await first.pushChanges('forecastBudgets');
  expect(await forecastAmount('fc-miete')).toBe(-1);

  // The workbook is closed and opened again: a new pane on the same workbook.
  const again = await pane();
  await again.reviewChanges();
  const table = again.snapshot().changes.tables[0];
  expect(table?.pending?.rows).toEqual([]);
  expect(table?.journal).toHaveLength(1);
  expect(table?.canUndo).toBe(true);
  await again.undoLastPush('forecastBudgets');
  expect(again.snapshot().changes.tables[0]?.canUndo).toBe(false);
  expect(await forecastAmount('fc-miete')).toBe(-4500);
  expect(await cellOf('fc-miete', 'Amount')).toBe(-4500);
  expect(again.snapshot().changes.tables[0]?.journal.map((j) => [j.undo, j.undone])).toEqual([
    [true, false],
    [false, true],
  ]);
});

test('deletes wait for the confirmation; an Id cell holding text holds every delete back', async () => {
  const app = await pane();
  await app.pull('forecastBudgets');
  const { headers, sheet, rows, body } = await table();
  const row = rows.findIndex((r) => r[headers.indexOf('External Id')] === 'fc-umsatz');
  await Excel.run(async (context) => {
    const t = context.workbook.tables.getItem('ForecastBudgets');
    t.rows.getItemAt(row).delete();
    context.workbook.worksheets.getItem(sheet).getRangeByIndexes(body, headers.indexOf('Id'), 1, 1).values = [['oops']];
    await context.sync();
  });
  await app.pushChanges('forecastBudgets', { deletes: true });
  const deleted = app.snapshot().changes.tables[0]?.result?.rows.filter((r) => r.change === 'deleted');
  expect(deleted?.map((r) => r.outcome)).toEqual(['blocked', 'blocked']);
  expect(deleted?.[0]?.message).toBe(
    'Not deleted: the Id cell of row 1 of the table holds no id, so it cannot be told which budgets were removed. Fix or clear that Id cell, then send again.',
  );
  expect((await colleague().forecastBudgets.getByExternalId('fc-umsatz')).name).toBe('Umsatz Stammkunden');
});

test('a committed plan is read-only, and the Changes view says so before anything is sent', async () => {
  // The demo company's scenarios are not committed: the plans list says they are, as the service would.
  const committing: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const answer = await fetch(request);
    if (!new URL(request.url).pathname.endsWith('/plans/')) return answer;
    const plans = (await answer.json()) as Array<{ type: string; is_committed: boolean }>;
    return Response.json(plans.map((p) => ({ ...p, is_committed: p.type === 'SCENARIO' ? true : p.is_committed })));
  };
  const app = await pane(committing);
  const scenario = app.snapshot().tables.find((t) => t.id.startsWith('scenario:'));
  await app.pull(scenario?.id ?? '');
  await app.reviewChanges();
  const table = app.snapshot().changes.tables.find((t) => t.tableId === scenario?.id);
  // The card's name ("Scenario: …"), never the Excel table's (Scenario_303_Budgets).
  expect(table?.refused).toMatch(/^Scenario: .+ is read-only: plan ".+" is committed, and the service refuses changes to its budgets\.$/);
  expect(table?.refused).not.toMatch(/Scenario_\d+_Budgets/);
  expect(app.snapshot().changes.tables.find((t) => t.tableId === 'forecastBudgets')).toBeUndefined();
});

test('a cell typed back to its pulled value loses its highlight at the next check', async () => {
  const app = await pane();
  await app.pull('forecastBudgets');
  await typeInto('fc-miete', 'Amount', -1);
  await app.reviewChanges();
  expect(await fillOf('fc-miete', 'Amount')).toBe(CHANGED_FILL);
  await typeInto('fc-miete', 'Amount', -4500);
  await app.reviewChanges();
  expect(app.snapshot().changes.tables[0]?.pending?.rows).toEqual([]);
  expect(await fillOf('fc-miete', 'Amount')).toBe(INPUT_FILL);
});

test('no refresh writes under a send: Refresh and Refresh all leave the table alone until the send has ended', async () => {
  // Writes to the service wait at a gate, so the send is caught half-way.
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const seen: string[] = [];
  const gated: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    if (request.method !== 'GET' && !request.url.includes('/auth/token/')) await gate;
    return fetch(input, init);
  };
  const app = await pane(gated);
  await app.pull('forecastBudgets');
  const pulledAt = app.snapshot().tables.find((t) => t.id === 'forecastBudgets')?.pulled;
  await typeInto('fc-miete', 'Amount', -4321);

  const sending = app.pushChanges('forecastBudgets');
  for (let wait = 0; !seen.some((s) => !s.startsWith('GET') && !s.includes('/auth/token/')); wait += 1) {
    if (wait > 500) throw new Error(`the send never reached the service: ${seen.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(app.snapshot().changes.tables.find((t) => t.tableId === 'forecastBudgets')?.status).toBe('pushing');
  const before = seen.length;
  await app.pull('forecastBudgets');
  await app.refreshAll();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(app.snapshot().job).toBeUndefined();
  expect(app.snapshot().refreshPrompt).toBeUndefined();
  expect(seen.slice(before)).toEqual([]); // not one request for a refresh
  expect(app.snapshot().tables.find((t) => t.id === 'forecastBudgets')?.pulled).toEqual(pulledAt);

  open();
  await sending;
  expect(await forecastAmount('fc-miete')).toBe(-4321);
  expect(await cellOf('fc-miete', 'Push status')).toMatch(/^Sent /);
  // Once the send has ended, the same click refreshes the table.
  await app.pull('forecastBudgets');
  expect(seen.slice(before)).toContain('GET /forecast/budgets/');
  expect(app.snapshot().tables.find((t) => t.id === 'forecastBudgets')?.pulled).not.toEqual(pulledAt);
});

test('a send of the journal opens to its rows (name, what was done, outcome); Show in sheet finds a row after sorting; a deleted row says it is gone', async () => {
  const app = await pane();
  await app.pull('forecastBudgets');
  await typeInto('fc-miete', 'Amount', -4321);
  const { headers, rows } = await table();
  const gone = rows.findIndex((r) => r[headers.indexOf('External Id')] === 'fc-umsatz');
  await Excel.run(async (context) => {
    context.workbook.tables.getItem('ForecastBudgets').rows.getItemAt(gone).delete();
    await context.sync();
  });
  await app.pushChanges('forecastBudgets', { deletes: true });
  const [sent] = app.snapshot().changes.tables[0]?.journal ?? [];
  if (sent === undefined) throw new Error('no journal entry');

  await app.openJournalEntry('forecastBudgets', sent.id);
  const opened = app.snapshot().changes.tables[0]?.opened;
  expect(opened).toMatchObject({ entryId: sent.id, status: 'ready', total: 2, notFound: [] });
  expect(opened?.rows.map((r) => [r.name, r.externalId, r.change, r.outcome, r.ref === null])).toEqual([
    ['Miete Büro', 'fc-miete', 'changed', 'landed', false],
    ['Umsatz Stammkunden', 'fc-umsatz', 'deleted', 'landed', true],
  ]);
  // A check of the pending changes keeps the opened send open.
  await app.reviewChanges();
  expect(app.snapshot().changes.tables[0]?.opened?.rows).toHaveLength(2);

  // The user sorts the table upside down; the row is found by its id wherever it went.
  await Excel.run(async (context) => {
    const body = context.workbook.tables.getItem('ForecastBudgets').getDataBodyRange().load('formulas,numberFormat');
    await context.sync();
    body.numberFormat = [...(body.numberFormat as string[][])].reverse();
    body.formulas = [...(body.formulas as string[][])].reverse();
    await context.sync();
  });
  const miete = opened?.rows[0];
  if (miete === undefined) throw new Error('no row');
  expect(await app.showJournalRow('forecastBudgets', miete.key)).toBe(true);
  const sorted = await table();
  const at = sorted.rows.findIndex((r) => r[sorted.headers.indexOf('External Id')] === 'fc-miete');
  const selected = await Excel.run(async (context) => {
    const range = context.workbook.getSelectedRange().load('rowIndex,rowCount');
    await context.sync();
    return { row: range.rowIndex, count: range.rowCount };
  });
  expect(selected).toEqual({ row: sorted.body + at, count: 1 });

  // The row is deleted in the sheet after the send: Show in sheet says it was not found.
  await Excel.run(async (context) => {
    context.workbook.tables.getItem('ForecastBudgets').rows.getItemAt(at).delete();
    await context.sync();
  });
  expect(await app.showJournalRow('forecastBudgets', miete.key)).toBe(false);
  expect(app.snapshot().changes.tables[0]?.opened?.notFound).toEqual([miete.key]);

  app.closeJournalEntry('forecastBudgets');
  expect(app.snapshot().changes.tables[0]?.opened).toBeUndefined();
});

test("a long send's rows are shown in blocks; a send no longer in the journal says so", async () => {
  const app = await pane();
  await app.pull('forecastBudgets');
  const journal = new SheetPushJournal();
  const rows = Array.from({ length: JOURNAL_ROWS_BLOCK * 2 + 7 }, (_, i) => ({
    op: 'patch' as const,
    id: 1000 + i,
    externalId: `x-${i}`,
    before: { name: `Budget ${i}` },
    sent: { amount: i },
    outcome: 'landed' as const,
  }));
  await journal.append({ id: 'long-send', at: '2026-03-01T10:00:00.000Z', tableName: 'ForecastBudgets', rows });
  await app.reviewChanges();

  await app.openJournalEntry('forecastBudgets', 'long-send');
  const shown = (): string[] => app.snapshot().changes.tables[0]?.opened?.rows.map((r) => r.name) ?? [];
  expect(app.snapshot().changes.tables[0]?.opened?.total).toBe(rows.length);
  expect(shown()).toEqual(rows.slice(0, JOURNAL_ROWS_BLOCK).map((r) => r.before.name));
  app.moreJournalRows('forecastBudgets');
  expect(shown()).toHaveLength(JOURNAL_ROWS_BLOCK * 2);
  app.moreJournalRows('forecastBudgets');
  expect(shown()).toEqual(rows.map((r) => r.before.name));

  await app.openJournalEntry('forecastBudgets', 'dropped-long-ago');
  expect(app.snapshot().changes.tables[0]?.opened).toMatchObject({ entryId: 'dropped-long-ago', status: 'missing', rows: [] });
});

/** An Excel serial date (the cell's value), from YYYY-MM-DD, as the host writes dates. */
const serialOf = (date: string): number => (Date.parse(`${date}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

test('Invoices (#28): the pull keeps a baseline and shows the input cells; an expected date and a status typed are listed and sent', async () => {
  const app = await pane();
  await app.pull('invoices');
  const { headers, rows, sheet, body } = await table('Invoices');
  const col = (header: string) => headers.indexOf(header);
  const row = rows.findIndex((r) => !['PD', 'CA', 'PR'].includes(String(r[col('Status')])));
  const id = rows[row]?.[col('Id')] as number;
  const fillAt = (header: string) => cellFill(sheet, body + row, col(header));
  expect(await fillAt('Expected date')).toBe(INPUT_FILL);
  expect(await fillAt('Amount due')).not.toBe(INPUT_FILL);

  const expected = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await Excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem(sheet);
    ws.getRangeByIndexes(body + row, col('Expected date'), 1, 1).values = [[serialOf(expected)]];
    ws.getRangeByIndexes(body + row, col('Status'), 1, 1).values = [['PR']];
    await context.sync();
  });
  await app.reviewChanges();
  const invoices = app.snapshot().changes.tables.find((t) => t.tableName === 'Invoices');
  expect(invoices).toMatchObject({ tableId: 'invoices', records: 'invoices', pending: { counts: { changed: 1, new: 0, deleted: 0 } } });
  expect(invoices?.pending?.rows[0]?.fields.map((f) => [f.field, f.after]).sort()).toEqual([
    ['expected_date', expected],
    ['status', 'PR'],
  ]);
  expect(await fillAt('Expected date')).toBe(CHANGED_FILL);

  await app.pushChanges('invoices');
  const after = app.snapshot().changes.tables.find((t) => t.tableName === 'Invoices');
  expect(after?.result?.counts.landed).toBe(1);
  expect(after?.pending?.rows).toEqual([]);
  expect(await colleague().invoices.get(id)).toMatchObject({ expected_date: expected, status: 'PR' });
  // The send adds the Push status column at the table's end: read the headers again.
  const sent = await table('Invoices');
  expect(sent.rows[row]?.[sent.headers.indexOf('Push status')]).toMatch(/^Sent /);
  expect(await fillAt('Expected date')).toBe(INPUT_FILL);
});

test('Transactions (#28): a category picked in the Category cell is listed and sent; Category Id follows; an edit survives an incremental refresh', async () => {
  const app = await pane();
  await app.pull('transactions');
  const { headers, rows, sheet, body } = await table('Transactions');
  const col = (header: string) => headers.indexOf(header);
  const categories = await colleague().categories.list();
  const parents = new Set(categories.map((c) => c.parent));
  const leaves = categories.filter((c) => c.is_category && !c.is_default && !c.is_obsolete && !parents.has(c.id));
  const pathOf = (id: number) => {
    const names: string[] = [];
    for (let c = categories.find((x) => x.id === id); c; c = categories.find((x) => x.id === c?.parent)) names.unshift(c.name);
    return names.join(' › ');
  };
  const pick = (row: number) => leaves.find((c) => c.id !== rows[row]?.[col('Category Id')]) as { id: number };
  const type = (row: number, text: string) =>
    Excel.run(async (context) => {
      context.workbook.worksheets.getItem(sheet).getRangeByIndexes(body + row, col('Category'), 1, 1).values = [[text]];
      await context.sync();
    });
  expect(await cellFill(sheet, body, col('Category'))).toBe(INPUT_FILL);
  expect(await cellFill(sheet, body, col('Purpose'))).not.toBe(INPUT_FILL);

  const first = pick(0);
  await type(0, pathOf(first.id));
  await app.reviewChanges();
  const pending = app.snapshot().changes.tables.find((t) => t.tableName === 'Transactions');
  expect(pending).toMatchObject({
    tableId: 'transactions',
    records: 'transactions',
    pending: { counts: { changed: 1, new: 0, deleted: 0 } },
  });
  expect(pending?.pending?.rows[0]?.fields.map((f) => [f.column, f.after])).toEqual([['Category', pathOf(first.id)]]);
  // Named by its counterpart (else its purpose), value date and amount: a transaction has no name.
  const who = String(rows[0]?.[col('Counterpart')] || rows[0]?.[col('Purpose')]);
  expect(pending?.pending?.rows[0]?.name).toMatch(
    new RegExp(`^${who.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · \\d{4}-\\d{2}-\\d{2} · -?\\d+\\.\\d{2}$`),
  );

  await app.pushChanges('transactions');
  const id = rows[0]?.[col('Id')] as number;
  expect((await colleague().transactions.page({ ids: [id] })).results[0]?.category.id).toBe(first.id);
  const sent = await table('Transactions');
  expect(sent.rows[0]?.[col('Category Id')]).toBe(first.id);
  expect(sent.rows[0]?.[sent.headers.indexOf('Push status')]).toMatch(/^Sent /);

  // An edit not sent yet, then a refresh (incremental): the pane asks, and "keep" keeps the edit.
  const second = leaves.find((c) => c.id !== first.id) as { id: number };
  await type(0, pathOf(second.id));
  await app.pull('transactions');
  expect(app.snapshot().refreshPrompt).toEqual({ tableIds: ['transactions'], counts: { changed: 1, new: 0, deleted: 0 } });
  await app.answerRefresh('keep');
  expect((await table('Transactions')).rows[0]?.[col('Category')]).toBe(pathOf(second.id));
  await app.reviewChanges();
  expect(app.snapshot().changes.tables.find((t) => t.tableName === 'Transactions')?.pending?.counts.changed).toBe(1);
});

test('an edit of a budget reads back only the budget table: a pulled Transactions table is not read again', async () => {
  const host = excelHost();
  const sheet = host.push?.sheet;
  if (sheet === undefined) throw new Error('the Excel host has a push sheet');
  const reads: string[] = [];
  const read = sheet.read.bind(sheet);
  sheet.read = (model, options) => {
    reads.push(model.tableName);
    return read(model, options);
  };
  const app = await checkingPane(host, 'changes-reads|');
  await app.pull('forecastBudgets');
  await app.pull('transactions');
  await app.reviewChanges();
  const stop = app.watchEdits();
  reads.length = 0;
  const { headers, rows, sheet: sheetName, body } = await table();
  const row = rows.findIndex((r) => r[headers.indexOf('External Id')] === 'fc-miete');
  sim.workbook.typeIntoCell(sheetName, body + row, headers.indexOf('Amount'), '-4321');
  await stateWhere(app, () =>
    app.snapshot().changes.tables.some((t) => t.tableName === 'ForecastBudgets' && t.pending?.counts.changed === 1),
  );
  expect(reads).toEqual(['ForecastBudgets']);
  // The Transactions card keeps what the last full check found.
  expect(app.snapshot().changes.tables.find((t) => t.tableName === 'Transactions')?.pending?.rows).toEqual([]);
  await stop();
});

test("after a 100,000-row send an edit check reads the journal's summaries only: no row of that send, nor of any other", async () => {
  const host = excelHost();
  const journal = host.push?.journal;
  if (journal === undefined) throw new Error('the Excel host has a journal');
  const entriesRead: string[] = [];
  const entry = journal.entry.bind(journal);
  journal.entry = (id) => {
    entriesRead.push(id);
    return entry(id);
  };
  const list = journal.list.bind(journal);
  let listed = 0;
  journal.list = () => {
    listed += 1;
    return list();
  };
  const app = await checkingPane(host, 'changes-journal-reads|');
  await app.pull('forecastBudgets');
  const big = journalEntry(1, 100_000);
  await new SheetPushJournal().append(big);
  // The first check reads the newest send once, for the rows it landed (their "Sent" status).
  await app.reviewChanges();
  expect(entriesRead).toEqual([big.id]);
  expect(app.snapshot().changes.tables[0]?.journal).toEqual([
    { id: big.id, at: big.at, landed: 80_000, notLanded: 20_000, unconfirmed: 0, undone: false, undo: false },
  ]);

  const stop = app.watchEdits();
  const edited = async (externalId: string, amount: string, changed: number): Promise<number> => {
    entriesRead.length = 0;
    const from = sim.workbook.stats.syncs.length;
    const { headers, rows, sheet, body } = await table();
    const row = rows.findIndex((r) => r[headers.indexOf('External Id')] === externalId);
    sim.workbook.typeIntoCell(sheet, body + row, headers.indexOf('Amount'), amount);
    await stateWhere(app, () => app.snapshot().changes.tables[0]?.pending?.counts.changed === changed);
    return sim.workbook.stats.syncs.slice(from).reduce((sum, s) => sum + s.responseBytes, 0);
  };
  // The send is tens of MB of JSON in the journal sheet; the check reads the table and the journal's header rows.
  expect(JSON.stringify(big).length).toBeGreaterThan(20_000_000);
  expect(await edited('fc-miete', '-4321', 1)).toBeLessThan(500_000);
  expect(entriesRead).toEqual([]);

  // A new send is the newest: read once (it landed the edit), then again not at all.
  await app.pushChanges('forecastBudgets');
  const sent = app.snapshot().changes.tables[0]?.journal[0];
  expect(sent).toMatchObject({ landed: 1 });
  expect(entriesRead).toEqual([sent?.id]);
  expect(await cellOf('fc-miete', 'Push status')).toMatch(/^Sent /);
  expect(await edited('fc-miete', '-4000', 1)).toBeLessThan(500_000);
  expect(entriesRead).toEqual([]);
  // The row the newest send landed and the user edited again loses its "Sent".
  expect(await cellOf('fc-miete', 'Push status')).toBe('');
  expect(listed).toBe(0);
  await stop();
});

test('Transactions (#28): typing over read-only columns (Amount, Reporting amount) is said once, nothing is pending; typing the category is not such an edit', async () => {
  const app = await pane(undefined, 0);
  await app.pull('transactions');
  const stop = app.watchEdits();
  const { headers, sheet, body } = await table('Transactions');
  sim.workbook.pasteValues(sheet, body, headers.indexOf('Amount'), [['1', '-1']]);
  await stateWhere(app, () => app.snapshot().readOnlyEdit !== undefined);
  expect(app.snapshot().readOnlyEdit).toEqual({
    tableId: 'transactions',
    label: 'pane.table.transactions',
    columns: ['Amount', 'Reporting amount'],
    editable: ['Category'],
  });
  await app.reviewChanges();
  expect(app.snapshot().changes.tables.find((t) => t.tableName === 'Transactions')?.pending?.rows).toEqual([]);
  app.dismissReadOnlyEdit();
  expect(app.snapshot().readOnlyEdit).toBeUndefined();
  // The category is the table's input cell: no notice, and the edit is pending.
  const offered = await Excel.run(async (context) => {
    // The cell's in-cell list, as the lists sheet holds it: its last item is a category the row can take.
    const rule = context.workbook.worksheets.getItem(sheet).getRangeByIndexes(body + 1, headers.indexOf('Category'), 1, 1).dataValidation;
    rule.load('rule');
    await context.sync();
    return String(rule.rule.list?.source ?? '');
  });
  const source = offered.replace(/^=/, '').split('!');
  const items = await Excel.run(async (context) => {
    const range = context.workbook.worksheets
      .getItem((source[0] ?? '').replace(/^'|'$/g, ''))
      .getRange(source[1] ?? '')
      .load('values');
    await context.sync();
    return range.values.map((line) => String(line[0]));
  });
  const current = (await table('Transactions')).rows[1]?.[headers.indexOf('Category')];
  sim.workbook.typeIntoCell(sheet, body + 1, headers.indexOf('Category'), items.find((item) => item !== current) ?? '');
  await stateWhere(app, () => app.snapshot().changes.tables.some((t) => t.tableName === 'Transactions' && t.pending?.counts.changed === 1));
  expect(app.snapshot().readOnlyEdit).toBeUndefined();
  await stop();
});

describe('Adopt (#28): budgets without an external ID the service can address', () => {
  /** Types a value into the cell of the row with this name (the budgets Adopt is for have no usable external ID). */
  async function typeIntoNamed(name: string, header: string, value: string | number): Promise<void> {
    const { headers, rows, sheet, body } = await table();
    const row = rows.findIndex((r) => r[headers.indexOf('Name')] === name);
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem(sheet).getRangeByIndexes(body + row, headers.indexOf(header), 1, 1).values = [[value]];
      await context.sync();
    });
  }

  async function cellOfNamed(name: string, header: string): Promise<unknown> {
    const { headers, rows } = await table();
    return rows.find((r) => r[headers.indexOf('Name')] === name)?.[headers.indexOf(header)];
  }

  /** A forecast budget read by its id (those without an addressable external ID cannot be read by it). */
  async function serviceBudget(id: number) {
    for await (const b of colleague().forecastBudgets.items({ ids: [id] })) return b;
    throw new Error(`budget ${id} is not on the service`);
  }

  /** The write requests (not GET, not the token) recorded since the last call. */
  function writesOf(sent: SentRequest[]): () => string[] {
    let taken = 0;
    return () => {
      const writes = sent.slice(taken).filter((r) => r.method !== 'GET' && !r.path.endsWith('/auth/token/'));
      taken = sent.length;
      return writes.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`);
    };
  }

  test('edited, Adopt: one PUT each carries the edit and the new external ID, the service holds both; a later edit goes by PATCH to that ID', async () => {
    const sent: SentRequest[] = [];
    const app = await pane(recordingFetch(sent, {}));
    const takeWrites = writesOf(sent);
    await app.pull('forecastBudgets');
    const cloud = (await cellOfNamed('Cloud-Abo', 'Id')) as number;
    const vat = (await cellOfNamed('Umsatzsteuer', 'Id')) as number;
    const forecast = (await colleague().plans.list()).find((p) => p.type === 'FORECAST')?.id;
    await typeIntoNamed('Cloud-Abo', 'Amount', -15);
    await typeIntoNamed('Umsatzsteuer', 'Description', 'Quarterly, adopted');
    await typeInto('fc-miete', 'Amount', -4600);

    await app.reviewChanges();
    const before = app.snapshot().changes.tables[0];
    expect(before?.adoptable).toEqual([
      { id: vat, name: 'Umsatzsteuer', externalId: `xl-${vat}` },
      { id: cloud, name: 'Cloud-Abo', externalId: `xl-${cloud}` },
    ]);
    takeWrites();

    await app.adoptBudgets('forecastBudgets');
    // What typing the IDs and sending does: each adopted row written whole by its id with its new external ID; the
    // table's other change goes with it by PATCH.
    const writes = takeWrites().sort();
    expect(writes).toHaveLength(3);
    expect(writes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^PATCH /plans/${forecast}/budgets/external/fc-miete/ \\{"amount":"-4600.00"\\}$`)),
        expect.stringMatching(new RegExp(`^PUT /plans/${forecast}/budgets/${cloud}/ .*"external_id":"xl-${cloud}"`)),
        expect.stringMatching(new RegExp(`^PUT /plans/${forecast}/budgets/${vat}/ .*"external_id":"xl-${vat}"`)),
      ]),
    );
    const after = app.snapshot().changes.tables[0];
    expect(after?.result?.counts).toMatchObject({ landed: 3, needsReplace: 0 });
    expect(after?.adoption).toEqual({ adopted: 2, refused: [] });
    expect(after?.pending?.rows).toEqual([]);
    expect(after?.adoptable).toBeUndefined();
    expect(await colleague().forecastBudgets.getByExternalId(`xl-${cloud}`)).toMatchObject({ id: cloud, amount: -15 });
    expect(await colleague().forecastBudgets.getByExternalId(`xl-${vat}`)).toMatchObject({ id: vat, description: 'Quarterly, adopted' });
    expect(await cellOfNamed('Cloud-Abo', 'External Id')).toBe(`xl-${cloud}`);
    expect(await cellOfNamed('Cloud-Abo', 'Push status')).toMatch(/^Sent /);
    expect(await cellOfNamed('Umsatzsteuer', 'External Id')).toBe(`xl-${vat}`);

    // Addressable now: the next edit is a PATCH by the new ID, without any confirmation.
    await typeIntoNamed('Cloud-Abo', 'Amount', -19.9);
    await app.pushChanges('forecastBudgets');
    expect(takeWrites()).toEqual([`PATCH /plans/${forecast}/budgets/external/xl-${cloud}/ {"amount":"-19.90"}`]);
    expect(await colleague().forecastBudgets.getByExternalId(`xl-${cloud}`)).toMatchObject({ amount: -19.9 });
  });

  /** A colleague changes Cloud-Abo's amount on the service; the user's own amount then meets it when Cloud-Abo is adopted. */
  async function adoptInConflict() {
    const app = await pane();
    await app.pull('forecastBudgets');
    const cloud = (await cellOfNamed('Cloud-Abo', 'Id')) as number;
    const forecast = (await colleague().plans.list()).find((p) => p.type === 'FORECAST')?.id ?? 0;
    const budgetOnService = () => serviceBudget(cloud);
    const theirs = await budgetOnService();
    await colleague().planBudgets(forecast).replace(cloud, {
      name: theirs.name,
      category: theirs.category.id,
      settlement_date: theirs.settlement_date,
      amount: '-14.00',
      frequency: 'weekly',
    });
    await typeIntoNamed('Cloud-Abo', 'Amount', -15);

    await app.adoptBudgets('forecastBudgets', new Set([cloud]));
    const row = app.snapshot().changes.tables[0]?.result?.rows.find((r) => r.ref.id === cloud);
    expect(row).toMatchObject({ outcome: 'conflict', conflicts: [{ column: 'Amount', mine: -15, theirs: -14 }] });
    expect(await budgetOnService()).toMatchObject({ amount: -14, external_id: null });
    expect(await cellOfNamed('Cloud-Abo', 'External Id')).toBe(`xl-${cloud}`);
    return { app, cloud, row, budgetOnService };
  }

  test('a row the service changed meanwhile is a conflict, nothing overwritten; "Keep mine" sends it whole without asking again', async () => {
    const { app, cloud, row, budgetOnService } = await adoptInConflict();

    await app.resolveConflict('forecastBudgets', row?.key ?? '', 'mine');
    expect(app.snapshot().changes.tables[0]?.result?.rows.find((r) => r.ref.id === cloud)?.outcome).toBe('landed');
    expect(await budgetOnService()).toMatchObject({ amount: -15, external_id: `xl-${cloud}` });
  });

  test('after an Adopt in conflict, "Take theirs" keeps the service\'s value and still sends the new external ID', async () => {
    const { app, cloud, row, budgetOnService } = await adoptInConflict();

    await app.resolveConflict('forecastBudgets', row?.key ?? '', 'theirs');
    expect(app.snapshot().changes.tables[0]?.result?.rows.find((r) => r.ref.id === cloud)?.outcome).toBe('landed');
    expect(await budgetOnService()).toMatchObject({ amount: -14, external_id: `xl-${cloud}` });
    expect(await cellOfNamed('Cloud-Abo', 'Amount')).toBe(-14);
  });

  test('an ID the user typed after the check stays theirs: that row is refused and said, nothing is sent for it', async () => {
    const app = await pane();
    await app.pull('forecastBudgets');
    const cloud = (await cellOfNamed('Cloud-Abo', 'Id')) as number;
    await typeIntoNamed('Cloud-Abo', 'Amount', -15);
    await app.reviewChanges();
    expect(app.snapshot().changes.tables[0]?.adoptable?.map((r) => r.id)).toEqual([cloud]);
    await typeIntoNamed('Cloud-Abo', 'External Id', 'cloud-2026');

    await app.adoptBudgets('forecastBudgets', new Set([cloud]));
    const after = app.snapshot().changes.tables[0];
    expect(after?.adoption).toEqual({ adopted: 0, refused: [{ id: cloud, name: 'Cloud-Abo', reason: 'externalIdTyped' }] });
    expect(after?.result).toBeUndefined();
    expect(await cellOfNamed('Cloud-Abo', 'External Id')).toBe('cloud-2026');
    expect(await serviceBudget(cloud)).toMatchObject({ amount: -129, external_id: null });
  });
});
