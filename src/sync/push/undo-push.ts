/**
 * Undo of the last push of a table, from its journal entry: every row that landed goes back to the values it had
 * before, as long as the service still holds what the push sent (a row changed since by someone else is reported,
 * never overwritten). It shares the push's session (open-session.ts: its refusals, the baseline, the reference, the
 * model opened on the service) and its write-back (record-outcome.ts); what it sends per row is the model's
 * (budget-undo.ts). The sheet follows: cells the push had set go back (a cell the user edited again since keeps the
 * user's value), created rows leave the table, deleted rows come back; the baseline follows the service. The undo
 * is itself a journal entry, and the entry it undid is marked.
 */

import type { CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import type { CoreValue } from '../workbook-port';
import type { BaselineStore } from './baseline';
import { pick } from './budget-writes';
import { sameValue, type BaselineRow, type SheetRow } from './diff';
import { openSession } from './open-session';
import { journalId } from './push-messages';
import type { JournalEntry, JournalEntrySummary, JournalRow, PushJournal, PushSheet } from './push-port';
import { readSheet } from './read-sheet';
import { writeBack, type WriteBack } from './record-outcome';
import { withExternal, withoutId, type ServiceRow } from './service-row';
import { EXTERNAL_ID_FIELD } from './three-way';
import type { PushTableModel, UndoStep, WriteModel } from './write-model';

export interface UndoOptions {
  client: CashflowClient;
  sheet: PushSheet;
  baselines: BaselineStore;
  journal: PushJournal;
  language: Language;
  signal?: AbortSignal;
  /** The table's name in messages, as the user knows it (the pane's card); default: the Excel table's name. */
  label?: string;
  now?(): Date;
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

export type UndoOutcome = 'restored' | 'changedSince' | 'failed' | 'nothingToDo';

export interface UndoRowResult {
  op: JournalRow['op'];
  id: number | null;
  externalId: string | null;
  outcome: UndoOutcome;
  message: string;
  /** A deleted budget created again: the id the service gave it (the API cannot keep the old one). */
  newId?: number;
}

export interface UndoResult {
  tableName: string;
  /** The push that was undone, or undefined when there was none to undo. */
  undid?: string;
  rows: UndoRowResult[];
}

/**
 * The newest push of the table that landed something and has not been undone (undos themselves are not undone),
 * whole: found among the journal's summaries, then that one entry read (a 100,000-row send is read only when it is
 * the one to undo).
 */
export async function lastUndoablePush(journal: PushJournal, tableName: string): Promise<JournalEntry | undefined> {
  const newest = undoableEntry(await journal.summaries(), tableName);
  return newest === undefined ? undefined : journal.entry(newest.id);
}

/** The summary of `lastUndoablePush`'s entry among summaries already read (newest first). */
export function undoableEntry(summaries: readonly JournalEntrySummary[], tableName: string): JournalEntrySummary | undefined {
  return summaries.find(
    (e) => e.tableName.toLowerCase() === tableName.toLowerCase() && e.undoes === undefined && e.undoneBy === undefined && e.landed > 0,
  );
}

/** Undoes the newest undoable push of the table the WriteModel writes. */
export async function undoPush<R>(writeModel: WriteModel<R>, options: UndoOptions): Promise<UndoResult> {
  const { sheet, journal } = options;
  const model = writeModel.table;
  const entry = await lastUndoablePush(journal, model.tableName);
  if (entry === undefined) return { tableName: model.tableName, rows: [] };
  const { now: _now, ...sessionOptions } = options;
  const session = await openSession(writeModel, sessionOptions, 'whatever is stored');
  const landed = entry.rows.filter((r) => r.outcome === 'landed');
  const current = new Map(
    (await session.opened.readByIds(landed.flatMap((r) => (r.id === null ? [] : [r.id])))).map((row) => [row.id, row]),
  );
  const { rows: sheetRows } = await readSheet(session, sheet);
  const undo = new UndoBack(model, session.baseline, sheetRows, session.t('push.undo.restoredStatus'));
  for (const r of landed) undo.take(r, await session.opened.undo(r, r.id === null ? undefined : current.get(r.id)));
  await writeBack(session, sheet, undo.back());
  const at = (options.now ?? (() => new Date()))();
  const id = journalId(at, '-undo');
  await journal.append({ id, at: at.toISOString(), tableName: model.tableName, rows: undo.journalRows, undoes: entry.id });
  await journal.replace({ ...entry, undoneBy: id });
  return { tableName: model.tableName, undid: entry.id, rows: undo.results };
}

/** What the undo's steps leave for the sheet, the baseline, the journal and the report. */
class UndoBack {
  readonly results: UndoRowResult[] = [];
  readonly journalRows: JournalRow[] = [];
  readonly #back: Omit<WriteBack, 'baseline'> = { updates: [], removals: [], appends: [] as CoreValue[][] };
  readonly #baseline: Map<number, BaselineRow>;
  readonly #sheetById: Map<number, SheetRow>;

  constructor(
    readonly model: PushTableModel,
    baseline: readonly BaselineRow[],
    sheetRows: readonly SheetRow[],
    /** The status of a row put back. */
    readonly restoredStatus: string,
  ) {
    this.#baseline = new Map(baseline.map((b) => [b.id, b]));
    this.#sheetById = new Map(sheetRows.filter((r) => r.id !== null).map((r) => [r.id as number, r]));
  }

  back(): WriteBack {
    return { ...this.#back, baseline: [...this.#baseline.values()] };
  }

  take(r: JournalRow, step: UndoStep): void {
    const report = (outcome: UndoOutcome, message: string, newId?: number) =>
      this.results.push({
        op: r.op,
        id: r.id,
        externalId: r.externalId,
        outcome,
        message,
        ...(newId === undefined || newId === r.id ? {} : { newId }),
      });
    if (step.kind === 'report') return void report(step.outcome, step.message);
    const { row } = step;
    if (step.kind === 'deleted') {
      this.#baseline.delete(row.id);
      this.#back.removals.push({ position: this.#sheetById.get(row.id)?.position ?? -1, id: row.id, externalId: row.externalId });
      this.journalRows.push({
        op: 'delete',
        id: row.id,
        externalId: row.externalId,
        before: withExternal(withoutId(row.fields), row.externalId),
        sent: null,
        outcome: 'landed',
      });
      return void report('restored', step.message);
    }
    this.#baseline.set(row.id, { id: row.id, externalId: row.externalId, fields: row.fields });
    if (step.kind === 'created') {
      this.#back.appends.push(row.cells);
      this.journalRows.push({ op: 'create', id: row.id, externalId: row.externalId, before: null, sent: step.sent, outcome: 'landed' });
      return void report('restored', step.message, row.id);
    }
    const sheetRow = this.#sheetById.get(row.id);
    const values = this.#restoredCells(r, step, row, sheetRow);
    this.#back.updates.push({
      position: sheetRow?.position ?? -1,
      id: row.id,
      externalId: sheetRow?.externalId ?? null,
      values,
      status: this.restoredStatus,
      highlight: [],
    });
    this.journalRows.push({
      op: r.op,
      id: row.id,
      externalId: row.externalId,
      before: pick(r.sent ?? {}, step.restorable),
      sent: pick(r.before ?? {}, step.restorable),
      outcome: 'landed',
    });
    report('restored', step.message);
  }

  /** Cells go back only where the sheet still shows what the push sent: a later edit of the user stays. */
  #restoredCells(
    r: JournalRow,
    step: Extract<UndoStep, { kind: 'restored' }>,
    row: ServiceRow,
    sheetRow: SheetRow | undefined,
  ): Record<string, CoreValue> {
    const sent = r.sent ?? {};
    const values: Record<string, CoreValue> = {};
    this.model.columns.forEach((column, i) => {
      const field = column.key === EXTERNAL_ID_FIELD ? EXTERNAL_ID_FIELD : column.write?.field;
      const mine = field === EXTERNAL_ID_FIELD ? sheetRow?.externalId : field === undefined ? undefined : sheetRow?.fields[field];
      if (field === undefined || !step.fields.includes(field) || (step.restorable.includes(field) && sameValue(mine, sent[field])))
        values[column.key] = row.cells[i] ?? null;
    });
    return values;
  }
}
