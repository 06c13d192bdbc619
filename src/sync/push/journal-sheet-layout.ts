/**
 * The layout of the push journal's very hidden sheet, `cashflow_journal`, as both workbook hosts write and read it
 * (the Excel host's `sheet-push-journal.ts`, the xlsx host's `xlsx-push-journal.ts`), and which columns an append or
 * a replace keeps, writes and drops. Keeps the newest 20 entries.
 *
 * One column per entry, the columns packed from A without gaps. Every cell is text:
 *
 *   rows 1-6:  cashflow.journal.v1 | <entry id> | <sequence> | <parts> | writing|complete | <bytes>
 *   rows 7-:   |<JSON of the entry, part 1>
 *              |<part 2> ...
 *
 * The sequence number orders the entries (`list` gives the highest first); a replaced entry keeps its number, so
 * marking an entry undone does not move it. `bytes` is the JSON size of the parts. An entry is written `writing` and
 * marked `complete` last, and only then is anything it supersedes deleted (the entry it replaces, entries beyond the
 * newest 20); a column never marked complete reads as absent and the next write deletes it. Deleting a column
 * shifts the columns right of it left, so the columns stay packed.
 */

import type { CellValue } from '../cell-values';
import { rowJsonBytes } from '../json-bytes';
import { credentialKey } from '../pull/pull-state';
import { parseJournalEntry } from './journal-schema';
import type { JournalEntry } from './push-port';
import { joinTextParts, textParts } from './sheet-text-parts';

export const JOURNAL_SHEET = 'cashflow_journal';
export const JOURNAL_MARK = 'cashflow.journal.v1';
/** Entries kept; older ones are dropped when a new one is appended. */
export const JOURNAL_KEEP = 20;
/** Header rows of an entry's column; its parts start below them. */
export const JOURNAL_HEADER_ROWS = 6;
/** The header's row (0-based) that says `writing` or `complete`. */
export const JOURNAL_STATE_ROW = 4;
export const ENTRY_COMPLETE = 'complete';

export interface JournalColumn {
  /** 0-based sheet column. */
  column: number;
  id: string;
  sequence: number;
  parts: number;
  complete: boolean;
  bytes: number;
}

/** An entry as one column's cells: its header (still `writing`), its parts, each part's JSON bytes. */
export interface JournalColumnCells {
  header: string[];
  parts: string[];
  partBytes: number[];
}

/** The entry as JSON; refuses credential-like keys (a programming error, never user data: keys only). */
export function journalEntryJson(entry: JournalEntry): string {
  return JSON.stringify(entry, (key, value: unknown) => {
    if (credentialKey(key)) throw new Error(`A push journal must not hold credentials (${key}).`);
    return value;
  });
}

/** The cells of an entry's column (`json` from `journalEntryJson`). */
export function journalColumnCells(id: string, sequence: number, json: string): JournalColumnCells {
  const parts = textParts(json);
  const partBytes = parts.map((p) => rowJsonBytes([p]));
  const bytes = partBytes.reduce((sum, b) => sum + b, 0);
  return { header: [JOURNAL_MARK, id, String(sequence), String(parts.length), 'writing', String(bytes)], parts, partBytes };
}

/** A column's header cells read back (at 0-based sheet column `column`), or undefined: anything else ends the journal. */
export function parseJournalColumn(column: number, cells: readonly CellValue[]): JournalColumn | undefined {
  const [mark, id, sequence, parts, state, bytes] = cells;
  if (mark !== JOURNAL_MARK || typeof id !== 'string') return undefined;
  const seq = Number(sequence);
  const count = Number(parts);
  if (!Number.isSafeInteger(seq) || !Number.isSafeInteger(count) || count < 0) return undefined;
  return { column, id, sequence: seq, parts: count, complete: state === ENTRY_COMPLETE, bytes: Number(bytes) || 0 };
}

/** The entry in an entry's part cells; undefined when the parts do not join or the entry is not one (zod). */
export function parseJournalParts(cells: readonly CellValue[]): JournalEntry | undefined {
  const json = joinTextParts(cells);
  return json === undefined ? undefined : parseJournalEntry(json);
}

/** The complete columns, newest (highest sequence) first: the order `list` gives. */
export function newestFirst(columns: readonly JournalColumn[]): JournalColumn[] {
  return columns.filter((c) => c.complete).sort((a, b) => b.sequence - a.sequence);
}

/** The newest complete column of an entry, if any. */
export function entryColumn(columns: readonly JournalColumn[], id: string): JournalColumn | undefined {
  return newestFirst(columns).find((c) => c.id === id);
}

/** An append: the new entry's sequence, and the oldest entries beyond the newest `keep` (the new one counts). */
export function appendPlan(columns: readonly JournalColumn[], keep: number): { sequence: number; dropped: JournalColumn[] } {
  const complete = newestFirst(columns).reverse();
  const sequence = complete.reduce((max, c) => Math.max(max, c.sequence), 0) + 1;
  return { sequence, dropped: complete.slice(0, Math.max(0, complete.length + 1 - keep)) };
}

/**
 * A replace: the sequence the entry keeps and every column of it it supersedes; undefined when the entry is not there
 * (dropped as old meanwhile: like the memory journal, it is not added back).
 */
export function replacePlan(columns: readonly JournalColumn[], id: string): { sequence: number; dropped: JournalColumn[] } | undefined {
  const kept = entryColumn(columns, id);
  return kept === undefined ? undefined : { sequence: kept.sequence, dropped: columns.filter((c) => c.complete && c.id === id) };
}

/** The columns a write deletes first: what failed writes left (never marked complete). */
export function brokenColumns(columns: readonly JournalColumn[]): JournalColumn[] {
  return columns.filter((c) => !c.complete);
}
