import { resolve } from 'node:path';
import { createSimulatedWorkbook, SimError, utf8Length, WEB_PAYLOAD_LIMIT_BYTES } from '../../../src/preview/excel-sim';
import { buildImportGraph, sourceFiles } from '../../architecture/import-graph';

/** The oracle: what Office.js sends is the JSON text of the request, as UTF-8 bytes. */
function wireBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).byteLength;
}

/** Bytes of the first sync's request when A1 is given `value` (one SetProperty action, the rest alike). */
async function requestBytesOfA1(value: unknown): Promise<number> {
  const wb = createSimulatedWorkbook();
  await wb.run(async (context) => {
    context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[value]];
    await context.sync();
  });
  return wb.stats.syncs[0]?.requestBytes ?? NaN;
}

/** Texts and numbers whose JSON bytes a measure by UTF-16 length or by String(n) gets wrong. */
const TRICKY: readonly unknown[] = [
  '💶 Zahlung', // a surrogate pair: 2 UTF-16 units, 4 bytes
  'Zürich – €', // 2- and 3-byte characters
  'say "hi"', // escaped quotes
  'line1\nline2\ttab\\', // escapes of two bytes
  'nul\u0000bell\u0007', // control characters written as \u0000: six bytes each
  '\ud800 lone', // a lone surrogate, escaped by JSON.stringify: six bytes
  1e21, // 1e+21
  -0, // 0
  0.1 + 0.2, // 0.30000000000000004
  1e-7, // 1e-7
  -1476370.83,
  123456789012345680000,
];

/** rows x 10 cells of an 8-character string: about 11 bytes of JSON per cell. */
function block(rows: number): string[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: 10 }, (_, c) => `v${String(r * 10 + c).padStart(7, '0')}`));
}

describe('the simulation measures a request itself, as Office.js sends it', () => {
  it('imports nothing from the product (the block sizing of the host and this measure must never be one code)', () => {
    const simDir = resolve(__dirname, '../../../src/preview/excel-sim');
    const graph = buildImportGraph(sourceFiles(simDir));
    expect(graph.size).toBeGreaterThan(50);
    const outside = [...graph].flatMap(([file, targets]) => targets.filter((t) => !t.startsWith(simDir)).map((t) => `${file} -> ${t}`));
    expect(outside).toEqual([]);
  });

  it.each(TRICKY.map((value) => [Object.is(value, -0) ? '-0' : JSON.stringify(value), value]))(
    'counts %s as the UTF-8 bytes of its JSON',
    async (_label, value) => {
      const plain = await requestBytesOfA1('a');
      expect((await requestBytesOfA1(value)) - plain).toBe(wireBytes(value) - wireBytes('a'));
    },
  );

  it('measures UTF-8 as the encoder writes it, lone surrogates included', () => {
    for (const text of ['', 'abc', 'é', '€', '💶', '\ud800', '\udc00x', 'a\ud83d', '💶\ud800💶', '"\\\u0000']) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength);
    }
  });
});

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
    // three chunks; the final sync of Excel.run has nothing queued, so it sends nothing
    expect(wb.stats.syncCount).toBe(3);
    const [a, b, c] = wb.stats.syncs;
    expect([a?.calculationSuspended, b?.calculationSuspended, c?.calculationSuspended]).toEqual([true, true, true]);
    expect(a?.requestBytes).toBeGreaterThan(10 * 100 * 11);
    expect(wb.stats.largestRequestBytes).toBe(Math.max(...wb.stats.syncs.map((s) => s.requestBytes)));
    expect(wb.stats.totalRequestBytes).toBe(wb.stats.syncs.reduce((sum, s) => sum + s.requestBytes, 0));
  });
});
