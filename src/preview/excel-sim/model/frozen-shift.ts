/**
 * Frozen panes follow inserted and deleted sheet rows and columns, as Excel keeps the split on its cells: entire rows
 * inserted above the split (inside the frozen rows) make the frozen area that much taller, entire rows deleted from it
 * make it shorter; columns likewise. Inserting cells (not entire rows or columns) leaves the panes alone, and so does
 * an insert at or below the split (assumption: Excel's split cell stays where it is then).
 */

import { MAX_COLUMNS, MAX_ROWS, type CellBox } from './address';
import type { SheetState } from './sheet-state';

export function shiftFrozen(sheet: SheetState, box: CellBox, axis: 'rows' | 'columns', insert: boolean): void {
  const entire = axis === 'rows' ? box.column === 0 && box.columnCount === MAX_COLUMNS : box.row === 0 && box.rowCount === MAX_ROWS;
  if (!entire) return;
  const key = axis === 'rows' ? 'rows' : 'columns';
  const start = axis === 'rows' ? box.row : box.column;
  const count = axis === 'rows' ? box.rowCount : box.columnCount;
  const frozen = sheet.frozen[key];
  if (start >= frozen) return;
  const size = axis === 'rows' ? MAX_ROWS : MAX_COLUMNS;
  const next = insert ? Math.min(frozen + count, size - 1) : frozen - (Math.min(frozen, start + count) - start);
  sheet.frozen = { ...sheet.frozen, [key]: next };
}
