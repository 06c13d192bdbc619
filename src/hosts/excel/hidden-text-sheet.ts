/**
 * What the very hidden text sheets of the workbook share (the push baselines, `sheet-baseline-store.ts`, and the
 * push journal, `sheet-push-journal.ts`): finding or adding the sheet, one queue for their batches, and JSON cut
 * into parts that fit a cell (`src/sync/push/sheet-text-parts.ts`, shared with the xlsx host).
 *
 * Not in document settings: they are capped at 2 MB and fail earlier (office-js #621, #3957). A very hidden sheet
 * travels with the file, is not listed under Unhide, and has no cap but Excel's grid. Every cell is text (number
 * format `@`, set before the values), so nothing is typed: `=HYPERLINK(...)` in a description stays text.
 */

import { runExcel, type ExcelSession } from './run-excel';

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
