import { createSimulatedWorkbook, type SimRange, type SimWorksheet } from '../../../src/preview/excel-sim';

async function addresses(make: (sheet: SimWorksheet) => SimRange[]): Promise<string[]> {
  const wb = createSimulatedWorkbook();
  return wb.run(async (context) => {
    const ranges = make(context.workbook.worksheets.getItem('Sheet1')).map((r) => r.load('address'));
    await context.sync();
    return ranges.map((r) => r.address);
  });
}

describe('whole rows and columns', () => {
  it('reports entire columns as A:B and entire rows as 2:3, the whole sheet as 1:1048576', async () => {
    expect(
      await addresses((s) => [
        s.getRange('A:B'),
        s.getRange('a:a'),
        s.getRange('2:3'),
        s.getRange('5:5'),
        s.getRange(),
        s.getRange('C1:D1048576'),
      ]),
    ).toEqual(['Sheet1!A:B', 'Sheet1!A:A', 'Sheet1!2:3', 'Sheet1!5:5', 'Sheet1!1:1048576', 'Sheet1!C:D']);
  });

  it('getEntireColumn / getEntireRow (ExcelApi 1.1)', async () => {
    expect(
      await addresses((s) => [
        s.getRange('B2:C4').getEntireColumn(),
        s.getRange('B2:C4').getEntireRow(),
        s.getRange('D7').getEntireRow(),
        s.getRange('A:A').getEntireRow(),
      ]),
    ).toEqual(['Sheet1!B:C', 'Sheet1!2:4', 'Sheet1!7:7', 'Sheet1!1:1048576']);
  });

  it('getRangeByIndexes covering full columns or rows is the same range (assumption: Excel keeps only the rectangle)', async () => {
    expect(await addresses((s) => [s.getRangeByIndexes(0, 1, 1_048_576, 2), s.getRangeByIndexes(9, 0, 1, 16_384)])).toEqual([
      'Sheet1!B:C',
      'Sheet1!10:10',
    ]);
  });

  it('cell-level properties of an unbounded range read as null; address and cellCount stay valid', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1').values = [[1]];
      const columns = sheet.getRange('A:E').load('values, text, numberFormat, formulas, valueTypes, address, cellCount');
      const byIndexes = sheet.getRangeByIndexes(0, 0, 1_048_576, 1).load('values');
      const row = sheet.getRange('1:1').load('values');
      await context.sync();
      expect([columns.values, columns.text, columns.numberFormat, columns.formulas, columns.valueTypes]).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
      expect([columns.address, columns.cellCount]).toEqual(['Sheet1!A:E', 5 * 1_048_576]);
      expect([byIndexes.values, row.values]).toEqual([null, null]);
    });
  });
});
