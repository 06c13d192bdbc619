/**
 * Row-level rules of pulled tables, pure: the transactions' order `-value_date,id`, the
 * merge of changed records into the rows read back from a table, and the count/sum check in integer cents.
 */

import { checkCompleteness, type CompletenessExpectation, type CompletenessReport } from '../../api';
import type { CoreValue } from '../workbook-port';

export type Row = CoreValue[];

/** Sorts in place by date descending (empty last), then key ascending: the service's `-value_date,id`. */
export function sortByDateDescThenKey(rows: Row[], dateIndex: number, keyIndex: number): Row[] {
  const text = (v: CoreValue | undefined): string => (typeof v === 'string' ? v : '');
  const num = (v: CoreValue | undefined): number => (typeof v === 'number' ? v : Number(v));
  return rows.sort((a, b) => {
    const da = text(a[dateIndex]);
    const db = text(b[dateIndex]);
    if (da !== db) return da < db ? 1 : -1;
    return num(a[keyIndex]) - num(b[keyIndex]);
  });
}

export interface MergeResult {
  rows: Row[];
  replaced: number;
  inserted: number;
}

/** Replaces rows whose key is among `changed`, appends the others (the caller sorts afterwards). */
export function mergeByKey(old: readonly Row[], changed: readonly Row[], keyIndex: number): MergeResult {
  const byKey = new Map<CoreValue, Row>();
  for (const row of changed) byKey.set(row[keyIndex] ?? null, row);
  let replaced = 0;
  const rows: Row[] = old.map((row) => {
    const key = row[keyIndex] ?? null;
    const update = byKey.get(key);
    if (update === undefined) return row;
    byKey.delete(key);
    replaced += 1;
    return update;
  });
  const inserted = byKey.size;
  rows.push(...byKey.values());
  return { rows, replaced, inserted };
}

/**
 * Count and sum of rows against the service's `count` / `sum` (sum over the amount column in cents; a cell that
 * is not a number counts as a mismatch, since the service's sum cannot match it).
 */
export function checkRows(
  rows: readonly Row[],
  keyIndex: number,
  amountIndex: number,
  expected: CompletenessExpectation,
): CompletenessReport {
  let unreadable = false;
  const items = rows.map((row) => {
    const id = row[keyIndex];
    const amount = row[amountIndex];
    if (typeof amount !== 'number' || !Number.isFinite(amount)) unreadable = true;
    return {
      id: typeof id === 'number' ? id : Number.NaN,
      reporting_amount: typeof amount === 'number' && Number.isFinite(amount) ? amount : 0,
    };
  });
  const { report } = checkCompleteness(items, expected);
  return unreadable ? { ...report, ok: false, sumMatches: false } : report;
}
