/**
 * JSON cut into parts that fit a cell, as the very hidden sheets of the push keep it (the baselines,
 * `baseline-sheet-layout.ts`, and the journal, `journal-sheet-layout.ts`), whichever host writes them: the Excel host
 * (src/hosts/excel) and the xlsx host (src/hosts/xlsx) cut and join alike, so either reads what the other wrote.
 */

import type { CellValue } from '../cell-values';

/** Characters of JSON per cell (Excel's cell limit is 32,767; the `|` in front takes one). */
export const PART_CHARS = 32_000;
/** In front of every part, so no part ever starts with a character Excel might read as a prefix (`'`, `=`). */
const PART_PREFIX = '|';

/** Text in parts that fit a cell, each with the prefix; a cut never splits a surrogate pair. */
export function textParts(text: string, size = PART_CHARS): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(PART_PREFIX + text.slice(at, end));
    at = end;
  }
  return parts;
}

/** The text of parts read back (empty cells skipped), or undefined when a cell is not a part this code wrote. */
export function joinTextParts(cells: readonly CellValue[]): string | undefined {
  let text = '';
  for (const cell of cells) {
    if (cell === '') continue;
    if (typeof cell !== 'string' || !cell.startsWith(PART_PREFIX)) return undefined;
    text += cell.slice(PART_PREFIX.length);
  }
  return text;
}
