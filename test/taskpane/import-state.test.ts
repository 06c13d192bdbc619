/**
 * The Data view's Import card in the pane's state (#28; Excel simulation, sandbox over HTTP): the Import table added
 * and shown, a statement sent with the progress told, the outcome in words (imported, waiting with their reasons,
 * imported before), and the table's absence said when it was removed.
 */

import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { MemoryKeyValueStorage } from '../../src/sync/connect';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import { AppState } from '../../src/taskpane/state/app-state';

let sim: Installation;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeEach(async () => {
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
  sandbox = await startSandbox({ port: 0, transactions: 20 });
});
afterEach(async () => {
  sim.uninstall();
  await sandbox.close();
});

async function connected(): Promise<AppState> {
  const app = new AppState({
    storage: new MemoryKeyValueStorage(),
    host: excelPaneHost(),
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { sleep: async () => undefined },
  });
  await app.start();
  await app.connectDemo();
  return app;
}

async function paste(lines: (string | number)[][]): Promise<void> {
  await sim.workbook.run(async (context) => {
    const table = context.workbook.tables.getItem('Import');
    const [first, ...rest] = lines.map((l) => [...l, '', '']);
    table.getDataBodyRange().values = [first as (string | number)[]];
    if (rest.length > 0) table.rows.add(undefined, rest);
    await context.sync();
  });
}

test('adds the Import table, sends it with progress, and says what landed and what waits', async () => {
  const app = await connected();
  await app.refreshImport();
  expect(app.snapshot().importing).toMatchObject({ tableExists: false, status: 'idle' });
  await app.addImportTable();
  expect(app.snapshot().importing).toMatchObject({ tableExists: true, status: 'idle', message: { intent: 'info' } });
  await paste([
    ['2025-05-02', -12.5, 'Stamps', 'Post', '', '', 'Kasse'],
    ['2025-05-03', 'a lot', 'Coffee', 'Bar', '', '', 'Kasse'],
    ['2025-05-04', 30, 'Tip', 'Client', '', '', 'Kasse'],
  ]);
  const seen: string[] = [];
  const stop = app.subscribe(() => {
    const { status, progress } = app.snapshot().importing;
    if (status === 'sending' && progress !== undefined) seen.push(`${progress.done}/${progress.total}`);
  });
  const refresh = jest.spyOn(app, 'refreshFunctions');
  await app.sendImport();
  // Transactions were created: the CASHFLOW figures are read again (ACTUALS would show the old sums).
  expect(refresh).toHaveBeenCalledTimes(1);
  stop();
  expect(seen).toContain('2/2');
  expect(app.snapshot().importing.message).toEqual({
    intent: 'warning',
    text: '2 rows imported.',
    notes: ['1 row waits with its reason in the Import status column.'],
  });
  await app.sendImport();
  expect(app.snapshot().importing.message).toEqual({
    intent: 'warning',
    text: '1 row waits with its reason in the Import status column.',
    notes: ['2 rows were imported before and were not sent again.'],
  });
});

test('a workbook without the Import table: the send says to add it', async () => {
  const app = await connected();
  await app.addImportTable();
  await sim.workbook.run(async (context) => {
    context.workbook.tables.getItem('Import').delete();
    await context.sync();
  });
  await app.sendImport();
  expect(app.snapshot().importing).toMatchObject({
    tableExists: false,
    message: { intent: 'error', text: 'The workbook has no Import table: add it first.', notes: [] },
  });
});
