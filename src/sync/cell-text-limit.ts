/**
 * Excel's cell text limit and how a pull keeps a longer text (issue #25 item 11). An Excel cell holds at most
 * 32,767 characters; writing more is refused ("The argument is invalid or missing"), which would fail the whole
 * table. So a longer text is cut: its first characters, then the mark `…[✂]`, together exactly 32,767 characters
 * (one fewer when the cut would split a surrogate pair). The mark is a symbol, the same in every language, so that
 * `isCutText` recognizes a cut text in any workbook; the pull names each cut record and field in its result.
 * A cut text is not the service's value: the push must never send it back (`isCutText`).
 */

/** Characters an Excel cell holds at most. */
export const EXCEL_CELL_TEXT_LIMIT = 32_767;

/** Ends every text `cutForCell` has cut: an ellipsis and scissors in brackets. */
export const CUT_TEXT_MARK = '…[✂]';

/** The text as a cell can hold it: unchanged up to the limit, else cut so that text and mark fill the limit. */
export function cutForCell(text: string): { text: string; cut: boolean } {
  if (text.length <= EXCEL_CELL_TEXT_LIMIT) return { text, cut: false };
  let end = EXCEL_CELL_TEXT_LIMIT - CUT_TEXT_MARK.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // never leave half of a surrogate pair (an emoji) behind
  return { text: text.slice(0, end) + CUT_TEXT_MARK, cut: true };
}

/** The text as a cell holds it (`cutForCell`'s text): for what the add-in writes besides a pull's rows (statuses). */
export function cellText(text: string): string {
  return cutForCell(text).text;
}

/** True for a text as `cutForCell` cut it: the mark at the end of a text of (almost exactly) the limit's length. */
export function isCutText(text: string): boolean {
  return text.length >= EXCEL_CELL_TEXT_LIMIT - 1 && text.length <= EXCEL_CELL_TEXT_LIMIT && text.endsWith(CUT_TEXT_MARK);
}
