import { overflowSpans, type RowCell } from '../../../src/preview/workbook-view/text-overflow';

const EMPTY: RowCell = { text: '', align: 'left', empty: true, inTable: false };
const text = (t: string, more: Partial<RowCell> = {}): RowCell => ({ text: t, align: 'left', empty: false, inTable: false, ...more });

/** 10 px a character, every column 64 px (48 px of text after the padding). */
function spans(row: RowCell[], columns = row.length): [number, readonly [number, number]][] {
  return [
    ...overflowSpans(
      columns,
      (c) => row[c] ?? EMPTY,
      () => 64,
      (_c, t) => t.length * 10,
    ),
  ];
}

describe('text overflow into empty neighbours, as Excel shows it', () => {
  test('a long left-aligned text runs over the empty cells it needs, no further', () => {
    // 15 characters: 150 px + 16 px padding = 166 px, three columns of 64 px.
    expect(spans([text('x'.repeat(15))], 6)).toEqual([
      [0, [0, 2]],
      [1, [0, 2]],
      [2, [0, 2]],
    ]);
  });

  test('stops at the first cell that holds something; a text that fits makes no run', () => {
    expect(spans([text('x'.repeat(15)), EMPTY, text('note')], 6)).toEqual([
      [0, [0, 1]],
      [1, [0, 1]],
    ]);
    expect(spans([text('four'), EMPTY, EMPTY])).toEqual([]);
    expect(spans([text('x'.repeat(15)), text('B1')])).toEqual([]);
  });

  test('numbers, centred values, wrapped text and table cells do not overflow, nor into a table', () => {
    expect(spans([text('123456789012345678', { align: 'right' }), EMPTY, EMPTY])).toEqual([]);
    expect(spans([text('#VALUE! and more text', { align: 'center' }), EMPTY, EMPTY])).toEqual([]);
    expect(spans([text('x'.repeat(15), { inTable: true }), EMPTY, EMPTY])).toEqual([]);
    // A wrapped text (a template page's paragraph) wraps in its own cell.
    expect(spans([text('x'.repeat(15), { wrap: true }), EMPTY, EMPTY])).toEqual([]);
    expect(spans([text('x'.repeat(15)), { ...EMPTY, inTable: true }, EMPTY])).toEqual([]);
  });

  test('two runs on one row', () => {
    expect(spans([text('x'.repeat(8)), EMPTY, text('y'.repeat(8)), EMPTY])).toEqual([
      [0, [0, 1]],
      [1, [0, 1]],
      [2, [2, 3]],
      [3, [2, 3]],
    ]);
  });
});
