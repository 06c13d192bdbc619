/**
 * A push journal column as the previous version wrote it (`cashflow.journal.v1`), spelled out here rather than taken
 * from the product, so that tests keep checking workbooks of that version whatever the layout becomes: six header
 * cells (mark, id, sequence, parts, state, bytes of the parts as JSON) and the entry's JSON below, in parts of
 * 32,000 characters each with a `|` in front.
 */

import type { JournalEntry } from '../../src/sync/push/push-port';

const V1_PART_CHARS = 32_000;

/** The column's cells, top to bottom. */
export function v1JournalColumn(entry: JournalEntry, sequence: number, state: 'complete' | 'writing' = 'complete'): string[] {
  const json = JSON.stringify(entry);
  const parts: string[] = [];
  for (let at = 0; at < json.length; at += V1_PART_CHARS) parts.push(`|${json.slice(at, at + V1_PART_CHARS)}`);
  const bytes = parts.reduce((sum, part) => sum + Buffer.byteLength(JSON.stringify([part])), 0);
  return ['cashflow.journal.v1', entry.id, String(sequence), String(parts.length), state, String(bytes), ...parts];
}
