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

/** Normalised key of a key cell: ids may arrive as numbers or numeric text. Empty keys never match. */
export function keyOf(value: CellValue): string | null {
  if (value === '') return null;
  return typeof value === 'string' ? value.trim() : String(value);
}

/** Pairs new rows with the old rows of the same record, one new row at a time, in order. */
export class RecordMatcher {
  private readonly byKey = new Map<string, number[]>();
  private readonly used = new Map<string, number>();

  constructor(oldKeys: readonly CellValue[]) {
    oldKeys.forEach((k, i) => {
      const key = keyOf(k);
      if (key === null) return;
      const list = this.byKey.get(key);
      if (list) list.push(i);
      else this.byKey.set(key, [i]);
    });
  }

  /** The old row holding the record with this key, or -1. Each old row is given out once (duplicates pair up in order). */
  take(newKey: CellValue): number {
    const key = keyOf(newKey);
    if (key === null) return -1;
    const list = this.byKey.get(key);
    if (list === undefined) return -1;
    const next = this.used.get(key) ?? 0;
    if (next >= list.length) return -1;
    this.used.set(key, next + 1);
    return list[next] ?? -1;
  }
}

/**
 * For each new row, the index of the old row holding the same record, or -1. Each old row is used at most once
 * (duplicate keys pair up in order).
 */
export function matchRecords(oldKeys: readonly CellValue[], newKeys: readonly CellValue[]): number[] {
  const matcher = new RecordMatcher(oldKeys);
  return newKeys.map((k) => matcher.take(k));
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
