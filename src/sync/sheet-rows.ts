/**
 * How many rows a worksheet holds: 1,048,576 in Excel and in its files (the .xlsx format's own limit), so a table
 * anchored on row r has room for 1,048,576 − r rows below its header row.
 */

import { parseAnchor } from './tables/table-spec-check';

export const SHEET_ROWS = 1_048_576;

/** Rows a table's body can hold below its header, the header at `anchor` (default A1). */
export function bodyRowsBelow(anchor = 'A1'): number {
  return SHEET_ROWS - parseAnchor(anchor).row - 1;
}
