/** An in-memory `RecordStorage` (a map of structured clones), with a save that can be cut short, for the store tests. */

import type { KeyRange, RecordStorage } from '../../src/preview/workbook-store';

export interface MemoryRecordStorage extends RecordStorage {
  readonly records: Map<string, unknown>;
  /** Makes every `change` after the next `count` ones fail (a tab closed mid-save); undefined: none fails. */
  failAfter(count: number | undefined): void;
  /** Number of values each `change` put, in order. */
  readonly putsPerChange: number[];
}

function inRange(key: string, range: string | KeyRange): boolean {
  return typeof range === 'string' ? key === range : key >= range.lower && key < range.upper;
}

export function memoryRecordStorage(): MemoryRecordStorage {
  const records = new Map<string, unknown>();
  const putsPerChange: number[] = [];
  let allowed: number | undefined;
  return {
    records,
    putsPerChange,
    failAfter(count) {
      allowed = count;
    },
    async get(keys) {
      return keys.map((key) => (records.has(key) ? structuredClone(records.get(key)) : undefined));
    },
    async change({ put = [], remove = [] }) {
      if (allowed !== undefined) {
        if (allowed === 0) throw new Error('storage gone');
        allowed -= 1;
      }
      putsPerChange.push(put.length);
      for (const [key, value] of put) records.set(key, structuredClone(value));
      for (const key of [...records.keys()]) if (remove.some((range) => inRange(key, range))) records.delete(key);
    },
  };
}
