/**
 * Refresh on open (#31) in the pane's state (Excel simulation, sandbox over HTTP): the workbook's document setting set
 * from the pane; a pane started later in that workbook with the profile remembered refreshes the tables last pulled
 * more than an hour before (a transaction the service gained is in the table), and says so; a table pulled just now is
 * left alone; a failing service is said with the table's name and the reason; with the setting off nothing is pulled.
 */

import { createClient } from '../../src/api';
import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { MemoryKeyValueStorage } from '../../src/sync/connect';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import { AppState } from '../../src/taskpane/state/app-state';
import { staleTables } from '../../src/taskpane/state/stale-tables';
import type { TableRow } from '../../src/taskpane/state/app-snapshot';

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

const HOUR = 60 * 60 * 1000;
let storage = new MemoryKeyValueStorage();
let clock = 0;
beforeEach(() => {
  storage = new MemoryKeyValueStorage();
  transactionsDown = false;
  clock = Date.parse('2026-03-02T08:00:00Z');
});

/** The service's transactions refuse every request while set (the network failing under that path). */
let transactionsDown = false;
const fetchThrough: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (transactionsDown && url.includes('/transactions/')) return Promise.reject(new TypeError('Failed to fetch'));
  return fetch(input, init);
};

function pane(): AppState {
  return new AppState({
    storage,
    host: excelPaneHost(),
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { sleep: async () => undefined, fetch: fetchThrough },
    now: () => clock,
  });
}

async function addTransaction(): Promise<void> {
  const { clientId, clientSecret } = sandbox.credentials.company;
  const client = createClient({ baseUrl: sandbox.url, clientId, clientSecret, language: 'en', sleep: async () => undefined });
  const { accounts } = await client.accounts.summary();
  const offline = accounts.find((a) => a.status === 'OFFLINE' && a.bank.open_banking_connection_id === null);
  if (offline === undefined) throw new Error('no offline account');
  await client.accounts.createTransactions(offline.id, [{ value_date: '2026-03-01', amount: '-42.00', purpose: 'Added later' }]);
}

function transactionRows(): number {
  return sim.workbook.tableLayouts().find((t) => t.name === 'Transactions')?.dataRowCount ?? 0;
}

test('on: a later start refreshes the stale table in the background and says so; off or fresh: nothing pulled', async () => {
  const first = pane();
  await first.start();
  await first.connectDemo();
  await first.pull('transactions');
  const pulled = transactionRows();
  expect(first.snapshot().refreshOnOpen).toEqual({ on: false, status: 'idle' });
  await first.setRefreshOnOpen(true);
  expect(sim.workbook.settings()['cashflow.refreshOnOpen']).toBe('true');

  // Opened again 30 minutes later: the table is fresh, nothing is pulled.
  await addTransaction();
  clock += HOUR / 2;
  const soon = pane();
  await soon.start();
  await soon.openRefreshSettled();
  expect(soon.snapshot().refreshOnOpen).toEqual({ on: true, status: 'idle' });
  expect(transactionRows()).toBe(pulled);

  // Opened the next day: refreshed in the background, the new transaction in the table.
  clock += 24 * HOUR;
  const later = pane();
  await later.start();
  expect(later.snapshot().connection.status).toBe('connected');
  await later.openRefreshSettled();
  expect(later.snapshot().refreshOnOpen).toEqual({ on: true, status: 'done', message: 'Refreshed on open: Transactions.' });
  expect(transactionRows()).toBe(pulled + 1);

  // Off again: the next start pulls nothing.
  await later.setRefreshOnOpen(false);
  await addTransaction();
  clock += 24 * HOUR;
  const off = pane();
  await off.start();
  await off.openRefreshSettled();
  expect(off.snapshot().refreshOnOpen).toEqual({ on: false, status: 'idle' });
  expect(transactionRows()).toBe(pulled + 1);
});

test('a failure says which table and why', async () => {
  const first = pane();
  await first.start();
  await first.connectDemo();
  await first.pull('transactions');
  await first.setRefreshOnOpen(true);
  clock += 2 * HOUR;
  const later = pane();
  transactionsDown = true;
  await later.start();
  await later.openRefreshSettled();
  const view = later.snapshot().refreshOnOpen;
  expect(view?.status).toBe('failed');
  expect(view?.message).toMatch(
    /^Refresh on open did not complete\. Transactions could not be loaded: .+ The previous Transactions table is unchanged\./,
  );
});

test('stale tables: pulled more than an hour before, never-pulled ones not', () => {
  const row = (id: string, lastPullAt?: string): TableRow =>
    ({ id, ...(lastPullAt === undefined ? {} : { pulled: { lastPullAt } }) }) as unknown as TableRow;
  const rows = [row('a', '2026-03-02T06:59:00Z'), row('b', '2026-03-02T07:30:00Z'), row('c')];
  expect(staleTables(rows, '2026-03-02T08:00:00Z').map((r) => r.id)).toEqual(['a']);
});

test('the plan grid is built again on open; one with figures waiting to be sent is left as it is, and said', async () => {
  const first = pane();
  await first.start();
  await first.connectDemo();
  first.choosePlanGrid({ from: '2026-03', months: 6 });
  await first.buildPlanGrid();
  await first.setRefreshOnOpen(true);
  // A leaf whose April takes a figure (the input fill), and its category id from the grid's layout.
  let row = -1;
  for (let r = 3; r < 80 && row < 0; r += 1) if (sim.workbook.cellColors('Plan', r, 2).fill === '#EEF4FB') row = r;
  const layout = JSON.parse(String(sim.workbook.settings()['cashflow.grid.PlanGrid'])) as { rows: { categoryId: number }[] };
  const category = layout.rows[row - 3]?.categoryId ?? -1;
  const april = (): unknown => sim.workbook.values('Plan', `C${row + 1}`)[0]?.[0];
  const before = Number(april());

  const { clientId, clientSecret } = sandbox.credentials.company;
  const other = createClient({ baseUrl: sandbox.url, clientId, clientSecret, language: 'en', sleep: async () => undefined });
  await other.forecastBudgets.create({ name: 'Added later', category, settlement_date: '2026-04-15', amount: -777 });
  clock += 2 * HOUR;
  const later = pane();
  await later.start();
  await later.openRefreshSettled();
  expect(later.snapshot().refreshOnOpen).toEqual({ on: true, status: 'done', message: 'Refreshed on open: the plan grid (Forecast).' });
  expect(april()).toBeCloseTo(before - 777, 2);

  sim.workbook.typeIntoCell('Plan', row, 2, '-5');
  clock += 2 * HOUR;
  const third = pane();
  await third.start();
  await third.openRefreshSettled();
  expect(third.snapshot().refreshOnOpen).toEqual({
    on: true,
    status: 'failed',
    message:
      'Refresh on open did not complete. Figures typed into the plan grid (Forecast) wait to be sent: it was left as it is. Send them, or rename its sheet to set them aside and build the grid again.',
  });
  expect(april()).toBe(-5);
});
