/**
 * Text that runs over the empty cells to its right, as Excel shows it: a left-aligned text wider than its column
 * overflows into the next cells as long as they are empty, and stops at the first one that holds something (which
 * then clips it). Numbers, centred values, wrapped text and table cells never overflow here (Excel shows numbers as
 * `###`, wraps a wrapped text in its own cell; a table's neighbours are its own cells). The grid draws each run as one span (glide-data-grid's `span`), so the
 * stamp above a table reads whole over the empty cells beside it.
 */

export interface RowCell {
  text: string;
  align: 'left' | 'right' | 'center';
  /** Holds nothing (no value, no formula). */
  empty: boolean;
  inTable: boolean;
  /** The text wraps in its cell (`format.wrapText`). */
  wrap?: boolean;
}

/** Room glide-data-grid keeps on each side of a cell's text (`cellHorizontalPadding`). */
const PADDING_PX = 8;

/**
 * The runs of one row: every column of a run mapped to `[first, last]` column of it. `width(c)` is the column's
 * width in px, `measure(c, text)` the text's width in the font of column `c`'s cell.
 */
export function overflowSpans(
  columns: number,
  cellAt: (column: number) => RowCell,
  width: (column: number) => number,
  measure: (column: number, text: string) => number,
): Map<number, readonly [number, number]> {
  const spans = new Map<number, readonly [number, number]>();
  for (let c = 0; c < columns; c += 1) {
    const cell = cellAt(c);
    if (cell.empty || cell.inTable || cell.wrap === true || cell.align !== 'left' || cell.text === '') continue;
    const needed = measure(c, cell.text) + 2 * PADDING_PX;
    let room = width(c);
    let last = c;
    while (room < needed && last + 1 < columns) {
      const next = cellAt(last + 1);
      if (!next.empty || next.inTable) break;
      last += 1;
      room += width(last);
    }
    if (last === c) continue;
    const span = [c, last] as const;
    for (let k = c; k <= last; k += 1) spans.set(k, span);
    c = last;
  }
  return spans;
}
