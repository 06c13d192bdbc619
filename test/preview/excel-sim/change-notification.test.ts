import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

describe('onChange', () => {
  test('fires once per sync that wrote, not for reads or empty syncs', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    const listener = jest.fn();
    const stop = wb.onChange(listener);
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Data').getRange('A1:B2');
      range.values = [
        [1, 2],
        [3, 4],
      ];
      await context.sync();
      expect(listener).toHaveBeenCalledTimes(1);
      range.load('values');
      await context.sync();
      await context.sync();
    });
    expect(listener).toHaveBeenCalledTimes(1); // the load, the empty sync and Excel.run's closing sync changed nothing

    await wb.run(async (context) => {
      context.workbook.worksheets.add('Next').activate();
      await context.sync();
    });
    expect(listener).toHaveBeenCalledTimes(2);

    stop();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('C1').values = [[5]];
      await context.sync();
    });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  test('fires when a failing batch had already applied a write, and a throwing listener does not fail the sync', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    const listener = jest.fn(() => {
      throw new Error('view broke');
    });
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    wb.onChange(listener);
    await expect(
      wb.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem('Data');
        sheet.getRange('A1').values = [[1]];
        sheet.getRange('A2:B2').values = [[1]]; // wrong dimensions: fails this action
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(wb.values('Data', 'A1')).toEqual([[1]]);
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('A3').values = [[3]];
      await context.sync();
    });
    expect(wb.values('Data', 'A3')).toEqual([[3]]);
    quiet.mockRestore();
  });

  test('a payload refused before anything ran is no change', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    const listener = jest.fn();
    wb.onChange(listener);
    const big = Array.from({ length: 60_000 }, () => ['x'.repeat(100)]);
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Data').getRange('A1:A60000').values = big;
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'RequestPayloadSizeLimitExceeded' });
    expect(listener).not.toHaveBeenCalled();
  });

  test('extent follows stored cells in constant time', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    expect(wb.extent('Data')).toEqual({ rows: 0, columns: 0 });
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.getRange('C5').values = [[1]];
      sheet.getRange('A10:E10').numberFormat = '0.00';
      await context.sync();
    });
    expect(wb.extent('Data')).toEqual({ rows: 10, columns: 5 });
  });
});
