import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

describe('Range.format, format.font, format.fill', () => {
  it('is a cached navigation property; defaults load for an unformatted range', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:C3');
      expect(range.format).toBe(range.format);
      expect(range.format.font).toBe(range.format.font);
      range.load('format/columnWidth, format/rowHeight, format/horizontalAlignment, format/verticalAlignment, format/wrapText');
      range.format.font.load('bold, italic, color, name, size');
      range.format.fill.load('color');
      await context.sync();
      expect(range.format.toJSON()).toMatchObject({
        columnWidth: 48,
        rowHeight: 15,
        horizontalAlignment: 'General',
        verticalAlignment: 'Bottom',
        wrapText: false,
      });
      expect(range.format.font.toJSON()).toEqual({ bold: false, italic: false, color: '#000000', name: 'Calibri', size: 11 });
      expect(range.format.fill.color).toBe('#FFFFFF');
    });
  });

  it('sets and reads back per cell; differing cells read null', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      const header = sheet.getRange('A1:C1');
      header.format.font.bold = true;
      header.format.font.color = 'red';
      header.format.font.name = 'Arial';
      header.format.font.size = 14;
      header.format.fill.color = '#ffc000';
      header.format.horizontalAlignment = 'Center';
      header.format.verticalAlignment = 'Top';
      header.format.wrapText = true;
      sheet.getRange('B:B').format.columnWidth = 100;
      sheet.getRange('2:2').format.rowHeight = 30;
      expect(header.format.font.bold).toBe(true); // written value readable before sync, as in office.js
      await context.sync();

      const same = sheet.getRange('A1:C1');
      same.format.load('horizontalAlignment, verticalAlignment, wrapText');
      same.format.font.load('bold, color, name, size, italic');
      same.format.fill.load('color');
      const mixed = sheet.getRange('A1:A2');
      mixed.format.load('horizontalAlignment, wrapText, columnWidth, rowHeight');
      mixed.format.font.load('bold, color, italic');
      mixed.format.fill.load('color');
      const widths = sheet.getRange('A1:C1').format.load('columnWidth, rowHeight');
      const column = sheet.getRange('B5:B9').format.load('columnWidth, rowHeight');
      await context.sync();
      expect(same.format.toJSON()).toEqual({ horizontalAlignment: 'Center', verticalAlignment: 'Top', wrapText: true });
      expect(same.format.font.toJSON()).toEqual({ bold: true, color: '#FF0000', name: 'Arial', size: 14, italic: false });
      expect(same.format.fill.color).toBe('#FFC000');
      expect(mixed.format.toJSON()).toEqual({ horizontalAlignment: null, wrapText: null, columnWidth: 48, rowHeight: null });
      expect(mixed.format.font.toJSON()).toEqual({ bold: null, color: null, italic: false });
      expect(mixed.format.fill.color).toBeNull();
      expect([widths.columnWidth, widths.rowHeight, column.columnWidth, column.rowHeight]).toEqual([null, 15, 100, 15]);
    });
  });

  it('fill.clear(), clear("Formats") and row deletes act on the stored styles', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:A3').format.fill.color = 'yellow';
      sheet.getRange('A3').format.font.italic = true;
      sheet.getRange('A1').format.fill.clear();
      sheet.getRange('A2').clear('Formats');
      sheet.getRange('1:1').delete('Up'); // A3 moves to A2
      const a1 = sheet.getRange('A1').format.fill.load('color');
      const a2 = sheet.getRange('A2').format.fill.load('color');
      const font = sheet.getRange('A2').format.font.load('italic');
      await context.sync();
      expect([a1.color, a2.color, font.italic]).toEqual(['#FFFFFF', '#FFFF00', true]);
    });
  });

  it('load paths go through format (range.load("format/font/bold")); wrong values fail the sync', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2');
      range.format.font.bold = true;
      await context.sync();
      const loaded = context.workbook.worksheets.getItem('Sheet1').getRange('B2').load('address, format/font/bold, format/fill');
      await context.sync();
      expect(loaded.format.font.bold).toBe(true);
      expect(loaded.format.fill.color).toBe('#FFFFFF');
    });
    for (const bad of ['not-a-color', 12]) {
      await expect(
        wb.run(async (context) => {
          context.workbook.worksheets.getItem('Sheet1').getRange('A1').format.fill.color = bad as string;
          await context.sync();
        }),
      ).rejects.toMatchObject({ code: 'InvalidArgument', debugInfo: { errorLocation: 'RangeFill.color' } });
    }
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1').format.horizontalAlignment = 'Middle' as Excel.HorizontalAlignment;
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument', debugInfo: { errorLocation: 'RangeFormat.horizontalAlignment' } });
  });

  it('autofitColumns / autofitRows are recorded; over empty cells no width changes', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:B2');
      range.format.autofitColumns();
      range.format.autofitRows();
      const widths = range.format.load('columnWidth');
      await context.sync();
      expect(widths.columnWidth).toBe(48);
    });
    expect(wb.autofits('Sheet1')).toEqual([
      { kind: 'columns', address: 'Sheet1!A1:B2' },
      { kind: 'rows', address: 'Sheet1!A1:B2' },
    ]);
  });

  it('formats of whole columns and rows: widths per column, styles per cell; the whole sheet is refused as not modelled', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('3:3').format.font.bold = true;
      const inRow = sheet.getRange('XFD3').format.font.load('bold');
      const row = sheet.getRange('3:3').format.font.load('bold');
      const column = sheet.getRange('C:C').format.font.load('bold');
      await context.sync();
      expect([inRow.bold, row.bold, column.bold]).toEqual([true, true, null]);
    });
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange().format.font.bold = true;
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument', message: expect.stringContaining('does not model') as unknown });
  });
});
