/**
 * What each proxy binds to at its Instantiate action (see batch/client-object.ts): a sheet, a rectangle of cells or a
 * table, by id. Declared here, below the proxy classes, so that proxies which make or read one another (a worksheet
 * makes ranges, a table rows and columns, ranges and tables their worksheet) share them without importing each other.
 */

import type { ExecEnv } from './types';
import type { CellBox } from '../model/address';
import { findTable } from '../model/table-state';
import type { TableState } from '../model/types';

export interface SheetBinding {
  sheetId: string;
}

export interface RangeBinding {
  sheetId: string;
  box: CellBox;
}

export interface TableBinding {
  tableId: string;
}

/** The table a binding names (ItemNotFound once it is gone). */
export function tableOf(env: ExecEnv, b: TableBinding): TableState {
  return findTable(env.state, b.tableId);
}
