/**
 * The Data view's "Analyse" in the pane's state (#31; Excel simulation, sandbox over HTTP): before Transactions is
 * pulled it says to load them first and builds nothing; after the pull it builds the Analysis sheet with the balance
 * horizons in the pane's language and says how many categories and months; a second click refreshes it.
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
  sandbox = await startSandbox({ port: 0, transactions: 30 });
});
afterEach(async () => {
  sim.uninstall();
  await sandbox.close();
});

async function connected(displayLanguage: string): Promise<AppState> {
  const app = new AppState({
    storage: new MemoryKeyValueStorage(),
    host: excelPaneHost(),
    environment: { theme: 'light', displayLanguage, sandboxUrl: sandbox.url },
    client: { sleep: async () => undefined },
  });
  await app.start();
  await app.connectDemo();
  return app;
}

test('says to load Transactions first, then builds the sheet in the pane language and refreshes it on the next click', async () => {
  const app = await connected('de-DE');
  expect(app.snapshot().analysis).toEqual({ status: 'idle' });
  await app.analyse();
  expect(app.snapshot().analysis).toEqual({ status: 'failed', message: expect.stringMatching(/^Bitte zuerst die Umsätze laden/) });
  expect(sim.workbook.sheetNames()).not.toContain('Analysis');

  await app.pull('transactions');
  await app.analyse();
  expect(app.snapshot().analysis).toMatchObject({
    status: 'done',
    message: expect.stringMatching(/^Das Blatt Analysis ist fertig: \d+ Kategorien über \d+ Monate\.$/),
  });
  expect(sim.workbook.values('Analysis', 'A4:A6').map((l) => l[0])).toEqual(['Zeitpunkt', 'Heute', expect.any(String)]);
  expect(sim.workbook.pivots('Analysis')).toHaveLength(1);

  await app.analyse();
  expect(app.snapshot().analysis).toMatchObject({ status: 'done', message: expect.stringMatching(/^Das Blatt Analysis ist aktuell/) });
  expect(sim.workbook.pivots()).toHaveLength(1);
});
