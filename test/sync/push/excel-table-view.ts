/** A table of the Excel simulation as the user sees it: headers, cell values, its sheet and the header's row. */

export interface TableView {
  headers: string[];
  rows: unknown[][];
  sheet: string;
  /** Sheet row of the header (0-based). */
  headerRow: number;
}

export async function tableView(name: string): Promise<TableView> {
  return Excel.run(async (context) => {
    const t = context.workbook.tables.getItem(name);
    const range = t.getRange().load('values, rowIndex');
    const ws = t.worksheet.load('name');
    await context.sync();
    const [headers = [], ...rows] = range.values as unknown[][];
    return { headers: headers.map(String), rows, sheet: ws.name, headerRow: range.rowIndex };
  });
}
