/**
 * The target of a refresh: an existing table, rewritten in place (it keeps its name, position and everything
 * that refers to it). Before anything is written, its geometry and column names are read (the pulled columns
 * must be its leading columns, in order), then the key column and the user columns (values, formulas, formats,
 * value types), in blocks under the response cap. Rows beyond the old body are added by the blocks that fill
 * them; surplus old rows are removed at the end (`finish-table.ts`).
 */

import type { CellValue } from '../../sync/cell-values';
import { refreshFormat } from '../../sync/refresh-format';
import type { TableSpec } from '../../sync/workbook-port';
import type { RowFeed } from './cell-feed';
import type { BodyRows } from './cut-blocks';
import { TableLayoutError } from './excel-errors';
import { firstReadRows, readRowBlocks } from './read-row-blocks';
import type { ExcelSession } from './run-excel';
import type { TableBody } from './table-body';
import { userCellsByRecord } from './user-cells';
import type { UserCellsSnapshot } from './user-columns';

export interface ExistingTable {
  kind: 'existing';
  spec: TableSpec;
  keyIndex: number;
  table: Excel.Table;
  sheetName: string;
  body: TableBody;
  /** Headers of the user columns, right of the pulled ones. */
  userHeaders: string[];
  /** Number format of each column's first data row, before the write. */
  oldFormats: string[];
  oldKeys: CellValue[];
  user: UserCellsSnapshot;
}

export async function readExistingTable(
  session: ExcelSession,
  spec: TableSpec,
  keyIndex: number,
  table: Excel.Table,
  signal?: AbortSignal,
): Promise<ExistingTable> {
  const readOptions = (columns: number, properties: number): { startRows: number; signal?: AbortSignal } =>
    signal === undefined ? { startRows: firstReadRows(columns, properties) } : { startRows: firstReadRows(columns, properties), signal };
  const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
  const columns = table.columns.load('items/name');
  const sheet = table.worksheet.load('name');
  const firstRow = table.getDataBodyRange().getRow(0).load('numberFormat');
  await session.sync();

  const names = columns.items.map((c) => c.name);
  const pulledWidth = spec.columns.length;
  const expected = spec.columns.map((c) => c.header);
  if (names.length < pulledWidth || expected.some((h, i) => names[i] !== h)) {
    throw new TableLayoutError(
      `Table ${spec.tableName} does not start with the columns ${JSON.stringify(expected)}; found ${JSON.stringify(names)}.`,
    );
  }
  const userWidth = names.length - pulledWidth;
  const oldRows = body.rowCount;
  const band = (offset: number, width: number) => (start: number, count: number) =>
    sheet.getRangeByIndexes(body.rowIndex + start, body.columnIndex + offset, count, width);

  const oldKeys: CellValue[] = [];
  await readRowBlocks(
    session,
    band(keyIndex, 1),
    ['values'],
    oldRows,
    (_s, cells) => oldKeys.push(...(cells.values ?? []).map((r) => r[0] ?? '')),
    readOptions(1, 1),
  );
  const user: UserCellsSnapshot = { values: [], formulas: [], formats: [], valueTypes: [] };
  if (userWidth > 0) {
    await readRowBlocks(
      session,
      band(pulledWidth, userWidth),
      ['values', 'formulas', 'numberFormat', 'valueTypes'],
      oldRows,
      (_s, cells) => {
        user.values.push(...(cells.values ?? []));
        user.formulas.push(...(cells.formulas ?? []));
        user.formats.push(...((cells.numberFormat ?? []) as string[][]));
        user.valueTypes.push(...((cells.valueTypes ?? []) as string[][]));
      },
      readOptions(userWidth, 4),
    );
  }
  return {
    kind: 'existing',
    spec,
    keyIndex,
    table,
    sheetName: sheet.name,
    body: { sheet, bodyRow: body.rowIndex, column: body.columnIndex, table, rowsInTable: oldRows },
    userHeaders: names.slice(pulledWidth),
    oldFormats: (firstRow.numberFormat[0] ?? []) as string[],
    oldKeys,
    user,
  };
}

/** The cells of the refreshed rows: pulled cells (a format the user chose kept, else the pull's), user cells by record. */
export function refreshedRows(target: ExistingTable, cells: RowFeed): BodyRows {
  return {
    cells,
    formats: target.spec.columns.map((c, i) => refreshFormat(c, target.oldFormats[i])),
    user: userCellsByRecord(target.user, target.userHeaders.length, target.oldKeys, cells, target.keyIndex),
  };
}
