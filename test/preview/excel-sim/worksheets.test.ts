import { createSimulatedWorkbook, installExcelSimulation } from '../../../src/preview/excel-sim';

describe('worksheets', () => {
  it('adds, renames, reorders and hides sheets, including VeryHidden', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheets = context.workbook.worksheets;
      const baseline = sheets.add('Baseline');
      baseline.visibility = 'VeryHidden';
      sheets.add('Report').position = 0;
      await context.sync();
      const all = sheets.load('items/name, items/visibility, items/position');
      await context.sync();
      expect(all.items.map((s) => [s.name, s.visibility, s.position])).toEqual([
        ['Report', 'Visible', 0],
        ['Sheet1', 'Visible', 1],
        ['Baseline', 'VeryHidden', 2],
      ]);
    });
    expect(wb.visibility('Baseline')).toBe('VeryHidden');
  });

  it('keeps one visible sheet, refuses duplicate names, and deletes', async () => {
    const wb = createSimulatedWorkbook();
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').visibility = 'Hidden';
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidOperation' });
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.add('sheet1');
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'ItemAlreadyExists' });
    await wb.run(async (context) => {
      context.workbook.worksheets.add('Temp');
      await context.sync();
      context.workbook.worksheets.getItem('Temp').delete();
      const active = context.workbook.worksheets.getActiveWorksheet().load('name');
      await context.sync();
      expect(active.name).toBe('Sheet1');
    });
    expect(wb.sheetNames()).toEqual(['Sheet1']);
  });

  it('refuses to delete a VeryHidden sheet with InvalidOperation (a Hidden one can be deleted)', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Main', 'Secret', 'Hidden'] });
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Secret').visibility = 'VeryHidden';
      context.workbook.worksheets.getItem('Hidden').visibility = 'Hidden';
      await context.sync();
    });
    const error = await wb
      .run(async (context) => {
        context.workbook.worksheets.getItem('Secret').delete();
        await context.sync();
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ code: 'InvalidOperation', debugInfo: { errorLocation: 'Worksheet.delete' } });
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Hidden').delete();
      await context.sync();
    });
    expect(wb.sheetNames()).toEqual(['Main', 'Secret']);
  });

  it('ranges: getCell, resized/offset ranges, used range, insert and delete', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      const base = sheet.getRange('B2');
      base.getResizedRange(1, 2).values = [
        [1, 2, 3],
        [4, 5, 6],
      ];
      const cell = base.getCell(1, 2).load('address, values');
      const offset = base.getOffsetRange(1, 0).load('address');
      const used = sheet.getUsedRange().load('address');
      await context.sync();
      expect([cell.address, cell.values, offset.address, used.address]).toEqual(['Sheet1!D3', [[6]], 'Sheet1!B3', 'Sheet1!B2:D3']);
      sheet.getRange('B2:D2').insert('Down');
      sheet.getRange('A1').getUsedRangeOrNullObject().load('address');
      await context.sync();
    });
    expect(wb.values('Sheet1', 'B2:D4')).toEqual([
      ['', '', ''],
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('B2:D2').delete('Up');
      await context.sync();
    });
    expect(wb.values('Sheet1')).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('installs as the Excel and OfficeExtension globals product code uses', async () => {
    const target: { Excel?: unknown; OfficeExtension?: unknown } = {};
    const { workbook, uninstall } = installExcelSimulation(target);
    const excel = target.Excel as typeof Excel;
    expect(excel.SheetVisibility.veryHidden).toBe('VeryHidden');
    expect(excel.ErrorCodes.itemNotFound).toBe('ItemNotFound');
    await excel.run(async (context) => {
      context.application.calculationMode = excel.CalculationMode.manual;
      context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [['hello']];
      const app = context.application.load('calculationMode');
      await context.sync();
      expect(app.calculationMode).toBe('Manual');
    });
    expect(workbook.values('Sheet1', 'A1')).toEqual([['hello']]);
    const error = await excel
      .run(async (context) => {
        context.workbook.worksheets.getItem('nope').load('name');
        await context.sync();
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf((target.OfficeExtension as typeof OfficeExtension).Error);
    uninstall();
    expect('Excel' in target).toBe(false);
  });
});
