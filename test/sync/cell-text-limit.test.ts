/** Excel's cell text limit: what `cutForCell` keeps and `isCutText` recognizes (issue #25 item 11). */
import { CUT_TEXT_MARK, cutForCell, EXCEL_CELL_TEXT_LIMIT, isCutText } from '../../src/sync/cell-text-limit';

describe('cell text limit', () => {
  it("is Excel's 32,767 characters", () => {
    expect(EXCEL_CELL_TEXT_LIMIT).toBe(32_767);
  });

  it('keeps a text of exactly the limit (and shorter ones) as it is', () => {
    const exact = 'x'.repeat(EXCEL_CELL_TEXT_LIMIT);
    expect(cutForCell(exact)).toEqual({ text: exact, cut: false });
    expect(cutForCell('')).toEqual({ text: '', cut: false });
    expect(isCutText(exact)).toBe(false);
  });

  it('cuts a longer text so that its beginning and the mark fill the limit', () => {
    const long = 'abc'.repeat(20_000);
    const { text, cut } = cutForCell(long);
    expect(cut).toBe(true);
    expect(text).toHaveLength(EXCEL_CELL_TEXT_LIMIT);
    expect(text.endsWith(CUT_TEXT_MARK)).toBe(true);
    expect(long.startsWith(text.slice(0, -CUT_TEXT_MARK.length))).toBe(true);
    expect(isCutText(text)).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const emoji = '😀'; // two UTF-16 units
    const long = emoji.repeat(20_000); // the cut at 32,763 units would fall inside a pair
    const { text } = cutForCell(long);
    expect(text).toHaveLength(EXCEL_CELL_TEXT_LIMIT - 1);
    const kept = text.slice(0, -CUT_TEXT_MARK.length);
    expect(kept).toBe(emoji.repeat(kept.length / 2)); // whole emoji only
    expect(isCutText(text)).toBe(true);
  });

  it('does not take a text that merely ends like the mark for a cut one', () => {
    expect(isCutText(`short ${CUT_TEXT_MARK}`)).toBe(false);
    expect(isCutText('y'.repeat(EXCEL_CELL_TEXT_LIMIT))).toBe(false);
  });
});
