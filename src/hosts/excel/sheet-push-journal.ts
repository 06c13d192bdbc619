/**
 * The push journal (src/sync/push/push-port.ts) in a very hidden worksheet, `cashflow_journal` (why a very hidden
 * sheet, and what it shares with the baselines' sheet: `hidden-text-sheet.ts`). Keeps the newest 20 entries.
 *
 * Layout and what an append or a replace keeps (`src/sync/push/journal-sheet-layout.ts`, shared with the xlsx host):
 * one column per entry, a header of seven cells (the entry's summary the seventh) and the entry's JSON in parts
 * below, all text. A column per entry, not a block of rows, so that every header is read in one sync (the header rows
 * across the columns) however long the entries are: `summaries`, what the pane reads after every edit, is that sync
 * after the sheet's lookup (and, for columns the previous version wrote without a summary, their parts once).
 *
 * An entry is written `writing` and marked `complete` in the sync of its last part, and only then is anything it
 * supersedes deleted (the entry it replaces, entries beyond the newest 20) in that same sync: a write that fails
 * half-way leaves the journal as it was plus a column that reads as absent, which the next write deletes.
 */

import {
  appendPlan,
  brokenColumns,
  ENTRY_COMPLETE,
  entryColumn,
  JOURNAL_HEADER_ROWS,
  JOURNAL_KEEP,
  JOURNAL_SHEET,
  JOURNAL_STATE_ROW,
  journalColumnCells,
  journalEntryJson,
  journalSummaries,
  newestFirst,
  parseJournalColumn,
  parseJournalParts,
  replacePlan,
  V1Summaries,
  type JournalColumn,
} from '../../sync/push/journal-sheet-layout';
import type { JournalEntry, JournalEntrySummary, PushJournal } from '../../sync/push/push-port';
import type { CellValue } from '../../sync/cell-values';
import { DEFAULT_BUDGET_BYTES, DEFAULT_WRITE_BUDGET_BYTES, planBlocks } from './chunk-plan';
import { fillNumberFormat } from './format-runs';
import { addVeryHiddenSheet, existingSheet, serialized } from './hidden-text-sheet';
import { readRowBlocks } from './read-row-blocks';
import type { ExcelSession } from './run-excel';
import { sendInBlocks } from './send-in-blocks';

export { JOURNAL_KEEP, JOURNAL_MARK, JOURNAL_SHEET } from '../../sync/push/journal-sheet-layout';

/** Columns whose headers are read per sync while looking for the end of the journal. */
const HEADER_READ_COLUMNS = 64;
/** Parts per write sync at most (each up to 32,000 characters: far under the budget's count anyway). */
const MAX_PARTS_PER_SYNC = 1_000;

export interface SheetPushJournalOptions {
  /** Request budget per write sync (default 4.5 MB, under Excel on the web's 5 MB cap). */
  budgetBytes?: number;
  /** Response budget per read sync (default 4 MB). */
  readBudgetBytes?: number;
  /** Entries kept (default 20). */
  keep?: number;
}

export class SheetPushJournal implements PushJournal {
  private readonly budgetBytes: number;
  private readonly readBudgetBytes: number;
  private readonly keep: number;
  private readonly v1Summaries = new V1Summaries();

  constructor(options: SheetPushJournalOptions = {}) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_WRITE_BUDGET_BYTES;
    this.readBudgetBytes = options.readBudgetBytes ?? DEFAULT_BUDGET_BYTES;
    this.keep = Math.max(1, options.keep ?? JOURNAL_KEEP);
  }

  async append(entry: JournalEntry): Promise<void> {
    const json = journalEntryJson(entry);
    await serialized(async (session) => {
      const sheet = (await existingSheet(session, JOURNAL_SHEET)) ?? (await addVeryHiddenSheet(session, JOURNAL_SHEET));
      const columns = await walk(session, sheet);
      const { sequence, dropped } = appendPlan(columns, this.keep);
      await this.write(session, sheet, columns, entry, sequence, json, dropped);
    });
  }

  async replace(entry: JournalEntry): Promise<void> {
    const json = journalEntryJson(entry);
    await serialized(async (session) => {
      const sheet = await existingSheet(session, JOURNAL_SHEET);
      if (sheet === undefined) return;
      const columns = await walk(session, sheet);
      const plan = replacePlan(columns, entry.id);
      if (plan !== undefined) await this.write(session, sheet, columns, entry, plan.sequence, json, plan.dropped);
    });
  }

  /** The header rows across the columns (one sync); only columns without a summary (v1) have their parts read, once. */
  async summaries(): Promise<JournalEntrySummary[]> {
    return serialized(async (session) => {
      const sheet = await existingSheet(session, JOURNAL_SHEET);
      if (sheet === undefined) return [];
      return journalSummaries(await walk(session, sheet), this.v1Summaries, async (columns) =>
        (await this.readParts(session, sheet, columns)).map((cells) => parseJournalParts(cells)),
      );
    });
  }

  async list(): Promise<JournalEntry[]> {
    return serialized(async (session) => {
      const sheet = await existingSheet(session, JOURNAL_SHEET);
      if (sheet === undefined) return [];
      const columns = newestFirst(await walk(session, sheet));
      const cells = await this.readParts(session, sheet, columns);
      // An entry that does not read back whole is left out rather than shown half.
      return columns.flatMap((_, i) => parseJournalParts(cells[i] ?? []) ?? []);
    });
  }

  /** One entry: only its own column's parts are read (in blocks under the response budget when it is large). */
  async entry(id: string): Promise<JournalEntry | undefined> {
    return serialized(async (session) => {
      const sheet = await existingSheet(session, JOURNAL_SHEET);
      if (sheet === undefined) return undefined;
      const newest = entryColumn(await walk(session, sheet), id);
      if (newest === undefined) return undefined;
      const [cells] = await this.readParts(session, sheet, [newest]);
      return parseJournalParts(cells ?? []);
    });
  }

  /**
   * Writes the entry into the first column after the journal; the first sync also deletes what failed writes
   * left (columns never marked complete), the last one marks the entry complete and deletes `dropped`.
   */
  private async write(
    session: ExcelSession,
    sheet: Excel.Worksheet,
    columns: readonly JournalColumn[],
    entry: JournalEntry,
    sequence: number,
    json: string,
    dropped: readonly JournalColumn[],
  ): Promise<void> {
    const { header: headerCells, parts, partBytes } = journalColumnCells(entry, sequence, json);
    const broken = brokenColumns(columns);
    // Where a column lies once the broken ones (deleted in the first sync) are gone.
    const after = (column: number): number => column - broken.filter((b) => b.column < column).length;
    const target = columns.length - broken.length;
    const header = headerCells.map((cell) => [cell]);
    const blocks = planBlocks(parts.length, (i) => partBytes[i] ?? 0, { budgetBytes: this.budgetBytes, maxRows: MAX_PARTS_PER_SYNC });
    await sendInBlocks(session, blocks, (block, turn) => {
      if (turn.first) {
        deleteColumns(
          sheet,
          broken.map((b) => b.column),
        );
        const headerRange = sheet.getRangeByIndexes(0, target, JOURNAL_HEADER_ROWS, 1);
        fillNumberFormat(headerRange, '@');
        headerRange.values = header;
      }
      if (block.count > 0) {
        const range = sheet.getRangeByIndexes(JOURNAL_HEADER_ROWS + block.start, target, block.count, 1);
        fillNumberFormat(range, '@');
        range.values = parts.slice(block.start, block.start + block.count).map((part) => [part]);
      }
      if (turn.last) {
        sheet.getRangeByIndexes(JOURNAL_STATE_ROW, target, 1, 1).values = [[ENTRY_COMPLETE]];
        deleteColumns(
          sheet,
          dropped.map((d) => after(d.column)),
        );
      }
    });
  }

  /** The part cells of each entry, several entries per sync while they fit the response budget. */
  private async readParts(session: ExcelSession, sheet: Excel.Worksheet, columns: readonly JournalColumn[]): Promise<CellValue[][]> {
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
          (start, count) => sheet.getRangeByIndexes(column.partsRow + start, column.column, count, 1),
          ['values'],
          column.parts,
          (_start, loaded) => cells.push(...(loaded.values ?? []).map((row) => row[0] ?? '')),
          { startRows: Math.max(1, Math.floor(this.readBudgetBytes / perPart)) },
        );
        out[index] = cells;
        continue;
      }
      if (batchBytes + column.bytes > this.readBudgetBytes) await flush();
      batch.push({ index, range: sheet.getRangeByIndexes(column.partsRow, column.column, column.parts, 1).load('values') });
      batchBytes += column.bytes;
    }
    await flush();
    return out;
  }
}

/** Queues the deletion of whole sheet columns, right to left so the columns still to delete do not move. */
function deleteColumns(sheet: Excel.Worksheet, columns: readonly number[]): void {
  for (const column of [...columns].sort((a, b) => b - a))
    sheet.getRangeByIndexes(0, column, 1, 1).getEntireColumn().delete(Excel.DeleteShiftDirection.left);
}

/** The journal's columns from A up to the first column that is not one (usually one sync). */
async function walk(session: ExcelSession, sheet: Excel.Worksheet): Promise<JournalColumn[]> {
  const columns: JournalColumn[] = [];
  for (let start = 0; ; start += HEADER_READ_COLUMNS) {
    const range = sheet.getRangeByIndexes(0, start, JOURNAL_HEADER_ROWS, HEADER_READ_COLUMNS).load('values');
    await session.sync();
    for (let c = 0; c < HEADER_READ_COLUMNS; c += 1) {
      const column = parseJournalColumn(
        start + c,
        range.values.map((row) => row[c] ?? ''),
      );
      // Anything but an entry's header ends the journal (an empty column: the end).
      if (column === undefined) return columns;
      columns.push(column);
    }
  }
}
