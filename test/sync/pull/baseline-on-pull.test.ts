/**
 * The baseline a pull stores for the push (#17), against the sandbox, with the baselines in the very hidden sheet
 * of the Excel simulation: a forecast (or scenario) budgets pull stores exactly what it wrote, an invoices pull (a
 * company's or a group's) and a transactions pull (also incremental) too; tables nothing is
 * pushed from store none; a failed pull leaves the previous baseline; a baseline that cannot be stored leaves the
 * table, a warning and no stale baseline.
 */

import { SheetBaselineStore } from '../../../src/hosts/excel/sheet-baseline-store';
import { baselineOf, type BaselineRow, type BaselineStore } from '../../../src/sync/push';
import { baselineCount, type BaselineSlices } from '../../../src/sync/push/baseline';
import {
  FORECAST_BUDGETS_TABLE,
  GROUP_INVOICES_TABLE,
  INVOICES_TABLE,
  scenarioBudgetsTable,
  tableSpec,
  TRANSACTIONS_TABLE,
  type TableModel,
} from '../../../src/sync/tables';
import { harness, startService, type FetchHook, type Harness, type Sandbox } from './support';

let sandbox: Sandbox;
let h: Harness;
let baselines: BaselineStore;
beforeAll(async () => {
  sandbox = await startService({ transactions: 300 });
});
afterAll(() => sandbox.close());
afterEach(() => h.uninstall());

function setUp(store: BaselineStore = new SheetBaselineStore(), credentials: 'company' | 'group' = 'company'): void {
  baselines = store;
  const { clientId, clientSecret } = sandbox.credentials[credentials];
  // No margin: the sandbox runs on this machine's clock, and a refresh fetches what changed since the last pull alone.
  h = harness(sandbox, { puller: { baselines, pageSize: 5, incrementalMarginMs: 0 }, client: { clientId, clientSecret } });
}

/** The table as the port reads it back, turned into a baseline. */
async function baselineOfTable(model: TableModel<unknown>): Promise<BaselineRow[]> {
  const { rows } = await h.port.readTable(model.tableName, tableSpec(model).columns);
  return baselineOf(model, rows);
}

/** A hook answering page 2 of a path ending in `suffix` with a 500, every attempt. */
function failPage2(suffix: string): FetchHook {
  return (request) => {
    const url = new URL(request.url);
    return url.pathname.endsWith(suffix) && url.searchParams.get('page') === '2'
      ? new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } })
      : undefined;
  };
}

describe('baseline on pull', () => {
  it('hands the store the baseline as slices made as it takes them, not as the rows the pull wrote (#30)', async () => {
    const sheet = new SheetBaselineStore();
    const taken: { array: boolean; count: number; slices: number[] }[] = [];
    setUp({
      read: (name) => sheet.read(name),
      write: (name, rows) => {
        const slices = Array.isArray(rows) ? [] : [...(rows as BaselineSlices).slices()];
        taken.push({ array: Array.isArray(rows), count: baselineCount(rows), slices: slices.map((s) => s.length) });
        return sheet.write(name, Array.isArray(rows) ? rows : slices.flat());
      },
      remove: (name) => sheet.remove(name),
    });
    const result = await h.puller.pull({ resource: 'transactions' });
    expect(taken).toEqual([{ array: false, count: result.rowCount, slices: [result.rowCount] }]);
    expect(await baselines.read('Transactions')).toEqual(await baselineOfTable(TRANSACTIONS_TABLE as TableModel<unknown>));
  });

  it('a forecast budgets pull stores a baseline equal to baselineOf the table read back', async () => {
    setUp();
    const result = await h.puller.pull({ resource: 'forecastBudgets' });
    const stored = await baselines.read('ForecastBudgets');
    expect(stored).toEqual(await baselineOfTable(FORECAST_BUDGETS_TABLE as TableModel<unknown>));
    expect(stored?.length).toBe(result.rowCount);
    expect(stored?.length).toBeGreaterThan(5);
    expect(result.warnings).toEqual([]);
    expect((await h.store.get('ForecastBudgets'))?.baseline).toBe('stored');
    expect(h.workbook.visibility('cashflow_baseline')).toBe('VeryHidden');
  });

  it('a scenario budgets pull stores one too, beside the forecast one', async () => {
    setUp();
    const scenario = (await h.client.plans.list()).find((p) => p.type === 'SCENARIO');
    if (!scenario) throw new Error('the demo company has scenarios');
    await h.puller.pull({ resource: 'forecastBudgets' });
    await h.puller.pull({ resource: 'scenarioBudgets', scenarioId: scenario.id });
    const model = scenarioBudgetsTable(scenario.id) as TableModel<unknown>;
    expect(await baselines.read(model.tableName)).toEqual(await baselineOfTable(model));
    expect(await baselines.read('ForecastBudgets')).toEqual(await baselineOfTable(FORECAST_BUDGETS_TABLE as TableModel<unknown>));
  });

  it("an Invoices pull stores one (#28: invoice edits are sent), and so does a group's Invoices pull", async () => {
    setUp();
    const result = await h.puller.pull({ resource: 'invoices' });
    expect(await baselines.read('Invoices')).toEqual(await baselineOfTable(INVOICES_TABLE as TableModel<unknown>));
    expect((await baselines.read('Invoices'))?.length).toBe(result.rowCount);
    expect((await h.store.get('Invoices'))?.baseline).toBe('stored');
    h.uninstall();
    setUp(new SheetBaselineStore(), 'group');
    const group = await h.puller.pull({ resource: 'groupInvoices', companyIds: [5102, 5101] });
    const stored = await baselines.read('Invoices');
    expect(stored).toEqual(await baselineOfTable(GROUP_INVOICES_TABLE as TableModel<unknown>));
    expect(stored?.length).toBe(group.rowCount);
    expect(new Set(stored?.map((row) => row.fields['company']))).toEqual(new Set([5101, 5102]));
  });

  it('AllBudgets stores none', async () => {
    setUp();
    await h.puller.pull({ resource: 'allBudgets' });
    expect(await baselines.read('AllBudgets')).toBeUndefined();
    expect(h.workbook.state.sheets.map((s) => s.name)).not.toContain('cashflow_baseline');
    expect((await h.store.get('AllBudgets'))?.baseline).toBeUndefined();
  });

  it('a Transactions pull stores one (#28: categories are sent), and the incremental refresh patches it with the table (#30)', async () => {
    setUp();
    const first = await h.puller.pull({ resource: 'transactions' });
    const model = TRANSACTIONS_TABLE as TableModel<unknown>;
    expect(await baselines.read('Transactions')).toEqual(await baselineOfTable(model));
    expect((await baselines.read('Transactions'))?.length).toBe(first.rowCount);
    expect((await baselines.read('Transactions'))?.[0]?.fields).toEqual({ id: expect.any(Number), category: expect.any(String) });
    // Someone recategorizes a transaction on the service; the refresh is incremental and the baseline follows.
    const [one] = await h.client.transactions.page({ page_size: 1 }).then((p) => p.results);
    const target = (await h.client.categories.list()).find((c) => c.is_category && !c.is_default && c.id !== one?.category.id);
    if (one === undefined || target === undefined) throw new Error('the demo company has transactions and categories');
    await h.client.transactions.updateCategory(one.id, target.id);
    const refresh = await h.puller.pull({ resource: 'transactions' });
    expect(refresh).toMatchObject({ mode: 'incremental', replaced: 1, inserted: 0, write: { rowsWritten: 1 } });
    const stored = await baselines.read('Transactions');
    expect(stored).toEqual(await baselineOfTable(model));
    expect(stored?.length).toBe(first.rowCount);
    expect(stored?.find((row) => row.id === one.id)?.fields['category']).toContain(target.name);
    expect(await h.store.get('Transactions')).toMatchObject({ baseline: 'stored' });

    // A transaction imported into an offline account is inserted in the table and in the baseline, at the same row.
    const offline = (await h.client.accounts.summary()).accounts.find((a) => a.status === 'OFFLINE');
    if (offline === undefined) throw new Error('the demo company has offline accounts');
    const [created] = await h.client.accounts.createTransactions(offline.id, [{ value_date: '2024-05-05', amount: -4, purpose: 'Neu' }]);
    const again = await h.puller.pull({ resource: 'transactions' });
    expect(again).toMatchObject({ mode: 'incremental', inserted: 1, write: { rowsWritten: 1 } });
    const patched = await baselines.read('Transactions');
    expect(patched).toEqual(await baselineOfTable(model));
    expect(patched?.some((row) => row.id === created?.id)).toBe(true);
  });

  it('a baseline that cannot take the patch is removed, and the next refresh writes table and baseline whole', async () => {
    const sheet = new SheetBaselineStore();
    let refuse = true;
    setUp({
      read: (name) => sheet.read(name),
      write: (name, rows) => sheet.write(name, rows),
      remove: (name) => sheet.remove(name),
      patch: (name, patch, rowCount) => (refuse ? Promise.reject(new Error('storage refused')) : sheet.patch(name, patch, rowCount)),
    });
    const model = TRANSACTIONS_TABLE as TableModel<unknown>;
    const first = await h.puller.pull({ resource: 'transactions' });
    const broken = await h.puller.pull({ resource: 'transactions' });
    expect(broken.mode).toBe('incremental');
    expect(broken.warnings).toEqual([expect.stringContaining('could not be recorded')]);
    expect(await baselines.read('Transactions')).toBeUndefined();
    expect(await h.store.get('Transactions')).toMatchObject({ baseline: 'missing' });
    refuse = false;
    const mended = await h.puller.pull({ resource: 'transactions' });
    expect(mended).toMatchObject({ mode: 'incremental', warnings: [], write: { rowsWritten: first.rowCount } });
    expect(await baselines.read('Transactions')).toEqual(await baselineOfTable(model));
    expect(await h.store.get('Transactions')).toMatchObject({ baseline: 'stored' });
  });

  it('a failed pull leaves the previous baseline', async () => {
    setUp();
    await h.puller.pull({ resource: 'forecastBudgets' });
    const before = await baselines.read('ForecastBudgets');
    const leaf = before?.[0]?.fields['category'];
    if (typeof leaf !== 'number') throw new Error('a budget with a category');
    // The service changes, so a pull that landed would store another baseline.
    await h.client.forecastBudgets.create({ name: 'New in the service', category: leaf, settlement_date: '2026-06-01', amount: -10 });
    h.hook.current = failPage2('/forecast/budgets/');
    await expect(h.puller.pull({ resource: 'forecastBudgets' })).rejects.toThrow();
    h.hook.current = undefined;
    expect(await baselines.read('ForecastBudgets')).toEqual(before);
    expect(await baselines.read('ForecastBudgets')).toEqual(await baselineOfTable(FORECAST_BUDGETS_TABLE as TableModel<unknown>));
    await h.puller.pull({ resource: 'forecastBudgets' });
    expect((await baselines.read('ForecastBudgets'))?.length).toBe((before?.length ?? 0) + 1);
  });

  it('a baseline that cannot be stored keeps the table, warns, and leaves no stale baseline', async () => {
    const sheet = new SheetBaselineStore();
    let refuse = false;
    setUp({
      read: (name) => sheet.read(name),
      write: (name, rows) => (refuse ? Promise.reject(new Error('storage refused')) : sheet.write(name, rows)),
      remove: (name) => sheet.remove(name),
    });
    await h.puller.pull({ resource: 'forecastBudgets' });
    refuse = true;
    const result = await h.puller.pull({ resource: 'forecastBudgets' });
    expect(result.warnings).toEqual([expect.stringContaining('could not be recorded')]);
    expect(result.rowCount).toBeGreaterThan(5);
    expect(await baselines.read('ForecastBudgets')).toBeUndefined();
    const state = await h.store.get('ForecastBudgets');
    expect(state).toMatchObject({ baseline: 'missing', complete: false });
  });
});
