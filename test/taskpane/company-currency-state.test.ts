/**
 * Settings › Company currency in the pane's state (#26; Excel simulation, sandbox over HTTP): inferred from the
 * accounts ("From the accounts (EUR)"), the accounts' currencies to choose from, a choice kept per connection profile
 * on this computer, hostile input refused, and what the tables show after the next load.
 */

import { TokenCache } from '../../src/api';
import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { MemoryKeyValueStorage } from '../../src/sync/connect';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import { AppState } from '../../src/taskpane/state/app-state';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let sim: Installation;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, transactions: 400 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
});
afterEach(() => sim.uninstall());

function makeApp(storage: MemoryKeyValueStorage): AppState {
  return new AppState({
    storage,
    prefix: 'p|',
    host: excelPaneHost(),
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { tokenCache: new TokenCache(), sleep: async () => undefined },
  });
}

/** The number formats of a column of the Transactions table's data rows. */
function formatsOf(header: string): string[] {
  const layout = sim.workbook.tableLayouts().find((t) => t.name === 'Transactions');
  if (layout === undefined) throw new Error('no Transactions table');
  const column = layout.column + layout.columnNames.indexOf(header);
  return sim.workbook
    .numberFormats(layout.sheet)
    .slice(layout.row + 1, layout.row + 1 + layout.dataRowCount)
    .map((r) => r[column] ?? '');
}

test("inferred from the accounts, the accounts' currencies to choose from; a choice is kept per profile and refused when not a currency", async () => {
  const storage = new MemoryKeyValueStorage();
  const app = makeApp(storage);
  await app.start();
  await app.connectDemo();
  const demoId = app.snapshot().companyCurrency?.profileId ?? '';
  expect(app.snapshot().companyCurrency).toEqual({ profileId: demoId, inferred: 'EUR', choices: ['CHF', 'EUR'] });

  expect(app.setCompanyCurrency('EUR";@')).toBe(false);
  expect(app.setCompanyCurrency('=1+1')).toBe(false);
  expect(app.snapshot().companyCurrency?.chosen).toBeUndefined();
  expect(app.setCompanyCurrency(' chf ')).toBe(true);
  expect(app.snapshot().companyCurrency).toMatchObject({ chosen: 'CHF', inferred: 'EUR' });

  // Another profile (the same company under another name) has its own: none chosen.
  const credentials = sandbox.credentials.company;
  await app.saveProfile({
    name: 'Second',
    baseUrl: sandbox.url,
    clientId: credentials.clientId,
    secret: credentials.clientSecret,
    kind: 'company',
    remember: true,
  });
  expect(app.snapshot().companyCurrency?.profileId).not.toBe(demoId);
  expect(app.snapshot().companyCurrency?.chosen).toBeUndefined();

  // The demo's choice is kept on this computer.
  const again = makeApp(storage);
  await again.start();
  await again.connectDemo();
  expect(again.snapshot().companyCurrency).toMatchObject({ profileId: demoId, chosen: 'CHF', inferred: 'EUR' });
  expect(again.setCompanyCurrency(undefined)).toBe(true);
  expect(again.snapshot().companyCurrency).toEqual({ profileId: demoId, inferred: 'EUR', choices: ['CHF', 'EUR'] });
});

test("the tables show the chosen currency at their next load: Reporting amount in the company's, Amount in each account's", async () => {
  const app = makeApp(new MemoryKeyValueStorage());
  await app.start();
  await app.connectDemo();
  await app.pull('transactions');
  expect(new Set(formatsOf('Reporting amount'))).toEqual(new Set(['#,##0.00 [$EUR]']));
  expect(new Set(formatsOf('Amount'))).toEqual(new Set(['#,##0.00 [$EUR]', '#,##0.00 [$CHF]']));

  app.setCompanyCurrency('USD');
  await app.pull('transactions');
  expect(new Set(formatsOf('Reporting amount'))).toEqual(new Set(['#,##0.00 [$USD]']));
  expect(new Set(formatsOf('Amount'))).toEqual(new Set(['#,##0.00 [$EUR]', '#,##0.00 [$CHF]']));
});
