/**
 * The user cells each body row of a write gets (how a cell is encoded: `user-columns.ts`): on a refresh, the old
 * cells of the same record, found by key as the new rows arrive; on a restore, each old row's own cells.
 */

import type { CellValue } from '../../sync/cell-values';
import type { RowFeed } from './cell-feed';
import { RecordMatcher } from '../../sync/record-matcher';
import { userRow, type EncodedCell, type UserCellsSnapshot } from './user-columns';

export interface UserCells {
  /** Number of user columns (at least one). */
  readonly width: number;
  /** The user cells of body row `row` (format and value each), one per user column. */
  row(row: number): readonly EncodedCell[];
}

/**
 * Each new row gets the cells of the old row with its key (or empty cells for a new record). Rows must be asked
 * in order the first time (each old row is given out once); the answer is kept for later asks.
 */
export function userCellsByRecord(
  old: UserCellsSnapshot,
  width: number,
  oldKeys: readonly CellValue[],
  rows: RowFeed,
  keyIndex: number,
): UserCells | null {
  if (width === 0) return null;
  const matcher = new RecordMatcher(oldKeys);
  const made: EncodedCell[][] = [];
  return {
    width,
    row: (r) => {
      let cells = made[r];
      if (cells === undefined) {
        cells = userRow(old, width, matcher.take(rows.row(r)[keyIndex] ?? ''), r);
        made[r] = cells;
      }
      return cells;
    },
  };
}

/** Each row gets its own old cells back (a restore). */
export function userCellsInPlace(old: UserCellsSnapshot, width: number): UserCells | null {
  return width === 0 ? null : { width, row: (r) => userRow(old, width, r, r) };
}
