/**
 * Stage 4 of a push: every new and changed row checked by the model (schema and rules) before anything is sent,
 * with the cells that did not convert and texts the pull cut at Excel's limit. New rows without an external ID get
 * one here (the model says whether). Rows with problems wait; deleted rows wait for the user's confirmation; a
 * changed row the check normalizes back to its baseline is unchanged.
 */

import { CUT_TEXT_MARK, EXCEL_CELL_TEXT_LIMIT } from '../cell-text-limit';
import type { RowCheckProblem } from './budget-row-check';
import { changedFields, sameValue, type RowChange, type SheetRow } from './diff';
import type { DiffedRows } from './diff-rows';
import { cellMessage, recordKey } from './push-messages';
import type { PushSheetRead } from './push-port';
import { randomExternalId, rowKey, type PushChoices } from './push-result';
import { blocked, waiting, type RowHead, type RowVerdict } from './row-verdict';
import type { PushSession } from './open-session';
import { withoutId } from './service-row';
import { isUnconfirmedStatus } from './status-kind';
import { EXTERNAL_ID_FIELD } from './three-way';
import type { RowCheck, RowsById } from './write-model';

export interface CheckedRows {
  /** Rows that wait: problems, or deletes not confirmed yet. */
  verdicts: RowVerdict[];
  /** Changed rows whose checked values equal their baseline. */
  unchanged: RowHead[];
  /** The changes to send, with the checked (normalized) values, in the diff's order. */
  sendable: Array<{ head: RowHead; change: RowChange }>;
  /** New rows' external IDs made here, by position: written into the sheet before the creates that carry them. */
  generated: ReadonlyMap<number, string>;
  rowsById: RowsById;
}

export interface CheckInput {
  read: PushSheetRead;
  diffed: DiffedRows;
  choices: PushChoices;
  newExternalId?(): string;
}

export function checkRows(session: PushSession, input: CheckInput): CheckedRows {
  const { diff } = input.diffed;
  const generated = newExternalIds(session, diff.changes, input.newExternalId);
  const checks = checksByPosition(session, input, generated);
  const cellProblems = cellProblemsByRow(session, input.read);
  const idHeader = session.model.table.columns.find((c) => c.key === session.model.table.keyColumn)?.header.toLowerCase();
  // An Id cell that holds no id reads as a row without one: the budget it named would look deleted.
  const badIdRow = input.read.problems.find((p) => p.header.toLowerCase() === idHeader)?.row;
  const out: CheckedRows = { verdicts: [], unchanged: [], sendable: [], generated, rowsById: rowsByIdOf(input.read.rows, checks) };
  diff.changes.forEach((change, i) => {
    const index = input.diffed.verdicts.length + i;
    if (change.kind === 'deleted') {
      const head: RowHead = {
        index,
        key: rowKey({ id: change.id, externalId: change.externalId }),
        ref: { position: -1, id: change.id, externalId: change.externalId },
        change: 'deleted',
        changed: [],
      };
      const verdict = deleteWaits(session, head, badIdRow, input.choices);
      if (verdict) out.verdicts.push(verdict);
      else if (session.baselineById.has(change.id)) out.sendable.push({ head, change });
      return;
    }
    const position = change.kind === 'new' ? change.row.position : change.position;
    const problems = [...(cellProblems.get(position) ?? []), ...cutTextProblems(session, change)];
    checkSheetRow(session, out, { index, change, check: checks.get(position), problems, row: input.diffed.rowsByPosition.get(position) });
  });
  return out;
}

/**
 * A delete held back: a model whose records the service does not delete, an id cell that did not read (the row would
 * look deleted), or deletes not confirmed yet.
 */
function deleteWaits(session: PushSession, head: RowHead, badIdRow: number | undefined, choices: PushChoices): RowVerdict | undefined {
  const { deletes } = session.model;
  if (deletes !== undefined && deletes !== 'confirmed') {
    const message = session.t(deletes.refused);
    return waiting(head, 'blocked', message, { op: 'delete', problems: [{ field: 'id', column: session.model.columnOf('id'), message }] });
  }
  if (badIdRow !== undefined) {
    const message = session.t(recordKey(session.model, 'push.status.deleteHeld'), { row: badIdRow + 1 });
    return waiting(head, 'blocked', message, { op: 'delete', problems: [{ field: 'id', column: session.model.columnOf('id'), message }] });
  }
  return deleteConfirmed(choices, head.ref.id) ? undefined : waiting(head, 'needsDeleteConfirmation', '', { op: 'delete' });
}

/** Every delete confirmed, or this row's id among those the confirmation named. */
function deleteConfirmed(choices: PushChoices, id: number | null): boolean {
  const { deletes } = choices;
  if (deletes === true) return true;
  return deletes instanceof Set && id !== null && deletes.has(id);
}

interface SheetRowCheck {
  index: number;
  change: Exclude<RowChange, { kind: 'deleted' }>;
  check: RowCheck | undefined;
  /** Cells that did not convert and texts cut at the cell limit. */
  problems: RowCheckProblem[];
  row: SheetRow | undefined;
}

function checkSheetRow(session: PushSession, out: CheckedRows, { index, change, check, problems: cells, row }: SheetRowCheck): void {
  const position = change.kind === 'new' ? change.row.position : change.position;
  const externalId = change.kind === 'new' ? (out.generated.get(position) ?? change.row.externalId) : (row?.externalId ?? null);
  const ref = { position, id: change.kind === 'new' ? null : change.id, externalId };
  const head = (changed: readonly string[]): RowHead => ({ index, key: rowKey(ref), ref, change: change.kind, changed });
  const problems = [...cells, ...(check && !check.ok ? check.problems.filter((p) => !cells.some((c) => c.column === p.column)) : [])];
  if (change.kind === 'new') {
    const created = {
      ...head(Object.keys(withoutId(change.row.fields)).filter((f) => !sameValue(change.row.fields[f], null))),
      ...(isUnconfirmedStatus(change.row.status) ? { unconfirmed: true } : {}),
    };
    if (problems.length > 0 || !check?.ok) out.verdicts.push(blocked(created, problems, session.t, 'create'));
    else out.sendable.push({ head: created, change: { kind: 'new', row: { ...change.row, externalId, fields: withoutId(check.fields) } } });
    return;
  }
  const renamed = change.renamedTo !== undefined ? [EXTERNAL_ID_FIELD] : [];
  if (problems.length > 0 || !check?.ok) {
    out.verdicts.push(blocked(head([...change.changes.map((c) => c.field), ...renamed]), problems, session.t));
    return;
  }
  const base = session.baselineById.get(change.id);
  const normalized = changedFields(base?.fields ?? {}, withoutId(check.fields));
  if (normalized.length === 0 && change.renamedTo === undefined) {
    out.unchanged.push(head([]));
    return;
  }
  out.sendable.push({ head: head([...normalized.map((c) => c.field), ...renamed]), change: { ...change, changes: normalized } });
}

/** External IDs for new rows without one (when the model gives them), by position. */
function newExternalIds(session: PushSession, changes: readonly RowChange[], make: (() => string) | undefined): Map<number, string> {
  const generated = new Map<number, string>();
  if (!session.model.generatesExternalIds) return generated;
  for (const change of changes) {
    if (change.kind === 'new' && (change.row.externalId === null || change.row.externalId.trim() === ''))
      generated.set(change.row.position, (make ?? randomExternalId)());
  }
  return generated;
}

/** The model's check of every new and changed row, by position. */
function checksByPosition(session: PushSession, input: CheckInput, generated: ReadonlyMap<number, string>): Map<number, RowCheck> {
  const rows: SheetRow[] = [];
  for (const change of input.diffed.diff.changes) {
    if (change.kind === 'new') rows.push({ ...change.row, externalId: generated.get(change.row.position) ?? change.row.externalId });
    else if (change.kind === 'changed') {
      const row = input.diffed.rowsByPosition.get(change.position);
      if (row) rows.push(row);
    }
  }
  const checkedIds = new Set(rows.map((r) => r.id).filter((id): id is number => id !== null));
  const deletedIds = new Set(input.diffed.diff.changes.flatMap((c) => (c.kind === 'deleted' ? [c.id] : [])));
  return new Map(session.opened.check(rows, { baseline: session.baseline, checkedIds, deletedIds }).map((c) => [c.position, c]));
}

/** Cells that did not convert to their column's type, by row (those the model's check reads itself left out). */
function cellProblemsByRow(session: PushSession, read: PushSheetRead): Map<number, RowCheckProblem[]> {
  const byRow = new Map<number, RowCheckProblem[]>();
  for (const p of read.problems) {
    if (session.model.checksCellText(p.header)) continue;
    const list = byRow.get(p.row) ?? [];
    list.push({ field: p.header, column: p.header, message: cellMessage(session.model.table, p.header, session.language) });
    byRow.set(p.row, list);
  }
  return byRow;
}

/**
 * A text the pull cut at Excel's cell limit (`cell-text-limit.ts`) is not the service's text: a changed or new
 * field that still ends with the cut mark is never sent (an unchanged one is not sent either: a PATCH sends only
 * changed fields, a whole-row PUT takes every other field from the service).
 */
function cutTextProblems(session: PushSession, change: RowChange): RowCheckProblem[] {
  const { language, t, model } = session;
  const fields =
    change.kind === 'new'
      ? Object.entries(change.row.fields)
      : change.kind === 'changed'
        ? change.changes.map((c) => [c.field, c.after] as const)
        : [];
  const limit = EXCEL_CELL_TEXT_LIMIT.toLocaleString(language === 'en' ? 'en-US' : language);
  return fields
    .filter(([, value]) => typeof value === 'string' && value.endsWith(CUT_TEXT_MARK))
    .map(([field]) => ({
      field,
      column: model.columnOf(field),
      message: t('push.row.cutText', { column: model.columnOf(field), limit, mark: CUT_TEXT_MARK }),
    }));
}

/** The sheet's rows by id, with the checked values where the check passed. */
function rowsByIdOf(rows: readonly SheetRow[], checks: ReadonlyMap<number, RowCheck>): RowsById {
  const byId = new Map<number, { fields: Record<string, unknown>; externalId: string | null }>();
  for (const r of rows) {
    if (r.id === null) continue;
    const check = checks.get(r.position);
    byId.set(r.id, { fields: withoutId(check?.ok ? check.fields : r.fields), externalId: r.externalId });
  }
  return byId;
}
