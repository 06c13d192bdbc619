/**
 * The Data view's Plan grid card in the pane's state (#31; Excel simulation, sandbox over HTTP on a fixed day): the
 * plans offered, the grid built on its sheet, a figure typed and sent (the outcome in words), a figure that is no
 * amount listed with why, the last send undone once nothing waits, Build and Undo refused while typed figures wait,
 * figures typed into a parent, a computed row or a Total kept and named, and a sheet of the grid's name that holds
 * other data refused (before any grid, and after the user deleted the grid's sheet and made their own).
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

const WAITING_ONE =
  '1 figure typed into the grid is not sent yet: writing the grid anew would overwrite it, so nothing was changed. Send it first (a figure that cannot be sent says why), or rename the sheet “Plan” to set it aside, then try again.';

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
  const refresh = jest.spyOn(app, 'refreshFunctions');
  await app.sendPlanGrid();
  // Budgets were written: the CASHFLOW figures are read again (PLANNED would show the old sums).
  expect(refresh).toHaveBeenCalledTimes(1);
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

  // Undo writes the grid anew: while “tbd” waits it is refused, the figure and the send left as they are.
  await app.undoPlanGrid();
  expect(app.snapshot().planGrid.message).toEqual({
    intent: 'warning',
    text: WAITING_ONE,
    notes: [`${label}, 2027-01`],
  });
  expect(sim.workbook.values('Plan', `E${row + 1}:F${row + 1}`)).toEqual([[-1234.5, 'tbd']]);
  expect(await forecastGridBudgets()).toHaveLength(1);

  // Set aside as the message says: the renamed sheet keeps the figure, the undo builds the grid on a new Plan sheet.
  await sim.workbook.run(async (context) => {
    context.workbook.worksheets.getItem('Plan').name = 'Plan kept';
    await context.sync();
  });
  refresh.mockClear();
  await app.undoPlanGrid();
  expect(refresh).toHaveBeenCalledTimes(1);
  expect(app.snapshot().planGrid.message).toMatchObject({
    intent: 'success',
    text: 'Undone: 1. The grid shows the service’s figures again.',
  });
  expect(await forecastGridBudgets()).toEqual([]);
  expect(sim.workbook.values('Plan', `E${row + 1}`)[0]?.[0]).not.toBe(-1234.5);
  expect(sim.workbook.values('Plan kept', `F${row + 1}`)).toEqual([['tbd']]);
});

test('refuses to build the grid anew over figures not sent yet, naming how many and where; builds once they are sent', async () => {
  const app = await connected();
  app.choosePlanGrid({ from: '2026-09', months: 6 });
  await app.buildPlanGrid();
  const row = plannableRow();
  const label = String(sim.workbook.values('Plan', `A${row + 1}`)[0]?.[0]);
  sim.workbook.typeIntoCell('Plan', row, 4, '-100');
  sim.workbook.typeIntoCell('Plan', row, 5, '-200');
  sim.workbook.typeIntoCell('Plan', row, 6, '-300');

  // Three months typed, then Build for 18 months: refused, the figures and the 6-month grid left as they are.
  app.choosePlanGrid({ months: 18 });
  await app.buildPlanGrid();
  expect(app.snapshot().planGrid.message).toEqual({
    intent: 'warning',
    text: '3 figures typed into the grid are not sent yet: writing the grid anew would overwrite them, so nothing was changed. Send them first (a figure that cannot be sent says why), or rename the sheet “Plan” to set them aside, then try again.',
    notes: [`${label}, 2026-12`, `${label}, 2027-01`, `${label}, 2027-02`],
  });
  expect(sim.workbook.values('Plan', `E${row + 1}:G${row + 1}`)).toEqual([[-100, -200, -300]]);
  expect(sim.workbook.values('Plan', 'A1')[0]?.[0]).toBe('Plan grid · Forecast · Sept 2026 – Feb 2027');
  expect(await forecastGridBudgets()).toEqual([]);

  await app.sendPlanGrid();
  expect(app.snapshot().planGrid.message?.intent).toBe('success');
  await app.buildPlanGrid();
  expect(app.snapshot().planGrid.message?.intent).toBe('success');
  expect(sim.workbook.values('Plan', 'A1')[0]?.[0]).toBe('Plan grid · Forecast · Sept 2026 – Feb 2028');
  expect(sim.workbook.values('Plan', `E${row + 1}:G${row + 1}`)).toEqual([[-100, -200, -300]]);
});

test('keeps figures typed into a parent, a computed row and a Total in their cells, each named by its row’s label', async () => {
  const app = await connected();
  app.choosePlanGrid({ from: '2026-09', months: 6 });
  await app.buildPlanGrid();
  const rows = (JSON.parse(String(sim.workbook.settings()['cashflow.grid.PlanGrid'])) as { rows: { kind: string; label: string }[] }).rows;
  const group = rows.findIndex((r) => r.kind === 'group');
  const netFlow = rows.findIndex((r) => r.kind === 'netFlow');
  const leaf = plannableRow();
  const leafLabel = String(sim.workbook.values('Plan', `A${leaf + 1}`)[0]?.[0]);
  const subtotal = sim.workbook.values('Plan', `E${GRID_HEADER_ROW + 2 + group}`)[0]?.[0];
  sim.workbook.typeIntoCell('Plan', GRID_HEADER_ROW + 1 + group, 4, '500'); // a parent's December
  sim.workbook.typeIntoCell('Plan', GRID_HEADER_ROW + 1 + netFlow, 4, '1000'); // the net cash flow's December
  sim.workbook.typeIntoCell('Plan', leaf, 7, '12000'); // a leaf's Total

  await app.sendPlanGrid();
  expect(app.snapshot().planGrid.message).toEqual({
    intent: 'warning',
    text: 'Budgets written: 0. The grid shows the service’s figures again.',
    notes: [
      `${leafLabel}, Total: The total is computed from the row’s months: nothing is sent for it. Type figures into the months, or empty this cell. Your figure stays in its cell.`,
      'Net cash flow, 2026-12: This row is computed from the categories above: nothing is sent for it. Type figures into a category’s row, or empty this cell. Your figure stays in its cell.',
      `${rows[group]?.label}, 2026-12: This category takes no budgets: type the figure into one of its subcategories. Your figure stays in its cell.`,
    ],
  });
  expect(
    [
      sim.workbook.values('Plan', `E${GRID_HEADER_ROW + 2 + group}`),
      sim.workbook.values('Plan', `E${GRID_HEADER_ROW + 2 + netFlow}`),
      sim.workbook.values('Plan', `H${leaf + 1}`),
    ].map((v) => v[0]?.[0]),
  ).toEqual([500, 1000, 12000]);
  expect(sim.workbook.cellColors('Plan', GRID_HEADER_ROW + 1 + group, 4).fill).toBe('#FFC000');
  expect(await forecastGridBudgets()).toEqual([]);

  // Emptied, they are nothing typed: the next Build writes the computed figures back.
  sim.workbook.typeIntoCell('Plan', GRID_HEADER_ROW + 1 + group, 4, '');
  sim.workbook.typeIntoCell('Plan', GRID_HEADER_ROW + 1 + netFlow, 4, '');
  sim.workbook.typeIntoCell('Plan', leaf, 7, '');
  await app.buildPlanGrid();
  expect(app.snapshot().planGrid.message?.intent).toBe('success');
  expect(sim.workbook.values('Plan', `E${GRID_HEADER_ROW + 2 + group}`)[0]?.[0]).toBe(subtotal);
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

test('names a figure whose category left the grid before it was sent, and gives the figure in the note', async () => {
  const app = await connected();
  app.choosePlanGrid({ from: '2026-09', months: 6 });
  await app.buildPlanGrid();
  const row = plannableRow();
  const label = String(sim.workbook.values('Plan', `A${row + 1}`)[0]?.[0]);
  const rows = (JSON.parse(String(sim.workbook.settings()['cashflow.grid.PlanGrid'])) as { rows: { categoryId: number | null }[] }).rows;
  const category = sandbox.store.categories.get(rows[row - GRID_HEADER_ROW - 1]?.categoryId ?? -1);
  if (!category) throw new Error('the row is a category');
  sim.workbook.typeIntoCell('Plan', row, 4, '-4321');
  category.companyId = -1; // gone from the company before the send reads the service again

  await app.sendPlanGrid();
  expect(app.snapshot().planGrid.message?.notes).toEqual([
    `${label}, 2026-12: This cell is not a category and month of the grid. The rebuilt grid has no such cell any more, so your figure “-4321” is not on the sheet: type it again where it belongs.`,
  ]);
});

/** What Build says over a sheet of the grid's name that holds someone's data. */
const SHEET_IN_USE = {
  intent: 'error',
  text: 'The grid could not be finished: The sheet “Plan” holds other data. Rename it, then build the grid again; nothing was changed.',
  notes: [],
};

test('refuses to build over a sheet named Plan the user made after deleting the grid’s, and says so', async () => {
  const app = await connected();
  await app.buildPlanGrid();
  await sim.workbook.run(async (context) => {
    context.workbook.worksheets.getItem('Plan').delete();
    context.workbook.worksheets.add('Plan').getRange('A4:C5').values = [
      ['Rent', -1200, -1200],
      ['Salaries', -8000, -8000],
    ];
    await context.sync();
  });
  await app.buildPlanGrid();
  expect(app.snapshot().planGrid.message).toEqual(SHEET_IN_USE);
  expect(sim.workbook.values('Plan', 'A4:C5')).toEqual([
    ['Rent', -1200, -1200],
    ['Salaries', -8000, -8000],
  ]);
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
  expect(app.snapshot().planGrid.message).toEqual(SHEET_IN_USE);
});
