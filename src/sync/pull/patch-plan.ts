/**
 * Where the changed records of a transactions refresh go in the table as it is (#30): a record the table holds is
 * replaced in its own row, a new one is inserted where the service's order `-value_date,id` puts it, and every other
 * row stays untouched. Decided from three columns read back (id, value date, reporting amount), never the whole table.
 *
 * No plan (`null`: the caller writes the table whole instead) when the table is not as a pull left it: an id missing
 * or repeated, rows not in the service's order (the user sorted the table), or when a patch would not be a patch: a
 * changed record whose new date moves it, new records falling in more places than `MAX_INSERT_PLACES`.
 */

import { CompletenessTally } from '../../api';
import type { CoreRow, CoreValue, TablePatch } from '../workbook-port';
import type { Row } from './rows';

/** Insert places at most (each is one row insertion in the workbook, which moves every row below it). */
export const MAX_INSERT_PLACES = 64;

/** The three columns read back, one value per data row. */
export interface PlacingColumns {
  ids: readonly CoreValue[];
  dates: readonly CoreValue[];
  amounts: readonly CoreValue[];
}

/** Where the id, value date and reporting amount are in a row of the table's columns. */
export interface PlacingIndexes {
  key: number;
  date: number;
  amount: number;
}

export interface PatchPlan {
  patch: TablePatch;
  replaced: number;
  inserted: number;
  /** Rows of the table after the patch. */
  rowCount: number;
  /** Every row of the patched table tallied (id, reporting amount): the count and sum to check against the service. */
  tally: CompletenessTally;
}

/** The service's order: date descending (empty last), then id ascending. Negative: `a` comes first. */
function compare(dateA: string, idA: number, dateB: string, idB: number): number {
  if (dateA !== dateB) return dateA < dateB ? 1 : -1;
  return idA - idB;
}

const dateText = (value: CoreValue | undefined): string => (typeof value === 'string' ? value : '');

/** The old rows' ids, if every row has a numeric id, no id twice, and the rows are in the service's order. */
function orderedIds(old: PlacingColumns): number[] | null {
  const ids: number[] = [];
  for (let i = 0; i < old.ids.length; i += 1) {
    const id = old.ids[i];
    if (typeof id !== 'number' || !Number.isFinite(id)) return null;
    if (i > 0 && compare(dateText(old.dates[i - 1]), ids[i - 1] as number, dateText(old.dates[i]), id) >= 0) return null;
    ids.push(id);
  }
  return ids;
}

/** The first old row that comes after (`date`, `id`) in the service's order. */
function insertPlace(ids: readonly number[], dates: readonly CoreValue[], date: string, id: number): number {
  let [low, high] = [0, ids.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(dateText(dates[middle]), ids[middle] as number, date, id) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Changed rows by id (a record sent twice: the last one), or null if one has no numeric id. */
function changedById(changed: readonly Row[], key: number): Map<number, Row> | null {
  const byId = new Map<number, Row>();
  for (const row of changed) {
    const id = row[key];
    if (typeof id !== 'number' || !Number.isFinite(id)) return null;
    byId.set(id, row);
  }
  return byId;
}

export function planPatch(old: PlacingColumns, changed: readonly Row[], at: PlacingIndexes): PatchPlan | null {
  const ids = orderedIds(old);
  const byId = changedById(changed, at.key);
  if (ids === null || byId === null) return null;
  const rowOf = new Map<number, number>();
  ids.forEach((id, row) => rowOf.set(id, row));

  const replace: { at: number; row: CoreRow }[] = [];
  const places = new Map<number, Row[]>();
  for (const [id, row] of byId) {
    const date = dateText(row[at.date]);
    const existing = rowOf.get(id);
    if (existing !== undefined) {
      if (dateText(old.dates[existing]) !== date) return null; // it moves: not a patch
      replace.push({ at: existing, row });
      continue;
    }
    const before = insertPlace(ids, old.dates, date, id);
    const rows = places.get(before) ?? [];
    rows.push(row);
    places.set(before, rows);
  }
  if (places.size > MAX_INSERT_PLACES) return null;
  replace.sort((a, b) => a.at - b.at);
  const insert = [...places]
    .sort(([a], [b]) => a - b)
    .map(([before, rows]) => ({
      before,
      rows: rows.sort((a, b) => compare(dateText(a[at.date]), a[at.key] as number, dateText(b[at.date]), b[at.key] as number)),
    }));

  const replacedRows = new Set(replace.map((r) => r.at));
  const tally = new CompletenessTally();
  for (let i = 0; i < ids.length; i += 1) {
    if (replacedRows.has(i)) continue;
    const amount = old.amounts[i];
    tally.add(ids[i] as number, typeof amount === 'number' ? amount : Number.NaN);
  }
  for (const [id, row] of byId) {
    const amount = row[at.amount];
    tally.add(id, typeof amount === 'number' ? amount : Number.NaN);
  }
  const inserted = byId.size - replace.length;
  return { patch: { replace, insert }, replaced: replace.length, inserted, rowCount: ids.length + inserted, tally };
}
