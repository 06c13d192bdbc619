import { createSimulatedWorkbook, SimError } from '../../../src/preview/excel-sim';

async function setup(): Promise<ReturnType<typeof createSimulatedWorkbook>> {
  const wb = createSimulatedWorkbook({ sheets: ['Data'] });
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Data');
    sheet.getRange('A1:B3').values = [
      ['Item', 'Amount'],
      ['a', 10],
      ['b', 20],
    ];
    sheet.getRange('A5').values = [['below']];
    sheet.tables.add('A1:B3', true).name = 'T';
    await context.sync();
  });
  return wb;
}

describe('table display properties', () => {
  it('loads Excel defaults for a table made by tables.add', async () => {
    const wb = await setup();
    await wb.run(async (context) => {
      const t = context.workbook.tables.getItem('T');
      t.load(
        'style, showBandedRows, showBandedColumns, showFilterButton, highlightFirstColumn, highlightLastColumn, showTotals, legacyId, id',
      );
      await context.sync();
      expect([
        t.style,
        t.showBandedRows,
        t.showBandedColumns,
        t.showFilterButton,
        t.highlightFirstColumn,
        t.highlightLastColumn,
        t.showTotals,
      ]).toEqual(['TableStyleMedium2', true, false, true, false, false, false]);
      expect(typeof t.legacyId).toBe('string');
      expect(t.legacyId).toBe(t.id);
    });
  });

  it('sets them; a style name is matched case-insensitively, an unknown one or a non-boolean fails', async () => {
    const wb = await setup();
    await wb.run(async (context) => {
      const t = context.workbook.tables.getItem('T');
      t.style = 'tablestylelight9';
      t.showBandedRows = false;
      t.showBandedColumns = true;
      t.showFilterButton = false;
      t.highlightFirstColumn = true;
      t.highlightLastColumn = true;
      await context.sync();
      const again = context.workbook.tables
        .getItem('T')
        .load('style, showBandedRows, showBandedColumns, showFilterButton, highlightFirstColumn, highlightLastColumn');
      await context.sync();
      expect(again.toJSON()).toEqual({
        style: 'TableStyleLight9',
        showBandedRows: false,
        showBandedColumns: true,
        showFilterButton: false,
        highlightFirstColumn: true,
        highlightLastColumn: true,
      });
    });
    for (const change of [
      (t: { style: string }): void => {
        t.style = 'MyStyle';
      },
      (t: { showBandedRows: unknown }): void => {
        t.showBandedRows = 'yes';
      },
    ]) {
      await expect(
        wb.run(async (context) => {
          change(context.workbook.tables.getItem('T') as unknown as { style: string; showBandedRows: unknown });
          await context.sync();
        }),
      ).rejects.toMatchObject({ code: 'InvalidArgument' });
    }
  });

  it('showTotals adds a totals row below the body: getTotalRowRange, getRange include it, rows.add moves it', async () => {
    const wb = await setup();
    await wb.run(async (context) => {
      const t = context.workbook.tables.getItem('T');
      t.showTotals = true;
      const total = t.getTotalRowRange().load('address, values');
      const all = t.getRange().load('address');
      const body = t.getDataBodyRange().load('address');
      const count = t.rows.getCount();
      await context.sync();
      expect([total.address, all.address, body.address, count.value]).toEqual(['Data!A4:B4', 'Data!A1:B4', 'Data!A2:B3', 2]);
      expect(total.values).toEqual([['Total', '']]);

      t.rows.add(undefined, [['c', 30]]);
      const moved = t.getTotalRowRange().load('address');
      await context.sync();
      expect(moved.address).toBe('Data!A5:B5');
      // A5 held "below": the totals row (4) took the free row, the added row pushed the cells below down.
      expect(wb.values('Data', 'A1:B6')).toEqual([
        ['Item', 'Amount'],
        ['a', 10],
        ['b', 20],
        ['c', 30],
        ['Total', ''],
        ['below', ''],
      ]);
    });
    expect(wb.formulas('Data', 'A1')).toEqual([['Item']]);
  });

  it('showTotals moves cells down when the row below is taken; off clears it; #Totals resolves only while shown', async () => {
    const wb = await setup();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.getRange('A4').values = [['taken']];
      sheet.getRange('D1').formulas = [['=COUNTA(T[#Totals])']];
      const t = context.workbook.tables.getItem('T');
      t.showTotals = true;
      await context.sync();
      expect(wb.values('Data', 'A4:A5')).toEqual([['Total'], ['taken']]);
      expect(wb.values('Data', 'D1')).toEqual([[1]]);
      t.showTotals = false;
      const all = t.getRange().load('address');
      await context.sync();
      expect(all.address).toBe('Data!A1:B3');
      expect(wb.values('Data', 'A4:A5')).toEqual([[''], ['taken']]);
      expect(wb.values('Data', 'D1')).toEqual([['#REF!']]);
    });
  });

  it('getTotalRowRange without a totals row fails the sync', async () => {
    const wb = await setup();
    const error = await wb
      .run(async (context) => {
        context.workbook.tables.getItem('T').getTotalRowRange();
        await context.sync();
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimError);
    expect((error as SimError).debugInfo.errorLocation).toBe('Table.getTotalRowRange');
  });
});
