/**
 * Where a write puts its rows: the data body of a table, or of a range that becomes a table once the rows are in.
 */

export interface TableBody {
  sheet: Excel.Worksheet;
  /** Sheet row of data row 0 and sheet column of the first pulled column (0-based). */
  bodyRow: number;
  column: number;
  /** The table receiving the rows, or null for a plain range that becomes a table afterwards. */
  table: Excel.Table | null;
  /** Data rows the table has now; a block reaching beyond adds rows first. Updated as rows are added. */
  rowsInTable: number;
}

/** Rows [start, start + count) of the body, columns [offset, offset + width) counted from the first pulled column. */
export function bodyRange(body: TableBody, start: number, count: number, offset: number, width: number): Excel.Range {
  return body.sheet.getRangeByIndexes(body.bodyRow + start, body.column + offset, count, width);
}

/** The first body row a write adds to the table (rows from there on go in with `rows.add`), or null for a plain range. */
export function firstAddedRow(body: TableBody): number | null {
  return body.table === null ? null : body.rowsInTable;
}
