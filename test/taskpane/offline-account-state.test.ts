/**
 * "New offline account…" in the pane's state (#28; Excel simulation, sandbox over HTTP): the form checked before
 * any request, a new account said as created and offered as a table to load, the same IBAN and currency said as
 * existing, the Accounts table refreshed when the workbook holds it, the edition's limit (403) and the service's
 * field errors (400) shown where they belong.
 */

import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox, type SandboxOptions } from '../../src/sandbox';
import { emptyOfflineAccountForm, type OfflineAccountForm } from '../../src/sync/accounts';
import { MemoryKeyValueStorage } from '../../src/sync/connect';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import { AppState } from '../../src/taskpane/state/app-state';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sim: Installation;
const sandboxes: Sandbox[] = [];
beforeEach(() => {
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
});
afterEach(async () => {
  sim.uninstall();
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

async function connected(options: SandboxOptions = {}, displayLanguage = 'en-US'): Promise<{ app: AppState; sandbox: Sandbox }> {
  const sandbox = await startSandbox({ port: 0, transactions: 20, ...options });
  sandboxes.push(sandbox);
  const app = new AppState({
    storage: new MemoryKeyValueStorage(),
    host: excelPaneHost(),
    environment: { theme: 'light', displayLanguage, sandboxUrl: sandbox.url },
    client: { sleep: async () => undefined },
  });
  await app.start();
  await app.connectDemo();
  return { app, sandbox };
}

function form(fields: Partial<OfflineAccountForm>): OfflineAccountForm {
  return { ...emptyOfflineAccountForm('EUR'), name: 'Cash box', bankName: 'Cash', iban: 'DE89 3704 0044 0532 0130 00', ...fields };
}

/** The IBAN column of the workbook's Accounts table. */
async function ibansInWorkbook(): Promise<string[]> {
  return Excel.run(async (context) => {
    const range = context.workbook.tables.getItem('Accounts').columns.getItem('IBAN').getDataBodyRange().load('values');
    await context.sync();
    return range.values.map((row) => String(row[0]));
  });
}

async function accountCount(sandbox: Sandbox): Promise<number> {
  const response = await fetch(`${sandbox.url}/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: sandbox.credentials.company.clientId,
      client_secret: sandbox.credentials.company.clientSecret,
    }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  const summary = (await (await fetch(`${sandbox.url}/accounts/`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    accounts: unknown[];
  };
  return summary.accounts.length;
}

test('opens with the company currency; a form with problems names each on its field and sends nothing', async () => {
  const { app, sandbox } = await connected();
  const before = await accountCount(sandbox);
  app.openOfflineAccount();
  expect(app.snapshot().offlineAccount).toMatchObject({ open: true, status: 'editing', initial: { currency: 'EUR', iban: '' } });
  await app.createOfflineAccount(form({ iban: 'DE89 3704 0044 0532 0130 01', balance: '1.234,56' }));
  expect(app.snapshot().offlineAccount).toMatchObject({
    status: 'editing',
    problems: { iban: expect.stringContaining('check digits'), balance: 'Enter an amount like -1,234.56.' },
  });
  expect(app.snapshot().offlineAccount.message).toBeUndefined();
  expect(await accountCount(sandbox)).toBe(before);
});

test('created, then the Accounts table offered and loaded; the same IBAN and currency again: the existing account, said so', async () => {
  const { app, sandbox } = await connected();
  const before = await accountCount(sandbox);
  app.openOfflineAccount();
  await app.createOfflineAccount(form({ balance: '1,234.50' }));
  const created = app.snapshot().offlineAccount;
  expect(created).toMatchObject({
    status: 'done',
    offerLoad: true,
    account: { kind: 'created', label: 'Cash box (DE89 3704 0044 0532 0130 00, EUR)' },
    message: { intent: 'success', text: 'Created account Cash box (DE89 3704 0044 0532 0130 00, EUR).', notes: [] },
  });
  expect(app.snapshot().filterOptions?.accounts).toContainEqual({ id: created.account?.id, name: 'Cash box' });
  expect(await accountCount(sandbox)).toBe(before + 1);

  await app.loadAccountsTable();
  expect(app.snapshot().offlineAccount.offerLoad).toBe(false);
  expect(await ibansInWorkbook()).toContain('DE89370400440532013000');

  app.openOfflineAccount();
  await app.createOfflineAccount(form({ name: 'Typed again', iban: 'de89370400440532013000' }));
  expect(app.snapshot().offlineAccount).toMatchObject({
    status: 'done',
    offerLoad: false,
    account: { kind: 'existing', id: created.account?.id },
    message: {
      intent: 'info',
      text: 'An account with this IBAN and currency exists already: Cash box (DE89 3704 0044 0532 0130 00, EUR). Nothing was created.',
    },
  });
  expect(await accountCount(sandbox)).toBe(before + 1);
});

test('with the Accounts table in the workbook, a new account is in it once the create is done', async () => {
  const { app } = await connected();
  await app.pull('accounts');
  expect(await ibansInWorkbook()).not.toContain('CH9300762011623852957');
  app.openOfflineAccount();
  await app.createOfflineAccount(form({ name: 'Zürich', iban: 'CH93 0076 2011 6238 5295 7', currency: 'CHF' }));
  expect(app.snapshot().offlineAccount).toMatchObject({
    status: 'done',
    offerLoad: false,
    message: { notes: ['The Accounts table is being refreshed.'] },
  });
  expect(await ibansInWorkbook()).toContain('CH9300762011623852957');
});

test('the edition limit (403) and the service field errors (400) are shown, in the pane language', async () => {
  const probe = await connected();
  const count = await accountCount(probe.sandbox);
  const { app } = await connected({ accountLimit: count }, 'de-DE');
  app.openOfflineAccount();
  await app.createOfflineAccount(form({}));
  expect(app.snapshot().offlineAccount).toMatchObject({
    status: 'editing',
    message: {
      intent: 'error',
      text: 'Der Dienst hat kein Konto angelegt: die Anzahl der Konten Ihres Tarifs ist erreicht.',
      notes: [expect.stringContaining(`(${count})`)],
    },
  });

  const { app: other } = await connected({}, 'de-DE');
  other.openOfflineAccount();
  await other.createOfflineAccount(form({ balance: '1.234.567.890.123,45' }));
  expect(other.snapshot().offlineAccount).toMatchObject({
    status: 'editing',
    problems: { balance: expect.stringMatching(/Ziffern/) },
    message: { intent: 'error', text: 'Der Dienst hat das Konto nicht angenommen: siehe die markierten Felder.' },
  });
});
