/**
 * Undoes a failed first write: removes the sheet if the write added it, else the table (if it came to exist) and
 * the cells of the area. Best effort: the write's error is what the caller needs to see.
 */

import type { ExcelSession } from './run-excel';
import { tableArea, type NewTable } from './new-table';

/** `rows`: the body rows the write may have reached. */
export async function removeNewTable(session: ExcelSession, target: NewTable, rows: number): Promise<void> {
  try {
    if (target.addsSheet) {
      session.context.workbook.worksheets.getItem(target.spec.sheetName).delete();
      await session.sync();
      return;
    }
    if (target.table !== null) {
      try {
        target.table.delete();
        await session.sync();
      } catch {
        // The table was never made (its sync failed before `add`): only cells to clear.
      }
    }
    tableArea(target, rows).clear('All');
    await session.sync();
  } catch {
    // Best effort: the original error is what the caller needs to see.
  }
}
