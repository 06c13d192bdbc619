/**
 * `writeStamp` of the xlsx host: the table's one-line stamp in the cell directly above its header, in its first
 * column, as the Excel host writes it (text format before the value, italic, grey `#595959`); never over a user's cell.
 *
 * 1. Find the table's header.
 * 2. Make room: a header in the sheet's first row gets a sheet row inserted above it. exceljs moves the cells (and
 *    merges) down but not what refers to them, so the sheet's tables, in-cell lists and a freeze down to the header
 *    are moved here (`insert-row-above.ts`).
 * 3. Check the cell above: empty, or exactly the previous stamp as text (not a formula), is ours.
 * 4. Write.
 */

import type { Workbook } from 'exceljs';
import { TEXT_FORMAT } from '../../sync/cell-values';
import { TableNotFoundError } from '../../sync/table-not-found-error';
import type { StampResult, TableStamp } from '../../sync/workbook-port';
import { cellValueOf, isFormulaCell } from './cell-value-of';
import { findTable } from './exceljs-table';
import { insertRowAbove } from './insert-row-above';

/** Excel's "Black, Text 1, Lighter 35%", as the Excel host's stamp (ARGB for exceljs). */
export const STAMP_FONT_ARGB = 'FF595959';

export function writeXlsxStamp(workbook: Workbook, tableName: string, stamp: TableStamp): StampResult {
  let table = findTable(workbook, tableName); // 1
  if (table === null) throw new TableNotFoundError(tableName);
  const inserted = table.headerRow === 1;
  if (inserted) table = insertRowAbove(workbook, table); // 2
  const cell = table.sheet.getCell(table.headerRow - 1, table.column);
  const address = `${table.sheet.name}!${cell.address}`;
  const value: unknown = cell.value;
  const ours =
    value === null ||
    value === undefined ||
    value === '' ||
    (stamp.previous !== undefined && !isFormulaCell(cell) && cellValueOf(cell) === stamp.previous);
  if (!inserted && !ours) return { address, written: false }; // 3
  cell.style = { ...cell.style, numFmt: TEXT_FORMAT, font: { ...(cell.style.font ?? {}), italic: true, color: { argb: STAMP_FONT_ARGB } } }; // 4
  cell.value = stamp.text;
  return { address, written: true };
}
