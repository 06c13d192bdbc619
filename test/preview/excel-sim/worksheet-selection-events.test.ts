import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import type { SimWorksheetSelectionChangedEventArgs } from '../../../src/preview/excel-sim/proxies/worksheet-selection-events';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

describe('Worksheet.onSelectionChanged', () => {
  test("the user's selection of a cell is told to the sheet's handlers, with its address; range.select() is not; remove() stops it", async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Plan', 'Other'] });
    const seen: SimWorksheetSelectionChangedEventArgs[] = [];
    const handler = async (args: SimWorksheetSelectionChangedEventArgs): Promise<void> => {
      seen.push(args);
    };
    const { id, result } = await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Plan');
      const registered = sheet.onSelectionChanged.add(handler);
      sheet.load('id');
      await context.sync();
      return { id: sheet.id, result: registered };
    });
    wb.selectCell('Plan', 4, 2);
    wb.selectCell('Other', 1, 1);
    expect(seen).toEqual([]); // asynchronous, as Excel sends events
    await tick();
    expect(seen).toEqual([{ type: 'WorksheetSelectionChanged', worksheetId: id, address: 'C5' }]);
    expect([wb.selection('Plan'), wb.selectedByUser('Plan')]).toEqual([{ row: 4, column: 2, rowCount: 1, columnCount: 1 }, true]);

    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Plan').getRange('D7').select();
      await context.sync();
    });
    await tick();
    expect([seen.length, wb.selectedByUser('Plan')]).toEqual([1, false]);

    // As the reference shows it: removed in a batch on the context the handler was added with.
    await wb.run(result.context, async (context) => {
      result.remove();
      await context.sync();
    });
    wb.selectCell('Plan', 0, 0);
    await tick();
    expect(seen).toHaveLength(1);
  });
});
