/**
 * "Empty the data tables" on Office.js, one table at a time (the share port's `emptyTable` and `clearStamp`):
 *
 * 1. Find the table: its header, its data body's size, and its first row's values and formulas (one row: cheap).
 * 2. Delete every data row but the first (`TableRowCollection.deleteRowsAt`): the table keeps its header, its
 *    columns' widths and, in the row left, the formats and in-cell lists (data validation) new rows take from it.
 * 3. Clear the first row's contents (`Range.clear('Contents')` keeps formats and validation): every pulled column,
 *    and the user's columns except a formula (a calculated column stays for the next Load's rows).
 * 4. A column whose list picks from the lists sheet (the Transactions' Category) loses its validation: emptying
 *    removes that sheet, and Excel would leave the rule pointing at `#REF!`. The next Load sets both again.
 */

import { runExcel, type ExcelSession } from './run-excel';
import type { EmptiedTable } from '../../sync/share/share-port';

export function emptyExcelTable(
  tableName: string,
  pulledHeaders: readonly string[],
  listHeaders: readonly string[] = [],
): Promise<EmptiedTable | undefined> {
  return runExcel(async (session) => {
    const found = await findTable(session, tableName); // 1
    if (found === undefined) return undefined;
    const { table, rows, headers, first } = found;
    if (rows > 1) table.rows.deleteRowsAt(1, rows - 1); // 2
    const pulled = new Set(pulledHeaders.map((h) => h.toLowerCase()));
    let formulasKept = 0;
    headers.forEach((header, column) => {
      const keep = !pulled.has(header.toLowerCase()) && isFormula(first.formulas[column], first.values[column]);
      if (keep) formulasKept += 1;
      else first.range.getCell(0, column).clear(Excel.ClearApplyTo.contents); // 3
      if (listHeaders.some((h) => h.toLowerCase() === header.toLowerCase())) first.range.getCell(0, column).dataValidation.clear(); // 4
    });
    await session.sync();
    return { tableName, rowsRemoved: rows, formulasKept };
  });
}

interface FoundTable {
  table: Excel.Table;
  rows: number;
  headers: string[];
  first: { range: Excel.Range; values: unknown[]; formulas: unknown[] };
}

/** Step 1, in one sync (a table always has a data row: Excel keeps one blank row in an empty table). */
async function findTable(session: ExcelSession, tableName: string): Promise<FoundTable | undefined> {
  const table = session.context.workbook.tables.getItemOrNullObject(tableName);
  await session.sync();
  if (table.isNullObject) return undefined;
  const header = table.getHeaderRowRange().load('values');
  const body = table.getDataBodyRange().load('rowCount');
  const firstRow = body.getRow(0).load('values, formulas');
  await session.sync();
  return {
    table,
    rows: body.rowCount,
    headers: (header.values[0] ?? []).map(String),
    first: { range: firstRow, values: firstRow.values[0] ?? [], formulas: firstRow.formulas[0] ?? [] },
  };
}

/** A cell holding a formula: its formula text differs from its value (a text cell showing `=x` has both the same). */
function isFormula(formula: unknown, value: unknown): boolean {
  return typeof formula === 'string' && formula.startsWith('=') && formula !== value;
}

/** Empties the cell above the table's header when it holds exactly the stamp (as text); true when it did. */
export function clearExcelStamp(tableName: string, stamp: string): Promise<boolean> {
  return runExcel(async (session) => {
    const table = session.context.workbook.tables.getItemOrNullObject(tableName);
    await session.sync();
    if (table.isNullObject) return false;
    const header = table.getHeaderRowRange().load('rowIndex, columnIndex');
    const sheet = table.worksheet;
    await session.sync();
    if (header.rowIndex === 0) return false;
    const cell = sheet.getCell(header.rowIndex - 1, header.columnIndex).load('values, formulas');
    await session.sync();
    if (cell.values[0]?.[0] !== stamp || cell.formulas[0]?.[0] !== stamp) return false;
    cell.clear(Excel.ClearApplyTo.contents);
    await session.sync();
    return true;
  });
}
