/**
 * The Share section in the pane's state (#27; Excel simulation, sandbox over HTTP): the auto-open switch writes the
 * document setting and reads it back; the check lists a loaded table and finds the live token or the client secret
 * where a setting holds them (named by profile, never shown); emptying is refused while a budget edit waits, asks
 * first, and leaves the Data view's tables as never loaded with the connection kept.
 */

import { credentialKey, TokenCache } from '../../src/api';
import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { DEMO_CLIENT_ID, DEMO_SECRET, MemoryKeyValueStorage } from '../../src/sync/connect';
import { AUTO_SHOW_SETTING as AUTO_OPEN_SETTING } from '../../src/hosts/office-settings';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import { AppState } from '../../src/taskpane/state/app-state';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let sim: Installation;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, transactions: 50 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
});
afterEach(() => sim.uninstall());

async function connected(tokenCache = new TokenCache()): Promise<AppState> {
  const app = new AppState({
    storage: new MemoryKeyValueStorage(),
    host: excelPaneHost(),
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { tokenCache, sleep: async () => undefined },
  });
  await app.start();
  await app.connectDemo();
  return app;
}

/** Types into a cell of the ForecastBudgets table as a user would (the first data row, column `header`). */
function typeIntoBudget(header: string, input: string): void {
  const layout = sim.workbook.tableLayouts().find((t) => t.name === 'ForecastBudgets');
  if (layout === undefined) throw new Error('no ForecastBudgets table');
  sim.workbook.typeIntoCell(layout.sheet, layout.row + 1, layout.column + layout.columnNames.indexOf(header), input);
}

test('the auto-open switch writes Office.AutoShowTaskpaneWithDocument and reads it back', async () => {
  const app = await connected();
  await app.openShare();
  expect(app.snapshot().share.autoOpen).toBe(false);
  await app.setAutoOpen(true);
  expect(sim.workbook.settings()[AUTO_OPEN_SETTING]).toBe(true);
  expect(app.snapshot().share).toMatchObject({ available: true, autoOpen: true, autoOpenSaving: false });
  await app.setAutoOpen(false);
  expect(sim.workbook.settings()[AUTO_OPEN_SETTING]).toBe(false);
  await app.openShare();
  expect(app.snapshot().share.autoOpen).toBe(false);
});

test('the check lists a loaded table and finds the live token and the client secret in a setting, by profile, never the value', async () => {
  const tokenCache = new TokenCache();
  const app = await connected(tokenCache);
  await app.pull('forecastBudgets');
  await app.checkBeforeSharing();
  const first = app.snapshot().share.check;
  if (first.status !== 'ready') throw new Error(`not checked: ${first.status}`);
  expect(first.report.tables).toEqual([{ tableName: 'ForecastBudgets', sheetName: 'Forecast budgets', rows: expect.any(Number) }]);
  expect(first.report.tables[0]?.rows).toBeGreaterThan(0);
  expect(first.report.connection.status).toBe('found');
  expect(first.report.findings).toEqual([]);

  const [token] = tokenCache.tokensFor(credentialKey(`${sandbox.url.replace(/\/+$/, '')}/`, DEMO_CLIENT_ID, DEMO_SECRET));
  expect(token).toBeDefined();
  await Excel.run(async (context) => {
    context.workbook.settings.add('someone.else', { header: `Bearer ${token}`, note: `secret ${DEMO_SECRET}` });
    await context.sync();
  });
  await app.checkBeforeSharing();
  const second = app.snapshot().share.check;
  if (second.status !== 'ready') throw new Error(`not checked: ${second.status}`);
  const profileName = app.snapshot().profiles[0]?.name;
  expect(second.report.findings).toEqual([
    { place: { kind: 'setting', key: 'someone.else' }, what: 'clientSecret', profileName },
    { place: { kind: 'setting', key: 'someone.else' }, what: 'accessToken', profileName },
  ]);
  expect(JSON.stringify(app.snapshot().share)).not.toContain(token);
});

test('emptying is refused while an edit waits, then asks and leaves the tables never loaded, the connection kept', async () => {
  const app = await connected();
  await app.pull('forecastBudgets');
  typeIntoBudget('Amount', '-4321');
  await app.askEmptyTables();
  expect(app.snapshot().share.empty).toEqual({ status: 'refused', pendingRows: 1, pendingFigures: 0 });
  expect(sim.workbook.tableLayouts().find((t) => t.name === 'ForecastBudgets')?.dataRowCount).toBeGreaterThan(1);

  await app.reviewChanges();
  await app.discardChanges('forecastBudgets');
  await app.askEmptyTables();
  const asked = app.snapshot().share.empty;
  expect(asked.status).toBe('confirming');
  if (asked.status === 'confirming') expect(asked.report.tables.map((t) => t.tableName)).toEqual(['ForecastBudgets']);
  await app.emptyTables();
  expect(app.snapshot().share.empty).toMatchObject({ status: 'done', tables: 1 });
  expect(sim.workbook.tableLayouts().find((t) => t.name === 'ForecastBudgets')?.dataRowCount).toBe(1);
  expect(app.snapshot().tables.find((r) => r.id === 'forecastBudgets')?.pulled).toBeUndefined();
  expect(Object.keys(sim.workbook.settings())).toEqual(['cashflow.connection']);
  expect(sim.workbook.sheetNames()).not.toContain('cashflow_baseline');
});

test('emptying is refused while a figure typed into the planning grid waits; then the grid goes and Plan shows the template’s page (#31)', async () => {
  const app = await connected();
  await app.buildPlanGrid();
  expect(app.snapshot().planGrid.message?.intent).toBe('success');
  // A figure typed into the first input cell of the grid (a coming month of a leaf category).
  const row = sim.workbook.values('Plan').findIndex((cells, r) => r > 2 && sim.workbook.cellColors('Plan', r, 5).fill === '#EEF4FB');
  expect(row).toBeGreaterThan(2);
  sim.workbook.typeIntoCell('Plan', row, 5, '-777');
  await app.askEmptyTables();
  expect(app.snapshot().share.empty).toEqual({ status: 'refused', pendingRows: 0, pendingFigures: 1 });

  await app.buildPlanGrid(); // refused: building again would overwrite the typed figure
  expect(sim.workbook.values('Plan')[row]?.[5]).toBe(-777);
  await deleteSheet('Plan'); // the user drops the figure with the grid's sheet, as the refusal says
  await app.askEmptyTables();
  const asked = app.snapshot().share.empty;
  expect(asked.status === 'confirming' && asked.report.planGrids.map((g) => g.sheet)).toEqual(['Plan']);
  await app.emptyTables();
  expect(app.snapshot().share.empty).toMatchObject({ status: 'done', grids: ['Plan'] });
  expect(sim.workbook.values('Plan', 'A1')).toEqual([['Plan grid']]);
  expect(Object.keys(sim.workbook.settings()).filter((k) => k.startsWith('cashflow.grid.'))).toEqual(['cashflow.grid.placeholder']);
});

test('a planning grid whose rows were moved counts as a figure waiting: emptying is refused until it is built again', async () => {
  const app = await connected();
  await app.buildPlanGrid();
  sim.workbook.typeIntoCell('Plan', 4, 0, 'A row of my own');
  await app.askEmptyTables();
  expect(app.snapshot().share.empty).toEqual({ status: 'refused', pendingRows: 0, pendingFigures: 1 });
  await app.buildPlanGrid(); // refused too: the sheet no longer reads as the grid (the user's row would be lost)
  expect(sim.workbook.values('Plan')[4]?.[0]).toBe('A row of my own');
  await deleteSheet('Plan');
  await app.askEmptyTables();
  expect(app.snapshot().share.empty.status).toBe('confirming');
});

/** The user deletes a sheet (Excel's own action, not the add-in's). */
async function deleteSheet(name: string): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.worksheets.getItem(name).delete();
    await context.sync();
  });
}
