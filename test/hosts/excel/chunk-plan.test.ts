import { cellJsonBytes, halve, planBlocks, rowJsonBytes } from '../../../src/hosts/excel/chunk-plan';
import { stringJsonBytes } from '../../../src/sync/json-bytes';
import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { WEB_PAYLOAD_LIMIT_BYTES } from '../../../src/preview/excel-sim';
import type { ColumnSpec, CoreValue, TableSpec } from '../../../src/sync/workbook-port';
import { installSim } from './sim-setup';

/** The oracle, neither the host's estimate nor the simulation's measure: the UTF-8 bytes of the JSON text. */
function wireBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).byteLength;
}

/** Texts whose JSON bytes a measure by UTF-16 length gets wrong: surrogate pairs, escapes, control characters. */
const TRICKY_TEXTS = [
  '',
  'plain',
  'Zürich – €',
  '💶 Zahlung',
  'a"b\\c',
  'line1\nline2\t',
  '\u0000',
  '\u0001\u001f',
  '\ud800x',
  'x\udc00',
  '💶"\n\u0000',
];

describe('payload estimate', () => {
  it.each(TRICKY_TEXTS)('measures %j as UTF-8 JSON', (text) => {
    expect(stringJsonBytes(text)).toBe(wireBytes(text));
  });

  it('measures numbers, booleans and rows like JSON.stringify', () => {
    for (const v of [
      0,
      -0,
      9,
      10,
      1000,
      999_999,
      45296,
      999_999_999_999_999,
      -48.62,
      45296.5,
      0.1 + 0.2,
      1e-7,
      1e21,
      -1e21,
      123456789012345680000,
      NaN,
      Infinity,
      true,
      false,
    ]) {
      expect(cellJsonBytes(v)).toBe(wireBytes(v));
    }
    expect(rowJsonBytes([1, 'a', true])).toBe(wireBytes([1, 'a', true]) + 1);
    expect(rowJsonBytes(['💶', '\u0000', -0, 1e21])).toBe(wireBytes(['💶', '\u0000', -0, 1e21]) + 1);
  });
});

describe('blocks of such texts on Excel on the web', () => {
  const COLUMNS: ColumnSpec[] = [
    { key: 'id', header: 'Id', type: 'integer' },
    { key: 'purpose', header: 'Purpose', type: 'text' },
    { key: 'amount', header: 'Amount', type: 'amount' },
  ];
  const SPEC: TableSpec = { tableName: 'Tricky', sheetName: 'Data', columns: COLUMNS, keyColumn: 'id' };
  /** 100 UTF-16 units, 280 bytes of JSON: a measure by length would put almost three times the cap in a block. */
  const PURPOSE = '💶"\n\u0000'.repeat(20);

  it("stay under the simulation's cap at the first try, and fill it", async () => {
    const sim = installSim({ sheets: ['Data'] });
    try {
      const rows: CoreValue[][] = Array.from({ length: 30_000 }, (_, r) => [r + 1, `${PURPOSE}${r}`, -r - 0.07]);
      await new ExcelWorkbookPort().writeTable(SPEC, rows);
      const { stats } = sim.workbook;
      expect(stats.failedSyncs).toEqual([]); // no block refused and halved
      expect(stats.largestRequestBytes).toBeLessThanOrEqual(WEB_PAYLOAD_LIMIT_BYTES);
      expect(stats.largestRequestBytes).toBeGreaterThan(0.8 * WEB_PAYLOAD_LIMIT_BYTES); // the estimate is close, not merely safe
      expect(stats.syncs.filter((s) => s.requestBytes > 0.8 * WEB_PAYLOAD_LIMIT_BYTES).length).toBeGreaterThanOrEqual(2);
      expect(sim.workbook.values('Data', 'B30001')).toEqual([[`${PURPOSE}29999`]]);
    } finally {
      sim.uninstall();
    }
  }, 120_000);
});

describe('planBlocks', () => {
  it('cuts rows into consecutive blocks under the budget and the row cap', () => {
    const blocks = planBlocks(100, () => 1_000, { budgetBytes: 10_500, maxRows: 8, overheadBytes: 500 });
    expect(blocks[0]).toEqual({ start: 0, count: 8 });
    expect(blocks.reduce((n, b) => n + b.count, 0)).toBe(100);
    blocks.forEach((b, i) => expect(b.start).toBe(i === 0 ? 0 : (blocks[i - 1]?.start ?? 0) + (blocks[i - 1]?.count ?? 0)));
    const bytes = planBlocks(100, () => 1_000, { budgetBytes: 10_500, maxRows: 1_000, overheadBytes: 500 });
    expect(bytes.every((b) => b.count === 10)).toBe(true);
  });

  it('puts a row larger than the budget in a block of its own', () => {
    expect(planBlocks(3, (r) => (r === 1 ? 50_000 : 10), { budgetBytes: 1_000, maxRows: 100, overheadBytes: 0 })).toEqual([
      { start: 0, count: 1 },
      { start: 1, count: 1 },
      { start: 2, count: 1 },
    ]);
  });

  it('halves a block', () => {
    expect(halve({ start: 10, count: 5 })).toEqual([
      { start: 10, count: 3 },
      { start: 13, count: 2 },
    ]);
  });
});
