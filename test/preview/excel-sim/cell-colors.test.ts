import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

describe('SimulatedWorkbook.cellColors: the per-cell read the preview grid draws fills and font colours from', () => {
  it('gives the fill and font colour set through Range.format, per cell, and nothing for default cells', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      const input = sheet.getRange('B2:C3').format;
      input.fill.color = '#ffcc99';
      input.font.color = '#3F3F76';
      sheet.getRange('C3').format.fill.color = '#FFC000';
      sheet.getRange('D4').format.font.bold = true;
      await context.sync();
    });
    expect(wb.cellColors('Sheet1', 1, 1)).toEqual({ fill: '#FFCC99', font: '#3F3F76' });
    expect(wb.cellColors('Sheet1', 2, 2)).toEqual({ fill: '#FFC000', font: '#3F3F76' });
    expect(wb.cellColors('Sheet1', 0, 0)).toEqual({});
    // Styled, but not coloured: the default colours, drawn bold.
    expect(wb.cellColors('Sheet1', 3, 3)).toEqual({ bold: true });
  });

  it('follows a reset to the default, a clear of formats, and cells moved by an inserted row', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:A3').format.fill.color = '#FFCC99';
      await context.sync();
      sheet.getRange('A1').format.fill.clear();
      sheet.getRange('A2').clear('Formats');
      sheet.getRange('1:1').insert('Down');
      await context.sync();
    });
    expect(wb.cellColors('Sheet1', 0, 0)).toEqual({});
    expect(wb.cellColors('Sheet1', 1, 0)).toEqual({});
    expect(wb.cellColors('Sheet1', 2, 0)).toEqual({});
    expect(wb.cellColors('Sheet1', 3, 0)).toEqual({ fill: '#FFCC99' });
  });

  it('is not an Office.js call: no sync, nothing counted', () => {
    const wb = createSimulatedWorkbook();
    const before = wb.stats.syncCount;
    for (let row = 0; row < 10_000; row += 1) wb.cellColors('Sheet1', row, 0);
    expect(wb.stats.syncCount).toBe(before);
  });
});
