/**
 * Where a pushable table's columns are in the file (matched by header as the Excel host matches them:
 * `src/sync/push/push-columns.ts`) and where the table lies; and the status column added at the table's right by the
 * first push.
 */

import { TEXT_FORMAT } from '../../sync/cell-values';
import { pushColumnsOf, type PushColumns } from '../../sync/push/push-columns';
import { STATUS_HEADER } from '../../sync/push/push-status-column';
import { TableLayoutError } from '../../sync/table-layout-error';
import { TableNotFoundError } from '../../sync/table-not-found-error';
import type { TableModel } from '../../sync/tables/table-model';
import type { Cell, Workbook } from 'exceljs';
import { setFormat, writeCell } from './body-cells';
import { cellValueOf } from './cell-value-of';
import { BigTableError } from './big-table';
import { bigTableNamed } from './big-tables';
import { findTable, setBodyRows, type XlsxTable } from './exceljs-table';

export interface XlsxPushTable extends PushColumns {
  table: XlsxTable;
  /** The table's only data row is blank (a table that never had rows): an append fills it first. */
  blankBody: boolean;
}

/** Table row `row` (0-based, in the body), table column `column` (0-based). */
export function bodyCell(layout: XlsxPushTable, row: number, column: number): Cell {
  const { table } = layout;
  return table.sheet.getCell(table.headerRow + 1 + row, table.column + column);
}

/**
 * The table a push works on. A big table (its body kept apart from exceljs, `big-table.ts`) is refused
 * (`BigTableError`) unless `big` is `'layout'`: only its layout is wanted (the input look after a pull).
 */
export function pushTableOf<R>(workbook: Workbook, model: TableModel<R>, big: 'refuse' | 'layout' = 'refuse'): XlsxPushTable {
  const table = findTable(workbook, model.tableName);
  if (table === null) throw new TableNotFoundError(model.tableName);
  const kept = bigTableNamed(workbook, model.tableName);
  if (kept !== undefined && big === 'refuse')
    throw new BigTableError(
      `Table ${model.tableName} holds more rows than a workbook in memory pushes: save the file, then open it to push.`,
    );
  const first = (c: number): Cell => table.sheet.getCell(table.headerRow + 1, table.column + c);
  const headers = table.model.columns.map((c) => c.name);
  return {
    ...pushColumnsOf(
      model,
      headers,
      headers.map((_, c) => (kept === undefined ? first(c).numFmt : kept.body.format(0, c))),
    ),
    table,
    blankBody: kept === undefined && table.bodyRows === 1 && headers.every((_, c) => cellValueOf(first(c)) === ''),
  };
}

/**
 * The status column at the table's right (header and body text-formatted). The cells it takes must be empty: a user's
 * cell there is refused (`TableLayoutError`, nothing changed), where Excel would push it right.
 */
export function addStatusColumn(layout: XlsxPushTable): number {
  const { table } = layout;
  const column = table.width;
  for (let r = 0; r <= table.bodyRows; r += 1) {
    const cell = table.sheet.getCell(table.headerRow + r, table.column + column);
    if (cellValueOf(cell) !== '')
      throw new TableLayoutError(
        `Table ${table.model.name} cannot take its ${STATUS_HEADER} column: ${table.sheet.name}!${cell.address} is not empty.`,
      );
  }
  table.model.columns.push({ name: STATUS_HEADER, filterButton: true });
  table.width += 1;
  setBodyRows(table, table.bodyRows);
  writeCell(table.sheet.getCell(table.headerRow, table.column + column), STATUS_HEADER, TEXT_FORMAT);
  for (let r = 0; r < table.bodyRows; r += 1) setFormat(bodyCell(layout, r, column), TEXT_FORMAT);
  layout.headers.push(STATUS_HEADER);
  layout.status = column;
  return column;
}
