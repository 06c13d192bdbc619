/**
 * Stage 8 of a push, and the end of its undo: the outcome goes back. Every row gets its status, its highlight and
 * the service's values; rows leave or come into the sheet; the baseline takes what landed; the journal keeps the
 * push. A status an earlier send left on a row with nothing waiting goes.
 */

import type { CoreValue } from '../workbook-port';
import type { BaselineRow, SheetRow } from './diff';
import type { JournalRow, PushJournal, PushSheet, RowRef, RowUpdate } from './push-port';
import { ROW_OUTCOMES, type PushResult, type PushRowResult, type RowOutcome } from './push-result';
import { journalId } from './push-messages';
import type { RowHead, RowVerdict } from './row-verdict';
import type { PushSession } from './open-session';
import { columnKeyOf } from './service-row';

/** What goes back to the sheet and the baseline, for push and undo alike. */
export interface WriteBack {
  updates: RowUpdate[];
  removals: RowRef[];
  appends: CoreValue[][];
  baseline: readonly BaselineRow[];
}

export async function writeBack(session: PushSession, sheet: PushSheet, back: WriteBack): Promise<void> {
  const table = session.model.table;
  if (back.updates.length > 0) await sheet.update(table, back.updates);
  if (back.removals.length > 0) await sheet.remove(table, back.removals);
  if (back.appends.length > 0) await sheet.append(table, back.appends);
  await session.baselines.write(table.tableName, back.baseline);
}

export interface RecordInput {
  sheet: PushSheet;
  journal?: PushJournal;
  rows: readonly SheetRow[];
  /** Every row the push met, and how each ended (a row met and never settled counts as landed, without a status). */
  heads: readonly RowHead[];
  verdicts: readonly RowVerdict[];
  /** Rows equal to their baseline in the diff. */
  unchanged: number;
}

export async function recordOutcome(session: PushSession, input: RecordInput): Promise<PushResult> {
  const settled = new Map(input.verdicts.map((v) => [v.head.index, v]));
  const verdicts = [...input.heads]
    .sort((a, b) => a.index - b.index)
    .map((head): RowVerdict => settled.get(head.index) ?? { head, outcome: 'landed', message: '', pending: [] });
  const back = sheetAndBaseline(session, verdicts, input.rows);
  await writeBack(session, input.sheet, back);
  const journalRows = verdicts.flatMap((v) =>
    v.journal ? [withName(v.journal, rowName(input.rows, session.baselineById, v.head.ref))] : [],
  );
  let id: string | undefined;
  if (input.journal && journalRows.length > 0) {
    id = journalId(session.startedAt);
    await input.journal.append({ id, at: session.startedAt.toISOString(), tableName: session.table, rows: journalRows });
  }
  const rows = verdicts.filter((v) => v.head.change !== 'unchanged').map((v) => resultRow(session, v, back.statuses));
  const counts = Object.fromEntries(ROW_OUTCOMES.map((o) => [o, rows.filter((r) => r.outcome === o).length])) as Record<RowOutcome, number>;
  const unchanged = input.unchanged + verdicts.filter((v) => v.head.change === 'unchanged').length;
  return { tableName: session.table, rows, counts, unchanged, ...(id === undefined ? {} : { journalId: id }) };
}

/** The status text: a landed or brought-in row's names the push's time. */
function statusOf(session: PushSession, verdict: RowVerdict, time: string): string {
  if (verdict.outcome === 'landed' && verdict.message === undefined) return session.t('push.status.landed', { time });
  if (verdict.outcome === 'broughtIn' && !verdict.message)
    return session.t('push.status.broughtIn', { time, columns: verdict.head.changed.map(session.model.columnOf).join(', ') });
  return verdict.message ?? '';
}

function sheetAndBaseline(
  session: PushSession,
  verdicts: readonly RowVerdict[],
  rows: readonly SheetRow[],
): WriteBack & { statuses: Map<number, string> } {
  const time = session.startedAt.toISOString().slice(0, 16).replace('T', ' ');
  const next = new Map(session.baseline.map((b) => [b.id, b]));
  const back = { updates: [] as RowUpdate[], removals: [] as RowRef[], appends: [] as CoreValue[][], statuses: new Map<number, string>() };
  for (const v of verdicts) {
    const { ref, change } = v.head;
    for (const id of v.baseline?.drop ?? []) next.delete(id);
    if (v.baseline?.set) next.set(v.baseline.set.id, v.baseline.set);
    if (v.outcome === 'landed' && change === 'deleted' && ref.id !== null) next.delete(ref.id);
    const status = statusOf(session, v, time);
    back.statuses.set(v.head.index, status);
    if (v.sheet === 'remove') back.removals.push(ref);
    else if (v.sheet) back.appends.push(v.sheet.append);
    if (change === 'deleted' || v.sheet === 'remove' || change === 'unchanged') continue;
    back.updates.push({
      ...ref,
      ...(v.values ? { values: v.values } : {}),
      status,
      highlight: v.pending.map((field) => columnKeyOf(session.model.table, field)),
    });
  }
  // Every other row has nothing waiting: a status an earlier send left ("Not sent", "Sent", a conflict) no longer
  // describes it (typed back, or settled by another path), so it goes. The status column tells this push's story.
  const written = new Set(back.updates.map((u) => u.position));
  for (const row of rows) {
    if (row.status !== undefined && row.status !== '' && !written.has(row.position))
      back.updates.push({ position: row.position, id: row.id, externalId: row.externalId, status: '', highlight: [] });
  }
  return { ...back, baseline: [...next.values()] };
}

function resultRow(session: PushSession, v: RowVerdict, statuses: ReadonlyMap<number, string>): PushRowResult {
  const { head } = v;
  return {
    key: head.key,
    ref: v.landedId === undefined ? head.ref : { ...head.ref, id: v.landedId },
    change: head.change,
    ...(v.op === undefined ? {} : { op: v.op }),
    outcome: v.outcome,
    message: statuses.get(head.index) ?? '',
    columns: head.changed.map(session.model.columnOf),
    ...(v.conflicts ? { conflicts: v.conflicts } : {}),
    ...(v.problems ? { problems: v.problems } : {}),
    ...(v.conflict ? { conflict: v.conflict } : {}),
  };
}

/** The row's name as the sheet showed it (the pulled one for a deleted row), for the journal to list the row. */
function rowName(rows: readonly SheetRow[], baseline: ReadonlyMap<number, BaselineRow>, ref: RowRef): string | undefined {
  const name =
    rows.find((r) => r.position === ref.position)?.fields.name ?? (ref.id === null ? undefined : baseline.get(ref.id)?.fields.name);
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function withName(row: JournalRow, name: string | undefined): JournalRow {
  return name === undefined ? row : { ...row, name };
}
