import { createSimulatedWorkbook, SimError } from '../../../src/preview/excel-sim';
import { rejection, thrown } from './support';

describe('load / sync', () => {
  it('throws PropertyNotLoaded (office.js code and message) for a property that was not loaded', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:B2');
      range.load('address');
      expect(() => range.address).toThrow(SimError); // loaded but not yet synced
      await context.sync();
      expect(range.address).toBe('Sheet1!A1:B2');
      const e = thrown(() => range.values);
      expect(e.name).toBe('RichApi.Error');
      expect(e.code).toBe('PropertyNotLoaded');
      expect(e.message).toBe(
        "The property 'values' is not available. Before reading the property's value, call the load method on the containing object and call \"context.sync()\" on the associated request context.",
      );
      expect(e.debugInfo.errorLocation).toBe('Range.values');
    });
  });

  it('reading a property after setting it, without sync, gives the raw value written (not what Excel makes of it)', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1');
      range.values = [['-1500']];
      expect(range.values).toEqual([['-1500']]);
      expect(wb.values('Sheet1', 'A1')).toEqual([['']]); // not applied before sync
      range.load('values, valueTypes');
      await context.sync();
      expect(range.values).toEqual([[-1500]]);
      expect(range.valueTypes).toEqual([['Double']]);
    });
  });

  it('accepts the load forms office.js accepts', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      const a = sheet.getRange('A1').load('address, rowCount');
      const b = sheet.getRange('A1:B3').load(['columnCount']);
      const c = sheet.getRange('B2').load({ select: 'rowIndex,columnIndex' });
      const d = sheet.getRange('C3').load({ address: true, values: true });
      const e = sheet.getRange('C3').load();
      await context.sync();
      expect([a.address, a.rowCount, b.columnCount, c.rowIndex, c.columnIndex]).toEqual(['Sheet1!A1', 1, 2, 1, 1]);
      expect([d.address, d.values]).toEqual(['Sheet1!C3', [['']]]);
      expect(e.valueTypes).toEqual([['Empty']]);
      expect(() => c.address).toThrow(/not available/);
    });
  });

  it('getItem of a missing sheet fails at sync with ItemNotFound, not before', async () => {
    const wb = createSimulatedWorkbook();
    const error = await rejection(
      wb.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem('Missing');
        sheet.load('name'); // no error yet: queued
        await context.sync();
      }),
    );
    expect(error.code).toBe('ItemNotFound');
    expect(error.message).toBe("The requested resource doesn't exist.");
    expect(error.debugInfo.errorLocation).toBe('WorksheetCollection.getItem');
  });

  it('getItemOrNullObject gives isNullObject after load and sync', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const missing = context.workbook.worksheets.getItemOrNullObject('Missing');
      const present = context.workbook.worksheets.getItemOrNullObject('sheet1');
      expect(() => missing.isNullObject).toThrow(/not available/);
      missing.load('name');
      present.load('name');
      await context.sync();
      expect(missing.isNullObject).toBe(true);
      expect(missing.name).toBeUndefined();
      expect(present.isNullObject).toBe(false);
      expect(present.name).toBe('Sheet1');
    });
  });

  it('on an error, actions before the failing one stay applied, the rest of the batch is not', async () => {
    const wb = createSimulatedWorkbook();
    const error = await rejection(
      wb.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem('Sheet1');
        sheet.getRange('A1').values = [['before']];
        sheet.getRange('A2:B2').values = [['only one']]; // wrong dimensions
        sheet.getRange('A3').values = [['after']];
        const loaded = sheet.getRange('A1').load('values');
        await context.sync();
        return loaded;
      }),
    );
    expect(error.code).toBe('InvalidArgument');
    expect(error.debugInfo.errorLocation).toBe('Range.values');
    expect(wb.values('Sheet1', 'A1:A3')).toEqual([['before'], [''], ['']]);
    expect(wb.stats.syncs[0]?.errorCode).toBe('InvalidArgument');
  });

  it('Excel.run syncs once more at the end, and requires the batch to return a promise', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[1]];
    });
    expect(wb.values('Sheet1', 'A1')).toEqual([[1]]);
    const error = await rejection(wb.run((() => undefined) as unknown as () => Promise<void>));
    expect(error.code).toBe('RunMustReturnPromise');
  });

  it('ClientResult values arrive with the sync', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['A', 'B'] });
    await wb.run(async (context) => {
      const count = context.workbook.worksheets.getCount();
      expect(() => count.value).toThrow(/has not been loaded/);
      await context.sync();
      expect(count.value).toBe(2);
    });
  });
});
