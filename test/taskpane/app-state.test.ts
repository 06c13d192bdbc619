/**
 * The task pane's state module end to end without a browser: the Excel simulation as `Excel`, the Excel host's
 * stores on document settings, the sandbox over HTTP, a memory `localStorage`. What the views show comes from here.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenCache } from '../../src/api';
import { SheetBaselineStore } from '../../src/hosts/excel/sheet-baseline-store';
import { de, en, it as italian } from '../../src/i18n/catalog';
import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { demoProfile, MemoryKeyValueStorage, ProfileStore } from '../../src/sync/connect';
import { closedPort, recordingFetch, useSilentServer } from '../integration/support';
import { AppState, type AppStateOptions } from '../../src/taskpane/state/app-state';
import type { PaneHost } from '../../src/taskpane/state/pane-host';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let sim: Installation;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, transactions: 2500 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
});
afterEach(() => sim.uninstall());

function excelHost(): PaneHost {
  return excelPaneHost({ maxRows: 500 });
}

function makeApp(storage = new MemoryKeyValueStorage(), overrides: Partial<AppStateOptions> = {}): AppState {
  return new AppState({
    storage,
    prefix: 'partition|',
    host: excelHost(),
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { tokenCache: new TokenCache(), sleep: async () => undefined },
    ...overrides,
  });
}

async function transactionCount(): Promise<number> {
  const response = await fetch(new URL('auth/token/', sandbox.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-company', client_secret: 'demo-secret' }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  const page = await fetch(new URL('transactions/extended/?page_size=1', sandbox.url), {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return ((await page.json()) as { count: number }).count;
}

describe('the task pane state', () => {
  test('first run: signed out, the sandbox offered as the demo; one click connects, lists the tables and loads the overview', async () => {
    const app = makeApp();
    await app.start();
    expect(app.snapshot()).toMatchObject({
      started: true,
      demoAvailable: true,
      profiles: [],
      connection: { status: 'signedOut' },
      language: 'en',
    });
    await app.connectDemo();
    const state = app.snapshot();
    expect(state.connection).toMatchObject({ status: 'connected', profile: { name: en['connect.demo.name'] }, companyIds: [4711] });
    const ids = state.tables.map((t) => t.id);
    expect(ids.slice(0, 3)).toEqual(['transactions', 'invoices', 'forecastBudgets']);
    expect(ids.filter((id) => id.startsWith('scenario:')).length).toBeGreaterThan(0);
    expect(ids).toEqual(expect.arrayContaining(['allBudgets', 'categories', 'plans', 'accounts', 'banks']));
    expect(state.overview.status).toBe('ready');
    expect(state.filterOptions?.accounts.length).toBeGreaterThan(0);
  });

  test('"Refresh all" in a workbook with no table yet refreshes nothing, and a table loaded afterwards loads (it is not left queued)', async () => {
    const app = makeApp();
    await app.start();
    await app.connectDemo();
    await app.refreshAll();
    expect(app.snapshot().tables.every((t) => t.pulled === undefined && !t.queued)).toBe(true);
    await app.pull('categories');
    const row = app.snapshot().tables.find((t) => t.id === 'categories');
    expect(row).toMatchObject({ queued: false, running: false, outcome: { kind: 'done' } });
    expect(row?.pulled?.rowCount).toBeGreaterThan(0);
  });

  test('pull: progress with phases, the row count of the service, verdict complete; the workbook remembers the profile but never the secret; refresh is incremental', async () => {
    const app = makeApp();
    await app.start();
    await app.connectDemo();
    const phases = new Set<string>();
    app.subscribe(() => {
      const phase = app.snapshot().job?.progress?.phase;
      if (phase) phases.add(phase);
    });
    await app.pull('transactions');
    const row = app.snapshot().tables.find((t) => t.id === 'transactions');
    const expected = await transactionCount();
    expect(row?.pulled).toMatchObject({ tableName: 'Transactions', rowCount: expected, lastMode: 'full' });
    expect(row?.verdict).toEqual({ complete: true });
    expect(row?.outcome?.kind).toBe('done');
    expect([...phases]).toEqual(expect.arrayContaining(['fetching', 'writing']));
    expect(app.snapshot().job).toBeUndefined();
    const table = sim.workbook.tables().find((t) => t.name === 'Transactions');
    // The table's range: a header row and one row per transaction.
    expect(sim.workbook.values(table?.sheet ?? '', table?.address.split('!')[1]).length).toBe(expected + 1);

    // Loaded for the first time: its sheet is shown.
    expect(sim.workbook.state.sheets.find((s) => s.id === sim.workbook.state.activeSheetId)?.name).toBe(table?.sheet);

    const settings = JSON.stringify(sim.workbook.settings());
    expect(settings).toContain('cashflow.connection');
    expect(settings).not.toContain('demo-secret');
    expect(settings).not.toMatch(/access_token|Bearer/);

    await app.pull('transactions');
    expect(app.snapshot().tables.find((t) => t.id === 'transactions')?.pulled?.lastMode).toBe('incremental');
  });

  test('loading forecast budgets from the pane keeps their baseline in the very hidden sheet', async () => {
    const app = makeApp();
    await app.start();
    await app.connectDemo();
    await app.pull('forecastBudgets');
    const rows = app.snapshot().tables.find((t) => t.id === 'forecastBudgets')?.pulled?.rowCount ?? 0;
    expect(rows).toBeGreaterThan(0);
    expect((await new SheetBaselineStore().read('ForecastBudgets'))?.length).toBe(rows);
    expect(sim.workbook.visibility('cashflow_baseline')).toBe('VeryHidden');
  });

  test('every message of a load names the card ("Forecast budgets"), never the Excel table\'s name', async () => {
    const app = makeApp();
    await app.start();
    await app.connectDemo();
    const seen = new Set<string>();
    const unsubscribe = app.subscribe(() => {
      const { job, tables } = app.snapshot();
      if (job !== undefined) seen.add(`${job.label}|${job.progress?.message ?? ''}`);
      for (const row of tables) if (row.outcome) seen.add(row.outcome.message);
    });
    await app.pull('forecastBudgets');
    unsubscribe();
    const messages = [...seen];
    expect(messages.some((m) => m.includes(en['pane.table.forecastBudgets']))).toBe(true);
    expect(messages.filter((m) => m.includes('ForecastBudgets'))).toEqual([]);
    expect(app.snapshot().tables.find((t) => t.id === 'forecastBudgets')?.outcome?.message).toMatch(/^Forecast budgets: /);
    // The stamp above the table says it too, with the company the pane's header names (#26).
    const connection = app.snapshot().connection;
    const company = connection.status === 'connected' ? connection.profile.name : '?';
    const sheet = sim.workbook.tables().find((t) => t.name === 'ForecastBudgets')?.sheet ?? '';
    const stamp = String(sim.workbook.values(sheet, 'A1')[0]?.[0]);
    expect(stamp.startsWith(`Forecast budgets · ${company} · all rows · refreshed `)).toBe(true);
    expect(stamp).toMatch(/ · refreshed \d{4}-\d\d-\d\d \d\d:\d\d UTC · complete, \d+ rows$/);
  });

  test('filters: the next pull uses them (full), the workbook keeps them, a refresh repeats them', async () => {
    const app = makeApp();
    await app.start();
    await app.connectDemo();
    const account = app.snapshot().filterOptions?.accounts[0]?.id ?? 0;
    app.setTarget('transactions', { resource: 'transactions', filters: { min_date: '2026-01-01', account: [account] } });
    expect(app.snapshot().tables.find((t) => t.id === 'transactions')?.target).toMatchObject({ filters: { min_date: '2026-01-01' } });
    await app.pull('transactions');
    const row = app.snapshot().tables.find((t) => t.id === 'transactions');
    expect(row?.pulled?.target).toEqual({ resource: 'transactions', filters: { min_date: '2026-01-01', account: [account] } });
    const all = await transactionCount();
    expect(row?.pulled?.rowCount).toBeGreaterThan(0);
    expect(row?.pulled?.rowCount).toBeLessThan(all);
    expect(row?.verdict).toEqual({ complete: true });
    await app.pull('transactions');
    expect(app.snapshot().tables.find((t) => t.id === 'transactions')?.pulled).toMatchObject({
      lastMode: 'incremental',
      rowCount: row?.pulled?.rowCount,
    });
  });

  test('cancel mid-pull: the previous table stays, the row says cancelled and that the table is unchanged', async () => {
    const app = makeApp();
    await app.start();
    await app.connectDemo();
    await app.pull('invoices');
    const before = sim.workbook.values(sim.workbook.tables().find((t) => t.name === 'Invoices')?.sheet ?? 'Invoices');
    await app.pull('transactions');
    let cancelled = false;
    app.subscribe(() => {
      if (!cancelled && app.snapshot().job?.progress?.phase === 'fetching') {
        cancelled = true;
        app.cancel();
      }
    });
    await app.pull('transactions', 'full');
    const row = app.snapshot().tables.find((t) => t.id === 'transactions');
    expect(cancelled).toBe(true);
    expect(row?.outcome).toMatchObject({ kind: 'cancelled', message: 'Transactions: cancelled.' });
    expect(row?.pulled?.rowCount).toBe(await transactionCount());
    expect(sim.workbook.values(sim.workbook.tables().find((t) => t.name === 'Invoices')?.sheet ?? 'Invoices')).toEqual(before);
  });

  test('wrong credentials and the edition without the API fail with their localized messages', async () => {
    const app = makeApp();
    await app.start();
    const wrong = await app.saveProfile({
      name: 'ACME',
      baseUrl: sandbox.url,
      clientId: 'demo-company',
      secret: 'wrong',
      kind: 'company',
      remember: true,
    });
    expect(wrong.ok).toBe(true);
    expect(app.snapshot().connection).toMatchObject({ status: 'failed', problem: 'credentials', message: en['connect.error.credentials'] });
    // Nothing of a connection that failed is kept: no profile, no secret (the form still holds what was typed).
    expect(app.snapshot().profiles).toEqual([]);
    app.setLanguage('de');
    const basic = sandbox.credentials.basic;
    await app.saveProfile({
      name: 'Basic',
      baseUrl: sandbox.url,
      clientId: basic.clientId,
      secret: basic.clientSecret,
      kind: 'company',
      remember: true,
    });
    expect(app.snapshot().connection).toMatchObject({ status: 'failed', problem: 'edition', message: de['connect.error.edition'] });
  });

  test('"remember" on and a connection that fails: no secret stored, no profile added or changed', async () => {
    const storage = new MemoryKeyValueStorage();
    const app = makeApp(storage);
    await app.start();
    const typed = 'typed-secret-for-a-failed-connect';
    const closed = `http://127.0.0.1:${await closedPort()}/`;
    await app.saveProfile({ name: 'Ours', baseUrl: closed, clientId: 'demo-company', secret: typed, kind: 'company', remember: true });
    expect(app.snapshot().connection).toMatchObject({ status: 'failed', problem: 'unreachable' });
    await app.saveProfile({ name: 'Ours', baseUrl: sandbox.url, clientId: 'demo-company', secret: typed, kind: 'company', remember: true });
    expect(app.snapshot().connection).toMatchObject({ status: 'failed', problem: 'credentials' });
    expect(app.snapshot().profiles).toEqual([]);
    expect(JSON.stringify([...storage.entries])).not.toContain(typed);

    // A saved profile edited to another address that fails keeps its address and its remembered secret.
    await app.connectDemo();
    const demo = app.snapshot().profiles[0];
    const before = JSON.stringify([...storage.entries].filter(([key]) => !key.endsWith('lastProfile')));
    await app.saveProfile({
      id: demo?.id ?? '',
      name: demo?.name ?? '',
      baseUrl: closed,
      clientId: 'demo-company',
      secret: '',
      kind: 'company',
      remember: true,
    });
    expect(app.snapshot().connection).toMatchObject({ status: 'failed', problem: 'unreachable' });
    expect(JSON.stringify([...storage.entries].filter(([key]) => !key.endsWith('lastProfile')))).toBe(before);
    expect(app.needsSecret(demo?.id ?? '')).toBe(false);
  });

  describe('a service that never answers', () => {
    const silent = useSilentServer();
    const hanging = {
      name: 'Hanging',
      clientId: 'demo-company',
      secret: 'typed-secret-of-a-hanging-connect',
      kind: 'company' as const,
      remember: true,
    };

    test('a connect gives up after its deadline with a clear message, and saves nothing', async () => {
      const storage = new MemoryKeyValueStorage();
      const app = makeApp(storage, { connectDeadlineMs: 300 });
      await app.start();
      await app.saveProfile({ ...hanging, baseUrl: silent.url });
      expect(app.snapshot().connection).toMatchObject({
        status: 'failed',
        problem: 'gaveUp',
        message: en['connect.error.gaveUp'].replace('{seconds}', '1'),
      });
      expect(app.snapshot().profiles).toEqual([]);
      expect(JSON.stringify([...storage.entries])).not.toContain(hanging.secret);
    });

    test('a connect can be cancelled: signed out again, nothing saved', async () => {
      const storage = new MemoryKeyValueStorage();
      const app = makeApp(storage);
      await app.start();
      const saving = app.saveProfile({ ...hanging, baseUrl: silent.url });
      expect(app.snapshot().connection.status).toBe('connecting');
      app.cancelConnect();
      await saving;
      expect(app.snapshot().connection).toEqual({ status: 'signedOut' });
      expect(app.snapshot().profiles).toEqual([]);
      expect(JSON.stringify([...storage.entries])).not.toContain(hanging.secret);
    });

    test('the demo connects while another connect hangs, and the hanging one never comes back over it', async () => {
      const app = makeApp();
      await app.start();
      const saving = app.saveProfile({ ...hanging, baseUrl: silent.url });
      await app.connectDemo();
      await saving;
      expect(app.snapshot().connection).toMatchObject({ status: 'connected', profile: { name: en['connect.demo.name'] } });
      expect(app.snapshot().profiles.map((p) => p.name)).toEqual([en['connect.demo.name']]);
    });
  });

  test('a sandbox too slow for the first ask is offered late, not never (asked again in the background)', async () => {
    let calls = 0;
    const slowFirst: typeof fetch = async (input, init) => {
      calls += 1;
      if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 300));
      return fetch(input, init);
    };
    const app = makeApp(new MemoryKeyValueStorage(), {
      client: { fetch: slowFirst },
      demoWatch: { firstTimeoutMs: 50, laterTimeoutMs: 5_000, delaysMs: [20, 20] },
    });
    await app.start();
    expect(app.snapshot()).toMatchObject({ started: true, demoAvailable: false });
    const offered = new Promise<void>((resolve) => {
      const stop = app.subscribe(() => {
        if (app.snapshot().demoAvailable) {
          stop();
          resolve();
        }
      });
    });
    await offered;
    expect(calls).toBe(2);
  });

  test('a sandbox at an insecure address (http to another computer) is not offered as the demo, nor asked', async () => {
    const { fetch, sent } = recordingFetch();
    const app = makeApp(new MemoryKeyValueStorage(), {
      environment: { theme: 'light', sandboxUrl: 'http://sandbox.example:8787/' },
      client: { fetch },
    });
    await app.start();
    expect(app.snapshot().demoAvailable).toBe(false);
    expect(sent).toEqual([]);
  });

  test('a form with problems names each field in the user language and connects nothing', async () => {
    const app = makeApp();
    app.setLanguage('it');
    const result = await app.saveProfile({ name: '', baseUrl: 'not a url', clientId: '', secret: '', kind: 'company', remember: true });
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.problems.map((p) => p.field);
    expect(fields.sort()).toEqual(['baseUrl', 'clientId', 'name', 'secret']);
    expect(result.ok ? '' : result.problems.find((p) => p.field === 'secret')?.message).toBe(italian['pane.connect.error.secret']);
    expect(app.snapshot().profiles).toEqual([]);
  });

  test('Italian: the pane and the service speak Italian (a failed pull carries the service message, and says the table is kept)', async () => {
    const app = makeApp();
    await app.start();
    await app.connectDemo();
    app.setLanguage('it');
    expect(app.t('pane.data.refreshAll')).toBe(italian['pane.data.refreshAll']);
    await app.pull('categories');
    expect(app.snapshot().tables.find((t) => t.id === 'categories')?.outcome?.message).toMatch(/righe aggiornate/);
    const scenario = app.snapshot().tables.find((t) => t.id.startsWith('scenario:'));
    app.setTarget(scenario?.id ?? '', { resource: 'scenarioBudgets', scenarioId: 999_999 });
    await app.pull(scenario?.id ?? '');
    const outcome = app.snapshot().tables.find((t) => t.id === scenario?.id)?.outcome;
    expect(outcome?.kind).toBe('failed');
    expect(outcome?.message).toContain('Non trovato.');
    expect(outcome?.message).toMatch(/^Non è stato possibile caricare/);
  });

  test('reload: a remembered profile reconnects by itself; with "remember" off only the secret is asked for', async () => {
    const storage = new MemoryKeyValueStorage();
    const first = makeApp(storage);
    await first.start();
    await first.saveProfile({
      name: 'Mine',
      baseUrl: sandbox.url,
      clientId: 'demo-company',
      secret: 'demo-secret',
      kind: 'company',
      remember: false,
    });
    expect(first.snapshot().connection.status).toBe('connected');
    await first.pull('categories');
    expect(JSON.stringify([...storage.entries])).not.toContain('demo-secret');

    const second = makeApp(storage);
    await second.start();
    const state = second.snapshot();
    expect(state.connection.status).toBe('signedOut');
    expect(state.workbook).toMatchObject({ status: 'known', profile: { name: 'Mine' } });
    const id = state.workbook.status === 'known' ? state.workbook.profile.id : '';
    expect(second.needsSecret(id)).toBe(true);
    await second.connect(id, 'demo-secret');
    expect(second.snapshot().connection.status).toBe('connected');
    // What the workbook keeps about the table: rows, time, mode and the completeness verdict.
    expect(second.snapshot().tables.find((t) => t.id === 'categories')).toMatchObject({
      pulled: { rowCount: expect.any(Number), lastMode: 'full' },
      verdict: { complete: true },
    });

    // A new workbook: nothing remembered in it, so the last profile used on this computer reconnects.
    sim.uninstall();
    sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
    const remembered = new MemoryKeyValueStorage();
    const a = makeApp(remembered);
    await a.connectDemo();
    const b = makeApp(remembered);
    await b.start();
    expect(b.snapshot().connection.status).toBe('connected');
  });

  test('the demo keeps its name when the language changes, so the workbook still knows it', async () => {
    const storage = new MemoryKeyValueStorage();
    const app = makeApp(storage);
    await app.start();
    await app.connectDemo();
    await app.pull('categories');
    app.setLanguage('de');
    await app.connectDemo();
    expect(app.snapshot().profiles.map((p) => p.name)).toEqual([en['connect.demo.name']]);
    const reopened = makeApp(storage);
    await reopened.start();
    expect(reopened.snapshot()).toMatchObject({ language: 'de', workbook: { status: 'known' }, connection: { status: 'connected' } });
  });

  test('a shared copy built from a profile this computer lacks asks for credentials for that name and address', async () => {
    const app = makeApp();
    await app.start();
    await app.connectDemo();
    await app.pull('categories');
    const colleague = makeApp(new MemoryKeyValueStorage());
    await colleague.start();
    expect(colleague.snapshot().workbook).toMatchObject({ status: 'unknown', expected: { profileName: en['connect.demo.name'] } });
    expect(colleague.snapshot().connection.status).toBe('signedOut');
  });

  describe('a workbook that names a saved profile at another address', () => {
    let stranger: Server;
    let strangerUrl: string;
    const strangerHits: string[] = [];
    beforeAll(async () => {
      stranger = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          strangerHits.push(`${request.method ?? ''} ${request.url ?? ''} ${body}`);
          response.writeHead(400, { 'content-type': 'application/json' }).end('{"non_field_errors":["no"]}');
        });
      });
      await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
      strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}/`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => stranger.close(() => resolve()));
    });

    /** This computer keeps the demo profile with its secret; the workbook names it with `baseUrl`. */
    function openWorkbookNaming(baseUrl: string): MemoryKeyValueStorage {
      const storage = new MemoryKeyValueStorage();
      const demo = demoProfile(sandbox.url, 'en');
      new ProfileStore(storage, 'partition|').save(demo.profile, demo.secret);
      sim.uninstall();
      sim = installExcelSimulation(
        globalThis,
        createSimulatedWorkbook({ settings: { 'cashflow.connection': JSON.stringify({ profileName: demo.profile.name, baseUrl }) } }),
      );
      return storage;
    }

    test('says so with both addresses and connects nothing by itself; connecting uses the saved profile at its own address; the stranger hears nothing', async () => {
      const storage = openWorkbookNaming(strangerUrl);
      const { fetch, sent } = recordingFetch();
      const app = makeApp(storage, { client: { fetch, tokenCache: new TokenCache(), sleep: async () => undefined } });
      await app.start();
      expect(app.snapshot().workbook).toEqual({
        status: 'mismatch',
        expected: { profileName: en['connect.demo.name'], baseUrl: strangerUrl },
        profile: expect.objectContaining({ id: 'demo', baseUrl: sandbox.url.endsWith('/') ? sandbox.url : `${sandbox.url}/` }),
      });
      // The secret is remembered, yet nothing connects before the user chose.
      expect(app.snapshot().connection.status).toBe('signedOut');

      await app.connect('demo');
      expect(app.snapshot().connection).toMatchObject({ status: 'connected', profile: { id: 'demo' } });
      await app.pull('categories');
      expect(app.snapshot().profiles.map((p) => p.baseUrl)).toEqual([new URL(sandbox.url).href]);
      // The workbook now names the profile it was refreshed with.
      expect(app.snapshot().workbook).toMatchObject({ status: 'known', profile: { id: 'demo' } });
      expect(JSON.parse(String(sim.workbook.settings()['cashflow.connection']))).toEqual({
        profileName: en['connect.demo.name'],
        baseUrl: new URL(sandbox.url).href,
      });
      expect(sent.filter((r) => r.url.startsWith(strangerUrl))).toEqual([]);
      expect(strangerHits).toEqual([]);
    });

    test("the workbook's address chosen on purpose is a new profile with credentials of its own; the saved one keeps its address", async () => {
      const storage = openWorkbookNaming(strangerUrl);
      const app = makeApp(storage);
      await app.start();
      await app.saveProfile({
        name: 'Theirs',
        baseUrl: strangerUrl,
        clientId: 'their-id',
        secret: 'their-secret',
        kind: 'company',
        remember: true,
      });
      expect(app.snapshot().profiles.find((p) => p.id === 'demo')?.baseUrl).toBe(new URL(sandbox.url).href);
      expect(strangerHits).toEqual([expect.stringMatching(/^POST \/auth\/token\/ .*their-secret/)]);
      expect(strangerHits.join()).not.toContain('demo-secret');
      // Refused there: nothing of it is kept.
      expect(app.snapshot().profiles.map((p) => p.id)).toEqual(['demo']);
      expect(JSON.stringify([...storage.entries])).not.toContain('their-secret');
      strangerHits.length = 0;
    });

    test('an insecure address (http to another computer) is refused and nothing connects by itself', async () => {
      const storage = openWorkbookNaming('http://stranger.example/');
      const app = makeApp(storage);
      await app.start();
      expect(app.snapshot().workbook).toEqual({
        status: 'refused',
        profileName: en['connect.demo.name'],
        baseUrl: 'http://stranger.example/',
      });
      expect(app.snapshot().connection.status).toBe('signedOut');
    });
  });

  test('sign out forgets the secret; choosing a pulled table activates its sheet', async () => {
    const storage = new MemoryKeyValueStorage();
    const app = makeApp(storage);
    await app.start();
    await app.connectDemo();
    await app.pull('categories');
    await app.pull('plans');
    expect(sim.workbook.state.sheets.find((s) => s.id === sim.workbook.state.activeSheetId)?.name).not.toBe('Categories');
    await app.activate('categories');
    expect(sim.workbook.state.sheets.find((s) => s.id === sim.workbook.state.activeSheetId)?.name).toBe('Categories');
    app.signOut();
    expect(app.snapshot().connection.status).toBe('signedOut');
    expect(app.needsSecret('demo')).toBe(true);
  });

  test('a group profile offers the group invoices (with the companies), accounts and banks', async () => {
    const app = makeApp();
    await app.start();
    const group = sandbox.credentials.group;
    await app.saveProfile({
      name: 'Group',
      baseUrl: sandbox.url,
      clientId: group.clientId,
      secret: group.clientSecret,
      kind: 'group',
      remember: true,
    });
    const state = app.snapshot();
    expect(state.connection.status).toBe('connected');
    expect(state.tables.map((t) => t.id)).toEqual(['groupInvoices', 'accounts', 'banks']);
    expect(state.tables[0]?.target).toMatchObject({ resource: 'groupInvoices', companyIds: [5101, 5102] });
    await app.pull('groupInvoices');
    expect(app.snapshot().tables[0]?.outcome?.kind).toBe('done');
    expect(state.overview.status).toBe('ready');
  });
});
