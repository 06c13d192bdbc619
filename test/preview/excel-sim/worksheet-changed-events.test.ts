import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import type { SimWorksheetChangedEventArgs } from '../../../src/preview/excel-sim/proxies/worksheet-changed-events';

/** Resolves with the first `count` events a collector saw (events arrive asynchronously, after the batch). */
function collector(): {
  seen: SimWorksheetChangedEventArgs[];
  handler: (args: SimWorksheetChangedEventArgs) => Promise<void>;
  next(count: number): Promise<SimWorksheetChangedEventArgs[]>;
} {
  const seen: SimWorksheetChangedEventArgs[] = [];
  const waiting: Array<{ count: number; resolve: (events: SimWorksheetChangedEventArgs[]) => void }> = [];
  return {
    seen,
    handler: async (args) => {
      seen.push(args);
      for (const w of [...waiting]) if (seen.length >= w.count) w.resolve(seen.slice(0, w.count));
    },
    next: (count) =>
      seen.length >= count ? Promise.resolve(seen.slice(0, count)) : new Promise((resolve) => waiting.push({ count, resolve })),
  };
}

describe('Worksheet.onChanged / WorksheetCollection.onChanged', () => {
  test("a write of values fires RangeEdited with the range's address, from this add-in, after the batch", async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data', 'Other'] });
    const events = collector();
    const id = await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.onChanged.add(events.handler);
      sheet.load('id');
      await context.sync();
      return sheet.id;
    });
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('B2:C3').values = [
        [1, 2],
        [3, 4],
      ];
      context.workbook.worksheets.getItem('Other').getRange('A1').values = [[1]];
      await context.sync();
      expect(events.seen).toHaveLength(0); // asynchronous, as Excel sends events
    });
    const [event] = await events.next(1);
    expect(event).toMatchObject({
      type: 'WorksheetChanged',
      worksheetId: id,
      address: 'B2:C3',
      changeType: 'RangeEdited',
      source: 'Local',
      triggerSource: 'ThisLocalAddin',
    });
    // Formats are no content change (they raise onFormatChanged in Excel): nothing more arrives for them.
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('D4').format.fill.color = '#FF0000';
      context.workbook.worksheets.getItem('Data').getRange('D4').formulas = [['=1+1']];
      await context.sync();
    });
    const second = await events.next(2);
    expect(second[1]?.address).toBe('D4');
    expect(events.seen).toHaveLength(2); // the other sheet's write was not this sheet's event
  });

  test("handlers go with the add-in's runtime: once forgotten (the preview reloaded the pane), none is called", async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    const old = collector();
    await wb.run(async (context) => {
      context.workbook.worksheets.onChanged.add(old.handler);
      context.workbook.worksheets.getItem('Data').onChanged.add(old.handler);
      await context.sync();
    });
    expect(wb.eventHandlerCount()).toBe(2);
    wb.forgetEventHandlers();
    expect(wb.eventHandlerCount()).toBe(0);
    const fresh = collector();
    await wb.run(async (context) => {
      context.workbook.worksheets.onChanged.add(fresh.handler);
      await context.sync();
    });
    wb.typeIntoCell('Data', 0, 0, '1');
    await fresh.next(1);
    expect(old.seen).toHaveLength(0);
    expect(wb.eventHandlerCount()).toBe(1);
  });

  test('a user typing into a cell fires with triggerSource Unknown; getRange(ctx) reads the changed cells', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    const events = collector();
    await wb.run(async (context) => {
      context.workbook.worksheets.onChanged.add(events.handler);
      await context.sync();
    });
    wb.typeIntoCell('Data', 1, 2, '-130');
    const [event] = await events.next(1);
    expect(event).toMatchObject({ address: 'C2', triggerSource: 'Unknown' });
    const values = await wb.run(async (context) => {
      const range = (event as SimWorksheetChangedEventArgs).getRange(context).load('values');
      await context.sync();
      return range.values;
    });
    expect(values).toEqual([[-130]]);
  });

  test('registration takes a sync; remove() stops the events at the sync after; clear() of contents fires', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    const events = collector();
    const handle = await wb.run(async (context) => {
      const result = context.workbook.worksheets.onChanged.add(events.handler);
      wb.typeIntoCell('Data', 0, 0, 'before the sync');
      await context.sync();
      return result;
    });
    wb.typeIntoCell('Data', 0, 0, 'after');
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('A1').clear('Contents');
      await context.sync();
    });
    const seen = await events.next(2);
    expect(seen.map((e) => [e.address, e.triggerSource])).toEqual([
      ['A1', 'Unknown'],
      ['A1', 'ThisLocalAddin'],
    ]);
    // As the reference shows it: removed in a batch on the context the handler was added with.
    await wb.run(handle.context, async (context) => {
      handle.remove();
      await context.sync();
    });
    wb.typeIntoCell('Data', 0, 0, 'unheard');
    // A later handler proves the removed one would have been told by now.
    const later = collector();
    await wb.run(async (context) => {
      context.workbook.worksheets.onChanged.add(later.handler);
      await context.sync();
    });
    wb.typeIntoCell('Data', 0, 1, 'heard');
    await later.next(1);
    expect(events.seen).toHaveLength(2);
  });
});
