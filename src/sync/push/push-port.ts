/**
 * What the push asks of the workbook host, besides the baselines (`BaselineStore`): read a pushable table as rows
 * (`SheetRow`: id, external ID, the editable fields, and where the row stands), put the outcome back on each row
 * (values the service set, the status text, which cells stay highlighted), add rows (a row deleted in the sheet
 * that the user takes back from the service, undo of a delete) and remove rows (undo of a create), and keep the
 * push journal. Host-independent: column keys of the table model in, core values in.
 *
 * Rows are found by position and checked by identity: the host looks at `position` first and, when the row there
 * is not the same (id, or external ID for a row without id), searches the table for it, since users sort, filter
 * and move rows while a push runs. A row it cannot find any more is skipped (its edit was moved or deleted by the
 * user; nothing of theirs is overwritten).
 */

import type { TableModel } from '../tables/table-model';
import type { CellProblem, CoreRow, CoreValue } from '../workbook-port';
import type { Fields, SheetRow } from './diff';

/** The table as the push reads it. */
export interface PushSheetRead {
  /** Data rows, each with its 0-based position in the table as it is now; rows whose every cell is empty are left out. */
  rows: SheetRow[];
  /** Cells that did not convert to their column's type (text in an amount column): those rows are blocked, with this message. */
  problems: CellProblem[];
  /** True when the table has the push status column already. */
  hasStatusColumn: boolean;
}

/** Identifies a row of the sheet: where it was read, and who it is. */
export interface RowRef {
  position: number;
  /** Null for a row the user added (no id yet). */
  id: number | null;
  externalId: string | null;
}

export interface RowUpdate extends RowRef {
  /** Cells to set, by model column key: a created row gets its id and the service's values; "take theirs" gets theirs. */
  values?: Readonly<Record<string, CoreValue>>;
  /** The status cell: the outcome in the user's language, `''` to clear it, absent to leave it as it is. */
  status?: string;
  /**
   * Column keys whose cells stay highlighted as pending (changed and not landed); every other editable cell of the
   * row goes back to the input style. An empty list: the row is clean.
   */
  highlight: readonly string[];
}

export interface PushSheet {
  read<R>(model: TableModel<R>, options?: { signal?: AbortSignal }): Promise<PushSheetRead>;
  /** Applies the updates; adds the status column at the table's right when it is missing. Rows not found are skipped. */
  update<R>(model: TableModel<R>, updates: readonly RowUpdate[]): Promise<{ applied: number; missing: RowRef[] }>;
  /** Appends rows (model column order) at the table's end. */
  append<R>(model: TableModel<R>, rows: readonly CoreRow[]): Promise<void>;
  /** Removes rows; rows not found are skipped. */
  remove<R>(model: TableModel<R>, rows: readonly RowRef[]): Promise<{ removed: number; missing: RowRef[] }>;
}

/** One row of a push as the journal keeps it. */
export interface JournalRow {
  op: 'patch' | 'replace' | 'create' | 'delete';
  /** The budget's id (for a create: the id the service gave, once landed). */
  id: number | null;
  externalId: string | null;
  /** The row's values on the service just before the push (the three-way read; sheet fields), null for a create. */
  before: Fields | null;
  /**
   * A delete or replace: the whole budget as the service held it just before (a create/replace body, every field,
   * those the sheet does not show included), what undo writes back. Absent in entries of older versions.
   */
  service?: Fields;
  /** What was sent (the PATCH body, the whole row of a replace or create), null for a delete. */
  sent: Fields | null;
  /** `unknown`: the service did not confirm it and reading it back did not tell (it may be there: never "not sent"). */
  outcome: 'landed' | 'failed' | 'unknown' | 'conflict' | 'blocked';
  /** Why it did not land, in the user's language. */
  message?: string;
  /** The budget's name as the sheet showed it at the send (to list the row). Absent in entries of older versions. */
  name?: string;
}

export interface JournalEntry {
  /** Unique per push (time-based, sortable). */
  id: string;
  /** ISO 8601 time the push started. */
  at: string;
  tableName: string;
  rows: JournalRow[];
  /** Set on an entry whose changes were undone, with the id of the undoing push. */
  undoneBy?: string;
  /** Set on the entry of an undo: the push it undid. */
  undoes?: string;
}

/**
 * What a list of sends shows of an entry, without its rows: the counts of its rows by outcome and its undo marks.
 * A sheet journal keeps it beside the entry (journal-sheet-layout.ts), so listing the journal never reads the rows
 * of a 100,000-row send.
 */
export interface JournalEntrySummary {
  id: string;
  at: string;
  tableName: string;
  /** Rows of the entry. */
  rows: number;
  landed: number;
  /** Rows the service refused, or that were never sent (failed, conflict, blocked). */
  notLanded: number;
  /** Rows the service did not confirm (`unknown`: they may be there). */
  unconfirmed: number;
  undoneBy?: string;
  undoes?: string;
}

/** An entry's summary, counted from its rows. */
export function summarizeJournalEntry(entry: JournalEntry): JournalEntrySummary {
  let landed = 0;
  let unconfirmed = 0;
  for (const row of entry.rows) {
    if (row.outcome === 'landed') landed += 1;
    else if (row.outcome === 'unknown') unconfirmed += 1;
  }
  return {
    id: entry.id,
    at: entry.at,
    tableName: entry.tableName,
    rows: entry.rows.length,
    landed,
    notLanded: entry.rows.length - landed - unconfirmed,
    unconfirmed,
    ...(entry.undoneBy === undefined ? {} : { undoneBy: entry.undoneBy }),
    ...(entry.undoes === undefined ? {} : { undoes: entry.undoes }),
  };
}

/**
 * The push journal, kept in the workbook (Excel: a very hidden sheet). `summaries` and `list` give the newest entry
 * first. It holds values the user already has in the table, never a credential. A host may keep only the newest
 * entries.
 */
export interface PushJournal {
  append(entry: JournalEntry): Promise<void>;
  /** Replaces the entry with the same id (marking it undone); its summary follows. */
  replace(entry: JournalEntry): Promise<void>;
  /** Every entry's summary, without reading the entries' rows: what the pane's check after each edit reads. */
  summaries(): Promise<JournalEntrySummary[]>;
  /** Every entry whole (every row of every send: tens of MB after a 100,000-row send); tests and inspection. */
  list(): Promise<JournalEntry[]>;
  /** One entry, read alone (a long send's rows without the rest of the journal); undefined when it is not there. */
  entry(id: string): Promise<JournalEntry | undefined>;
}

/** Keeps the journal in memory as JSON text (tests; the preview uses the sheet one). */
export class MemoryPushJournal implements PushJournal {
  readonly #entries: string[] = [];

  async append(entry: JournalEntry): Promise<void> {
    this.#entries.unshift(JSON.stringify(entry));
  }

  async replace(entry: JournalEntry): Promise<void> {
    const index = this.#entries.findIndex((text) => (JSON.parse(text) as JournalEntry).id === entry.id);
    if (index >= 0) this.#entries[index] = JSON.stringify(entry);
  }

  async summaries(): Promise<JournalEntrySummary[]> {
    return (await this.list()).map(summarizeJournalEntry);
  }

  async list(): Promise<JournalEntry[]> {
    return this.#entries.map((text) => JSON.parse(text) as JournalEntry);
  }

  async entry(id: string): Promise<JournalEntry | undefined> {
    return (await this.list()).find((e) => e.id === id);
  }
}
