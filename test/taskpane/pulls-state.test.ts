/**
 * The Data view's state (`pulls-state.ts`) on its own inputs, without AppState: the Excel simulation as `Excel`, the
 * Excel host's stores, the sandbox over HTTP, and deps that record what the state tells its owner.
 */

import { CashflowClient, TokenCache } from '../../src/api';
import { en } from '../../src/i18n/catalog';
import { translate } from '../../src/i18n/translate';
import { demoProfile, type ActiveConnection } from '../../src/sync/connect';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import type { AppSnapshot } from '../../src/taskpane/state/app-snapshot';
import { PullsState, type PullsDeps, type PullsView } from '../../src/taskpane/state/pulls-state';
import { usePaneFixture } from './pane-fixture';

const fixture = usePaneFixture({ transactions: 300 });

interface Recorded {
  pulls: PullsState;
  snapshot(): PullsView;
  patches: Array<Partial<PullsView>>;
  remembered: ActiveConnection[];
  loaded: number;
  /** Called after each publish, with the snapshot as it is then. */
  onPublish?: (view: PullsView) => void;
}

/** Paths of the GET requests the pane's client sent, in order. */
const gets: string[] = [];
const counting: typeof fetch = async (input, init) => {
  const request = input instanceof Request ? input : new Request(input, init);
  if (request.method === 'GET') gets.push(new URL(request.url).pathname);
  return fetch(request);
};

function pullsState(overrides: Partial<PullsDeps> = {}): Recorded {
  const { profile, secret } = demoProfile(fixture.sandbox.url, 'en');
  const client = new CashflowClient({
    baseUrl: fixture.sandbox.url,
    clientId: profile.clientId,
    clientSecret: secret,
    language: 'en',
    tokenCache: new TokenCache(),
    sleep: async () => undefined,
    fetch: counting,
  });
  const active: ActiveConnection = { profile, client, companyIds: [4711] };
  const connection: AppSnapshot['connection'] = { status: 'connected', profile, companyIds: [4711] };
  let snapshot: PullsView = { tables: [] };
  const recorded: Omit<Recorded, 'pulls'> = { snapshot: () => snapshot, patches: [], remembered: [], loaded: 0 };
  const pulls = new PullsState({
    host: excelPaneHost({ maxRows: 500 }),
    active: () => active,
    connection: () => connection,
    plans: () => [],
    settings: () => ({ fiscalYearStartMonth: 1, loadConfirm: 'never' }),
    language: () => 'en',
    companyCurrency: () => undefined,
    changes: { view: { tables: [] }, pendingAmong: async () => undefined, keep: async () => undefined, putBack: async () => 0 },
    remember: async (connected) => void recorded.remembered.push(connected),
    loaded: () => void (recorded.loaded += 1),
    t: (key, params) => translate('en', key, params),
    publish: (patch) => {
      recorded.patches.push(patch);
      snapshot = { ...snapshot, ...patch };
      result.onPublish?.(snapshot);
    },
    ...overrides,
  });
  const result: Recorded = Object.assign(recorded, { pulls });
  return result;
}

describe('the Data view state on its own', () => {
  test('a load: the job while it runs, a second table queued behind it, then both pulled with verdict and outcome; the owner told', async () => {
    const state = pullsState();
    state.pulls.refreshTables();
    expect(state.snapshot().tables.map((t) => t.id)).toEqual([
      'transactions',
      'invoices',
      'forecastBudgets',
      'allBudgets',
      'categories',
      'plans',
      'accounts',
      'banks',
    ]);
    let second: Promise<void> | undefined;
    const whileRunning: PullsView[] = [];
    state.onPublish = (view) => {
      if (view.job?.tableId !== 'categories') return;
      second ??= state.pulls.pull('accounts');
      whileRunning.push(view);
    };
    await state.pulls.pull('categories');
    await second;
    expect(whileRunning[0]?.job).toEqual({
      tableId: 'categories',
      tableName: 'Categories',
      label: en['pane.table.categories'],
      cancelling: false,
    });
    expect(whileRunning.some((view) => view.tables.find((t) => t.id === 'accounts')?.queued === true)).toBe(true);
    const jobs = state.patches.flatMap((p) => (p.job === undefined ? [] : [p.job.tableId]));
    expect([...new Set(jobs)]).toEqual(['categories', 'accounts']);
    expect(state.snapshot().job).toBeUndefined();
    for (const id of ['categories', 'accounts']) {
      const row = state.snapshot().tables.find((t) => t.id === id);
      expect(row).toMatchObject({ queued: false, running: false, verdict: { complete: true }, outcome: { kind: 'done' } });
      expect(row?.pulled).toBeDefined();
    }
    expect(state.remembered).toHaveLength(2);
    expect(state.loaded).toBe(2);
  });

  test('cancel empties the queue and stops the load: the card says cancelled, the queued table was never loaded', async () => {
    const state = pullsState();
    const cancelled = await cancelAt(state, 'fetching');
    expect(cancelled?.job).toMatchObject({ tableId: 'transactions', cancelling: true });
    const rows = state.snapshot().tables;
    expect(rows.find((t) => t.id === 'transactions')).toMatchObject({ outcome: { kind: 'cancelled' }, running: false });
    expect(rows.find((t) => t.id === 'categories')).toMatchObject({ queued: false });
    expect(rows.find((t) => t.id === 'categories')?.outcome).toBeUndefined();
    expect(state.loaded).toBe(0);
    expect(state.pulls.running).toBe(false);
  });

  test('signed out, the list is empty; forgetTables empties it for the owner to publish with the connection', () => {
    const signedOut = pullsState({ connection: () => ({ status: 'signedOut' }) });
    signedOut.pulls.refreshTables();
    expect(signedOut.snapshot().tables).toEqual([]);
    const connected = pullsState();
    connected.pulls.refreshTables();
    expect(connected.pulls.view.tables.length).toBeGreaterThan(0);
    expect(connected.pulls.forgetTables()).toEqual({ tables: [] });
    expect(connected.pulls.view.tables).toEqual([]);
  });
});

/**
 * Loads Transactions with Categories queued behind it and clicks Cancel when the load first reaches `phase`; answers
 * the view at that moment once both calls have ended.
 */
async function cancelAt(state: ReturnType<typeof pullsState>, phase: string): Promise<PullsView | undefined> {
  state.pulls.refreshTables();
  let second: Promise<void> | undefined;
  let seen: PullsView | undefined;
  let clicked = false; // cancel publishes at once: the click is made once
  state.onPublish = (view) => {
    if (view.job?.tableId !== 'transactions' || clicked) return;
    second ??= state.pulls.pull('categories');
    if (view.job.progress?.phase !== phase) return;
    clicked = true;
    state.pulls.cancel();
    seen = state.snapshot();
  };
  await state.pulls.pull('transactions');
  await second;
  return seen;
}

describe('the Data view state once the rows are in', () => {
  test('cancel once the rows are in (finishing) stops the queue, not the load: the table is loaded, the queued one never', async () => {
    const state = pullsState();
    const finishing = await cancelAt(state, 'finishing');
    expect(finishing?.job).toMatchObject({ tableId: 'transactions', cancelling: false, progress: { phase: 'finishing' } });
    const rows = state.snapshot().tables;
    expect(rows.find((t) => t.id === 'transactions')?.pulled).toBeDefined();
    expect(rows.find((t) => t.id === 'transactions')?.outcome?.kind).not.toBe('cancelled');
    expect(rows.find((t) => t.id === 'categories')).toMatchObject({ queued: false });
    expect(rows.find((t) => t.id === 'categories')?.pulled).toBeUndefined();
    expect(state.loaded).toBe(1);
  });
});

describe('the Data view state running a queue', () => {
  test('the queued tables share the categories and accounts they read: the service is asked once for each', async () => {
    const state = pullsState();
    state.pulls.refreshTables();
    gets.length = 0;
    const first = state.pulls.pull('transactions');
    const second = state.pulls.pull('forecastBudgets');
    await Promise.all([first, second]);
    expect(state.loaded).toBe(2);
    expect(gets.filter((path) => path === '/categories/')).toHaveLength(1);
    expect(gets.filter((path) => path === '/accounts/')).toHaveLength(1);
  });
});
