/**
 * The layout of the push journal's very hidden sheet, `cashflow_journal`, as both workbook hosts write and read it
 * (the Excel host's `sheet-push-journal.ts`, the xlsx host's `xlsx-push-journal.ts`), and which columns an append or
 * a replace keeps, writes and drops. Keeps the newest 20 entries.
 *
 * One column per entry, the columns packed from A without gaps. Every cell is text:
 *
 *   rows 1-7:  cashflow.journal.v2 | <entry id> | <sequence> | <parts> | writing|complete | <bytes> | <summary JSON>
 *   rows 8-:   |<JSON of the entry, part 1>
 *              |<part 2> ...
 *
 * The sequence number orders the entries (`list` and `summaries` give the highest first); a replaced entry keeps its
 * number, so marking an entry undone does not move it. `bytes` is the JSON size of the parts. The summary (row 7:
 * the entry's time, table, rows by outcome and undo marks, `JournalEntrySummary` without the id, a few hundred
 * characters) is read with the header, so listing the sends never reads the parts: a 100,000-row send is tens of MB
 * of them. A replace (marking an entry undone) writes the column anew, summary included.
 *
 * Columns written by the previous version are marked `cashflow.journal.v1`: six header rows (no summary), parts from
 * row 7 (so the seven header rows read across the columns carry a v1 column's first part). They are still read
 * (their summary from the entry read whole, once per journal object: such a column never changes, a replace writes
 * it anew as v2), replaced, dropped and cleaned up like the others; new columns are v2. (An older add-in or workbook
 * command, which knows only v1, takes the journal to end at the first v2 column and writes its entry over it.)
 *
 * An entry is written `writing` and marked `complete` last, and only then is anything it supersedes deleted (the
 * entry it replaces, entries beyond the newest 20); a column never marked complete reads as absent and the next write
 * deletes it. Deleting a column shifts the columns right of it left, so the columns stay packed.
 */

import type { CellValue } from '../cell-values';
import { rowJsonBytes } from '../json-bytes';
import { credentialKey } from '../pull/pull-state';
import { parseJournalEntry, parseJournalSummary } from './journal-schema';
import { summarizeJournalEntry, type JournalEntry, type JournalEntrySummary } from './push-port';
import { joinTextParts, PART_CHARS, textParts } from './sheet-text-parts';

export const JOURNAL_SHEET = 'cashflow_journal';
/** The mark of the columns this version writes. */
export const JOURNAL_MARK = 'cashflow.journal.v2';
/** The mark of columns the previous version wrote (six header rows, no summary): still read and continued. */
export const JOURNAL_MARK_V1 = 'cashflow.journal.v1';
/** Entries kept; older ones are dropped when a new one is appended. */
export const JOURNAL_KEEP = 20;
/** Header rows of an entry's column (the summary's included); its parts start below them. Read across the columns. */
export const JOURNAL_HEADER_ROWS = 7;
/** Header rows of a column marked `cashflow.journal.v1`: its parts start in row 7 (0-based 6). */
export const JOURNAL_V1_HEADER_ROWS = 6;
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
  /** 0-based sheet row of the first part (7 for v2 columns, 6 for v1). */
  partsRow: number;
  /** The entry's summary as its header holds it; absent in a v1 column or when the cell is not one (read whole then). */
  summary?: JournalEntrySummary;
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

/** The cells of an entry's column (`json` from `journalEntryJson`), its summary in the header. */
export function journalColumnCells(entry: JournalEntry, sequence: number, json: string): JournalColumnCells {
  const parts = textParts(json);
  const partBytes = parts.map((p) => rowJsonBytes([p]));
  const bytes = partBytes.reduce((sum, b) => sum + b, 0);
  const header = [JOURNAL_MARK, entry.id, String(sequence), String(parts.length), 'writing', String(bytes), summaryCell(entry)];
  return { header, parts, partBytes };
}

/**
 * The summary's cell: its JSON without the id (the header's second cell). A table name and two ids keep it to a few
 * hundred characters; one that would not fit a cell is left empty, and the entry is read whole for its summary.
 */
function summaryCell(entry: JournalEntry): string {
  const { id: _id, ...summary } = summarizeJournalEntry(entry);
  const json = JSON.stringify(summary);
  return json.length > PART_CHARS ? '' : json;
}

/** A column's header cells read back (at 0-based sheet column `column`), or undefined: anything else ends the journal. */
export function parseJournalColumn(column: number, cells: readonly CellValue[]): JournalColumn | undefined {
  const [mark, id, sequence, parts, state, bytes, summary] = cells;
  const v2 = mark === JOURNAL_MARK;
  if ((!v2 && mark !== JOURNAL_MARK_V1) || typeof id !== 'string') return undefined;
  const seq = Number(sequence);
  const count = Number(parts);
  if (!Number.isSafeInteger(seq) || !Number.isSafeInteger(count) || count < 0) return undefined;
  const parsed = v2 && typeof summary === 'string' ? parseJournalSummary(id, summary) : undefined;
  return {
    column,
    id,
    sequence: seq,
    parts: count,
    complete: state === ENTRY_COMPLETE,
    bytes: Number(bytes) || 0,
    partsRow: v2 ? JOURNAL_HEADER_ROWS : JOURNAL_V1_HEADER_ROWS,
    ...(parsed === undefined ? {} : { summary: parsed }),
  };
}

/** The entry in an entry's part cells; undefined when the parts do not join or the entry is not one (zod). */
export function parseJournalParts(cells: readonly CellValue[]): JournalEntry | undefined {
  const json = joinTextParts(cells);
  return json === undefined ? undefined : parseJournalEntry(json);
}

/**
 * The summaries of the complete columns, newest first: each column's own from its header; a column without one (v1)
 * from its entry read whole by `readWhole` (in the order given), remembered in `memo`; an entry that does not read
 * back is left out, as `list` leaves it out.
 */
export async function journalSummaries(
  columns: readonly JournalColumn[],
  memo: V1Summaries,
  readWhole: (columns: readonly JournalColumn[]) => Promise<Array<JournalEntry | undefined>>,
): Promise<JournalEntrySummary[]> {
  const newest = newestFirst(columns);
  const unread = newest.filter((c) => c.summary === undefined && memo.get(c) === undefined);
  const read = unread.length === 0 ? [] : await readWhole(unread);
  unread.forEach((column, i) => memo.set(column, read[i]));
  return newest.flatMap((c) => c.summary ?? memo.get(c) ?? []);
}

/**
 * Summaries of columns without one (v1) once their entry was read whole, by the column's identity (id, sequence,
 * parts, bytes): such a column is never written again (a replace writes the entry anew, as v2), so the check after
 * each edit reads it once, not every time. One per journal object (a workbook). An entry that did not read back is
 * not remembered: it is tried again next time.
 */
export class V1Summaries {
  readonly #known = new Map<string, JournalEntrySummary>();

  get(column: JournalColumn): JournalEntrySummary | undefined {
    return this.#known.get(key(column));
  }

  set(column: JournalColumn, entry: JournalEntry | undefined): void {
    if (entry !== undefined) this.#known.set(key(column), summarizeJournalEntry(entry));
  }
}

function key(column: JournalColumn): string {
  return JSON.stringify([column.id, column.sequence, column.parts, column.bytes]);
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
