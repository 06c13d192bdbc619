import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import { fittingWidth } from '../../../src/preview/excel-sim/model/column-fit';
import { rejection } from './support';

describe('format.autofitColumns (best fit on the range’s data)', () => {
  it('widens each column to its widest shown text, measured as formatted', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      const range = sheet.getRange('A1:C2');
      range.numberFormat = [
        ['@', '@', '@'],
        ['#,##0.00', '@', 'General'],
      ];
      range.values = [
        ['Amount', 'Counterpart', 'Id'],
        [1234567.5, 'Stadtwerke München GmbH', 7],
      ];
      range.format.autofitColumns();
      await context.sync();
    });
    const [amount, counterpart, id] = wb.columnWidths('Sheet1', 3);
    expect(amount).toBe(fittingWidth('1,234,567.50'));
    expect(counterpart).toBe(fittingWidth('Stadtwerke München GmbH'));
    expect(counterpart).toBeGreaterThan(48 * 2);
    expect(id).toBeLessThan(48);
    expect(wb.autofits('Sheet1')).toEqual([{ kind: 'columns', address: 'Sheet1!A1:C2' }]);
  });

  it('reads only the range’s rows, leaves empty columns as they are, and the width reads back', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:A3').values = [['x'], ['y'], ['a much longer text below the fitted rows']];
      sheet.getRange('B:B').format.columnWidth = 100;
      sheet.getRange('A1:B2').format.autofitColumns();
      const a = sheet.getRange('A1').format.load('columnWidth');
      await context.sync();
      expect(a.columnWidth).toBe(fittingWidth('x'));
    });
    expect(wb.columnWidths('Sheet1', 3)).toEqual([fittingWidth('x'), 100, 48]);
  });

  it('measures a table’s header row and bold cells in bold, as Excel shows them', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:B2').values = [
        ['Reporting amount', 'x'],
        ['1', 'Bold text'],
      ];
      sheet.getRange('B2').format.font.bold = true;
      sheet.tables.add('A1:B2', true);
      sheet.getRange('A1:B2').format.autofitColumns();
      await context.sync();
    });
    expect(wb.columnWidths('Sheet1', 2)).toEqual([fittingWidth('Reporting amount', true), fittingWidth('Bold text', true)]);
    expect(fittingWidth('Reporting amount', true)).toBeGreaterThan(fittingWidth('Reporting amount'));
  });

  it('fits whole columns over the used rows only', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('C5').values = [['Reporting amount']];
      sheet.getRange('A:C').format.autofitColumns();
      await context.sync();
    });
    expect(wb.columnWidths('Sheet1', 3)).toEqual([48, 48, fittingWidth('Reporting amount')]);
  });
});

describe('worksheet.freezePanes', () => {
  it('freezes the top rows and the first columns, reports the frozen block and unfreezes', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      expect(sheet.freezePanes).toBe(sheet.freezePanes);
      const none = sheet.freezePanes.getLocationOrNullObject();
      none.load('address');
      await context.sync();
      expect(none.isNullObject).toBe(true);

      sheet.freezePanes.freezeRows(2);
      const rows = sheet.freezePanes.getLocationOrNullObject().load('address');
      await context.sync();
      expect(rows.address).toBe('Sheet1!1:2');
      expect(wb.frozen('Sheet1')).toEqual({ rows: 2, columns: 0 });

      sheet.freezePanes.freezeColumns();
      const both = sheet.freezePanes.getLocationOrNullObject().load('address');
      await context.sync();
      expect(both.address).toBe('Sheet1!A1:A2');

      sheet.freezePanes.unfreeze();
      await context.sync();
      expect(wb.frozen('Sheet1')).toEqual({ rows: 0, columns: 0 });
    });
  });

  it('refuses a negative count and keeps the frozen panes in a snapshot', async () => {
    const wb = createSimulatedWorkbook();
    const error = await rejection(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').freezePanes.freezeRows(-1);
        await context.sync();
      }),
    );
    expect(error.code).toBe('InvalidArgument');
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').freezePanes.freezeRows(1);
      await context.sync();
    });
    const saved = JSON.parse(JSON.stringify(wb.snapshot()));
    const other = createSimulatedWorkbook();
    other.restore(saved);
    expect(other.frozen('Sheet1')).toEqual({ rows: 1, columns: 0 });
  });
});
