import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import { fromR1C1, toR1C1 } from '../../../src/preview/excel-sim/formula/r1c1';

describe('formulasR1C1', () => {
  it.each([
    ['=A1*2', 0, 1, '=RC[-1]*2'],
    ['=$A$1+B2', 1, 1, '=R1C1+RC'],
    ['=$A2+A$2', 4, 3, '=R[-3]C1+R2C[-3]'],
    ['=SUM(Sheet2!A1:A10)', 0, 0, '=SUM(Sheet2!RC:R[9]C)'],
    ["='My Sheet'!B2", 0, 0, "='My Sheet'!R[1]C[1]"],
    ['=SUM(A:A)+SUM(2:3)', 1, 1, '=SUM(C[-1]:C[-1])+SUM(R:R[1])'],
    ['=SUM(Transactions[Amount])&"A1"', 5, 5, '=SUM(Transactions[Amount])&"A1"'],
  ])('%s in (%i,%i) reads as %s and converts back', (a1, row, column, r1c1) => {
    expect(toR1C1(a1, row, column)).toBe(r1c1);
    expect(fromR1C1(r1c1, row, column)).toBe(a1);
  });

  it('a reference moved off the grid becomes #REF!', () => {
    expect(fromR1C1('=R[-1]C', 0, 0)).toBe('=#REF!');
  });

  it('reads and writes through Range, relative to each cell: one scalar fills a column', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:A3').values = [[1], [2], [3]];
      sheet.getRange('B1:B3').formulasR1C1 = '=RC[-1]*10';
      sheet.getRange('C1').formulasR1C1 = [['=SUM(R1C2:R3C2)']];
      const read = sheet.getRange('A1:C3').load('formulasR1C1, formulas');
      await context.sync();
      expect(read.formulas).toEqual([
        [1, '=A1*10', '=SUM($B$1:$B$3)'],
        [2, '=A2*10', ''],
        [3, '=A3*10', ''],
      ]);
      expect(read.formulasR1C1).toEqual([
        [1, '=RC[-1]*10', '=SUM(R1C2:R3C2)'],
        [2, '=RC[-1]*10', ''],
        [3, '=RC[-1]*10', ''],
      ]);
    });
    expect(wb.values('Sheet1', 'B1:C3')).toEqual([
      [10, 60],
      [20, ''],
      [30, ''],
    ]);
  });

  it('moves formulas with their rows: read R1C1 of a row, write it to another row', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:B5').values = [
        [1, '=A1+1'],
        [2, ''],
        [3, ''],
        [4, ''],
        [5, ''],
      ];
      const row = sheet.getRange('B1').load('formulasR1C1');
      await context.sync();
      sheet.getRange('B5').formulasR1C1 = row.formulasR1C1;
      await context.sync();
    });
    expect(wb.formulas('Sheet1', 'B5')).toEqual([['=A5+1']]);
    expect(wb.values('Sheet1', 'B5')).toEqual([[6]]);
  });
});
