/**
 * A number too wide for its column, as Excel shows it: the cell fills with `#` (never a number cut short, which
 * would read as another number: "-1,476,370.83" clipped to "1,476,370.83").
 */

/** Pixels a cell keeps free around its text. */
const PADDING_PX = 8;

export function fitNumber(text: string, columnPx: number, measure: (text: string) => number): string {
  const room = columnPx - PADDING_PX;
  if (measure(text) <= room) return text;
  const hash = Math.max(1, measure('#'));
  return '#'.repeat(Math.max(1, Math.floor(room / hash)));
}
