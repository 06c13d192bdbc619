/**
 * The pending changes of a pushable table, without asking the service: what the Changes view lists, what a refresh
 * must not drop, what "discard" takes back. Also the two ways a refresh keeps them: capture before the pull,
 * apply again on top of the refreshed rows after it.
 */

import { joinList, type TableModel } from '../tables/table-model';
import type { CoreValue } from '../workbook-port';
import type { BaselineStore } from './baseline';
import { diffTable, type Fields, type RowChange } from './diff';
import type { PushSheet, RowRef, RowUpdate } from './push-port';
import { isWaitingStatus } from './status-kind';
import { EXTERNAL_ID_FIELD } from './three-way';

export interface PendingField {
  field: string;
  column: string;
  before: unknown;
  after: unknown;
}

export interface PendingRow {
  kind: 'changed' | 'new' | 'deleted';
  ref: RowRef;
  /** The record's name (sheet or baseline), or the row's label (`TableModel.rowLabel`), to show the row. */
  name: string;
  fields: PendingField[];
  /** Every field of the row as the sheet holds it (changed and new rows). */
  all?: Fields;
}

export interface PendingChanges {
  tableName: string;
  /** False when the table cannot be compared: no stored baseline (the push refuses it too). */
  comparable: boolean;
  rows: PendingRow[];
  counts: { changed: number; new: number; deleted: number };
  /** Rows the diff cannot place (a copied id, an id from elsewhere). */
  problems: number;
  /**
   * Rows with nothing pending whose status still says something waits ("Not sent", a conflict): typed back, or
   * settled by another path. The check clears those statuses.
   */
  staleStatuses?: RowRef[];
}

export async function pendingChanges<R>(
  model: TableModel<R>,
  sheet: PushSheet,
  baselines: BaselineStore,
  baselineState: 'stored' | 'missing' | undefined,
): Promise<PendingChanges> {
  const baseline = baselineState === 'stored' ? await baselines.read(model.tableName) : undefined;
  const empty = { tableName: model.tableName, rows: [], counts: { changed: 0, new: 0, deleted: 0 }, problems: 0 };
  if (baseline === undefined) return { ...empty, comparable: false };
  const read = await sheet.read(model);
  const diff = diffTable(baseline, read.rows);
  const byId = new Map(baseline.map((b) => [b.id, b]));
  const sheetRows = new Map(read.rows.map((r) => [r.position, r.fields]));
  const labels = new Map(read.rows.flatMap((r) => (r.label === undefined ? [] : [[r.position, r.label] as const])));
  const busy = new Set([
    ...diff.changes.flatMap((c) => (c.kind === 'new' ? [c.row.position] : c.kind === 'changed' ? [c.position] : [])),
    ...diff.problems.map((p) => p.position),
  ]);
  const staleStatuses = read.rows
    .filter((r) => r.status !== undefined && !busy.has(r.position) && isWaitingStatus(r.status))
    .map((r) => ({ position: r.position, id: r.id, externalId: r.externalId }));
  // The column a field is edited in, as this table names it (a budget's "Amount", an invoice's "Expected date").
  const columnOf = (field: string) => model.columns.find((c) => c.write?.field === field || c.key === field)?.header ?? field;
  const rows = diff.changes.map((change) => {
    const row = pendingRow(change, byId.get(change.kind === 'new' ? -1 : change.id)?.fields, columnOf);
    const label = labels.get(row.ref.position);
    return {
      ...row,
      ...(row.name === '' && label !== undefined ? { name: label } : {}),
      ...(change.kind === 'changed' ? { all: sheetRows.get(change.position) ?? {} } : {}),
    };
  });
  return {
    tableName: model.tableName,
    comparable: true,
    rows,
    counts: {
      changed: rows.filter((r) => r.kind === 'changed').length,
      new: rows.filter((r) => r.kind === 'new').length,
      deleted: rows.filter((r) => r.kind === 'deleted').length,
    },
    problems: diff.problems.length,
    ...(staleStatuses.length === 0 ? {} : { staleStatuses }),
  };
}

function pendingRow(change: RowChange, base: Fields | undefined, columnOf: (field: string) => string): PendingRow {
  const name = (fields: Fields | undefined) => (typeof fields?.name === 'string' ? fields.name : '');
  switch (change.kind) {
    case 'new':
      return {
        kind: 'new',
        ref: { position: change.row.position, id: null, externalId: change.row.externalId },
        name: name(change.row.fields),
        all: change.row.fields,
        fields: Object.entries(change.row.fields)
          .filter(([field, value]) => field !== 'id' && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0))
          .map(([field, value]) => ({ field, column: columnOf(field), before: null, after: value })),
      };
    case 'deleted':
      return { kind: 'deleted', ref: { position: -1, id: change.id, externalId: change.externalId }, name: name(base), fields: [] };
    case 'changed':
      return {
        kind: 'changed',
        ref: {
          position: change.position,
          id: change.id,
          externalId: change.renamedTo === undefined ? change.externalId : (change.renamedTo ?? null),
        },
        name: name(base),
        fields: [
          ...change.changes.map((c) => ({ field: c.field, column: columnOf(c.field), before: c.before, after: c.after })),
          ...(change.renamedTo === undefined
            ? []
            : [{ field: EXTERNAL_ID_FIELD, column: columnOf(EXTERNAL_ID_FIELD), before: change.externalId, after: change.renamedTo }]),
        ],
      };
  }
}

/** Field values back to cells, by column key (lists as `a, b`, empty as an empty cell). */
export function fieldsToCells<R>(model: TableModel<R>, fields: Fields, externalId?: string | null): Record<string, CoreValue> {
  const cells: Record<string, CoreValue> = {};
  for (const column of model.columns) {
    if (column.key === EXTERNAL_ID_FIELD && externalId !== undefined) cells[column.key] = externalId;
    if (column.write === undefined || !Object.prototype.hasOwnProperty.call(fields, column.write.field)) continue;
    cells[column.key] = cellOf(fields[column.write.field]);
  }
  return cells;
}

function cellOf(value: unknown): CoreValue {
  if (Array.isArray(value)) return joinList(value as (string | number)[]);
  if (value === '' || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  return String(value);
}

/**
 * Discard: the pulled values come back. Changed rows get their baseline values, new rows leave the table, deleted
 * rows come back (their pulled values; columns the baseline does not hold stay empty until the next refresh).
 * `only` limits it to some rows (`rowKey`-style keys `id:<id>` or positions of new rows as `row:<position>`).
 */
export async function discardChanges<R>(
  model: TableModel<R>,
  sheet: PushSheet,
  baselines: BaselineStore,
  pending: PendingChanges,
  only?: ReadonlySet<string>,
): Promise<number> {
  const baseline = new Map(((await baselines.read(model.tableName)) ?? []).map((b) => [b.id, b]));
  const chosen = pending.rows.filter((r) => only === undefined || only.has(r.ref.id === null ? `row:${r.ref.position}` : `id:${r.ref.id}`));
  const updates: RowUpdate[] = [];
  const removals: RowRef[] = [];
  const appends: CoreValue[][] = [];
  for (const row of chosen) {
    if (row.kind === 'new') removals.push(row.ref);
    else {
      const base = row.ref.id === null ? undefined : baseline.get(row.ref.id);
      if (base === undefined) continue;
      const cells: Record<string, CoreValue> = { ...fieldsToCells(model, base.fields, base.externalId), id: base.id };
      if (row.kind === 'changed') updates.push({ ...row.ref, values: cells, status: '', highlight: [] });
      else appends.push(model.columns.map((c) => cells[c.key] ?? null));
    }
  }
  if (updates.length > 0) await sheet.update(model, updates);
  if (removals.length > 0) await sheet.remove(model, removals);
  if (appends.length > 0) await sheet.append(model, appends);
  return chosen.length;
}

/** What a refresh keeps of the user's edits: captured before the pull (`pending` with the sheet's cells). */
export interface KeptEdits {
  /** `cells`: the changed cells; `row`: the whole row, for a budget the refresh no longer has. */
  changed: Array<{ id: number; externalId: string | null; cells: Record<string, CoreValue>; row: CoreValue[] }>;
  added: CoreValue[][];
  deleted: number[];
}

export function keepEdits<R>(model: TableModel<R>, pending: PendingChanges): KeptEdits {
  const changed: KeptEdits['changed'] = [];
  const added: CoreValue[][] = [];
  const deleted: number[] = [];
  for (const row of pending.rows) {
    const fields = Object.fromEntries(row.fields.map((f) => [f.field, f.after]));
    if (row.kind === 'deleted' && row.ref.id !== null) deleted.push(row.ref.id);
    else if (row.kind === 'changed' && row.ref.id !== null) {
      const renamed = row.fields.some((f) => f.field === EXTERNAL_ID_FIELD);
      const whole = fieldsToCells(model, row.all ?? fields, row.ref.externalId);
      changed.push({
        id: row.ref.id,
        externalId: row.ref.externalId,
        cells: fieldsToCells(model, fields, renamed ? row.ref.externalId : undefined),
        row: model.columns.map((c) => (c.key === 'id' ? null : (whole[c.key] ?? null))),
      });
    } else if (row.kind === 'new') {
      const cells = fieldsToCells(model, fields, row.ref.externalId);
      added.push(model.columns.map((c) => cells[c.key] ?? null));
    }
  }
  return { changed, added, deleted };
}

/**
 * Puts kept edits on top of the refreshed rows: they stay pending (highlighted) against the new baseline. An edited
 * budget the refresh no longer has (deleted on the service) comes back as a new row with the user's values, so the
 * next push creates it again unless the user removes it: `orphaned` counts them.
 */
export async function applyKeptEdits<R>(model: TableModel<R>, sheet: PushSheet, kept: KeptEdits): Promise<{ orphaned: number }> {
  let orphaned = 0;
  if (kept.changed.length > 0) {
    const { missing } = await sheet.update(
      model,
      kept.changed.map((c) => ({ position: -1, id: c.id, externalId: null, values: c.cells, status: '', highlight: Object.keys(c.cells) })),
    );
    for (const ref of missing) {
      const edit = kept.changed.find((c) => c.id === ref.id);
      if (edit === undefined) continue;
      kept.added.push(edit.row);
      orphaned += 1;
    }
  }
  if (kept.added.length > 0) await sheet.append(model, kept.added);
  if (kept.deleted.length > 0)
    await sheet.remove(
      model,
      kept.deleted.map((id) => ({ position: -1, id, externalId: null })),
    );
  return { orphaned };
}

/**
 * The highlight of pending cells, as a check for changes shows them (before any send): each changed or new row's
 * changed cells amber, its status left as it is, except a "Sent" status of a row the last send landed (`lastLanded`,
 * ids from the table's newest journal entry) that the user has edited again since: that status no longer describes
 * the row. Rows that were highlighted before and are no longer pending (the user typed the old value back) lose the
 * highlight and their stale status, and so does every row with nothing pending whose status says something waits
 * (`staleStatuses`: after a reload the pane no longer knows what it highlighted).
 */
export function highlightUpdates<R>(
  model: TableModel<R>,
  pending: PendingChanges,
  previously: readonly RowRef[] = [],
  lastLanded: ReadonlySet<number> = new Set(),
): RowUpdate[] {
  const keyOf = (field: string) => model.columns.find((c) => c.write?.field === field)?.key ?? field;
  const updates: RowUpdate[] = pending.rows
    .filter((r) => r.kind !== 'deleted')
    .map((r) => ({
      ...r.ref,
      highlight: r.fields.map((f) => keyOf(f.field)),
      ...(r.ref.id !== null && lastLanded.has(r.ref.id) ? { status: '' } : {}),
    }));
  const still = new Set(pending.rows.filter((r) => r.ref.id !== null).map((r) => r.ref.id));
  const cleared = new Set<number>();
  for (const ref of previously) {
    if (ref.id === null || still.has(ref.id)) continue;
    cleared.add(ref.id);
    updates.push({ ...ref, position: -1, status: '', highlight: [] });
  }
  for (const ref of pending.staleStatuses ?? [])
    if (ref.id === null || !cleared.has(ref.id)) updates.push({ ...ref, status: '', highlight: [] });
  return updates;
}
