/**
 * Pairs the rows of a refresh with the old rows of the same record, by the key column (never by position: users
 * sort and filter). The same in every host: user cells follow their record across refreshes.
 */

import type { CellValue } from './cell-values';

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
