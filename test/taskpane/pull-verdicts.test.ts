/**
 * What a table's card says after a pull the service made hard (issue #25 items 11 and 12), in the user's language:
 * the records that shared an id, not a row count that does not match; a text cut to fit a cell.
 */

import { TokenCache } from '../../src/api';
import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { MemoryKeyValueStorage } from '../../src/sync/connect';
import { CUT_TEXT_MARK } from '../../src/sync/cell-text-limit';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import { AppState } from '../../src/taskpane/state/app-state';
import { de } from '../../src/i18n/catalog';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let sim: Installation;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, transactions: 300 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
});
afterEach(() => {
  sandbox.setFaults({});
  sim.uninstall();
});

async function germanApp(): Promise<AppState> {
  const app = new AppState({
    storage: new MemoryKeyValueStorage(),
    prefix: 'partition|',
    host: excelPaneHost({ maxRows: 500 }),
    environment: { theme: 'light', displayLanguage: 'de-DE', sandboxUrl: sandbox.url },
    client: { tokenCache: new TokenCache(), sleep: async () => undefined },
  });
  await app.start();
  await app.connectDemo();
  return app;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = await fetch(new URL('auth/token/', sandbox.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-company', client_secret: 'demo-secret' }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const response = await fetch(new URL(path.slice(1), sandbox.url), {
    method,
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
}

describe('the card of a pulled table', () => {
  test('records sharing an id: the card names the id and how many records, not a count that does not match', async () => {
    const page = await api<{ results: { id: number }[] }>('GET', '/transactions/extended/?page_size=1000');
    const first = page.results[0]?.id;
    sandbox.setFaults({ duplicateId: { path: '/transactions/extended/', page: 1 } });
    const app = await germanApp();
    await app.pull('transactions');
    const row = app.snapshot().tables.find((t) => t.id === 'transactions');
    expect(row?.outcome?.kind).toBe('done');
    expect(row?.verdict).toEqual({
      complete: false,
      reason: `${de['pane.table.transactions']}: Der Dienst hat auf einer Seite 2 Datensätze mit derselben ID ${first} geschickt; nur der erste davon steht in der Tabelle.`,
    });
  });

  test('a text over the cell limit: the pull lands and the card says which record and column were cut', async () => {
    const accounts = await api<{ accounts: { id: number; status: string }[] }>('GET', '/accounts/');
    const offline = accounts.accounts.find((a) => a.status === 'OFFLINE')?.id;
    const created = await api<{ id: number }>('POST', `/accounts/${offline}/transactions/`, {
      value_date: '2024-03-01',
      amount: -5,
      purpose: 'z'.repeat(40_000),
    });
    const app = await germanApp();
    await app.pull('transactions');
    const row = app.snapshot().tables.find((t) => t.id === 'transactions');
    expect(row?.outcome?.kind).toBe('done');
    expect(row?.verdict?.reason).toBe(
      `${de['pane.table.transactions']}: Der Text in Spalte Purpose von Datensatz ${created.id} ist länger, als eine Excel-Zelle fasst (32.767 Zeichen); die Zelle zeigt seinen Anfang, endend mit ${CUT_TEXT_MARK}.`,
    );
  });
});
