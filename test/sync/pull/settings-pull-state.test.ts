/** The pull state on workbook settings (simulation): round trip, no credentials, and a refresh that uses it. */

import { SettingsPullStateStore, pullStateKey } from '../../../src/hosts/excel/settings-pull-state';
import { createPuller, PULL_STATE_VERSION, type PullState } from '../../../src/sync/pull';
import { harness, startService, type Harness, type Sandbox } from './support';

let sandbox: Sandbox;
let h: Harness;
beforeAll(async () => {
  sandbox = await startService({ transactions: 200 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  h = harness(sandbox);
});
afterEach(() => h.uninstall());

const state: PullState = {
  version: PULL_STATE_VERSION,
  tableName: 'Invoices',
  sheetName: 'Invoices',
  target: { resource: 'invoices', filters: { status: 'OD', type: 'receivable' } },
  lastPullStartedAt: '2024-05-01T10:00:00.000Z',
  lastPullAt: '2024-05-01T10:00:05.000Z',
  lastMode: 'full',
  rowCount: 3,
};

async function settingKeys(): Promise<string[]> {
  return h.workbook.run(async (context) => {
    const settings = context.workbook.settings.load('items/key');
    await context.sync();
    return settings.items.map((s) => s.key);
  });
}

describe('SettingsPullStateStore', () => {
  it('keeps one small setting per table and reads it back', async () => {
    const store = new SettingsPullStateStore();
    expect(await store.get('Invoices')).toBeUndefined();
    await store.set(state);
    expect(await store.get('invoices')).toEqual(state);
    expect(await store.list()).toEqual([state]);
    expect(await settingKeys()).toEqual([pullStateKey('Invoices')]);
    await store.remove('Invoices');
    expect(await store.list()).toEqual([]);
  });

  it('is what a puller refreshes from; it holds no secret or token', async () => {
    const store = new SettingsPullStateStore();
    const puller = createPuller({ client: h.client, port: h.port, store });
    await puller.pull({ resource: 'transactions', filters: { type: 'incomes' } });
    const again = await createPuller({ client: h.client, port: h.port, store }).refresh('Transactions');
    expect(again.mode).toBe('incremental');
    const raw = await h.workbook.run(async (context) => {
      const setting = context.workbook.settings.getItem(pullStateKey('Transactions'));
      setting.load('value');
      await context.sync();
      return String(setting.value);
    });
    expect(JSON.parse(raw)).toMatchObject({
      tableName: 'Transactions',
      target: { resource: 'transactions', filters: { type: 'incomes' } },
    });
    expect(raw).not.toContain(sandbox.credentials.company.clientSecret);
    expect(raw).not.toMatch(/token|secret|Bearer/i);
  });
});
