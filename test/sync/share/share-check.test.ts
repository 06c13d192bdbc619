/**
 * The check before sharing in the core (#27), over a share port in memory: which tables count as the add-in's (each
 * pulled table and every table a pull stamped), secrets found in any form a text may carry them and named by where
 * and whose, values too short to tell from words not searched, and the pulled headers emptying clears.
 */

import { AUTO_SHOW_SETTING } from '../../../src/hosts/office-settings';
import { MemoryWorkbookConnectionStore } from '../../../src/sync/connect';
import { MemoryPullStateStore, type PullState } from '../../../src/sync/pull/pull-state';
import {
  addinTableNames,
  checkBeforeSharing,
  pulledHeaders,
  secretProbes,
  type HiddenSheetPurpose,
  type SharePort,
  type StoredSetting,
} from '../../../src/sync/share';

function state(tableName: string, target: PullState['target'], stamps?: Record<string, string>): PullState {
  return {
    version: 1,
    tableName,
    sheetName: tableName,
    target,
    lastPullStartedAt: 'x',
    lastPullAt: 'x',
    lastMode: 'full',
    rowCount: 1,
    ...(stamps ? { stamps } : {}),
  };
}

/** A port holding settings and hidden cells; the tables asked are answered with 5 rows each. */
function memoryPort(
  settings: StoredSetting[],
  hidden: Partial<Record<HiddenSheetPurpose, string[]>> = {},
): SharePort & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    tables: async (names) => {
      asked.push(...names);
      return names.map((tableName) => ({ tableName, sheetName: tableName, rows: 5 }));
    },
    settings: async () => settings,
    hiddenSheets: async (visit) =>
      Object.entries(hidden).map(([purpose, texts]) => {
        visit(purpose as HiddenSheetPurpose, texts ?? []);
        return {
          name: purpose,
          purpose: purpose as HiddenSheetPurpose,
          rows: texts?.length ?? 0,
          columns: 1,
          cells: texts?.length ?? 0,
          bytes: 0,
        };
      }),
    readAutoOpen: async () => settings.some((s) => s.key === AUTO_SHOW_SETTING && s.json === 'true'),
    writeAutoOpen: async () => undefined,
    emptyTable: async () => undefined,
    clearStamp: async () => false,
    removeHiddenSheets: async () => [],
  };
}

async function run(port: SharePort, states: PullState[] = []) {
  const pullStates = new MemoryPullStateStore();
  for (const s of states) await pullStates.set(s);
  const probes = secretProbes([
    { profileName: 'Acme', clientId: 'acme-client-id', clientSecret: 'päss wörd/42', accessTokens: ['tok-123456'] },
    { profileName: 'Short', clientId: 'abc', accessTokens: [] },
  ]);
  return checkBeforeSharing({ port, pullStates, connection: new MemoryWorkbookConnectionStore(), probes });
}

test("the add-in's tables: each pulled one and each one a pull stamped (the balance summary), once", () => {
  const states = [
    state('Accounts', { resource: 'accounts' }, { Accounts: 'a', BalanceSummary: 'b' }),
    state('Transactions', { resource: 'transactions' }),
    state('accounts', { resource: 'accounts' }),
  ];
  expect(addinTableNames(states)).toEqual(['Accounts', 'BalanceSummary', 'Transactions']);
});

test('a secret URL-encoded, JSON-escaped with non-ASCII as \\u, or inside HTML is found; whose and where is named', async () => {
  const port = memoryPort(
    [
      { key: 'a', json: JSON.stringify(`url ${encodeURIComponent('päss wörd/42')}`) },
      { key: 'b', json: '"p\\u00e4ss w\\u00f6rd\\/42"' },
      { key: 'c', json: JSON.stringify('no secret here, abc is short') },
    ],
    { journal: ['<b>tok-123456</b>'] },
  );
  const report = await run(port);
  expect(report.findings).toEqual([
    { place: { kind: 'setting', key: 'a' }, what: 'clientSecret', profileName: 'Acme' },
    { place: { kind: 'setting', key: 'b' }, what: 'clientSecret', profileName: 'Acme' },
    { place: { kind: 'sheet', purpose: 'journal' }, what: 'accessToken', profileName: 'Acme' },
  ]);
});

test("a secret typed or pasted into a cell of the workbook's own sheets is found and named by its sheet, once a sheet", async () => {
  const port: SharePort = {
    ...memoryPort([]),
    sheetCells: async (visit) => {
      visit('Notes', ['Budget 2027', 'our secret: päss wörd/42']);
      visit('Notes', ['again päss wörd/42', 'tok-123456']);
      visit('Plan', ['Miete', 'acme-client-id']);
      visit('Transactions', ['=HYPERLINK("x")', 'abc is short']);
    },
  };
  expect((await run(port)).findings).toEqual([
    { place: { kind: 'cells', sheet: 'Notes' }, what: 'clientSecret', profileName: 'Acme' },
    { place: { kind: 'cells', sheet: 'Notes' }, what: 'accessToken', profileName: 'Acme' },
    { place: { kind: 'cells', sheet: 'Plan' }, what: 'clientId', profileName: 'Acme' },
  ]);
});

test('credential-like names inside a setting holding JSON text, at any depth', async () => {
  const report = await run(
    memoryPort([{ key: 'cashflow.x', json: JSON.stringify(JSON.stringify({ a: [{ access_token: 1 }], client_id: 2 })) }]),
  );
  expect(report.findings.map((f) => (f.what === 'credentialName' ? f.name : f.what)).sort()).toEqual(['access_token', 'client_id']);
});

test('sizes are UTF-8 bytes of name and value; the auto-open setting counts only when true', async () => {
  const report = await run(
    memoryPort([
      { key: 'Office.AutoShowTaskpaneWithDocument', json: 'true' },
      { key: 'ä', json: '"€"' },
    ]),
    [state('Transactions', { resource: 'transactions' })],
  );
  expect(report.settings).toEqual([
    { key: 'Office.AutoShowTaskpaneWithDocument', bytes: 39 },
    { key: 'ä', bytes: 2 + 5 },
  ]);
  expect(report.autoOpen).toBe(true);
  expect(report.tables).toEqual([{ tableName: 'Transactions', sheetName: 'Transactions', rows: 5 }]);
  expect(report.connection).toEqual({ status: 'none' });
});

test('the headers a pull writes: the model of the state, the balance summary beside the accounts, none for others', () => {
  const accounts = state('Accounts', { resource: 'accounts' }, { BalanceSummary: 'b' });
  expect(pulledHeaders('Accounts', accounts)).toContain('Name');
  expect(pulledHeaders('BalanceSummary', accounts).length).toBeGreaterThan(0);
  expect(pulledHeaders('BalanceSummary', accounts)).not.toEqual(pulledHeaders('Accounts', accounts));
  expect(pulledHeaders('Unknown', accounts)).toEqual([]);
});

test('the report counts the secrets searched for by kind: none of a kind is no proof (the pane says so)', async () => {
  const report = await run(memoryPort([]));
  // 'abc' is too short to search for: one client ID, one client secret, one token.
  expect(report.searched).toEqual({ clientId: 1, clientSecret: 1, accessToken: 1 });
  const withoutSecret = await checkBeforeSharing({
    port: memoryPort([]),
    pullStates: new MemoryPullStateStore(),
    connection: new MemoryWorkbookConnectionStore(),
    probes: secretProbes([{ profileName: 'Acme', clientId: 'acme-client-id', accessTokens: [] }]),
  });
  expect(withoutSecret.findings).toEqual([]);
  expect(withoutSecret.searched).toEqual({ clientId: 1, clientSecret: 0, accessToken: 0 });
});

test('the Import table and the Analysis sheet are listed from the port, and none from a port that cannot tell', async () => {
  const extras = [
    { kind: 'importTable' as const, sheetName: 'Import', rows: 3 },
    { kind: 'analysisSheet' as const, sheetName: 'Analysis' },
  ];
  expect((await run({ ...memoryPort([]), extras: async () => extras })).extras).toEqual(extras);
  expect((await run(memoryPort([]))).extras).toEqual([]);
});
