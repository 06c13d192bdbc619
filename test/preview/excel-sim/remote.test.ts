/**
 * The remote Excel (src/preview/excel-sim/remote): the Excel host's pull operations through a client in this process
 * and the simulated workbook in a child process give exactly what they give on the simulation installed in process:
 * the same results and errors (code, message, debugInfo), the same workbook afterwards (snapshots compared), the same
 * syncs (request bytes, actions, refusals).
 */

import { readSetting, writeSetting } from '../../../src/hosts/excel/document-setting';
import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { createSimulatedWorkbook, installExcelSimulation, type SimulatedWorkbook } from '../../../src/preview/excel-sim';
import type { SyncRecord } from '../../../src/preview/excel-sim/batch/payload';
import { startRemoteExcel, type RemoteExcel } from '../../../src/preview/excel-sim/remote/node-remote-excel';
import { FORECAST_BUDGETS_TABLE, tableSpec } from '../../../src/sync/tables';
import type { TableSpec } from '../../../src/sync/workbook-port';
import { budgets } from '../../hosts/excel/budget-sheet';
import { TRANSACTIONS, transaction, transactions } from '../../hosts/excel/sim-setup';

const OPTIONS = { platform: 'web' as const, sheets: ['Data', 'Summary'] };

let remote: RemoteExcel;
let local: SimulatedWorkbook;

beforeAll(async () => {
  remote = await startRemoteExcel({ workbook: OPTIONS });
  local = createSimulatedWorkbook(OPTIONS);
});
afterAll(async () => {
  await remote.close();
});

type Outcome = { value: unknown } | { error: Record<string, unknown> };

/** Runs a step with the globals of one side installed; its value or its error as plain data. */
async function outcome(install: () => { uninstall(): void }, step: () => Promise<unknown>): Promise<Outcome> {
  const { uninstall } = install();
  try {
    return { value: await step() };
  } catch (error) {
    const e = error as { name?: string; code?: string; message?: string; debugInfo?: unknown; constructor: { name: string } };
    return { error: { type: e.constructor.name, name: e.name, code: e.code, message: e.message, debugInfo: e.debugInfo } };
  } finally {
    uninstall();
  }
}

/** A sync's record without its times (the simulation's own clock). */
const syncShape = ({ executeMs: _e, startedAt: _s, ...rest }: SyncRecord): Omit<SyncRecord, 'executeMs' | 'startedAt'> => rest;

/** The step in process, then remotely: the same outcome, the same workbook, the same syncs. */
async function same(step: () => Promise<unknown>): Promise<Outcome> {
  const before = local.stats.syncs.length;
  const inProcess = await outcome(() => installExcelSimulation(globalThis, local), step);
  const remoteBefore = (await remote.stats()).syncs.length;
  const viaRemote = await outcome(() => remote.install(globalThis), step);
  expect(viaRemote).toEqual(inProcess);
  expect(await remote.snapshot()).toEqual(local.snapshot());
  expect((await remote.stats()).syncs.slice(remoteBefore).map(syncShape)).toEqual(local.stats.syncs.slice(before).map(syncShape));
  return inProcess;
}

const ids = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

describe('the remote Excel gives what the simulation gives in process', () => {
  it('writes a table of 3,000 rows, a user column is kept through a refresh, reads it back and patches it', async () => {
    const port = new ExcelWorkbookPort({ maxRows: 1_000 });
    const written = await same(() => port.writeTable(TRANSACTIONS, transactions(ids(1, 3_000))));
    expect(written).toMatchObject({ value: { rowsWritten: 3_000, created: true } });
    await same(() =>
      Excel.run(async (context) => {
        const table = context.workbook.tables.getItem('Transactions');
        table.columns.add(undefined, [['Note'], ...ids(1, 3_000).map((id) => [`note ${id}`])]);
        await context.sync();
      }),
    );
    const refresh = transactions(ids(1, 3_100)).map((t) => (t.id % 7 === 0 ? { ...t, purpose: `changed ${t.id}` } : t));
    const refreshed = await same(() => port.writeTable(TRANSACTIONS, refresh));
    expect(refreshed).toMatchObject({ value: { rowsWritten: 3_100, userColumns: ['Note'] } });
    const read = await same(() => port.readTable('Transactions', TRANSACTIONS.columns));
    expect((read as { value: { rows: unknown[] } }).value.rows).toHaveLength(3_100);
    await same(() => port.readColumns('Transactions', TRANSACTIONS.columns.slice(0, 2)));
    const patched = await same(() =>
      port.patchTable(TRANSACTIONS, {
        replace: [{ at: 2, row: { ...transaction(3), purpose: 'patched' } }],
        insert: [{ before: 10, rows: [transaction(10_001), transaction(10_002)] }],
      }),
    );
    expect(patched).toMatchObject({ value: { rowsWritten: 3 } });
    await same(() => port.writeStamp('Transactions', { text: 'Pulled 3,102 rows' }));
  });

  it('a budgets table with in-cell lists on its code columns, fitted widths; document settings written and read', async () => {
    const written = await same(() =>
      new ExcelWorkbookPort().writeTable(tableSpec(FORECAST_BUDGETS_TABLE, { language: 'de' }), budgets(ids(1, 300))),
    );
    expect(written).toMatchObject({ value: { rowsWritten: 300, created: true } });
    await same(() => writeSetting('cashflow.test', JSON.stringify({ rows: 300, note: 'ä € 𝄞' })));
    const read = await same(() => readSetting('cashflow.test'));
    expect(read).toEqual({ value: JSON.stringify({ rows: 300, note: 'ä € 𝄞' }) });
    expect(await same(() => readSetting('cashflow.none'))).toEqual({ value: null });
  });

  it('a request over 5 MB is refused and halved alike', async () => {
    const big: TableSpec = { ...TRANSACTIONS, tableName: 'Big', sheetName: 'Summary' };
    const port = new ExcelWorkbookPort({ budgetBytes: 50_000_000, maxRows: 20_000 });
    const rows = transactions(ids(1, 3_000)).map((t) => ({ ...t, purpose: `${t.id} ${'x'.repeat(2_000)}` }));
    await same(() => port.writeTable(big, rows));
    const refused = (await remote.stats()).failedSyncs.map((s) => s.errorCode);
    expect(refused).toContain('RequestPayloadSizeLimitExceeded');
  });

  it("a missing table's error, a null object, an unknown item's error with its debugInfo, a ClientResult", async () => {
    const port = new ExcelWorkbookPort();
    const missing = await same(() => port.readTable('Nowhere', TRANSACTIONS.columns));
    expect(missing).toMatchObject({ error: { type: 'TableNotFoundError' } });
    const nulls = await same(() =>
      Excel.run(async (context) => {
        const table = context.workbook.tables.getItemOrNullObject('Nowhere');
        const sheet = context.workbook.worksheets.getItemOrNullObject('Data');
        sheet.load('name, position');
        const count = context.workbook.worksheets.getCount();
        const tables = context.workbook.tables.load('items/name, items/worksheet/name');
        await context.sync();
        return {
          table: table.isNullObject,
          sheet: [sheet.isNullObject, sheet.name, sheet.position],
          count: count.value,
          tables: JSON.parse(JSON.stringify(tables)) as unknown,
        };
      }),
    );
    expect(nulls).toMatchObject({
      value: {
        table: true,
        sheet: [false, 'Data', 0],
        count: 3, // Data, Summary and the budgets' sheet
        tables: {
          items: [
            { name: 'Transactions', worksheet: { name: 'Data' } },
            { name: FORECAST_BUDGETS_TABLE.tableName, worksheet: { name: FORECAST_BUDGETS_TABLE.sheetName } },
            { name: 'Big', worksheet: { name: 'Summary' } },
          ],
        },
      },
    });
    const notFound = await same(() =>
      Excel.run(async (context) => {
        context.workbook.worksheets.getItem('Data').getRange('A1').values = [['x']];
        context.workbook.worksheets.getItem('Nope').getRange('A1').load('values');
        await context.sync();
      }),
    );
    expect(notFound).toMatchObject({
      error: { type: 'SimError', code: 'ItemNotFound', debugInfo: { errorLocation: 'WorksheetCollection.getItem' } },
    });
  });
});
