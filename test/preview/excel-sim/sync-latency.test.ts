/** The optional per-sync latency (`syncLatencyMs`), how a sync gives the thread back (`syncYield`), and the row-wise cell store's bulk paths. */
import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

describe('syncLatencyMs', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('default 0: a sync needs no timer', async () => {
    jest.useFakeTimers();
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[1]];
      await context.sync();
    });
    expect(wb.values('Sheet1')).toEqual([[1]]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('delays every sync that sends actions by the latency; its batch runs after the delay', async () => {
    jest.useFakeTimers();
    const wb = createSimulatedWorkbook({ syncLatencyMs: 40 });
    const context = wb.createContext();
    context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[7]];
    let settled = false;
    const sync = context.sync('done').then((value) => {
      settled = true;
      return value;
    });
    await Promise.resolve();
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(39);
    expect([settled, wb.values('Sheet1')]).toEqual([false, []]);
    await jest.advanceTimersByTimeAsync(1);
    await expect(sync).resolves.toBe('done');
    expect(wb.values('Sheet1')).toEqual([[7]]);
    expect(wb.stats.syncCount).toBe(1);
  });

  it('a sync with nothing queued costs nothing and is no round trip (office.js sends no request)', async () => {
    jest.useFakeTimers();
    const wb = createSimulatedWorkbook({ syncLatencyMs: 1_000 });
    await wb.createContext().sync();
    expect(jest.getTimerCount()).toBe(0);
    expect(wb.stats.syncs).toEqual([]);
  });

  it('a failing sync fails after the delay, with the same error as without latency', async () => {
    jest.useFakeTimers();
    const wb = createSimulatedWorkbook({ syncLatencyMs: 10 });
    const context = wb.createContext();
    context.workbook.worksheets.getItem('Missing').getRange('A1').values = [[1]];
    const sync = context.sync();
    const outcome = expect(sync).rejects.toMatchObject({ code: 'ItemNotFound' });
    await jest.advanceTimersByTimeAsync(10);
    await outcome;
  });

  it('refuses a negative or non-finite latency', () => {
    expect(() => createSimulatedWorkbook({ syncLatencyMs: -1 })).toThrow(RangeError);
    expect(() => createSimulatedWorkbook({ syncLatencyMs: Number.NaN })).toThrow(RangeError);
  });
});

describe('cell store bulk paths', () => {
  it('a scalar numberFormat fills the range, keeps contents, and General empties format-only cells', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('B2').values = [[5]];
      sheet.getRange('A1:C3').numberFormat = '0.00' as unknown as string[][];
      await context.sync();
      sheet.getRange('A1:C2').numberFormat = 'General' as unknown as string[][];
    });
    expect(wb.numberFormats('Sheet1', 'A1:C3')).toEqual([
      ['General', 'General', 'General'],
      ['General', 'General', 'General'],
      ['0.00', '0.00', '0.00'],
    ]);
    expect(wb.values('Sheet1', 'B2')).toEqual([[5]]);
    // The used range (formats count) is rows 2-3: B2 has a value, row 3 a format.
    await wb.run(async (context) => {
      const used = context.workbook.worksheets.getItem('Sheet1').getUsedRange().load('address');
      await context.sync();
      expect(used.address).toBe('Sheet1!A2:C3');
    });
  });

  it('values into text-formatted and General cells follow the typing rules on both paths', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:A4').numberFormat = [['@'], ['@'], ['@'], ['@']];
      await context.sync();
      sheet.getRange('A1:B4').values = [
        ['=1+1', '=1+1'],
        ['0012', '0012'],
        [3.5, true],
        ['', 'TRUE'],
      ];
    });
    expect(wb.valueTypes('Sheet1', 'A1:B4')).toEqual([
      ['String', 'Double'],
      ['String', 'Double'],
      ['Double', 'Boolean'],
      ['Empty', 'Boolean'],
    ]);
    expect(wb.values('Sheet1', 'A1:B3')).toEqual([
      ['=1+1', 2],
      ['0012', 12],
      [3.5, true],
    ]);
  });
});

describe('syncYield', () => {
  /** Whether the sync's batch ran and the sync resolved while only microtasks ran (the thread never given back). */
  async function withinMicrotasks(syncYield: 'microtask' | 'task' | undefined): Promise<{ ran: boolean; resolved: boolean }> {
    const wb = createSimulatedWorkbook(syncYield === undefined ? {} : { syncYield });
    const context = wb.createContext();
    context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[1]];
    let resolved = false;
    const sync = context.sync().then(() => {
      resolved = true;
    });
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    const outcome = { ran: wb.values('Sheet1').length > 0, resolved };
    await sync;
    expect(wb.values('Sheet1')).toEqual([[1]]);
    return outcome;
  }

  it('task: a sync gives the thread back before its batch runs, as a round trip to Excel does (the preview)', async () => {
    expect(await withinMicrotasks('task')).toEqual({ ran: false, resolved: false });
  });

  it('microtask (the default): the batch runs and the sync resolves without giving the thread back', async () => {
    expect(await withinMicrotasks(undefined)).toEqual({ ran: true, resolved: true });
    expect(await withinMicrotasks('microtask')).toEqual({ ran: true, resolved: true });
  });
});
