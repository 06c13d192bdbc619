import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

describe("Range.group('ByRows') / ungroup", () => {
  test('nests levels up to eight, ungroups one level at a time, and refuses columns', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Plan'] });
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Plan');
      sheet.getRange('3:8').group('ByRows');
      sheet.getRange('4:5').group('ByRows');
      await context.sync();
    });
    expect(wb.outlineLevels('Plan')).toEqual(
      new Map([
        [2, 1],
        [3, 2],
        [4, 2],
        [5, 1],
        [6, 1],
        [7, 1],
      ]),
    );
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Plan').getRange('3:8').ungroup('ByRows');
      await context.sync();
    });
    expect(wb.outlineLevels('Plan')).toEqual(
      new Map([
        [3, 1],
        [4, 1],
      ]),
    );
    const deep = wb.run(async (context) => {
      for (let i = 0; i < 8; i += 1) context.workbook.worksheets.getItem('Plan').getRange('4:4').group('ByRows');
      await context.sync();
    });
    await expect(deep).rejects.toMatchObject({ code: 'InvalidOperation' });
    const columns = wb.run(async (context) => {
      context.workbook.worksheets.getItem('Plan').getRange('A:B').group('ByColumns');
      await context.sync();
    });
    await expect(columns).rejects.toMatchObject({ code: 'InvalidArgument' });
  });
});
