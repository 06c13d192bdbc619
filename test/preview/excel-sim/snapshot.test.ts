import { createSimulatedWorkbook, isWorkbookSnapshot, type SimulatedWorkbook } from '../../../src/preview/excel-sim';

/** A workbook with a bit of everything a snapshot must keep. */
async function furnished(): Promise<SimulatedWorkbook> {
  const wb = createSimulatedWorkbook({ sheets: ['Data', 'Notes', 'Baseline'], settings: { 'cashflow.connection': { profile: 'Demo' } } });
  await wb.run(async (context) => {
    const sheets = context.workbook.worksheets;
    const data = sheets.getItem('Data');
    data.getRange('A1:D1').values = [['Date', 'Amount', 'Note', 'Double']];
    data.getRange('A2:A3').numberFormat = [['yyyy-mm-dd'], ['yyyy-mm-dd']];
    data.getRange('B2:B3').numberFormat = [['#,##0.00'], ['#,##0.00']];
    data.getRange('C2:C3').numberFormat = [['@'], ['@']];
    data.getRange('A2:C3').values = [
      [45322, 1234.5, '=HYPERLINK("http://x","y")'],
      [45323, -20, "'quoted"],
    ];
    data.getRange('D2:D3').formulas = [['=B2*2'], ['=B3*2']];
    const table = data.tables.add('A1:D3', true);
    table.name = 'Budget';
    table.showBandedRows = false;
    data.getRange('F1').values = [['#N/A']];
    data.getRange('G1').values = [[true]];
    data.getRange('A1').format.font.bold = true;
    data.getRange('B:B').format.columnWidth = 80;
    sheets.getItem('Notes').getRange('B2').values = [['note']];
    sheets.getItem('Notes').activate();
    sheets.getItem('Baseline').visibility = 'VeryHidden';
    context.workbook.settings.add('cashflow.pull', { when: new Date(Date.UTC(2024, 0, 5)) });
    await context.sync();
  });
  return wb;
}

function restoredCopy(wb: SimulatedWorkbook): SimulatedWorkbook {
  // Through structured clone, as IndexedDB stores it (and through JSON text, which must carry it too).
  const viaJson = JSON.parse(JSON.stringify(structuredClone(wb.snapshot()))) as unknown;
  if (!isWorkbookSnapshot(viaJson)) throw new Error('not a snapshot');
  const copy = createSimulatedWorkbook();
  copy.restore(viaJson);
  return copy;
}

describe('workbook snapshot and restore', () => {
  test('a round trip keeps values, formulas, formats, tables, settings, visibility and the active sheet', async () => {
    const wb = await furnished();
    const copy = restoredCopy(wb);

    expect(copy.sheetNames()).toEqual(['Data', 'Notes', 'Baseline']);
    for (const sheet of ['Data', 'Notes']) {
      expect(copy.values(sheet)).toEqual(wb.values(sheet));
      expect(copy.formulas(sheet)).toEqual(wb.formulas(sheet));
      expect(copy.numberFormats(sheet)).toEqual(wb.numberFormats(sheet));
      expect(copy.text(sheet)).toEqual(wb.text(sheet));
      expect(copy.valueTypes(sheet)).toEqual(wb.valueTypes(sheet));
    }
    expect(copy.formulas('Data', 'C2:C3')).toEqual([['=HYPERLINK("http://x","y")'], ["'quoted"]]);
    expect(copy.values('Data', 'D2')).toEqual([[2469]]);
    expect(copy.tables()).toEqual(wb.tables());
    expect(copy.tableLayouts()).toEqual(wb.tableLayouts());
    expect(copy.tableLayouts()[0]).toMatchObject({ name: 'Budget', showBandedRows: false, dataRowCount: 2 });
    expect(copy.settings()).toEqual(wb.settings());
    expect(copy.settings()['cashflow.pull']).toEqual({ when: new Date(Date.UTC(2024, 0, 5)) });
    expect(copy.visibility('Baseline')).toBe('VeryHidden');
    expect(copy.activeSheetName()).toBe('Notes');

    const styles = await copy.run(async (context) => {
      const data = context.workbook.worksheets.getItem('Data');
      const bold = data.getRange('A1').format.font.load('bold');
      const width = data.getRange('B1').format.load('columnWidth');
      await context.sync();
      return { bold: bold.bold, width: width.columnWidth };
    });
    expect(styles).toEqual({ bold: true, width: 80 });
  });

  test('a restored workbook takes further batches: rows added to its table, new sheets and tables with fresh ids', async () => {
    const copy = restoredCopy(await furnished());
    await copy.run(async (context) => {
      const table = context.workbook.tables.getItem('Budget');
      table.rows.add(null, [[45324, 5, 'c', '=B4*2']]);
      const sheet = context.workbook.worksheets.add('More');
      sheet.getRange('A1:B2').values = [
        ['x', 'y'],
        [1, 2],
      ];
      sheet.tables.add('A1:B2', true);
      await context.sync();
    });
    expect(copy.values('Data', 'A4:D4')).toEqual([[45324, 5, 'c', 10]]);
    expect(copy.tableLayouts().map((t) => [t.name, t.dataRowCount])).toEqual([
      ['Budget', 3],
      ['Table2', 1],
    ]);
    const ids = await copy.run(async (context) => {
      const sheets = context.workbook.worksheets.load('items/id');
      await context.sync();
      return sheets.items.map((s) => s.id);
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('restoring replaces what the workbook held and tells its change listeners', async () => {
    const fresh = createSimulatedWorkbook().snapshot();
    const wb = await furnished();
    const changes = jest.fn();
    wb.onChange(changes);
    wb.restore(fresh);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(wb.sheetNames()).toEqual(['Sheet1']);
    expect(wb.tables()).toEqual([]);
    expect(wb.settings()).toEqual({});
    expect(wb.values('Sheet1')).toEqual([]);
  });

  test('what is not a snapshot is refused', () => {
    expect(isWorkbookSnapshot({ version: 99, sheets: [] })).toBe(false);
    expect(isWorkbookSnapshot(null)).toBe(false);
    expect(() => createSimulatedWorkbook().restore({} as never)).toThrow(TypeError);
  });
});
