/**
 * The Data view's Plan grid card in the pane's state (#31; Excel simulation, sandbox over HTTP on a fixed day): the
 * plans offered, the grid built on its sheet, a figure typed and sent (the outcome in words), a figure that is no
 * amount listed with why, the last send undone, and a sheet of the grid's name that holds other data refused.
 */

import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox } from '../../src/sandbox';
import { MemoryKeyValueStorage } from '../../src/sync/connect';
import { GRID_HEADER_ROW } from '../../src/sync/plan-grid';
import { excelPaneHost } from '../../src/taskpane/excel-pane-host';
import { AppState } from '../../src/taskpane/state/app-state';
import { eventually } from '../e2e/support/eventually';

const NOW = new Date('2026-11-26T10:00:00Z');
let sim: Installation;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeEach(async () => {
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook());
  sandbox = await startSandbox({ port: 0, transactions: 200, now: () => NOW });
});
afterEach(async () => {
  sim.uninstall();
  await sandbox.close();
});

async function connected(): Promise<AppState> {
  const app = new AppState({
    storage: new MemoryKeyValueStorage(),
    host: excelPaneHost(),
    environment: { theme: 'light', displayLanguage: 'en-US', sandboxUrl: sandbox.url },
    client: { sleep: async () => undefined },
    now: () => NOW.getTime(),
  });
  await app.start();
  await app.connectDemo();
  return app;
}

/** The sheet row of the first leaf whose cell in `column` takes a figure (the input fill marks it; December by default). */
function plannableRow(column = 4): number {
  for (let row = GRID_HEADER_ROW + 1; row < GRID_HEADER_ROW + 80; row += 1)
    if (sim.workbook.cellColors('Plan', row, column).fill === '#EEF4FB') return row;
  throw new Error('no plannable row');
}

async function forecastGridBudgets(): Promise<string[]> {
  const plan = [...sandbox.store.plans.values()].find((p) => p.type === 'FORECAST');
  return [...sandbox.store.budgets.values()]
    .filter((b) => b.planId === plan?.id && b.externalId?.startsWith('grid-'))
    .map((b) => b.externalId ?? '');
}

test('builds the grid, sends a typed figure, lists one that is no amount, and undoes the send', async () => {
  const app = await connected();
  expect(app.planGridChoices().map((c) => c.label)).toEqual(['Forecast', 'Szenario Best Case', 'Szenario Worst Case']);
  expect(app.snapshot().planGrid).toMatchObject({ available: true, plan: 'forecast', from: '2026-08', months: 12, day: 'last' });
  app.choosePlanGrid({ from: '2026-09', months: 6 });
  await app.buildPlanGrid();
  expect(app.snapshot().planGrid.message).toMatchObject({ intent: 'success', text: expect.stringMatching(/blue cells/) });
  expect(sim.workbook.values('Plan', 'A1:G3')).toEqual([
    ['Plan grid · Forecast · Sept 2026 – Feb 2027', '', '', '', '', '', ''],
    ['', '', '', '', '', '', ''],
    ['Category', 'Sept 2026', 'Oct 2026', 'Nov 2026', 'Dec 2026', 'Jan 2027', 'Feb 2027'],
  ]);

  const row = plannableRow();
  const label = String(sim.workbook.values('Plan', `A${row + 1}`)[0]?.[0]);
  sim.workbook.typeIntoCell('Plan', row, 4, '-1234.5');
  sim.workbook.typeIntoCell('Plan', row, 5, 'tbd');
  await app.sendPlanGrid();
  expect(app.snapshot().planGrid.message).toEqual({
    intent: 'warning',
    text: 'Budgets written: 1. The grid shows the service’s figures again.',
    notes: [`${label}, 2027-01: “tbd” is not an amount: type a number, or empty the cell. Your figure stays in its cell.`],
  });
  expect(sim.workbook.values('Plan', `E${row + 1}:F${row + 1}`)).toEqual([[-1234.5, 'tbd']]);
  expect(await forecastGridBudgets()).toHaveLength(1);

  // Selecting December shows what makes it up: the grid's own budget among the others, summing to the figure.
  sim.workbook.selectCell('Plan', row, 4);
  await eventually(() => expect(app.snapshot().planGrid.composition?.month).toBe('2026-12'));
  const composition = app.snapshot().planGrid.composition;
  expect([composition?.kind, composition?.category, composition?.cents]).toEqual(['plan', label, -123450]);
  expect(composition?.budgets.reduce((sum, b) => sum + b.cents, 0)).toBe(-123450);
  expect(composition?.budgets.filter((b) => b.own).map((b) => b.name)).toEqual([expect.stringMatching(/^Plan grid: .* 2026-12$/)]);
  // October is past: its actuals.
  sim.workbook.selectCell('Plan', row, 2);
  await eventually(() => expect(app.snapshot().planGrid.composition).toMatchObject({ month: '2026-10', kind: 'actual' }));

  await app.undoPlanGrid();
  expect(app.snapshot().planGrid.message).toMatchObject({
    intent: 'success',
    text: 'Undone: 1. The grid shows the service’s figures again.',
  });
  expect(await forecastGridBudgets()).toEqual([]);
  expect(sim.workbook.values('Plan', `E${row + 1}`)[0]?.[0]).not.toBe(-1234.5);
});

test('fills a category from last year and spreads a yearly figure, sending nothing until Send figures', async () => {
  const app = await connected();
  app.choosePlanGrid({ from: '2026-11', months: 14 });
  await app.buildPlanGrid();
  const row = plannableRow(1);
  await app.spreadYearlyFigure('-12,000', 'even');
  expect(app.snapshot().planGrid.message?.text).toBe('Select a plan cell of a category in the grid first (this month or later).');
  sim.workbook.selectCell('Plan', row, 1);
  await eventually(() => expect(app.snapshot().planGrid.composition?.month).toBe('2026-11'));
  await app.spreadYearlyFigure('-12,000', 'even');
  expect(app.snapshot().planGrid.message?.text).toMatch(/the figure spread over 12 months\. Nothing is sent/);
  expect(sim.workbook.values('Plan', `B${row + 1}:N${row + 1}`)[0]).toEqual([
    ...Array.from({ length: 12 }, () => -1000),
    sim.workbook.values('Plan', `N${row + 1}`)[0]?.[0],
  ]);
  expect(sim.workbook.cellColors('Plan', row, 1).fill).toBe('#FFC000');
  expect(await forecastGridBudgets()).toEqual([]);
  // Two months left from November 2027 on: no yearly figure there.
  sim.workbook.selectCell('Plan', row, 13);
  await eventually(() => expect(app.snapshot().planGrid.composition?.month).toBe('2027-11'));
  await app.spreadYearlyFigure('-12,000', 'even');
  expect(app.snapshot().planGrid.message?.text).toMatch(/only 2 months/);
  await app.copyLastYearToPlan();
  expect(app.snapshot().planGrid.message?.text).toMatch(/14 months filled with last year’s actuals/);
  await app.sendPlanGrid();
  expect(app.snapshot().planGrid.message?.intent).toBe('success');
});

test('refuses to build over a sheet of its name that holds other data, and says so', async () => {
  const app = await connected();
  await sim.workbook.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject('Plan');
    await context.sync();
    (sheet.isNullObject ? context.workbook.worksheets.add('Plan') : sheet).getRange('C5').values = [['budget notes']];
    await context.sync();
  });
  await app.buildPlanGrid();
  expect(app.snapshot().planGrid.message).toEqual({
    intent: 'error',
    text: 'The grid could not be finished: The sheet “Plan” holds other data. Rename it, then build the grid again; nothing was changed.',
    notes: [],
  });
});
