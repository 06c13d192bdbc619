/**
 * What the very hidden text sheets of the workbook share (the push baselines, `sheet-baseline-store.ts`, and the
 * push journal, `sheet-push-journal.ts`): finding or adding the sheet, one queue for their batches, and JSON cut
 * into parts that fit a cell.
 *
 * Not in document settings: they are capped at 2 MB and fail earlier (office-js #621, #3957). A very hidden sheet
 * travels with the file, is not listed under Unhide, and has no cap but Excel's grid. Every cell is text (number
 * format `@`, set before the values), so nothing is typed: `=HYPERLINK(...)` in a description stays text.
 */

import type { CellValue } from '../../sync/cell-values';
import { runExcel, type ExcelSession } from './run-excel';

/** Characters of JSON per cell (Excel's cell limit is 32,767; the `|` in front takes one). */
export const PART_CHARS = 32_000;
/** In front of every part, so no part ever starts with a character Excel might read as a prefix (`'`, `=`). */
const PART_PREFIX = '|';

/** Text in parts that fit a cell, each with the prefix; a cut never splits a surrogate pair. */
export function textParts(text: string, size = PART_CHARS): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length; ) {
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

/**
 * Every batch on these sheets runs after the previous one ended, whichever store or instance started it: two
 * writes at once would otherwise find the same free cells and write over each other.
 */
let queue: Promise<unknown> = Promise.resolve();
export function serialized<T>(batch: (session: ExcelSession) => Promise<T>): Promise<T> {
  const run = queue.then(() => runExcel(batch));
  queue = run.catch(() => undefined);
  return run;
}

export async function existingSheet(session: ExcelSession, name: string): Promise<Excel.Worksheet | undefined> {
  const sheet = session.context.workbook.worksheets.getItemOrNullObject(name);
  await session.sync();
  return sheet.isNullObject ? undefined : sheet;
}

export async function addVeryHiddenSheet(session: ExcelSession, name: string): Promise<Excel.Worksheet> {
  const sheet = session.context.workbook.worksheets.add(name);
  // Very hidden: not offered under Unhide, so users do not edit it by hand.
  sheet.visibility = Excel.SheetVisibility.veryHidden;
  await session.sync();
  return sheet;
}
