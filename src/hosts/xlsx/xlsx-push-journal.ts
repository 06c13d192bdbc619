/**
 * The push journal in the workbook file's very hidden sheet `cashflow_journal`, in the Excel host's layout
 * (`src/sync/push/journal-sheet-layout.ts`): a column per entry, packed from A, the newest 20 kept, so a journal
 * written by either host is listed, continued and undone by the other. `summaries` reads the header cells only (the
 * seventh holds the entry's summary); columns the previous version wrote (v1, no summary) are read whole for it, once. A write first deletes the columns failed
 * writes left, writes the entry `writing`, marks it `complete`, then deletes what it supersedes (the entry it
 * replaces, entries beyond the newest 20): whole sheet columns, the columns right of them move left.
 */

import type { Workbook, Worksheet } from 'exceljs';
import * as layout from '../../sync/push/journal-sheet-layout';
import type { JournalEntry, JournalEntrySummary, PushJournal } from '../../sync/push/push-port';
import { readCells, veryHiddenSheet, writeTextCells } from './text-sheet-cells';

/** The journal's columns from A up to the first column that is not one. */
function walk(sheet: Worksheet): layout.JournalColumn[] {
  const columns: layout.JournalColumn[] = [];
  for (let column = 0; ; column += 1) {
    const found = layout.parseJournalColumn(
      column,
      readCells(sheet, 0, column, layout.JOURNAL_HEADER_ROWS, 1).map((line) => line[0] ?? ''),
    );
    if (found === undefined) return columns;
    columns.push(found);
  }
}

/** Deletes whole sheet columns, right to left so the columns still to delete do not move. */
function deleteColumns(sheet: Worksheet, columns: readonly number[]): void {
  for (const column of [...columns].sort((a, b) => b - a)) sheet.spliceColumns(column + 1, 1);
}

function entryOf(sheet: Worksheet, column: layout.JournalColumn): JournalEntry | undefined {
  return layout.parseJournalParts(readCells(sheet, column.partsRow, column.column, column.parts, 1).map((line) => line[0] ?? ''));
}

export class XlsxPushJournal implements PushJournal {
  private readonly keep: number;
  private readonly v1Summaries = new layout.V1Summaries();

  constructor(
    private readonly workbook: Workbook,
    options: { keep?: number } = {},
  ) {
    this.keep = Math.max(1, options.keep ?? layout.JOURNAL_KEEP);
  }

  async append(entry: JournalEntry): Promise<void> {
    const json = layout.journalEntryJson(entry);
    const sheet = veryHiddenSheet(this.workbook, layout.JOURNAL_SHEET);
    const columns = walk(sheet);
    const { sequence, dropped } = layout.appendPlan(columns, this.keep);
    write(sheet, columns, entry, sequence, json, dropped);
  }

  async replace(entry: JournalEntry): Promise<void> {
    const json = layout.journalEntryJson(entry);
    const sheet = this.workbook.getWorksheet(layout.JOURNAL_SHEET);
    if (sheet === undefined) return;
    const columns = walk(sheet);
    const plan = layout.replacePlan(columns, entry.id);
    if (plan !== undefined) write(sheet, columns, entry, plan.sequence, json, plan.dropped);
  }

  async summaries(): Promise<JournalEntrySummary[]> {
    const sheet = this.workbook.getWorksheet(layout.JOURNAL_SHEET);
    if (sheet === undefined) return [];
    return layout.journalSummaries(walk(sheet), this.v1Summaries, async (columns) => columns.map((c) => entryOf(sheet, c)));
  }

  async list(): Promise<JournalEntry[]> {
    const sheet = this.workbook.getWorksheet(layout.JOURNAL_SHEET);
    if (sheet === undefined) return [];
    // An entry that does not read back whole is left out rather than shown half.
    return layout.newestFirst(walk(sheet)).flatMap((column) => entryOf(sheet, column) ?? []);
  }

  async entry(id: string): Promise<JournalEntry | undefined> {
    const sheet = this.workbook.getWorksheet(layout.JOURNAL_SHEET);
    if (sheet === undefined) return undefined;
    const column = layout.entryColumn(walk(sheet), id);
    return column === undefined ? undefined : entryOf(sheet, column);
  }
}

/** Writes the entry into the first column after the journal (once the broken columns are gone), then drops `dropped`. */
function write(
  sheet: Worksheet,
  columns: readonly layout.JournalColumn[],
  entry: JournalEntry,
  sequence: number,
  json: string,
  dropped: readonly layout.JournalColumn[],
): void {
  const { header, parts } = layout.journalColumnCells(entry, sequence, json);
  const broken = layout.brokenColumns(columns);
  const after = (column: number): number => column - broken.filter((b) => b.column < column).length;
  deleteColumns(
    sheet,
    broken.map((b) => b.column),
  );
  const target = columns.length - broken.length;
  writeTextCells(
    sheet,
    0,
    target,
    header.map((cell) => [cell]),
  );
  writeTextCells(
    sheet,
    layout.JOURNAL_HEADER_ROWS,
    target,
    parts.map((part) => [part]),
  );
  writeTextCells(sheet, layout.JOURNAL_STATE_ROW, target, [[layout.ENTRY_COMPLETE]]);
  deleteColumns(
    sheet,
    dropped.map((d) => after(d.column)),
  );
}
