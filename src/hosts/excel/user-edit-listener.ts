/**
 * Tells the pane when the user edits cells, as Excel's changed event reports it (`worksheets.onChanged`, ExcelApi
 * 1.9), with the names of the tables the edit touched. Changes this add-in made itself (`triggerSource`
 * `ThisLocalAddin`, ExcelApi 1.14: pulls, highlights, the status column) are not the user's and are left out, so
 * the pane's own writes never start another round. The edit names the headers of the columns it reached, so the pane
 * can say when a cell the service never takes back was typed over.
 */

import { runExcel } from './run-excel';

export interface UserEdit {
  /** The tables of the edited sheet whose cells the edit reached (by name). */
  tableNames: string[];
  /** The headers of the columns the edit reached, by table name (the pane names the read-only ones). */
  headers: Record<string, string[]>;
}

interface ChangedArgs {
  worksheetId: string;
  address: string;
  triggerSource?: string;
}

/** The tables on the edited sheet that overlap the edited cells, with the headers of the columns reached. */
async function tablesReached(args: ChangedArgs): Promise<Omit<UserEdit, 'tableNames'>> {
  return runExcel(async ({ context }) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(args.worksheetId);
    const tables = sheet.tables.load('items/name');
    await context.sync();
    if (sheet.isNullObject) return { headers: {} };
    const edited = sheet.getRange(args.address);
    const overlaps = tables.items.map((table) => ({
      name: table.name,
      overlap: table.getRange().getIntersectionOrNullObject(edited).load('columnIndex,columnCount'),
      header: table.getHeaderRowRange().load('columnIndex,values'),
    }));
    await context.sync();
    const headers: Record<string, string[]> = {};
    for (const { name, overlap, header } of overlaps) {
      if (overlap.isNullObject) continue;
      const from = overlap.columnIndex - header.columnIndex;
      headers[name] = (header.values[0] ?? []).slice(from, from + overlap.columnCount).map(String);
    }
    return { headers };
  });
}

/**
 * Registers the listener; resolves with its removal (which unregisters it on its own request context, as Office.js
 * asks). `onEdit` is called for every user edit that reached a table; a failure to read the tables is dropped (the
 * sheet may be gone by then), as nothing the user did depends on it.
 */
export async function listenForUserEdits(onEdit: (edit: UserEdit) => void): Promise<() => Promise<void>> {
  const handler = async (args: ChangedArgs): Promise<void> => {
    if (args.triggerSource === 'ThisLocalAddin') return;
    const { headers } = await tablesReached(args).catch(() => ({ headers: {} }));
    const tableNames = Object.keys(headers);
    if (tableNames.length > 0) onEdit({ tableNames, headers });
  };
  const registration = await runExcel(async (session) => {
    const result = session.context.workbook.worksheets.onChanged.add(handler);
    await session.sync();
    return result;
  });
  return async () => {
    await Excel.run(registration.context, async (context) => {
      registration.remove();
      await context.sync();
    });
  };
}
