/**
 * A new table whose body is too big for exceljs's model (more rows than the port's `bigTableRows`): exceljs gets the
 * table (its part, range over every row, header, widths from the first 200 rows, frozen header, in-cell lists as one
 * range per column) and the body stays in a compact store (`table-body.ts`, `big-tables.ts`) that the save streams
 * into the sheet's part (`stream-package.ts`). Such a table is read from that store; a refresh or a push of it in the
 * same document is refused (`BigTableError`): export it, then open the file.
 */

import type { Workbook } from 'exceljs';
import type { TableSpec } from '../../sync/workbook-port';
import { keepBigTable } from './big-tables';
import { setCodeLists } from './code-lists';
import type { XlsxTable } from './exceljs-table';
import { addTableShell, finishNewTable } from './new-table';
import type { TableBody } from './table-body';

/** A write the big table in memory cannot take: its body is not in exceljs's model. */
export class BigTableError extends Error {
  override readonly name = 'BigTableError';
}

const FIT_ROWS = 200;

export function writeBigTable(workbook: Workbook, spec: TableSpec, body: TableBody): XlsxTable {
  const { table, place } = addTableShell(workbook, spec, body.rowCount);
  clearBlankRow(place.sheet, place.top + 1);
  finishNewTable(place, spec, body.firstRows(FIT_ROWS), (r, c) => body.format(r, c));
  setCodeLists(table, spec, true);
  keepBigTable(workbook, {
    tableName: spec.tableName,
    sheetName: place.sheet.name,
    top: place.top + 1,
    left: place.left,
    body,
    inputColumns: new Set(),
  });
  return table;
}

/** exceljs's table was made over one blank row: its cells go, the body's rows are written in their place. */
function clearBlankRow(sheet: XlsxTable['sheet'], row: number): void {
  sheet.spliceRows(row, 1);
}
