import { createSimulatedWorkbook, SimError, WEB_PAYLOAD_LIMIT_BYTES } from '../../../src/preview/excel-sim';

/** rows x 10 cells of an 8-character string: about 11 bytes of JSON per cell. */
function block(rows: number): string[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: 10 }, (_, c) => `v${String(r * 10 + c).padStart(7, '0')}`));
}

describe('payload limits (Excel on the web)', () => {
  it('a sync over 5 MB fails with RequestPayloadSizeLimitExceeded and applies nothing of that batch', async () => {
    const wb = createSimulatedWorkbook();
    const data = block(60_000); // ~6.6 MB
    let error: unknown;
    try {
      await wb.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem('Sheet1');
        sheet.getRange('L1').values = [['small write in the same batch']];
        sheet.getRange('A1:J60000').values = data;
        await context.sync();
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SimError);
    expect(error).toMatchObject({
      name: 'RichApi.Error',
      code: 'RequestPayloadSizeLimitExceeded',
      message: expect.stringMatching(/^The request payload size has exceeded the limit\./),
    });
    expect(wb.values('Sheet1')).toEqual([]); // nothing applied, not even the small write
    const record = wb.stats.syncs[0];
    expect(record?.requestBytes).toBeGreaterThan(WEB_PAYLOAD_LIMIT_BYTES);
    expect(record?.errorCode).toBe('RequestPayloadSizeLimitExceeded');
  });

  it('a 4 MB sync passes; the desktop platform has no cap', async () => {
    const wb = createSimulatedWorkbook();
    const data = block(36_000); // ~4 MB
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1:J36000').values = data;
      await context.sync();
    });
    const bytes = wb.stats.syncs[0]?.requestBytes ?? 0;
    expect(bytes).toBeGreaterThan(3.5 * 1024 * 1024);
    expect(bytes).toBeLessThan(WEB_PAYLOAD_LIMIT_BYTES);
    expect(wb.values('Sheet1', 'J36000')).toEqual([[data[35_999]?.[9]]]);

    const desktop = createSimulatedWorkbook({ platform: 'desktop' });
    await desktop.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1:J60000').values = block(60_000);
      await context.sync();
    });
    expect(desktop.values('Sheet1', 'A60000')).toEqual([['v0599990']]);
  });

  it('reading back more than 5 MB fails with ResponsePayloadSizeLimitExceeded, more than 5,000,000 cells with RangeExceedsLimit', async () => {
    const wb = createSimulatedWorkbook({ platform: 'desktop' });
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1:J60000').values = block(60_000);
      await context.sync();
    });
    const web = createSimulatedWorkbook();
    web.state.sheets.splice(0, 1, wb.state.sheet('Sheet1')); // same cells, web limits
    web.state.activeSheetId = wb.state.sheet('Sheet1').id;
    await expect(
      web.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1:J60000').load('values');
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'ResponsePayloadSizeLimitExceeded' });
    await expect(
      wb.run(async (context) => {
        // Bounded: entire columns (`A:E`) read as null instead (unbounded-ranges.test.ts).
        context.workbook.worksheets.getItem('Sheet1').getRange('A1:E1048575').load('values');
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'RangeExceedsLimit' });
  });

  it('counts syncs, bytes per sync and the largest, and records the suspensions of each batch', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      for (let chunk = 0; chunk < 3; chunk += 1) {
        context.application.suspendApiCalculationUntilNextSync();
        sheet.getRange(`A${chunk * 100 + 1}:J${chunk * 100 + 100}`).values = block(100);
        await context.sync();
      }
    });
    // three chunks plus the final sync of Excel.run
    expect(wb.stats.syncCount).toBe(4);
    const [a, b, c, last] = wb.stats.syncs;
    expect([a?.calculationSuspended, b?.calculationSuspended, c?.calculationSuspended, last?.calculationSuspended]).toEqual([true, true, true, false]);
    expect(last?.actionCount).toBe(0);
    expect(a?.requestBytes).toBeGreaterThan(10 * 100 * 11);
    expect(wb.stats.largestRequestBytes).toBe(Math.max(...wb.stats.syncs.map((s) => s.requestBytes)));
    expect(wb.stats.totalRequestBytes).toBe(wb.stats.syncs.reduce((sum, s) => sum + s.requestBytes, 0));
  });
});
