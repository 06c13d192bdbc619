import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import { rejection } from './support';

type Workbook = ReturnType<typeof createSimulatedWorkbook>;

async function setup(): Promise<Workbook> {
  const wb = createSimulatedWorkbook({ sheets: ['Data', 'Analysis'] });
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Data');
    sheet.getRange('A1:C6').values = [
      ['Category', 'Month', 'Amount'],
      ['Sales', '2026-02', 4000],
      ['Rent', '2026-01', -1200],
      ['Sales', '2026-01', 5000],
      ['Rent', '2026-02', -1200],
      ['=1+1', '2026-02', 10],
    ];
    sheet.getRange('A6').numberFormat = [['@']];
    sheet.getRange('A6').values = [['=1+1']];
    sheet.tables.add('A1:C6', true).name = 'Flows';
    await context.sync();
  });
  return wb;
}

async function buildPivot(wb: Workbook): Promise<void> {
  await wb.run(async (context) => {
    const source = context.workbook.tables.getItem('Flows');
    const sheet = context.workbook.worksheets.getItem('Analysis');
    const pivot = sheet.pivotTables.add('Actuals', source, sheet.getRange('B3'));
    pivot.rowHierarchies.add(pivot.hierarchies.getItem('Category'));
    pivot.columnHierarchies.add(pivot.hierarchies.getItem('Month'));
    const sum = pivot.dataHierarchies.add(pivot.hierarchies.getItem('Amount'));
    sum.summarizeBy = 'Sum';
    sum.numberFormat = '#,##0.00';
    await context.sync();
  });
}

describe('PivotTables', () => {
  it('computes the sum by row item and column item, with grand totals, in compact form at the destination', async () => {
    const wb = await setup();
    await buildPivot(wb);
    expect(wb.values('Analysis', 'B3:E8')).toEqual([
      ['Sum of Amount', 'Column Labels', '', ''],
      ['Row Labels', '2026-01', '2026-02', 'Grand Total'],
      ['=1+1', '', 10, 10],
      ['Rent', -1200, -1200, -2400],
      ['Sales', 5000, 4000, 9000],
      ['Grand Total', 3800, 2810, 6610],
    ]);
    expect(wb.cell('Analysis', 5, 2).format).toBe('#,##0.00');
    expect(wb.formulas('Analysis', 'B5')).toEqual([['=1+1']]);
  });

  it('computes the report again from the source on refresh, and only then', async () => {
    const wb = await setup();
    await buildPivot(wb);
    await wb.run(async (context) => {
      context.workbook.tables.getItem('Flows').rows.add(undefined, [['Fees', '2026-03', -50]]);
      await context.sync();
    });
    expect(wb.values('Analysis', 'E8')).toEqual([[6610]]);
    await wb.run(async (context) => {
      context.workbook.pivotTables.getItem('Actuals').refresh();
      const range = context.workbook.worksheets.getItem('Analysis').pivotTables.getItem('Actuals').layout.getRange();
      range.load('address');
      await context.sync();
      expect(range.address).toBe('Analysis!B3:F9');
    });
    expect(wb.values('Analysis', 'B4:F4')[0]).toEqual(['Row Labels', '2026-01', '2026-02', '2026-03', 'Grand Total']);
    expect(wb.values('Analysis', 'B9:F9')[0]).toEqual(['Grand Total', 3800, 2810, -50, 6560]);
  });

  it('finds, counts and deletes pivots; a second one of the same name fails', async () => {
    const wb = await setup();
    await buildPivot(wb);
    expect(await rejection(buildPivot(wb))).toMatchObject({ code: 'ItemAlreadyExists' });
    await wb.run(async (context) => {
      const missing = context.workbook.pivotTables.getItemOrNullObject('Other');
      const count = context.workbook.worksheets.getItem('Data').pivotTables.getCount();
      await context.sync();
      expect(missing.isNullObject).toBe(true);
      expect(count.value).toBe(0);
      context.workbook.pivotTables.getItem('Actuals').delete();
      await context.sync();
    });
    expect(
      wb
        .values('Analysis', 'A1:F9')
        .flat()
        .filter((v) => v !== ''),
    ).toEqual([]);
  });

  it('refuses a field the source does not have', async () => {
    const wb = await setup();
    const error = await rejection(
      wb.run(async (context) => {
        const pivot = context.workbook.worksheets.getItem('Analysis').pivotTables.add('P', 'Data!A1:C6', 'A1');
        pivot.rowHierarchies.add(pivot.hierarchies.getItem('Nope'));
        await context.sync();
      }),
    );
    expect(error.code).toBe('InvalidArgument');
  });
});

describe('charts', () => {
  it('keeps a chart as an object: type, source, title, position; found by name and deleted', async () => {
    const wb = await setup();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      const chart = sheet.charts.add('Line', sheet.getRange('B1:C3'), 'Columns');
      chart.title.text = 'Balance';
      chart.setPosition('E2', 'J12');
      chart.load('name, chartType');
      await context.sync();
      expect(chart.name).toBe('Chart 1');
      expect(chart.chartType).toBe('Line');
    });
    expect(wb.charts('Data')).toEqual([
      expect.objectContaining({
        name: 'Chart 1',
        type: 'Line',
        title: 'Balance',
        position: { row: 1, column: 4, rowCount: 11, columnCount: 6 },
      }),
    ]);
    expect(wb.chartSeries('Data', 'Chart 1')).toEqual([{ name: 'Amount', categories: ['2026-02', '2026-01'], values: [4000, -1200] }]);
    await wb.run(async (context) => {
      const charts = context.workbook.worksheets.getItem('Data').charts;
      const missing = charts.getItemOrNullObject('Chart 9');
      charts.getItem('Chart 1').delete();
      await context.sync();
      expect(missing.isNullObject).toBe(true);
    });
    expect(wb.charts('Data')).toEqual([]);
  });
});

describe('snapshots', () => {
  it('keep PivotTables and charts: a restored workbook refreshes its pivot and lists its chart', async () => {
    const wb = await setup();
    await buildPivot(wb);
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.charts.add('Line', sheet.getRange('B1:C3'), 'Columns').title.text = 'Balance';
      await context.sync();
    });
    const saved = JSON.parse(JSON.stringify(wb.snapshot())) as ReturnType<typeof wb.snapshot>;
    const restored = createSimulatedWorkbook({ sheets: ['Other'] });
    restored.restore(saved);
    expect(restored.charts('Data')).toEqual([expect.objectContaining({ name: 'Chart 1', title: 'Balance' })]);
    await restored.run(async (context) => {
      context.workbook.tables.getItem('Flows').rows.add(undefined, [['Fees', '2026-03', -50]]);
      context.workbook.pivotTables.getItem('Actuals').refresh();
      await context.sync();
    });
    expect(restored.values('Analysis', 'B9:F9')[0]).toEqual(['Grand Total', 3800, 2810, -50, 6560]);
  });
});
