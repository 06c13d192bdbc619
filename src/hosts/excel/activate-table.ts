/** Shows the sheet that holds a table (the task pane's "go to sheet"); a table that is gone is left alone. */

import { runExcel } from './run-excel';

export async function activateTable(tableName: string): Promise<boolean> {
  return runExcel(async (session) => {
    const table = session.context.workbook.tables.getItemOrNullObject(tableName);
    await session.sync();
    if (table.isNullObject) return false;
    table.worksheet.activate();
    await session.sync();
    return true;
  });
}
