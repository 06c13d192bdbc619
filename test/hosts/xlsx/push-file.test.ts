/**
 * A push on a workbook file (#27): budgets pulled from the sandbox into a file by the xlsx host, the file saved and
 * re-opened, cells edited, `pushBudgets` run with the xlsx push sheet and stores, the file saved and re-opened again:
 * the rows' status, the look of their cells, the new baseline, the journal entry and the service agree. A row the
 * service refuses keeps the user's edit, says why, and stays amber.
 */

import type { Cell } from 'exceljs';
import { CashflowClient, TokenCache } from '../../../src/api';
import { newXlsxDocument, xlsxHost, type XlsxDocument, type XlsxHost } from '../../../src/hosts/xlsx';
import { findTable } from '../../../src/hosts/xlsx/exceljs-table';
import { addBodyRows, deleteBodyRows } from '../../../src/hosts/xlsx/table-body-rows';
import { createPuller } from '../../../src/sync/pull';
import { pushBudgets, undoLastPush, type PushChoices, type PushResult } from '../../../src/sync/push';
import { CHANGED_FILL, INPUT_FILL } from '../../../src/sync/push/input-style-colours';
import { STATUS_HEADER } from '../../../src/sync/push/push-status-column';
import { FORECAST_BUDGETS_TABLE } from '../../../src/sync/tables';
import { startService, type Sandbox } from '../../sync/pull/support';
import { throughFile } from './xlsx-setup';

let sandbox: Sandbox;
let client: CashflowClient;
/** PATCHes of budgets whose path holds this text are refused by "the service" with a validation error. */
let refuse: string | undefined;

beforeAll(async () => {
  sandbox = await startService({ transactions: 20 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  refuse = undefined;
  const refusing: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (refuse !== undefined && request.method === 'PATCH' && decodeURIComponent(request.url).includes(refuse)) {
      return Response.json({ amount: ['Ensure that there are no more than 12 digits in total.'] }, { status: 400 });
    }
    return fetch(request);
  };
  client = new CashflowClient({
    baseUrl: sandbox.url,
    clientId: sandbox.credentials.company.clientId,
    clientSecret: sandbox.credentials.company.clientSecret,
    language: 'en',
    fetch: refusing,
    tokenCache: new TokenCache(),
    timeoutMs: 10_000,
    sleep: async () => undefined,
  });
});

/** The file saved and opened again; the settings travel with it (their part is written by the file's web-extension code). */
async function reopen(doc: XlsxDocument): Promise<XlsxHost> {
  const reopened = newXlsxDocument(await throughFile(doc.workbook));
  for (const [key, value] of doc.settings) reopened.settings.set(key, value);
  return xlsxHost(reopened);
}

async function pulledFile(): Promise<XlsxHost> {
  const host = xlsxHost(newXlsxDocument());
  await createPuller({ client, port: host.port, store: host.pullStates, baselines: host.baselines }).pull({ resource: 'forecastBudgets' });
  await host.push.styleInputs(FORECAST_BUDGETS_TABLE);
  return reopen(host.doc);
}

async function push(host: XlsxHost, choices: PushChoices = {}): Promise<PushResult> {
  const state = await host.pullStates.get(FORECAST_BUDGETS_TABLE.tableName);
  return pushBudgets(
    FORECAST_BUDGETS_TABLE,
    { kind: 'forecast' },
    {
      client,
      sheet: host.push.sheet,
      baselines: host.baselines,
      journal: host.push.journal,
      language: 'en',
      baselineState: state?.baseline,
      choices,
      sleep: async () => undefined,
    },
  );
}

/** The cell of the row with this external ID under this header. */
function cellOf(host: XlsxHost, externalId: string, header: string): Cell {
  const table = findTable(host.doc.workbook, FORECAST_BUDGETS_TABLE.tableName);
  if (table === null) throw new Error('no table');
  const headers = table.model.columns.map((c) => c.name);
  const at = (r: number, h: string) => table.sheet.getCell(table.headerRow + 1 + r, table.column + headers.indexOf(h));
  const row = Array.from({ length: table.bodyRows }, (_, r) => r).find((r) => at(r, 'External Id').value === externalId);
  if (row === undefined || !headers.includes(header)) throw new Error(`no ${header} for ${externalId}`);
  return at(row, header);
}

const fillOf = (cell: Cell): string | undefined => (cell.fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb;

async function serviceBudget(externalId: string) {
  for await (const b of client.forecastBudgets.items({}, { pageSize: 1000 })) if (b.external_id === externalId) return b;
  return undefined;
}

test('an edited amount is sent from the file: status, input look, baseline, journal and service agree after a re-open', async () => {
  const pulled = await pulledFile();
  expect(fillOf(cellOf(pulled, 'fc-miete', 'Amount'))).toBe(`FF${INPUT_FILL.slice(1)}`);
  const before = cellOf(pulled, 'fc-miete', 'Amount').value;
  cellOf(pulled, 'fc-miete', 'Amount').value = -4600;

  const result = await push(pulled);
  expect(result.rows.map((r) => [r.ref.externalId, r.outcome])).toEqual([['fc-miete', 'landed']]);
  const file = await reopen(pulled.doc);

  expect(
    findTable(file.doc.workbook, 'ForecastBudgets')
      ?.model.columns.map((c) => c.name)
      .at(-1),
  ).toBe(STATUS_HEADER);
  expect(cellOf(file, 'fc-miete', 'Push status').value).toMatch(/^Sent /);
  expect(cellOf(file, 'fc-miete', 'Amount').value).toBe(-4600);
  expect(fillOf(cellOf(file, 'fc-miete', 'Amount'))).toBe(`FF${INPUT_FILL.slice(1)}`);
  expect((await serviceBudget('fc-miete'))?.amount).toBe(-4600);
  const baseline = await file.baselines.read('ForecastBudgets');
  expect(baseline?.find((r) => r.externalId === 'fc-miete')?.fields).toMatchObject({ amount: -4600 });
  const [entry] = await file.push.journal.list();
  expect(entry?.rows).toEqual([
    expect.objectContaining({
      op: 'patch',
      externalId: 'fc-miete',
      outcome: 'landed',
      before: expect.objectContaining({ amount: before }),
    }),
  ]);
  // Nothing left to send: the file's baseline is what the service holds.
  expect((await push(file)).rows).toEqual([]);
});

test('a row the service refuses keeps the edit, says why on the row and stays amber; a fixed value is sent next time', async () => {
  const file = await pulledFile();
  const pulled = cellOf(file, 'fc-sozial', 'Amount').value;
  cellOf(file, 'fc-sozial', 'Amount').value = -123_456;
  cellOf(file, 'fc-miete', 'Name').value = 'Miete Büro (neu)';
  refuse = 'fc-sozial';

  const result = await push(file);
  expect(result.rows.map((r) => [r.ref.externalId, r.outcome]).sort()).toEqual([
    ['fc-miete', 'landed'],
    ['fc-sozial', 'failed'],
  ]);
  const reopened = await reopen(file.doc);
  expect(cellOf(reopened, 'fc-sozial', 'Amount').value).toBe(-123_456);
  expect(cellOf(reopened, 'fc-sozial', 'Push status').value).toBe(
    'Not sent: Amount: Ensure that there are no more than 12 digits in total.',
  );
  expect(fillOf(cellOf(reopened, 'fc-sozial', 'Amount'))).toBe(`FF${CHANGED_FILL.slice(1)}`);
  expect((await serviceBudget('fc-sozial'))?.amount).toBe(pulled);
  expect((await reopened.baselines.read('ForecastBudgets'))?.find((r) => r.externalId === 'fc-sozial')?.fields).toMatchObject({
    amount: pulled,
  });
  expect((await reopened.push.journal.list())[0]?.rows.find((r) => r.externalId === 'fc-sozial')).toMatchObject({ outcome: 'failed' });

  refuse = undefined;
  const again = await push(reopened);
  expect(again.rows.map((r) => [r.ref.externalId, r.outcome])).toEqual([['fc-sozial', 'landed']]);
  expect(cellOf(reopened, 'fc-sozial', 'Push status').value).toMatch(/^Sent /);
  expect(fillOf(cellOf(reopened, 'fc-sozial', 'Amount'))).toBe(`FF${INPUT_FILL.slice(1)}`);
});

/** The external IDs of the table's rows, in order. */
function externalIds(host: XlsxHost): unknown[] {
  const table = findTable(host.doc.workbook, 'ForecastBudgets');
  if (table === null) throw new Error('no table');
  const column = table.model.columns.findIndex((c) => c.name === 'External Id');
  return Array.from({ length: table.bodyRows }, (_, r) => table.sheet.getCell(table.headerRow + 1 + r, table.column + column).value);
}

test('a row deleted and a row added in the file are sent; undo removes the created row and adds the deleted one back', async () => {
  const file = await pulledFile();
  const table = findTable(file.doc.workbook, 'ForecastBudgets');
  if (table === null) throw new Error('no table');
  const headers = table.model.columns.map((c) => c.name);
  const category = cellOf(file, 'fc-miete', 'Category Id').value;
  const count = table.bodyRows;
  // The user's edits: one row deleted, one typed under the table (the table grown over it).
  deleteBodyRows(table, [externalIds(file).indexOf('fc-sozial')]);
  const added = addBodyRows(table, 1);
  const typed: Record<string, unknown> = {
    'External Id': 'typed-in-file',
    Name: 'Typed in a file',
    'Category Id': category,
    'Settlement date': 46_538,
    Amount: -750,
  };
  headers.forEach((h, c) => {
    if (typed[h] !== undefined) table.sheet.getCell(table.headerRow + 1 + added, table.column + c).value = typed[h] as number;
  });

  const sent = await push(file, { deletes: true });
  expect(sent.rows.map((r) => [r.ref.externalId, r.outcome]).sort()).toEqual([
    ['fc-sozial', 'landed'],
    ['typed-in-file', 'landed'],
  ]);
  expect(cellOf(file, 'typed-in-file', 'Id').value).toBe((await serviceBudget('typed-in-file'))?.id);
  expect(await serviceBudget('fc-sozial')).toBeUndefined();

  const reopened = await reopen(file.doc);
  const undone = await undoLastPush(
    FORECAST_BUDGETS_TABLE,
    { kind: 'forecast' },
    {
      client,
      sheet: reopened.push.sheet,
      baselines: reopened.baselines,
      journal: reopened.push.journal,
      language: 'en',
      sleep: async () => undefined,
    },
  );
  expect(undone.rows.map((r) => [r.externalId, r.outcome]).sort()).toEqual([
    ['fc-sozial', 'restored'],
    ['typed-in-file', 'restored'],
  ]);
  const after = await reopen(reopened.doc);
  expect(externalIds(after)).not.toContain('typed-in-file');
  expect(externalIds(after)).toContain('fc-sozial');
  expect(externalIds(after)).toHaveLength(count);
  expect(findTable(after.doc.workbook, 'ForecastBudgets')?.bodyRows).toBe(count);
  expect(await serviceBudget('typed-in-file')).toBeUndefined();
  expect((await serviceBudget('fc-sozial'))?.id).toBe(cellOf(after, 'fc-sozial', 'Id').value);
  expect((await push(after)).rows).toEqual([]);
});
