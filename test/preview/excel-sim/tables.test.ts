import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

async function setup(): Promise<ReturnType<typeof createSimulatedWorkbook>> {
  const wb = createSimulatedWorkbook({ sheets: ['Data', 'Other'] });
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Data');
    sheet.getRange('A1:C3').values = [
      ['Date', 'Amount', 'Note'],
      [45322, 10, 'a'],
      [45323, 20, 'b'],
    ];
    const table = sheet.tables.add('A1:C3', true);
    table.name = 'Budget';
    await context.sync();
  });
  return wb;
}

async function rename(wb: ReturnType<typeof createSimulatedWorkbook>, name: string): Promise<unknown> {
  return wb.run(async (context) => {
    const table = context.workbook.worksheets.getItem('Other').tables.add('A1:B2', true);
    table.name = name;
    await context.sync();
  });
}

describe('tables', () => {
  it.each(['My Table', 'A1', 'R1C1', 'XFD1048576', 'r', 'C', '1abc', 'budget', 'BUDGET'])(
    'refuses the name %p with InvalidArgument',
    async (name) => {
      const wb = await setup();
      await expect(rename(wb, name)).rejects.toMatchObject({
        code: 'InvalidArgument',
        message: 'The argument is invalid or missing or has an incorrect format.',
      });
    },
  );

  it.each(['_flows', '\\back', 'XFE1', 'Cash.Flow2', 'Rx'])('accepts the name %p', async (name) => {
    const wb = await setup();
    await rename(wb, name);
    expect(wb.tables().map((t) => t.name)).toContain(name);
  });

  it('reads header, body and columns; rows.add and delete change the data body', async () => {
    const wb = await setup();
    await wb.run(async (context) => {
      const table = context.workbook.tables.getItem('budget');
      const columns = table.columns.load('items/name, count');
      const rows = table.rows.load('count');
      const header = table.getHeaderRowRange().load('values');
      await context.sync();
      expect(columns.items.map((c) => c.name)).toEqual(['Date', 'Amount', 'Note']);
      expect([columns.count, rows.count]).toEqual([3, 2]);
      expect(header.values).toEqual([['Date', 'Amount', 'Note']]);

      table.rows.add(undefined, [
        [45324, 30, 'c'],
        [45325, 40, 'd'],
      ]);
      table.rows.getItemAt(0).delete();
      const body = table.getDataBodyRange().load('address, values');
      const count = table.rows.getCount();
      await context.sync();
      expect(body.address).toBe('Data!A2:C4');
      expect(body.values).toEqual([
        [45323, 20, 'b'],
        [45324, 30, 'c'],
        [45325, 40, 'd'],
      ]);
      expect(count.value).toBe(3);
      table.rows.deleteRows([0, 2]);
      await context.sync();
    });
    expect(wb.values('Data', 'A1:C3')).toEqual([
      ['Date', 'Amount', 'Note'],
      [45324, 30, 'c'],
      ['', '', ''],
    ]);
  });

  it('new rows take the column format, so a text column stays text', async () => {
    const wb = await setup();
    await wb.run(async (context) => {
      const table = context.workbook.tables.getItem('Budget');
      table.columns.getItem('Note').getDataBodyRange().numberFormat = '@';
      table.rows.add(null, [[45326, 50, '=1+1']]);
      await context.sync();
    });
    expect(wb.valueTypes('Data', 'C4')).toEqual([['String']]);
    expect(wb.values('Data', 'C4')).toEqual([['=1+1']]);
  });

  it('data body range after resize, columns.add, showHeaders and delete', async () => {
    const wb = await setup();
    await wb.run(async (context) => {
      const table = context.workbook.tables.getItem('Budget');
      table.resize('A1:D5');
      const body = table.getDataBodyRange().load('address');
      const names = table.columns.load('name');
      await context.sync();
      expect(body.address).toBe('Data!A2:D5');
      expect(names.items.map((c) => c.name)).toEqual(['Date', 'Amount', 'Note', 'Column4']);
      table.columns.add(null, [['Category'], ['x'], ['y'], [''], ['']]);
      table.showHeaders = false;
      const range = table.getRange().load('address');
      await context.sync();
      expect(range.address).toBe('Data!A2:E5');
      table.showHeaders = true;
      await context.sync();
    });
    expect(wb.tables()).toEqual([
      {
        name: 'Budget',
        sheet: 'Data',
        address: 'Data!A1:E5',
        showHeaders: true,
        columns: ['Date', 'Amount', 'Note', 'Column4', 'Category'],
      },
    ]);
    await wb.run(async (context) => {
      context.workbook.tables.getItem('Budget').delete();
      const missing = context.workbook.tables.getItemOrNullObject('Budget').load('name');
      await context.sync();
      expect(missing.isNullObject).toBe(true);
    });
  });

  it('tables.add without headers generates them and shifts the data down; overlapping tables are refused', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:B1').values = [[1, 2]];
      sheet.tables.add('A1:B1', false);
      await context.sync();
    });
    expect(wb.values('Sheet1')).toEqual([
      ['Column1', 'Column2'],
      [1, 2],
    ]);
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').tables.add('B2:C3', true);
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument', message: "A table can't overlap another table." });
  });

  it('convertToRange removes the table, keeps values and formats, and returns the range it covered', async () => {
    const wb = await setup();
    await wb.run(async (context) => {
      context.workbook.tables.getItem('Budget').getDataBodyRange().getColumn(0).numberFormat = [['yyyy-mm-dd'], ['yyyy-mm-dd']];
      await context.sync();
      const range = context.workbook.tables.getItem('Budget').convertToRange().load('address, values');
      const count = context.workbook.tables.getCount();
      await context.sync();
      expect(range.address).toBe('Data!A1:C3');
      expect(range.values).toEqual([
        ['Date', 'Amount', 'Note'],
        [45322, 10, 'a'],
        [45323, 20, 'b'],
      ]);
      expect(count.value).toBe(0);
    });
    expect(wb.tables()).toEqual([]);
    expect(wb.text('Data', 'A2:A3')).toEqual([['2024-01-31'], ['2024-02-01']]);
    // the cells are free again: a new table may be made there
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Data').tables.add('A1:C3', true).name = 'Budget';
      await context.sync();
    });
    expect(wb.tables().map((t) => t.address)).toEqual(['Data!A1:C3']);
  });
});
