/**
 * The planning grid's sheet in Excel, on the simulation (#31): built from the sandbox, laid out as a report (title,
 * header, labels as text, amounts with negatives in red, the share as a percentage, groups bold, leaves indented,
 * input cells, frozen header and label column, the layout in a setting), typed into as a user types, sent, and built
 * again; a figure that did not land stays in amber, whichever row it was typed into (a parent's, a computed row, a
 * Total); a sheet of that name holding other data is refused, also once a grid was built there and its sheet deleted;
 * the template's page is replaced by the first grid, unless a user wrote on it.
 */

import type { CashflowClient } from '../../../src/api';
import { ExcelPlanSheet, GRID_AMOUNT_FORMAT } from '../../../src/hosts/excel/excel-plan-sheet';
import {
  buildPlanGrid,
  GRID_HEADER_ROW,
  GRID_PLACEHOLDER_SETTING,
  gridPlaceholderSheet,
  gridSettingKey,
  groupSpans,
  PlanSheetInUseError,
  sendPlanGrid,
  type PlanGridContext,
} from '../../../src/sync/plan-grid';
import { CHANGED_FILL, INPUT_FILL } from '../../../src/sync/push/input-style-colours';
import { MemoryBaselineStore, MemoryPushJournal, type BudgetTarget } from '../../../src/sync/push';
import { clientFor, NOW, startService, TODAY, type Sandbox } from '../../sync/plan-grid/grid-support';
import { asUser, installSim, type Sim } from './sim-setup';
import { buildTemplate, saveTemplate } from '../../../src/template/planning-template';
import { openWorkbookFile } from '../../../src/preview/workbook-file/workbook-file';
import { translate } from '../../../src/i18n/translate';
import { ExcelSharePort } from '../../../src/hosts/excel/excel-share-port';
import { SettingsConnectionStore } from '../../../src/hosts/excel/settings-connection';
import { SettingsPullStateStore } from '../../../src/hosts/excel/settings-pull-state';
import { checkBeforeSharing, emptyDataTables } from '../../../src/sync/share';

let sandbox: Sandbox;
let client: CashflowClient;
let sim: Sim;
let context: PlanGridContext & { journal: MemoryPushJournal };
const forecast: BudgetTarget = { kind: 'forecast' };
const spec = { target: forecast, horizon: { from: '2026-09', months: 6 }, day: 'last' as const };
const first = GRID_HEADER_ROW + 1;

beforeEach(async () => {
  sandbox = await startService({ transactions: 300, now: () => NOW });
  client = clientFor(sandbox, 'en');
  sim = installSim({ sheets: ['Sheet1'] });
  context = {
    client,
    port: new ExcelPlanSheet(),
    baselines: new MemoryBaselineStore(),
    journal: new MemoryPushJournal(),
    language: 'en',
    today: TODAY,
  };
});
afterEach(async () => {
  sim.uninstall();
  await sandbox.close();
});

describe('the Plan sheet in Excel', () => {
  it('is laid out as a report and keeps the layout in a setting', async () => {
    const leafCategory = [...sandbox.store.categories.values()].find(
      (c) =>
        c.companyId === 4711 && !c.isAggregating && !c.isObsolete && ![...sandbox.store.categories.values()].some((o) => o.parent === c.id),
    );
    if (!leafCategory) throw new Error('the demo company has leaf categories');
    leafCategory.name = '=HYPERLINK("http://x","y")';
    const built = await buildPlanGrid(context, spec);
    const wb = sim.workbook;
    expect(wb.sheetNames()).toContain('Plan');
    expect(wb.values('Plan', 'A1')[0]?.[0]).toBe('Plan grid · Forecast · 2026-09 – 2027-02');
    expect(wb.values('Plan', 'A3:C3')).toEqual([['Category', '2026-09', '2026-10']]);
    expect(wb.frozen('Plan')).toEqual({ rows: first, columns: 1 });
    const rows = built.sheet.layout.rows;
    const leafAt = rows.findIndex((r) => r.kind === 'leaf' && built.sheet.layout.editable[rows.indexOf(r)]?.some(Boolean));
    const leaf = first + leafAt;
    expect(wb.numberFormats('Plan', `A${leaf + 1}:B${leaf + 1}`)).toEqual([['@', GRID_AMOUNT_FORMAT]]);
    expect(wb.numberFormats('Plan', `H${leaf + 1}:M${leaf + 1}`)).toEqual([
      [GRID_AMOUNT_FORMAT, 'General', GRID_AMOUNT_FORMAT, GRID_AMOUNT_FORMAT, GRID_AMOUNT_FORMAT, '0.0%'],
    ]);
    // The current month (November, the third month) takes figures; October shows actuals.
    expect(wb.cellColors('Plan', leaf, 3).fill).toBe(INPUT_FILL);
    expect(wb.cellColors('Plan', leaf, 2).fill).not.toBe(INPUT_FILL);
    const group = first + rows.findIndex((r) => r.kind === 'group');
    await asUser(sim, async (ctx) => {
      const label = ctx.workbook.worksheets.getItem('Plan').getCell(leaf, 0).format;
      const groupFont = ctx.workbook.worksheets.getItem('Plan').getCell(group, 0).format.font;
      label.load('indentLevel');
      groupFont.load('bold');
      await ctx.sync();
      expect([label.indentLevel, groupFont.bold]).toEqual([rows[leafAt]?.depth, true]);
      // The preview draws the indent too.
      expect(wb.cellColors('Plan', leaf, 0).indent).toBe(rows[leafAt]?.depth);
    });
    // A category name that looks like a formula stays text.
    const named = first + rows.findIndex((r) => r.categoryId === leafCategory.id);
    expect(wb.cell('Plan', named, 0)).toMatchObject({ result: { kind: 'String', value: '=HYPERLINK("http://x","y")' } });
    expect(wb.cell('Plan', named, 0).formula).toBeUndefined();
    // Each parent's rows grouped beneath it (Excel's outline); building again does not group them twice.
    const levels = (): Map<number, number> => wb.outlineLevels('Plan');
    const expected = new Map<number, number>();
    for (const span of groupSpans(rows))
      for (let r = span.from; r < span.from + span.count; r += 1) expected.set(first + r, (expected.get(first + r) ?? 0) + 1);
    expect(levels()).toEqual(expected);
    expect(Math.max(...levels().values())).toBe(Math.max(...rows.map((r) => r.depth)));
    await buildPlanGrid(context, spec);
    expect(levels()).toEqual(expected);
    const stored = JSON.parse(String(wb.settings()[gridSettingKey(forecast)])) as { rows: unknown[]; months: string[] };
    expect([stored.rows.length, stored.months]).toEqual([rows.length, built.grid.months]);
  });

  it('sends what a user typed and shows it after building again; a figure that is no amount stays, in amber', async () => {
    const built = await buildPlanGrid(context, spec);
    const at = built.sheet.layout.rows.findIndex((r, i) => r.kind === 'leaf' && built.sheet.layout.editable[i]?.some(Boolean));
    const row = first + at;
    sim.workbook.typeIntoCell('Plan', row, 4, '-2500'); // December
    sim.workbook.typeIntoCell('Plan', row, 5, 'soon'); // January
    const sent = await sendPlanGrid(context, forecast);
    expect(sent.kept.map((k) => [k.month, k.typed])).toEqual([['2027-01', 'soon']]);
    expect(sim.workbook.values('Plan', `E${row + 1}:F${row + 1}`)).toEqual([[-2500, 'soon']]);
    expect(sim.workbook.cellColors('Plan', row, 5).fill).toBe(CHANGED_FILL);
    // Built again from the service alone: December holds the figure.
    await buildPlanGrid(context, spec);
    expect(sim.workbook.values('Plan', `E${row + 1}`)).toEqual([[-2500]]);
  });

  it('keeps figures typed into a parent, a computed row and a Total in their cells, in amber; emptied, builds write them back', async () => {
    const built = await buildPlanGrid(context, spec);
    const rows = built.sheet.layout.rows;
    const group = first + rows.findIndex((r) => r.kind === 'group');
    const balance = first + rows.findIndex((r) => r.kind === 'balance');
    const leaf = first + rows.findIndex((r, i) => r.kind === 'leaf' && built.sheet.layout.editable[i]?.some(Boolean));
    const at = (row: number, column: number): unknown => sim.workbook.values('Plan', 'A1:H200')[row]?.[column];
    const written = [at(group, 4), at(balance, 5), at(leaf, 7)];
    sim.workbook.typeIntoCell('Plan', group, 4, '-700'); // a parent's December
    sim.workbook.typeIntoCell('Plan', balance, 5, 'ask the bank'); // the closing balance's January
    sim.workbook.typeIntoCell('Plan', leaf, 7, '-9000'); // a leaf's Total

    const sent = await sendPlanGrid(context, forecast);
    expect(sent.kept.map((k) => [k.label, k.month, k.typed])).toEqual([
      [rows[leaf - first]?.label, 'total', -9000],
      ['Closing balance', '2027-01', 'ask the bank'],
      [rows[group - first]?.label, '2026-12', -700],
    ]);
    expect([at(group, 4), at(balance, 5), at(leaf, 7)]).toEqual([-700, 'ask the bank', -9000]);
    expect(
      [
        sim.workbook.cellColors('Plan', group, 4),
        sim.workbook.cellColors('Plan', balance, 5),
        sim.workbook.cellColors('Plan', leaf, 7),
      ].map((c) => c.fill),
    ).toEqual([CHANGED_FILL, CHANGED_FILL, CHANGED_FILL]);
    // The read gives each row's label, months and Total.
    expect((await context.port.read(built.sheet.layout))[leaf - first]).toHaveLength(2 + built.grid.months.length);

    for (const [row, column] of [
      [group, 4],
      [balance, 5],
      [leaf, 7],
    ] as const)
      sim.workbook.typeIntoCell('Plan', row, column, '');
    await sendPlanGrid(context, forecast);
    expect([at(group, 4), at(balance, 5), at(leaf, 7)]).toEqual(written);
  });

  it('refuses a sheet named Plan the user made after deleting the grid’s (the layout is still stored); takes an empty one', async () => {
    await buildPlanGrid(context, spec);
    await asUser(sim, async (ctx) => {
      ctx.workbook.worksheets.getItem('Plan').delete();
      ctx.workbook.worksheets.add('Plan').getRange('B2').values = [['my notes']];
      await ctx.sync();
    });
    expect(sim.workbook.settings()).toHaveProperty([gridSettingKey(forecast)]);
    await expect(buildPlanGrid(context, spec)).rejects.toThrow(PlanSheetInUseError);
    expect(sim.workbook.values('Plan', 'A1:B4')).toEqual([
      ['', ''],
      ['', 'my notes'],
      ['', ''],
      ['', ''],
    ]);

    await asUser(sim, async (ctx) => {
      ctx.workbook.worksheets.getItem('Plan').getRange('B2').clear('All');
      await ctx.sync();
    });
    const built = await buildPlanGrid(context, spec);
    expect(sim.workbook.values('Plan', 'A1')[0]?.[0]).toBe(built.sheet.title);
  });

  it('refuses a sheet named Plan that holds other data, and changes nothing', async () => {
    await asUser(sim, async (ctx) => {
      ctx.workbook.worksheets.add('Plan').getRange('B2').values = [['my notes']];
      await ctx.sync();
    });
    await expect(buildPlanGrid(context, spec)).rejects.toThrow(PlanSheetInUseError);
    expect(sim.workbook.values('Plan', 'A1:B2')).toEqual([
      ['', ''],
      ['', 'my notes'],
    ]);
  });
});

describe('the template’s Plan sheet', () => {
  async function openTemplate(language: 'en' | 'de'): Promise<void> {
    const bytes = await saveTemplate(await buildTemplate({ language }), { id: '773ffca3-b486-40c2-a9ee-f12cfa211984', version: '0.1.0.0' });
    sim.workbook.restore((await openWorkbookFile(bytes)).snapshot);
  }

  it('is replaced by the first grid built, in its place among the sheets; the page’s setting goes with it', async () => {
    await openTemplate('de');
    const sheets = sim.workbook.sheetNames();
    expect(sim.workbook.values('Plan', 'A1')).toEqual([[translate('de', 'template.plan.title')]]);
    expect(Math.max(...sim.workbook.rowHeights('Plan').values())).toBeGreaterThan(30);
    const built = await buildPlanGrid(context, spec);
    expect(sim.workbook.sheetNames()).toEqual(sheets);
    expect(sim.workbook.values('Plan', 'A1')[0]?.[0]).toBe(built.sheet.title);
    expect(sim.workbook.values('Plan', 'A3:B3')).toEqual([['Category', '2026-09']]);
    // Nothing of the page is left beside the grid, and the header and label column are frozen as on a new sheet.
    expect(sim.workbook.values('Plan', `A${first + built.sheet.body.length + 1}:A${first + built.sheet.body.length + 12}`).flat()).toEqual(
      Array.from({ length: 12 }, () => ''),
    );
    expect(sim.workbook.frozen('Plan')).toEqual({ rows: first, columns: 1 });
    // The page's tall paragraph rows are standard rows again under the grid.
    expect([...sim.workbook.rowHeights('Plan').values()].every((points) => points === 15)).toBe(true);
    expect(sim.workbook.settings()).not.toHaveProperty([GRID_PLACEHOLDER_SETTING]);
    expect(sim.workbook.settings()).toHaveProperty([gridSettingKey(forecast)]);
  });

  it.each([
    ['a line added', (wb: Sim['workbook']) => wb.typeIntoCell('Plan', 15, 0, 'Rent goes up in March')],
    ['a line changed', (wb: Sim['workbook']) => wb.typeIntoCell('Plan', 2, 0, 'Our own plan, do not touch')],
    ['a line removed', (wb: Sim['workbook']) => wb.typeIntoCell('Plan', 2, 0, '')],
    ['figures far below it', (wb: Sim['workbook']) => wb.typeIntoCell('Plan', 400, 30, '12')],
  ])('is refused once a user wrote on it (%s): nothing changed', async (_what, write) => {
    await openTemplate('en');
    write(sim.workbook);
    const before = sim.workbook.values('Plan', 'A1:A20');
    await expect(buildPlanGrid(context, spec)).rejects.toThrow(PlanSheetInUseError);
    expect(sim.workbook.values('Plan', 'A1:A20')).toEqual(before);
    expect(sim.workbook.settings()).toHaveProperty([GRID_PLACEHOLDER_SETTING]);
    expect(sim.workbook.settings()).not.toHaveProperty([gridSettingKey(forecast)]);
  });

  it('is refused when the setting is gone: a sheet named Plan is then someone’s', async () => {
    await openTemplate('en');
    await asUser(sim, async (ctx) => {
      ctx.workbook.settings.getItem(GRID_PLACEHOLDER_SETTING).delete();
      await ctx.sync();
    });
    await expect(buildPlanGrid(context, spec)).rejects.toThrow(PlanSheetInUseError);
    expect(sim.workbook.values('Plan', 'A1')).toEqual([[translate('en', 'template.plan.title')]]);
  });
});

describe('Empty the data tables with planning grids (#31)', () => {
  const scenario: BudgetTarget = { kind: 'scenario', scenarioId: 2 };

  it('gives the Plan sheet the template’s page back and deletes a scenario’s grid sheet; the next Build grid takes the page', async () => {
    await buildPlanGrid(context, spec);
    await buildPlanGrid(context, { ...spec, target: scenario });
    expect(sim.workbook.sheetNames()).toEqual(expect.arrayContaining(['Plan', 'Scenario 2 plan']));
    const report = await checkBeforeSharing({
      port: new ExcelSharePort(),
      pullStates: new SettingsPullStateStore(),
      connection: new SettingsConnectionStore(),
      probes: [],
    });
    expect(report.planGrids).toEqual([
      { target: forecast, sheet: 'Plan' },
      { target: scenario, sheet: 'Scenario 2 plan' },
    ]);

    const result = await emptyDataTables({
      port: new ExcelSharePort(),
      pullStates: new SettingsPullStateStore(),
      language: 'de',
      pendingRows: async () => 0,
      pendingGridFigures: async () => 0,
    });
    expect(result).toMatchObject({ status: 'done', grids: report.planGrids });
    expect(sim.workbook.sheetNames()).not.toContain('Scenario 2 plan');
    const page = gridPlaceholderSheet('de');
    expect(sim.workbook.values('Plan', 'A1:A9').flat()).toEqual(
      Array.from({ length: 9 }, (_, i) => String(page.cells.find((c) => c.row === i + 1)?.value ?? '')),
    );
    expect(
      sim.workbook
        .values('Plan', 'B1:Z40')
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(sim.workbook.cellColors('Plan', 2, 0).wrap).toBe(true);
    expect(sim.workbook.rowHeights('Plan').get(2)).toBeGreaterThan(30);
    expect(sim.workbook.outlineLevels('Plan').size).toBe(0);
    expect(sim.workbook.frozen('Plan')).toEqual({ rows: 0, columns: 0 });
    const settings = sim.workbook.settings();
    expect(Object.keys(settings).filter((k) => k.startsWith('cashflow.grid.'))).toEqual([GRID_PLACEHOLDER_SETTING]);
    // No category of the company is left on the sheet, and the next Build grid replaces the page.
    await buildPlanGrid(context, spec);
    expect(sim.workbook.values('Plan', 'A3')).toEqual([['Category']]);
  });

  it('is refused while figures typed into a grid wait to be sent: nothing is touched', async () => {
    const built = await buildPlanGrid(context, spec);
    const at = built.sheet.layout.rows.findIndex((r, i) => r.kind === 'leaf' && built.sheet.layout.editable[i]?.some(Boolean));
    sim.workbook.typeIntoCell('Plan', first + at, 4, '-2500');
    const before = sim.workbook.values('Plan', 'A1:F20');
    const result = await emptyDataTables({
      port: new ExcelSharePort(),
      pullStates: new SettingsPullStateStore(),
      language: 'en',
      pendingRows: async () => 0,
      pendingGridFigures: async () => 1,
    });
    expect(result).toEqual({ status: 'refused', pendingRows: 0, pendingFigures: 1 });
    expect(sim.workbook.values('Plan', 'A1:F20')).toEqual(before);
    expect(sim.workbook.settings()).toHaveProperty([gridSettingKey(forecast)]);
  });
});
