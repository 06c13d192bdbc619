import { cellJsonBytes, halve, planBlocks, rowJsonBytes } from '../../../src/hosts/excel/chunk-plan';
import { stringJsonBytes } from '../../../src/sync/json-bytes';
import { utf8Length } from '../../../src/preview/excel-sim';

describe('payload estimate', () => {
  it.each(['', 'plain', 'Zürich – €', '💶 Zahlung', 'a"b\\c', 'line1\nline2\t', '\u0001', '\ud800x'])('measures %p as UTF-8 JSON', (text) => {
    expect(stringJsonBytes(text)).toBe(utf8Length(JSON.stringify(text)));
  });

  it('measures numbers, booleans and rows like JSON.stringify', () => {
    for (const v of [0, 9, 10, 1000, 999_999, 45296, 999_999_999_999_999, -48.62, 45296.5, 1e21, NaN, true, false]) expect(cellJsonBytes(v)).toBe(JSON.stringify(v).length);
    expect(rowJsonBytes([1, 'a', true])).toBe(JSON.stringify([1, 'a', true]).length + 1);
  });
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
