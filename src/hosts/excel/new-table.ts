/**
 * The target of a first write: a plain range that becomes a table. The header and all rows go into the range in
 * blocks (formats before values), and the table is created over it in the last sync (Microsoft's fast path: write
 * the 2-D array, then make the table). Rows still arriving (batches) are written as they come; since their number
 * is not known yet, the cells below the anchor must be empty down to the end of the sheet.
 */

import { numberFormatFor, TEXT_FORMAT } from '../../sync/cell-values';
import { isRowFormatted } from '../../sync/row-formats';
import type { TableSpec } from '../../sync/workbook-port';
import { throwIfAborted } from '../../api/abort';
import type { RowFeed } from './cell-feed';
import type { BodyRows } from './cut-blocks';
import { TableLayoutError } from './excel-errors';
import { allColumns, queueWidthReads, standardWidthColumns, type ColumnsArea } from './fit-column-widths';
import type { ExcelSession } from './run-excel';
import type { CellBand } from './send-block';
import type { TableBody } from './table-body';
import { parseAnchor } from '../../sync/tables/table-spec-check';
import { SHEET_ROWS } from '../../sync/sheet-rows';

export interface NewTable {
  kind: 'new';
  spec: TableSpec;
  sheetName: string;
  /** None: user columns come with later refreshes. */
  userHeaders: string[];
  /** The sheet is added by this write (and removed again if the write fails). */
  addsSheet: boolean;
  anchor: { row: number; column: number };
  body: TableBody;
  /** The header row, written as text with the first block. */
  header: CellBand;
  /** The table, once `finishNewTable` has queued it. */
  table: Excel.Table | null;
  /** The table's columns on the sheet, and those of them still at the standard width (fitted at the end). */
  columns: ColumnsArea;
  fitColumns: number[];
}

/** Checks that the area is empty (on an existing sheet) and queues the sheet a new one is added to. */
export async function prepareNewTable(
  session: ExcelSession,
  spec: TableSpec,
  cells: RowFeed,
  sheetExists: boolean,
  signal?: AbortSignal,
): Promise<NewTable> {
  const anchor = parseAnchor(spec.anchor ?? 'A1');
  const width = spec.columns.length;
  const sheets = session.context.workbook.worksheets;
  // A proxy from getItem is looked up in the next sync (office.js instantiates every new proxy there): a sheet
  // this write creates is taken from `add`, never from a getItem queued before it exists.
  const sheet = sheetExists ? sheets.getItem(spec.sheetName) : sheets.add(spec.sheetName);
  const columns: ColumnsArea = { sheet, row: anchor.row, column: anchor.column, columns: width };
  let fitColumns = allColumns(columns);
  if (sheetExists) {
    const height = cells.ended ? cells.available + 1 : SHEET_ROWS - anchor.row;
    const used = sheet.getRangeByIndexes(anchor.row, anchor.column, height, width).getUsedRangeOrNullObject();
    used.load('address');
    const widths = queueWidthReads(columns);
    await session.sync();
    if (!used.isNullObject) throw new TableLayoutError(`The cells ${used.address} where table ${spec.tableName} would go are not empty.`);
    fitColumns = standardWidthColumns(widths);
  }
  throwIfAborted(signal);
  return {
    kind: 'new',
    spec,
    sheetName: spec.sheetName,
    userHeaders: [],
    addsSheet: !sheetExists,
    anchor,
    body: { sheet, bodyRow: anchor.row + 1, column: anchor.column, table: null, rowsInTable: 0 },
    header: {
      row: anchor.row,
      column: anchor.column,
      numberFormat: [spec.columns.map(() => TEXT_FORMAT)],
      values: [spec.columns.map((c) => c.header)],
    },
    table: null,
    columns,
    fitColumns,
  };
}

/** Sends the sheet `prepareNewTable` queued, so it exists before rows go in. */
export async function addSheet(session: ExcelSession, target: NewTable): Promise<void> {
  if (target.addsSheet) await session.sync();
}

/** The cells of a new table's rows: the pulled cells in each column's format (or each row's), no user columns yet. */
export function newTableRows(spec: TableSpec, cells: RowFeed): BodyRows {
  return { cells, formats: spec.columns.map((c) => (isRowFormatted(c) ? null : numberFormatFor(c))), user: null };
}

/** The header and `rows` body rows. */
export function tableArea(target: NewTable, rows: number): Excel.Range {
  return target.body.sheet.getRangeByIndexes(target.anchor.row, target.anchor.column, rows + 1, target.spec.columns.length);
}
