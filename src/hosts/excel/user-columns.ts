/**
 * User columns: columns the user added to the right of the pulled columns. Their cells follow their record
 * (matched by the key column) across refreshes.
 *
 * Every cell is written back through `Range.values`, never through `Range.formulas` alone, because a round
 * trip through `formulas` drops a text cell's quote prefix and would revive `=...` text as a formula
 * (office-js #6687). A cell is taken as a formula when its `formulas` entry starts with `=` and differs from its
 * value; its relative row references are moved with the record (`shiftFormulaRows`), as Excel's copy/paste
 * would. A text constant in a cell that is not text-formatted is written with a leading apostrophe, so that
 * Excel keeps it as text whatever it looks like (`=1+1`, `0012`, `3/4`); in a `@` cell it is written as is.
 * Error constants (`#N/A` typed by the user) are written as is, so they stay errors.
 */

import type { CellValue } from '../../sync/cell-values';
import { TEXT_FORMAT } from '../../sync/cell-values';
import { shiftFormulaRows } from '../../sync/shift-formula-rows';

export interface UserCellsSnapshot {
  /** rows × user columns, as read from the table before the write. */
  values: CellValue[][];
  formulas: CellValue[][];
  formats: string[][];
  valueTypes: string[][];
}

export interface EncodedCell {
  format: string;
  value: CellValue;
}

/** What to write so a cell read as (value, formula, format, type) is the same cell `rowDelta` rows further. */
export function encodeUserCell(value: CellValue, formula: CellValue, format: string, valueType: string, rowDelta: number): EncodedCell {
  if (typeof formula === 'string' && formula.startsWith('=') && formula !== value) {
    // A formula in a text-formatted cell would be stored as text: give it the General format instead.
    return { format: format === TEXT_FORMAT ? 'General' : format, value: shiftFormulaRows(formula, rowDelta) };
  }
  if (typeof value !== 'string' || value === '' || valueType === 'Error' || format === TEXT_FORMAT) return { format, value };
  return { format, value: `'${value}` };
}

/** The user cells of one row of the new table: old row `from` (or none) moved to row `to`. */
export function userRow(snapshot: UserCellsSnapshot, columnCount: number, from: number, to: number): EncodedCell[] {
  const cells: EncodedCell[] = [];
  for (let c = 0; c < columnCount; c += 1) {
    if (from < 0) {
      // A new record: empty cell, in the column's format (taken from its first row).
      cells.push({ format: snapshot.formats[0]?.[c] ?? 'General', value: '' });
      continue;
    }
    cells.push(
      encodeUserCell(
        snapshot.values[from]?.[c] ?? '',
        snapshot.formulas[from]?.[c] ?? '',
        snapshot.formats[from]?.[c] ?? 'General',
        snapshot.valueTypes[from]?.[c] ?? 'Empty',
        to - from,
      ),
    );
  }
  return cells;
}
