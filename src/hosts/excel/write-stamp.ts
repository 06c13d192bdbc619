/**
 * `writeStamp` of the Excel host: the table's one-line stamp in the cell directly above its header, in its first
 * column (#26). The cell is not part of the table, so reads, pushes, structured references and the row count never
 * see it; widths are fitted over the header and the rows below it only, so a long stamp never widens column A (Excel
 * lets left-aligned text run over the empty cells to its right).
 *
 * 1. Find the table's header row and what its sheet freezes; where the write told the table's address, read the cell
 *    above it in the same sync (step 3 then costs no round trip of its own).
 * 2. Make room: a header in the sheet's first row gets one sheet row inserted above it (`Range.insert('Down')` on the
 *    header's entire row; tables, cells and formulas below move with it). A sheet frozen down to that header before
 *    stays frozen down to it (stamp and header in view).
 * 3. Check the cell above: empty, or holding exactly the previous stamp, is ours; anything else (a note, a formula) is
 *    the user's and stays as it is.
 * 4. Write: text format before the value (a company named `=HYPERLINK(…)` stays text), then italic and grey.
 */

import { TEXT_FORMAT } from '../../sync/cell-values';
import type { StampResult, TableStamp } from '../../sync/workbook-port';
import { topLeftOf } from './cell-address';
import { runExcel, type ExcelSession } from './run-excel';

/** Excel's "Black, Text 1, Lighter 35%" swatch: quiet beside the table, 7:1 on white. */
export const STAMP_FONT = '#595959';

interface HeaderPlace {
  sheet: Excel.Worksheet;
  row: number;
  column: number;
  /** Rows the sheet freezes when only rows are frozen (0: none, or columns frozen too). */
  frozenRows: number;
  /** The cell above the header, its address, values and formulas loaded, when the write told where the table is. */
  above?: Excel.Range;
}

export function writeExcelStamp(tableName: string, stamp: TableStamp): Promise<StampResult> {
  return runExcel(async (session) => {
    const header = await findHeader(session, tableName, stamp.tableAddress); // 1 (and 3, where the write told the place)
    const place = header.row === 0 ? await insertRowAbove(session, header) : header; // 2
    const cell = header.above ?? place.sheet.getCell(place.row - 1, place.column).load('address');
    if (place === header && !(await isOurs(session, cell, stamp.previous, header.above !== undefined)))
      return { address: cell.address, written: false }; // 3
    cell.numberFormat = [[TEXT_FORMAT]]; // 4
    cell.values = [[stamp.text]];
    cell.format.font.italic = true;
    cell.format.font.color = STAMP_FONT;
    await session.sync();
    return { address: cell.address, written: true };
  });
}

/**
 * Step 1, in one sync; with the table's address as its write answered it, the cell above the header rides along (step
 * 3's read), kept only if the header is where the address says.
 */
async function findHeader(session: ExcelSession, tableName: string, tableAddress: string | undefined): Promise<HeaderPlace> {
  const table = session.context.workbook.tables.getItem(tableName);
  const header = table.getHeaderRowRange().load('rowIndex, columnIndex');
  const sheet = table.worksheet;
  const frozen = sheet.freezePanes.getLocationOrNullObject().load('rowCount, columnCount');
  const told = tableAddress === undefined ? undefined : topLeftOf(tableAddress);
  const above = told !== undefined && told.row > 0 ? sheet.getCell(told.row - 1, told.column).load('address, values, formulas') : undefined;
  await session.sync();
  const place = { sheet, row: header.rowIndex, column: header.columnIndex, frozenRows: frozenRowsOnly(frozen) };
  return above !== undefined && told?.row === place.row && told.column === place.column ? { ...place, above } : place;
}

/** Step 2: one sheet row above the header; the header (and a freeze down to it) one row lower. */
async function insertRowAbove(session: ExcelSession, header: HeaderPlace): Promise<HeaderPlace> {
  header.sheet.getRangeByIndexes(header.row, header.column, 1, 1).getEntireRow().insert('Down');
  const frozen = header.sheet.freezePanes.getLocationOrNullObject().load('rowCount, columnCount');
  await session.sync();
  const row = header.row + 1;
  // Excel moves a freeze whose rows the insert falls into; should it not, the header stays in view all the same.
  if (header.frozenRows === header.row + 1 && frozenRowsOnly(frozen) !== row + 1) header.sheet.freezePanes.freezeRows(row + 1);
  return { ...header, row, frozenRows: frozenRowsOnly(frozen) };
}

/** Step 3: the cell is empty or holds the stamp written last time (as text, not a formula's result). */
async function isOurs(session: ExcelSession, cell: Excel.Range, previous: string | undefined, loaded: boolean): Promise<boolean> {
  if (!loaded) {
    cell.load('values, formulas');
    await session.sync();
  }
  const value: unknown = cell.values[0]?.[0];
  const formula: unknown = cell.formulas[0]?.[0];
  if (value === '' && formula === '') return true;
  return previous !== undefined && value === previous && formula === previous;
}

function frozenRowsOnly(frozen: Excel.Range): number {
  return frozen.isNullObject || frozen.columnCount < EXCEL_COLUMNS ? 0 : frozen.rowCount;
}

/** Columns of a sheet: a freeze location this wide freezes rows only. */
const EXCEL_COLUMNS = 16_384;
