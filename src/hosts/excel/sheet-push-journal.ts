/**
 * The push journal (src/sync/push/push-port.ts) in a very hidden worksheet, `cashflow_journal` (why a very hidden
 * sheet, and what it shares with the baselines' sheet: `hidden-text-sheet.ts`). Keeps the newest 20 entries.
 *
 * Layout: one column per entry, the columns packed from A without gaps. Every cell is text:
 *
 *   rows 1-6:  cashflow.journal.v1 | <entry id> | <sequence> | <parts> | writing|complete | <bytes>
 *   rows 7-:   |<JSON of the entry, part 1>
 *              |<part 2> ...
 *
 * A column per entry, not a block of rows, so that every header is read in one sync (the six header rows across
 * the columns) however long the entries are. The sequence number orders the entries (`list` gives the highest
 * first); a replaced entry keeps its number, so marking an entry undone does not move it. `bytes` is the JSON
 * size of the parts and sizes the reads.
 *
 * An entry is written `writing` and marked `complete` in the sync of its last part, and only then is anything it
 * supersedes deleted (the entry it replaces, entries beyond the newest 20) in that same sync: a write that fails
 * half-way leaves the journal as it was plus a column that reads as absent, which the next write deletes.
 * Deleting a column shifts the columns right of it left (whole sheet columns), so the columns stay packed.
 */

import { credentialKey } from '../../sync/pull/pull-state';
import { parseJournalEntry } from '../../sync/push/journal-schema';
import type { JournalEntry, PushJournal } from '../../sync/push/push-port';
import type { CellValue } from '../../sync/cell-values';
import { DEFAULT_BUDGET_BYTES, DEFAULT_WRITE_BUDGET_BYTES, planBlocks, rowJsonBytes } from './chunk-plan';
import { fillNumberFormat } from './format-runs';
import { addVeryHiddenSheet, existingSheet, joinTextParts, serialized, textParts } from './hidden-text-sheet';
import { readRowBlocks } from './read-row-blocks';
import type { ExcelSession } from './run-excel';
import { sendInBlocks } from './send-in-blocks';

export const JOURNAL_SHEET = 'cashflow_journal';
export const JOURNAL_MARK = 'cashflow.journal.v1';
/** Entries kept; older ones are dropped when a new one is appended. */
export const JOURNAL_KEEP = 20;
const HEADER_ROWS = 6;
const STATE_ROW = 4;
/** Columns whose headers are read per sync while looking for the end of the journal. */
const HEADER_READ_COLUMNS = 64;
/** Parts per write sync at most (each up to 32,000 characters: far under the budget's count anyway). */
const MAX_PARTS_PER_SYNC = 1_000;

interface EntryColumn {
  /** 0-based sheet column. */
  column: number;
  id: string;
  sequence: number;
  parts: number;
  complete: boolean;
  bytes: number;
}

export interface SheetPushJournalOptions {
  /** Request budget per write sync (default 4.5 MB, under Excel on the web's 5 MB cap). */
  budgetBytes?: number;
  /** Response budget per read sync (default 4 MB). */
  readBudgetBytes?: number;
  /** Entries kept (default 20). */
  keep?: number;
}

/** The entry as JSON; refuses credential-like keys (a programming error, never user data: keys only). */
function entryJson(entry: JournalEntry): string {
  return JSON.stringify(entry, (key, value: unknown) => {
    if (credentialKey(key)) throw new Error(`A push journal must not hold credentials (${key}).`);
    return value;
  });
}

function parseColumn(column: number, cells: readonly CellValue[]): EntryColumn | undefined {
  const [mark, id, sequence, parts, state, bytes] = cells;
  if (mark !== JOURNAL_MARK || typeof id !== 'string') return undefined;
  const seq = Number(sequence);
  const count = Number(parts);
  if (!Number.isSafeInteger(seq) || !Number.isSafeInteger(count) || count < 0) return undefined;
  return { column, id, sequence: seq, parts: count, complete: state === 'complete', bytes: Number(bytes) || 0 };
}

/** The entry in an entry's part cells; undefined when the parts do not join or the entry is not one (zod). */
function parseEntry(cells: readonly CellValue[]): JournalEntry | undefined {
  const json = joinTextParts(cells);
  return json === undefined ? undefined : parseJournalEntry(json);
}

export class SheetPushJournal implements PushJournal {
  private readonly budgetBytes: number;
  private readonly readBudgetBytes: number;
  private readonly keep: number;

  constructor(options: SheetPushJournalOptions = {}) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_WRITE_BUDGET_BYTES;
    this.readBudgetBytes = options.readBudgetBytes ?? DEFAULT_BUDGET_BYTES;
    this.keep = Math.max(1, options.keep ?? JOURNAL_KEEP);
  }

  async append(entry: JournalEntry): Promise<void> {
    const json = entryJson(entry);
    await serialized(async (session) => {
      const sheet = (await existingSheet(session, JOURNAL_SHEET)) ?? (await addVeryHiddenSheet(session, JOURNAL_SHEET));
      const columns = await walk(session, sheet);
      const complete = columns.filter((c) => c.complete).sort((a, b) => a.sequence - b.sequence);
      const sequence = complete.reduce((max, c) => Math.max(max, c.sequence), 0) + 1;
      // The new entry counts towards the newest `keep`: the oldest beyond go with its last sync.
      const dropped = complete.slice(0, Math.max(0, complete.length + 1 - this.keep));
      await this.write(session, sheet, columns, entry.id, sequence, json, dropped);
    });
  }

  async replace(entry: JournalEntry): Promise<void> {
    const json = entryJson(entry);
    await serialized(async (session) => {
      const sheet = await existingSheet(session, JOURNAL_SHEET);
      if (sheet === undefined) return;
      const columns = await walk(session, sheet);
      const old = columns.filter((c) => c.complete && c.id === entry.id);
      const kept = old.reduce<EntryColumn | undefined>((newest, c) => (newest === undefined || c.sequence > newest.sequence ? c : newest), undefined);
      // Like the memory journal: an entry that is not there (dropped as old meanwhile) is not added back.
      if (kept === undefined) return;
      await this.write(session, sheet, columns, entry.id, kept.sequence, json, old);
    });
  }

  async list(): Promise<JournalEntry[]> {
    return serialized(async (session) => {
      const sheet = await existingSheet(session, JOURNAL_SHEET);
      if (sheet === undefined) return [];
      const columns = (await walk(session, sheet)).filter((c) => c.complete).sort((a, b) => b.sequence - a.sequence);
      const cells = await this.readParts(session, sheet, columns);
      const entries: JournalEntry[] = [];
      columns.forEach((column, i) => {
        const entry = parseEntry(cells[i] ?? []);
        // An entry that does not read back whole is left out rather than shown half.
        if (entry !== undefined) entries.push(entry);
      });
      return entries;
    });
  }

  /** One entry: only its own column's parts are read (in blocks under the response budget when it is large). */
  async entry(id: string): Promise<JournalEntry | undefined> {
    return serialized(async (session) => {
      const sheet = await existingSheet(session, JOURNAL_SHEET);
      if (sheet === undefined) return undefined;
      const newest = (await walk(session, sheet))
        .filter((c) => c.complete && c.id === id)
        .reduce<EntryColumn | undefined>((found, c) => (found === undefined || c.sequence > found.sequence ? c : found), undefined);
      if (newest === undefined) return undefined;
      const [cells] = await this.readParts(session, sheet, [newest]);
      return parseEntry(cells ?? []);
    });
  }

  /**
   * Writes the entry into the first column after the journal; the first sync also deletes what failed writes
   * left (columns never marked complete), the last one marks the entry complete and deletes `dropped`.
   */
  private async write(
    session: ExcelSession,
    sheet: Excel.Worksheet,
    columns: readonly EntryColumn[],
    id: string,
    sequence: number,
    json: string,
    dropped: readonly EntryColumn[],
  ): Promise<void> {
    const parts = textParts(json);
    const partBytes = parts.map((p) => rowJsonBytes([p]));
    const bytes = partBytes.reduce((sum, b) => sum + b, 0);
    const broken = columns.filter((c) => !c.complete);
    // Where a column lies once the broken ones (deleted in the first sync) are gone.
    const after = (column: number): number => column - broken.filter((b) => b.column < column).length;
    const target = columns.length - broken.length;
    const header = [JOURNAL_MARK, id, String(sequence), String(parts.length), 'writing', String(bytes)].map((cell) => [cell]);
    const blocks = planBlocks(parts.length, (i) => partBytes[i] ?? 0, { budgetBytes: this.budgetBytes, maxRows: MAX_PARTS_PER_SYNC });
    await sendInBlocks(session, blocks, (block, turn) => {
      if (turn.first) {
        deleteColumns(sheet, broken.map((b) => b.column));
        const headerRange = sheet.getRangeByIndexes(0, target, HEADER_ROWS, 1);
        fillNumberFormat(headerRange, '@');
        headerRange.values = header;
      }
      if (block.count > 0) {
        const range = sheet.getRangeByIndexes(HEADER_ROWS + block.start, target, block.count, 1);
        fillNumberFormat(range, '@');
        range.values = parts.slice(block.start, block.start + block.count).map((part) => [part]);
      }
      if (turn.last) {
        sheet.getRangeByIndexes(STATE_ROW, target, 1, 1).values = [['complete']];
        deleteColumns(sheet, dropped.map((d) => after(d.column)));
      }
    });
  }

  /** The part cells of each entry, several entries per sync while they fit the response budget. */
  private async readParts(session: ExcelSession, sheet: Excel.Worksheet, columns: readonly EntryColumn[]): Promise<CellValue[][]> {
    const out: CellValue[][] = columns.map(() => []);
    let batch: { index: number; range: Excel.Range }[] = [];
    let batchBytes = 0;
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      await session.sync();
      for (const { index, range } of batch) out[index] = range.values.map((row) => row[0] ?? '');
      batch = [];
      batchBytes = 0;
    };
    for (const [index, column] of columns.entries()) {
      if (column.parts === 0) continue;
      if (column.bytes > this.readBudgetBytes) {
        // Larger than one response: read alone, in blocks of parts.
        await flush();
        const cells: CellValue[] = [];
        const perPart = Math.max(1, Math.ceil(column.bytes / column.parts));
        await readRowBlocks(
          session,
          (start, count) => sheet.getRangeByIndexes(HEADER_ROWS + start, column.column, count, 1),
          ['values'],
          column.parts,
          (_start, loaded) => cells.push(...(loaded.values ?? []).map((row) => row[0] ?? '')),
          { startRows: Math.max(1, Math.floor(this.readBudgetBytes / perPart)) },
        );
        out[index] = cells;
        continue;
      }
      if (batchBytes + column.bytes > this.readBudgetBytes) await flush();
      batch.push({ index, range: sheet.getRangeByIndexes(HEADER_ROWS, column.column, column.parts, 1).load('values') });
      batchBytes += column.bytes;
    }
    await flush();
    return out;
  }
}

/** Queues the deletion of whole sheet columns, right to left so the columns still to delete do not move. */
function deleteColumns(sheet: Excel.Worksheet, columns: readonly number[]): void {
  for (const column of [...columns].sort((a, b) => b - a)) sheet.getRangeByIndexes(0, column, 1, 1).getEntireColumn().delete(Excel.DeleteShiftDirection.left);
}

/** The journal's columns from A up to the first column that is not one (usually one sync). */
async function walk(session: ExcelSession, sheet: Excel.Worksheet): Promise<EntryColumn[]> {
  const columns: EntryColumn[] = [];
  for (let start = 0; ; start += HEADER_READ_COLUMNS) {
    const range = sheet.getRangeByIndexes(0, start, HEADER_ROWS, HEADER_READ_COLUMNS).load('values');
    await session.sync();
    for (let c = 0; c < HEADER_READ_COLUMNS; c += 1) {
      const column = parseColumn(start + c, range.values.map((row) => row[c] ?? ''));
      // Anything but an entry's header ends the journal (an empty column: the end).
      if (column === undefined) return columns;
      columns.push(column);
    }
  }
}
