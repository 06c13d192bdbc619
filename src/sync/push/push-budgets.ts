/**
 * The push of a budget table (ForecastBudgets, Scenario_<id>_Budgets): what the user edited in the sheet goes back
 * to the service, and nothing they typed is lost or silently overwritten.
 *
 *  1. refuse what cannot be pushed: a read-only table, a table without a stored baseline, a committed plan;
 *  2. read the sheet, diff it against the baseline (rows matched by id), check every new and changed row (zod);
 *  3. plan the requests (PATCH by external ID with the changed fields; PUT by id; POST; DELETE);
 *  4. read the service's current values of the rows to be written, in bulk (`ids=`), and compare three ways:
 *     a field changed on both sides is a conflict (not written until the user chooses), a field changed only on
 *     the service is brought into the sheet;
 *  5. send with bounded concurrency (deletes first, so freed external IDs can be taken); a write whose outcome is
 *     unknown is read back before it is sent again (send-change.ts);
 *  6. put the outcome on every row (status, highlight, the service's values), rewrite the baseline for what
 *     landed, and record the push in the journal.
 * A push cut off anywhere is resumed by pushing again: the three-way read sees what already landed (the service
 * holds the sheet's value) and sends nothing for it; a create that landed is found by its external ID, which is
 * written into the sheet before the create is sent.
 */

import { ApiError, RetryBudget, type Budget, type CashflowClient, type Category, type Plan } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate, type MessageParams } from '../../i18n/translate';
import { CUT_TEXT_MARK, EXCEL_CELL_TEXT_LIMIT } from '../cell-text-limit';
import { buildLookups } from '../tables/lookups';
import type { TableModel } from '../tables/table-model';
import type { CoreValue } from '../workbook-port';
import type { BaselineStore } from './baseline';
import { columnOf } from './budget-patch';
import { checkBudgetRows, type RowCheckProblem } from './budget-row-check';
import { budgetBodyOf, wholeRowOver } from './budget-body';
import { budgetEndpoints } from './budget-endpoints';
import { changedFields, diffTable, sameValue, type BaselineRow, type Fields, type RowChange, type SheetRow } from './diff';
import { planRequests, type BudgetPlan, type PushRequest } from './plan-requests';
import type { JournalEntry, JournalRow, PushJournal, PushSheet, RowRef, RowUpdate } from './push-port';
import { sendChange, type SendOutcome } from './send-change';
import { cellsFor, isAddressable, planOf, serviceRow, withoutExternal, withoutId, type BudgetTarget, type ServiceRow } from './service-row';
import { changedFieldsOnService, EXTERNAL_ID_FIELD, threeWay, type FieldConflict, type Resolution } from './three-way';

export type { BudgetTarget } from './service-row';

export interface PushChoices {
  /** Per row (`rowKey`): how to settle its conflicts. */
  resolutions?: ReadonlyMap<string, Resolution>;
  /** The Replace row action: these rows (by id) are written as a whole row (PUT), after the user confirmed it. */
  replace?: ReadonlySet<number>;
  /**
   * The user confirmed that rows without an external ID the paths can address (none, or with `.` or `/`) are written
   * as whole rows (PUT by id over the service's current row: only the fields the user changed change). Without it they wait.
   */
  wholeRows?: boolean;
  /** The user confirmed the deletes (the view says how many). Without it, deleted rows wait. */
  deletes?: boolean;
}

export type PushPhase = 'reading' | 'checking' | 'comparing' | 'sending' | 'saving';

export interface PushProgress {
  phase: PushPhase;
  /** Writes settled so far, of `total` (sending phase). */
  done: number;
  total: number;
}

export interface PushOptions {
  client: CashflowClient;
  sheet: PushSheet;
  baselines: BaselineStore;
  journal?: PushJournal;
  language: Language;
  /** What the pull state says of the table's baseline: only `stored` can be pushed (a failed store may leave an older one). */
  baselineState: 'stored' | 'missing' | undefined;
  choices?: PushChoices;
  /** How long the service may fail without one success before the push gives up (default: the pull's 60 s). */
  giveUpAfterMs?: number;
  /** Writes in flight at most (default 4). */
  concurrency?: number;
  signal?: AbortSignal;
  /** The table's name in messages, as the user knows it (the pane's card); default: the Excel table's name. */
  label?: string;
  onProgress?(progress: PushProgress): void;
  now?(): Date;
  /** Waits between a lost answer and its read-back (tests pass a fast one). */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  /** External IDs for new rows without one (default `xl-` and 10 random characters). */
  newExternalId?(): string;
  /**
   * The company's plans, categories and accounts when the caller holds them already (the pane reads them on
   * connect): the push then asks the service only for the rows it writes. Stale data is safe: the service refuses a
   * committed plan (403) or a category that cannot take budgets (400), and the row says so.
   */
  reference?: PushReference;
}

export interface PushReference {
  plans: readonly Plan[];
  categories: readonly Category[];
  accounts: ReadonlyArray<{ id: number; name: string }>;
}

export type RowOutcome = 'landed' | 'broughtIn' | 'failed' | 'unknown' | 'cancelled' | 'conflict' | 'blocked' | 'needsReplace' | 'needsDeleteConfirmation';

export interface FieldConflictView extends FieldConflict {
  column: string;
}

export interface PushRowResult {
  /** `id:<id>` or `ext:<external id>` (a new row): how choices name the row. */
  key: string;
  ref: RowRef;
  change: 'changed' | 'new' | 'deleted' | 'unchanged';
  op?: 'patch' | 'replace' | 'create' | 'delete';
  outcome: RowOutcome;
  /** The status text, in the user's language. */
  message: string;
  /** Columns the row changed (pending ones keep their highlight). */
  columns: string[];
  conflicts?: FieldConflictView[];
  problems?: RowCheckProblem[];
  /** Conflict kinds beyond fields. */
  conflict?: 'deletedOnService' | 'existsOnService' | 'changedOnService';
}

export interface PushResult {
  tableName: string;
  rows: PushRowResult[];
  counts: Record<RowOutcome, number>;
  /** Rows equal to their baseline. */
  unchanged: number;
  journalId?: string;
}

/** Refusals of the whole table: nothing was sent. */
export class PushRefusedError extends Error {
  override name = 'PushRefusedError';
  constructor(
    message: string,
    readonly reason: 'readOnly' | 'noBaseline' | 'committed' | 'noPlan',
  ) {
    super(message);
  }
}

export function rowKey(ref: { id: number | null; externalId: string | null; position?: number }): string {
  if (ref.id !== null) return `id:${ref.id}`;
  if (ref.externalId !== null && ref.externalId !== '') return `ext:${ref.externalId}`;
  return `row:${ref.position ?? -1}`;
}

/** The external ID a row without one is adopted under (shown to the user before it is sent). */
export function adoptionExternalId(id: number): string {
  return `xl-${id}`;
}

export function randomExternalId(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return `xl-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

// ---- one row's journey ----

interface Work {
  key: string;
  ref: RowRef;
  change: PushRowResult['change'];
  /** Columns the user changed. */
  changed: string[];
  op?: PushRowResult['op'];
  outcome?: RowOutcome;
  message?: string;
  conflicts?: FieldConflictView[];
  conflict?: PushRowResult['conflict'];
  problems?: RowCheckProblem[];
  /** Sheet cells to set (by column key). */
  values?: Record<string, CoreValue>;
  /** Remove the row from the sheet (take theirs on a budget deleted on the service). */
  removeFromSheet?: boolean;
  /** Add this row to the sheet (take theirs on a delete). */
  appendToSheet?: CoreValue[];
  /** The baseline after this row: a row to store, `null` to drop the id, undefined to keep what is there. */
  baseline?: BaselineRow | null;
  /** Ids whose baseline row goes (the old id of a budget created again). */
  dropBaseline?: number[];
  /** Fields still pending (highlighted). */
  pending: string[];
  /** The budget's id on the service after the write (a create's new id). */
  landedId?: number;
  journal?: JournalRow;
}

export async function pushBudgets(model: TableModel<Budget>, target: BudgetTarget, options: PushOptions): Promise<PushResult> {
  const { sheet, baselines, language, signal } = options;
  // One retry budget for every request of this push, as a pull has: the reads before the writes (plans, categories,
  // accounts, the three-way read) ride out a storm of 429s and 5xx instead of failing the push after a few tries.
  const client = options.client.withRetryBudget(new RetryBudget(options.giveUpAfterMs === undefined ? {} : { giveUpAfterMs: options.giveUpAfterMs }));
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const progress = (phase: PushPhase, done = 0, total = 0) => options.onProgress?.({ phase, done, total });
  const choices = options.choices ?? {};
  const table = model.tableName;
  const named = { table: options.label ?? table };

  if (model.readOnly) throw new PushRefusedError(t('push.refused.readOnly', named), 'readOnly');
  progress('reading');
  const baseline = options.baselineState === 'stored' ? await baselines.read(table) : undefined;
  if (baseline === undefined) throw new PushRefusedError(t('push.refused.noBaseline', named), 'noBaseline');

  const requestOptions = signal === undefined ? {} : { signal };
  const [reference, read] = await Promise.all([options.reference ?? readReference(client, requestOptions), sheet.read(model, requestOptions)]);
  const { plans, categories } = reference;
  const summary = { accounts: reference.accounts };
  const plan = planOf(plans, target);
  if (plan === undefined) throw new PushRefusedError(t('push.refused.noPlan', named), 'noPlan');
  if (plan.is_committed) throw new PushRefusedError(t('push.refused.committed', { ...named, plan: plan.name }), 'committed');
  const budgetPlan: BudgetPlan = target.kind === 'forecast' ? { kind: 'forecast', planId: plan.id } : { kind: 'scenario', scenarioId: plan.id };
  const endpoints = budgetEndpoints(client, budgetPlan);
  const lookups = buildLookups({ categories, accounts: summary.accounts, language });

  // ---- diff and check ----
  progress('checking');
  const baselineById = new Map(baseline.map((b) => [b.id, b]));
  const cellProblemRows = new Map<number, RowCheckProblem[]>();
  // The category cell also takes a name or a path (the row check resolves it): text there is not a cell problem.
  const categoryHeader = model.columns.find((c) => c.write?.field === 'category')?.header.toLowerCase();
  for (const p of read.problems) {
    if (p.header.toLowerCase() === categoryHeader) continue;
    const list = cellProblemRows.get(p.row) ?? [];
    list.push({ field: p.header, column: p.header, message: cellMessage(model, p.header, language) });
    cellProblemRows.set(p.row, list);
  }
  const diff = diffTable(baseline, read.rows);
  const rowsByPosition = new Map(read.rows.map((r) => [r.position, r]));
  const works: Work[] = [];

  for (const problem of diff.problems) {
    const row = rowsByPosition.get(problem.position);
    const ref: RowRef = { position: problem.position, id: problem.id, externalId: row?.externalId ?? null };
    const message = t(problem.kind === 'duplicateId' ? 'push.row.duplicateId' : 'push.row.unknownId', { id: problem.id });
    works.push({ key: `row:${problem.position}`, ref, change: 'changed', changed: [], pending: [], outcome: 'blocked', problems: [{ field: 'id', column: columnOf('id'), message }], message: t('push.status.blocked', { problems: message }) });
  }

  // New external IDs: written into the sheet before anything is sent (a create cut off is then found again).
  const generated = new Map<number, string>();
  const checkedRows: SheetRow[] = [];
  for (const change of diff.changes) {
    if (change.kind === 'new') {
      const blank = change.row.externalId === null || change.row.externalId.trim() === '';
      const externalId = blank ? (options.newExternalId ?? randomExternalId)() : change.row.externalId;
      if (blank && externalId !== null) generated.set(change.row.position, externalId);
      checkedRows.push({ ...change.row, externalId });
    } else if (change.kind === 'changed') {
      const row = rowsByPosition.get(change.position);
      if (row) checkedRows.push(row);
    }
  }
  const checkedIds = new Set(checkedRows.map((r) => r.id).filter((id): id is number => id !== null));
  const deletedIds = new Set(diff.changes.filter((c) => c.kind === 'deleted').map((c) => (c as { id: number }).id));
  const checks = checkBudgetRows(checkedRows, {
    categories: categories as readonly Category[],
    accounts: summary.accounts.map((a) => a.id),
    existingExternalIds: baseline.filter((b) => !checkedIds.has(b.id) && !deletedIds.has(b.id) && b.externalId !== null).map((b) => b.externalId as string),
    pulledExternalIds: new Map(baseline.map((b) => [b.id, b.externalId])),
    language,
  });
  const checkByPosition = new Map(checks.map((c) => [c.position, c]));

  // The changes with the checked (normalized) values; rows with problems wait.
  const sendable: RowChange[] = [];
  const idHeader = model.columns.find((c) => c.key === model.keyColumn)?.header.toLowerCase();
  const badIdRow = read.problems.find((p) => p.header.toLowerCase() === idHeader)?.row;
  for (const change of diff.changes) {
    if (change.kind === 'deleted') {
      const base = baselineById.get(change.id);
      const work: Work = { key: rowKey({ id: change.id, externalId: change.externalId }), ref: { position: -1, id: change.id, externalId: change.externalId }, change: 'deleted', changed: [], pending: [], op: 'delete' };
      works.push(work);
      if (badIdRow !== undefined) {
        // An Id cell that holds no id reads as a row without one: the budget it named would look deleted.
        work.outcome = 'blocked';
        work.message = t('push.status.deleteHeld', { row: badIdRow + 1 });
        work.problems = [{ field: 'id', column: columnOf('id'), message: work.message }];
      } else if (!choices.deletes) {
        work.outcome = 'needsDeleteConfirmation';
        work.message = '';
      } else if (base) sendable.push(change);
      continue;
    }
    const position = change.kind === 'new' ? change.row.position : change.position;
    const row = rowsByPosition.get(position);
    const check = checkByPosition.get(position);
    const externalId = change.kind === 'new' ? (generated.get(position) ?? change.row.externalId) : (row?.externalId ?? null);
    const id = change.kind === 'new' ? null : change.id;
    const ref: RowRef = { position, id, externalId };
    const work: Work = { key: rowKey(ref), ref, change: change.kind, changed: [], pending: [] };
    works.push(work);
    const cellProblems = [...(cellProblemRows.get(position) ?? []), ...cutTextProblems(change)];
    const problems = [...cellProblems, ...(check && !check.ok ? check.problems.filter((p) => !cellProblems.some((c) => c.column === p.column)) : [])];
    if (change.kind === 'new') {
      work.changed = Object.keys(withoutId(change.row.fields)).filter((f) => !sameValue(change.row.fields[f], null));
      work.op = 'create';
      if (problems.length > 0 || !check?.ok) {
        block(work, problems);
        continue;
      }
      sendable.push({ kind: 'new', row: { ...change.row, externalId, fields: withoutId(check.fields) } });
      continue;
    }
    work.changed = [...change.changes.map((c) => c.field), ...(change.renamedTo !== undefined ? [EXTERNAL_ID_FIELD] : [])];
    if (problems.length > 0 || !check?.ok) {
      block(work, problems);
      continue;
    }
    const base = baselineById.get(change.id);
    const normalized = changedFields(base?.fields ?? {}, withoutId(check.fields));
    if (normalized.length === 0 && change.renamedTo === undefined) {
      work.change = 'unchanged';
      continue;
    }
    work.changed = [...normalized.map((c) => c.field), ...(change.renamedTo !== undefined ? [EXTERNAL_ID_FIELD] : [])];
    sendable.push({ ...change, changes: normalized });
  }

  /**
   * A text the pull cut at Excel's cell limit (`cell-text-limit.ts`) is not the service's text: a changed or new
   * field that still ends with the cut mark is never sent (an unchanged one is not sent either: a PATCH sends only
   * changed fields, a whole-row PUT takes every other field from the service).
   */
  function cutTextProblems(change: RowChange): RowCheckProblem[] {
    const fields = change.kind === 'new' ? Object.entries(change.row.fields) : change.kind === 'changed' ? change.changes.map((c) => [c.field, c.after] as const) : [];
    return fields
      .filter(([, value]) => typeof value === 'string' && value.endsWith(CUT_TEXT_MARK))
      .map(([field]) => ({ field, column: columnOf(field), message: t('push.row.cutText', { column: columnOf(field), limit: EXCEL_CELL_TEXT_LIMIT.toLocaleString(language === 'en' ? 'en-US' : language), mark: CUT_TEXT_MARK }) }));
  }

  function block(work: Work, problems: RowCheckProblem[]): void {
    work.outcome = 'blocked';
    work.problems = problems;
    work.pending = work.changed;
    work.message = t('push.status.blocked', { problems: problems.map((p) => p.message).join(' ') });
  }

  // ---- plan ----
  const rowsById = new Map(read.rows.filter((r) => r.id !== null).map((r) => [r.id as number, { fields: withoutId(checkByPosition.get(r.position)?.ok ? (checkByPosition.get(r.position) as { fields: Fields }).fields : r.fields), externalId: r.externalId }]));
  const pushPlan = planRequests(budgetPlan, { changes: sendable, problems: [], unchanged: diff.unchanged }, rowsById, language);
  // Works by where they stand (rows in the sheet) and by id (deleted rows): lookups stay linear on big tables.
  const sheetWork = new Map(works.filter((w) => w.change !== 'deleted').map((w) => [w.ref.position, w]));
  const deletedWork = new Map(works.filter((w) => w.change === 'deleted').map((w) => [w.ref.id, w]));
  for (const blocked of pushPlan.blocked) {
    const work = sheetWork.get(blocked.position);
    if (work && work.ref.id === blocked.id) block(work, blocked.problems.map((p) => ({ field: p.field, column: columnOf(p.field), message: p.message })));
  }
  const requestOf = new Map<Work, PushRequest>();
  for (const request of pushPlan.requests) {
    const work = request.op === 'deleteById' || request.op === 'deleteByExternalId' ? deletedWork.get(request.id) : sheetWork.get(request.position);
    if (work) {
      requestOf.set(work, request);
      work.op = request.op === 'patch' ? 'patch' : request.op === 'replaceById' ? 'replace' : request.op === 'create' ? 'create' : 'delete';
    }
  }
  // A whole-row write waits for the user's confirmation (a change made on the service between the read and the PUT is overwritten).
  const replaceConfirmed = (id: number) => choices.replace?.has(id) ?? false;
  for (const [work, request] of requestOf) {
    if (request.op === 'replaceById' && !replaceConfirmed(request.id) && !choices.wholeRows) {
      work.outcome = 'needsReplace';
      work.pending = work.changed;
      work.message = t('push.status.needsReplace', { suggestion: adoptionExternalId(request.id) });
      requestOf.delete(work);
    } else if (request.op === 'patch' && replaceConfirmed(request.id)) {
      // The Replace row action: the whole row by its internal id (the service's only PUT for forecast budgets).
      const row = rowsById.get(request.id);
      requestOf.set(work, { op: 'replaceById', id: request.id, position: request.position, body: { ...(row?.fields ?? {}), external_id: (request.body.external_id as string | undefined) ?? request.externalId } });
    }
  }

  // Generated external IDs go into the sheet now, before the creates that carry them.
  if (generated.size > 0) {
    const updates: RowUpdate[] = [];
    for (const [position, externalId] of generated) {
      const work = sheetWork.get(position);
      if (work && work.outcome === undefined) updates.push({ position, id: null, externalId: null, values: { [EXTERNAL_ID_FIELD]: externalId }, status: '', highlight: work.changed.map((field) => columnKeyOf(model, field)) });
    }
    if (updates.length > 0) await sheet.update(model, updates);
  }

  // ---- compare with the service ----
  progress('comparing');
  const idsToRead = [...requestOf.values()].flatMap((r) => (r.op === 'create' ? [] : [r.id]));
  const current = new Map((await endpoints.readByIds(idsToRead, signal)).map((b) => [b.id, serviceRow(model, b, lookups)]));
  const writes: Array<{ work: Work; run: () => Promise<void> }> = [];
  for (const [work, request] of requestOf) {
    const resolution = choices.resolutions?.get(work.key);
    if (request.op === 'create') {
      writes.push({ work, run: () => create(work, request.body, resolution) });
      continue;
    }
    const base = baselineById.get(request.id);
    const theirs = current.get(request.id);
    if (base === undefined) continue;
    const baseAll: Fields = { ...base.fields, [EXTERNAL_ID_FIELD]: base.externalId };
    if (request.op === 'deleteById' || request.op === 'deleteByExternalId') {
      if (theirs === undefined) {
        landDelete(work, base);
        continue;
      }
      const changedThere = changedFieldsOnService(baseAll, { ...theirs.fields, [EXTERNAL_ID_FIELD]: theirs.externalId }).filter((f) => f !== 'id');
      if (changedThere.length > 0 && resolution !== 'mine') {
        if (resolution === 'theirs') {
          work.outcome = 'broughtIn';
          work.appendToSheet = theirs.cells;
          work.baseline = { id: theirs.budget.id, externalId: theirs.externalId, fields: theirs.fields };
          work.message = '';
        } else {
          work.outcome = 'conflict';
          work.conflict = 'changedOnService';
          work.message = t('push.status.deleteConflict', { columns: changedThere.map(columnOf).join(', ') });
        }
        continue;
      }
      const path = theirs.externalId;
      const byExternal = path !== null && request.op === 'deleteByExternalId';
      writes.push({ work, run: () => remove(work, base, theirs, byExternal ? { externalId: path } : { id: request.id }) });
      continue;
    }
    // patch or replace
    if (theirs === undefined) {
      if (resolution === 'theirs') {
        work.outcome = 'broughtIn';
        work.removeFromSheet = true;
        work.baseline = null;
        work.message = '';
      } else if (resolution === 'mine') {
        const row = rowsById.get(request.id);
        const body = { ...withoutId(row?.fields ?? {}), ...(isAddressable(work.ref.externalId) ? { external_id: work.ref.externalId } : {}) };
        work.dropBaseline = [request.id];
        writes.push({ work, run: () => create(work, body, undefined) });
      } else {
        work.outcome = 'conflict';
        work.conflict = 'deletedOnService';
        work.pending = work.changed;
        work.message = t('push.status.deletedOnService');
      }
      continue;
    }
    const mine: Record<string, unknown> = {};
    const sheetRow = rowsById.get(request.id);
    for (const field of work.changed) mine[field] = field === EXTERNAL_ID_FIELD ? work.ref.externalId : sheetRow?.fields[field];
    const theirsAll: Fields = { ...theirs.fields, [EXTERNAL_ID_FIELD]: theirs.externalId };
    const merge = threeWay(withoutId(baseAll), mine, withoutId(theirsAll), resolution);
    const bringIn = new Set(Object.keys(merge.bringIn));
    const agreed = Object.keys(merge.agreed);
    if (merge.conflicts.length > 0) {
      work.outcome = 'conflict';
      work.conflicts = merge.conflicts.map((c) => ({ ...c, column: columnOf(c.field) }));
      // The row is not written at all: every field it changed stays pending.
      work.pending = work.changed;
      work.message = t('push.status.conflict', {
        details: work.conflicts.map((c) => t('push.status.conflictField', { column: c.column, mine: shown(c.mine), theirs: shown(c.theirs) })).join('; '),
      });
      // What the service changed alone still comes in; the baseline takes it, and the fields both sides agree on.
      const fields = { ...base.fields };
      for (const f of [...bringIn, ...agreed]) if (f !== EXTERNAL_ID_FIELD) fields[f] = theirs.fields[f] ?? null;
      work.baseline = { id: base.id, externalId: bringIn.has(EXTERNAL_ID_FIELD) || agreed.includes(EXTERNAL_ID_FIELD) ? theirs.externalId : base.externalId, fields };
      if (bringIn.size > 0) work.values = cellsFor(model, theirs, bringIn);
      continue;
    }
    const send = merge.send;
    if (Object.keys(send).length === 0) {
      // Everything the sheet changed is on the service already (an earlier push that was cut off, or the same edit there).
      settleLanded(work, theirs, bringIn.size > 0 || agreed.length > 0 ? 'all' : new Set());
      continue;
    }
    if (request.op === 'patch') {
      const path = theirs.externalId ?? request.externalId;
      if (!isAddressable(path)) {
        work.outcome = 'needsReplace';
        work.pending = work.changed;
        work.message = t('push.status.needsReplace', { suggestion: adoptionExternalId(request.id) });
        continue;
      }
      // The request's body has the spec's clearing rules applied (budget-patch.ts): take each field to send from it.
      const body: Record<string, unknown> = Object.fromEntries(Object.entries(send).map(([f, v]) => [f, f in request.body ? request.body[f] : v]));
      if (EXTERNAL_ID_FIELD in body && sameValue(body[EXTERNAL_ID_FIELD], path)) delete body[EXTERNAL_ID_FIELD];
      // Only the cells this push settles are set: an edit the user makes meanwhile in another cell stays.
      const settled = new Set([...Object.keys(body), ...bringIn, ...agreed]);
      writes.push({ work, run: () => patch(work, path, body, theirs, settled) });
    } else {
      // A whole row changes only what the user changed: the service's row as just read, the sent fields over it (a
      // field changed on the service alone, and every field the sheet does not show, keeps the service's value).
      const changes: Record<string, unknown> = {};
      for (const f of Object.keys(send)) changes[f] = f in request.body ? request.body[f] : send[f];
      if (EXTERNAL_ID_FIELD in changes && !isAddressable(changes[EXTERNAL_ID_FIELD] as string | null)) delete changes[EXTERNAL_ID_FIELD];
      writes.push({ work, run: () => replace(work, request.id, wholeRowOver(theirs.budget, changes), request.dropsExternalId !== undefined, theirs) });
    }
  }

  // ---- send ----
  const total = writes.length;
  let done = 0;
  progress('sending', 0, total);
  const ordered = [...writes.filter((w) => w.work.op === 'delete'), ...writes.filter((w) => w.work.op !== 'delete')];
  const deletesFirst = ordered.filter((w) => w.work.op === 'delete');
  const rest = ordered.filter((w) => w.work.op !== 'delete');
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const runAll = async (list: typeof writes) => {
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const item = list[next];
        next += 1;
        if (item === undefined) break;
        if (signal?.aborted) {
          item.work.outcome = 'cancelled';
          item.work.pending = item.work.changed;
          item.work.message = t('push.status.cancelled');
          continue;
        }
        await item.run();
        done += 1;
        progress('sending', done, total);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  };
  await runAll(deletesFirst);
  await runAll(rest);

  // ---- put the outcome back ----
  progress('saving');
  const time = startedAt.toISOString().slice(0, 16).replace('T', ' ');
  const nextBaseline = new Map(baseline.map((b) => [b.id, b]));
  const updates: RowUpdate[] = [];
  const appends: CoreValue[][] = [];
  const removals: RowRef[] = [];
  for (const work of works) {
    for (const id of work.dropBaseline ?? []) nextBaseline.delete(id);
    if (work.baseline === null && work.ref.id !== null) nextBaseline.delete(work.ref.id);
    else if (work.baseline) nextBaseline.set(work.baseline.id, work.baseline);
    if (work.outcome === 'landed' && work.change === 'deleted' && work.ref.id !== null) nextBaseline.delete(work.ref.id);
    if (work.outcome === 'landed' && work.message === undefined) work.message = t('push.status.landed', { time });
    if (work.outcome === 'broughtIn' && work.message === '') work.message = t('push.status.broughtIn', { time, columns: work.changed.map(columnOf).join(', ') });
    if (work.outcome === undefined) work.outcome = 'landed';
    if (work.removeFromSheet) removals.push(work.ref);
    if (work.appendToSheet) appends.push(work.appendToSheet);
    if (work.change === 'deleted' || work.removeFromSheet || work.change === 'unchanged') continue;
    updates.push({ ...work.ref, ...(work.values ? { values: work.values } : {}), status: work.message ?? '', highlight: work.pending.map((field) => columnKeyOf(model, field)) });
  }
  // Every other row has nothing waiting: a status an earlier send left ("Not sent", "Sent", a conflict) no longer
  // describes it (typed back, or settled by another path), so it goes. The status column tells this push's story.
  const written = new Set(updates.map((u) => u.position));
  for (const row of read.rows) {
    if (row.status !== undefined && row.status !== '' && !written.has(row.position)) updates.push({ position: row.position, id: row.id, externalId: row.externalId, status: '', highlight: [] });
  }
  if (updates.length > 0) await sheet.update(model, updates);
  if (removals.length > 0) await sheet.remove(model, removals);
  if (appends.length > 0) await sheet.append(model, appends);
  await baselines.write(table, [...nextBaseline.values()]);

  const journalRows = works.flatMap((w) => (w.journal ? [withName(w.journal, rowName(read.rows, baseline, w.ref))] : []));
  let journalId: string | undefined;
  if (options.journal && journalRows.length > 0) {
    journalId = `${startedAt.toISOString()}-${Math.random().toString(36).slice(2, 8)}`;
    const entry: JournalEntry = { id: journalId, at: startedAt.toISOString(), tableName: table, rows: journalRows };
    await options.journal.append(entry);
  }

  const rows: PushRowResult[] = works
    .filter((w) => w.change !== 'unchanged')
    .map((w) => ({
      key: w.key,
      ref: w.landedId === undefined ? w.ref : { ...w.ref, id: w.landedId },
      change: w.change,
      ...(w.op === undefined ? {} : { op: w.op }),
      outcome: w.outcome ?? 'landed',
      message: w.message ?? '',
      columns: w.changed.map(columnOf),
      ...(w.conflicts ? { conflicts: w.conflicts } : {}),
      ...(w.problems ? { problems: w.problems } : {}),
      ...(w.conflict ? { conflict: w.conflict } : {}),
    }));
  const counts = Object.fromEntries(
    (['landed', 'broughtIn', 'failed', 'unknown', 'cancelled', 'conflict', 'blocked', 'needsReplace', 'needsDeleteConfirmation'] as const).map((o) => [o, rows.filter((r) => r.outcome === o).length]),
  ) as Record<RowOutcome, number>;
  return { tableName: table, rows, counts, unchanged: diff.unchanged + works.filter((w) => w.change === 'unchanged').length, ...(journalId === undefined ? {} : { journalId }) };

  // ---- the writes ----

  function settle<T>(work: Work, outcome: SendOutcome<T>): T | undefined {
    if (outcome.kind === 'landed') return outcome.value;
    work.pending = work.changed;
    if (outcome.kind === 'cancelled') {
      work.outcome = 'cancelled';
      work.message = t('push.status.cancelled');
    } else if (outcome.kind === 'unknown') {
      work.outcome = 'unknown';
      work.message = t('push.status.unknown', { reason: reasonOf(outcome.error) });
    } else {
      work.outcome = 'failed';
      work.message = t('push.status.failed', { reason: reasonOf(outcome.error) });
    }
    if (work.journal) work.journal.outcome = outcome.kind === 'unknown' ? 'unknown' : 'failed';
    return undefined;
  }

  function settleLanded(work: Work, row: ServiceRow, fields: ReadonlySet<string> | 'all'): void {
    work.outcome = 'landed';
    work.pending = [];
    // The row is still found where it was read (by its old id, or none): the id cell is among the values set.
    work.landedId = row.budget.id;
    work.values = cellsFor(model, row, fields === 'all' ? 'all' : new Set([...fields]));
    work.baseline = { id: row.budget.id, externalId: row.externalId, fields: row.fields };
    if (work.journal) work.journal.outcome = 'landed';
  }

  async function patch(work: Work, path: string, body: Record<string, unknown>, theirs: ServiceRow, settled: ReadonlySet<string>): Promise<void> {
    // What the service held just before (the three-way read): undo puts that back, a colleague's value included.
    work.journal = { op: 'patch', id: theirs.budget.id, externalId: path, before: pick({ ...theirs.fields, [EXTERNAL_ID_FIELD]: theirs.externalId }, Object.keys(body)), sent: body, outcome: 'failed' };
    const wanted = (b: Budget) => {
      const now = serviceRow(model, b, lookups);
      const all: Fields = { ...now.fields, [EXTERNAL_ID_FIELD]: now.externalId };
      return Object.entries(body).every(([f, v]) => sameValue(all[f], v === '' ? null : v));
    };
    const outcome = await sendChange(
      {
        send: async (s) => {
          const answer = await endpoints.patch(path, body, s);
          return { ...theirs.budget, ...answer } as Budget;
        },
        check: async (s) => {
          const [found] = await endpoints.readByIds([theirs.budget.id], s);
          return found !== undefined && wanted(found) ? { landed: true, value: found } : { landed: false };
        },
      },
      sendOptions(),
    );
    const landed = settle(work, outcome);
    if (landed) settleLanded(work, serviceRow(model, landed, lookups), settled);
  }

  async function replace(work: Work, id: number, body: Record<string, unknown>, dropsExternalId: boolean, theirs: ServiceRow): Promise<void> {
    const sent = dropsExternalId ? withoutExternal(body) : body;
    work.op = 'replace';
    work.journal = {
      op: 'replace',
      id,
      externalId: theirs.externalId,
      before: { ...theirs.fields, [EXTERNAL_ID_FIELD]: theirs.externalId },
      service: budgetBodyOf(theirs.budget),
      sent,
      outcome: 'failed',
    };
    const outcome = await sendChange(
      {
        send: (s) => endpoints.replaceById(id, sent, s),
        check: async (s) => {
          const [found] = await endpoints.readByIds([id], s);
          if (found === undefined) return { landed: false };
          // `sent` is a whole body (the service's row with the changes over it): compared as a body, field by field.
          const now = budgetBodyOf(found);
          const held = (f: string, v: unknown) => (f === EXTERNAL_ID_FIELD ? sameValue(found.external_id, v) : sameValue(now[f], v));
          return Object.entries(sent).every(([f, v]) => held(f, v)) ? { landed: true, value: found } : { landed: false };
        },
      },
      sendOptions(),
    );
    const landed = settle(work, outcome);
    if (landed) settleLanded(work, serviceRow(model, landed, lookups), 'all');
  }

  async function create(work: Work, body: Record<string, unknown>, resolution: Resolution | undefined): Promise<void> {
    const externalId = typeof body.external_id === 'string' ? body.external_id : work.ref.externalId;
    const sent: Record<string, unknown> = { ...body, ...(externalId === null ? {} : { external_id: externalId }) };
    work.op = 'create';
    work.journal = { op: 'create', id: null, externalId, before: null, sent, outcome: 'failed' };
    const same = (b: Budget) => {
      const now = serviceRow(model, b, lookups);
      return Object.entries(withoutExternal(sent)).every(([f, v]) => sameValue(now.fields[f], v));
    };
    const outcome = await sendChange(
      {
        send: (s) => endpoints.create(sent, s),
        check: async (s) => {
          if (externalId === null) throw new Error('no external ID to look for');
          const found = await endpoints.readByExternalId(externalId, s);
          return found !== null ? { landed: true, value: found } : { landed: false };
        },
      },
      sendOptions(),
    );
    if (outcome.kind === 'failed' && externalId !== null && isTakenError(outcome.error)) {
      // Upsert by external ID: the service has it already. Ours from a push that was cut off, or someone else's.
      let existing: Budget | null;
      try {
        existing = await endpoints.readByExternalId(externalId, signal);
      } catch (error) {
        settle(work, { kind: 'unknown', error });
        return;
      }
      if (existing !== null && same(existing)) {
        settleLanded(work, serviceRow(model, existing, lookups), 'all');
        work.journal.id = existing.id;
        return;
      }
      if (existing !== null && resolution === 'theirs') {
        settleLanded(work, serviceRow(model, existing, lookups), 'all');
        work.outcome = 'broughtIn';
        work.message = '';
        work.journal.outcome = 'conflict';
        return;
      }
      if (existing !== null && resolution === 'mine') {
        // Keep mine over a budget that holds the external ID: the row's fields win, what the sheet does not show stays.
        await replace(work, existing.id, wholeRowOver(existing, sent), false, serviceRow(model, existing, lookups));
        return;
      }
      work.outcome = 'conflict';
      work.conflict = 'existsOnService';
      work.pending = work.changed;
      work.message = t('push.status.existsOnService', { value: externalId });
      work.journal.outcome = 'conflict';
      if (existing !== null) {
        const theirs = serviceRow(model, existing, lookups);
        work.conflicts = Object.keys(withoutExternal(sent))
          .filter((f) => !sameValue(theirs.fields[f], sent[f]))
          .map((f) => ({ field: f, column: columnOf(f), base: null, mine: sent[f] ?? null, theirs: theirs.fields[f] ?? null }));
      }
      return;
    }
    const landed = settle(work, outcome);
    if (landed) {
      settleLanded(work, serviceRow(model, landed, lookups), 'all');
      work.journal.id = landed.id;
    }
  }

  async function remove(work: Work, base: BaselineRow, theirs: ServiceRow, by: { externalId: string } | { id: number }): Promise<void> {
    // The whole budget as the service held it: undo creates it again with every field, not only the sheet's.
    work.journal = {
      op: 'delete',
      id: base.id,
      externalId: theirs.externalId,
      before: { ...theirs.fields, [EXTERNAL_ID_FIELD]: theirs.externalId },
      service: budgetBodyOf(theirs.budget),
      sent: null,
      outcome: 'failed',
    };
    const outcome = await sendChange(
      {
        send: async (s) => {
          try {
            await ('externalId' in by ? endpoints.deleteByExternalId(by.externalId, s) : endpoints.deleteById(by.id, s));
          } catch (error) {
            // Gone already (a delete that landed before its answer was lost): what the user wanted.
            if (!(error instanceof ApiError && error.status === 404)) throw error;
          }
          return true;
        },
        check: async (s) => ((await endpoints.readByIds([base.id], s)).length === 0 ? { landed: true, value: true } : { landed: false }),
      },
      sendOptions(),
    );
    if (settle(work, outcome)) landDelete(work, base);
  }

  function landDelete(work: Work, base: BaselineRow): void {
    work.outcome = 'landed';
    work.baseline = null;
    if (work.journal) work.journal.outcome = 'landed';
    else work.journal = { op: 'delete', id: base.id, externalId: base.externalId, before: { ...base.fields, [EXTERNAL_ID_FIELD]: base.externalId }, sent: null, outcome: 'landed' };
  }

  function sendOptions() {
    return { ...(signal === undefined ? {} : { signal }), ...(options.sleep === undefined ? {} : { sleep: options.sleep }) };
  }

  function reasonOf(error: unknown): string {
    if (error instanceof ApiError) {
      const fields = Object.entries(error.fieldErrors)
        .map(([field, messages]) => `${field === 'non_field_errors' ? '' : `${columnOf(field)}: `}${messages.join(' ')}`)
        .join(' ');
      const head = error.detail ?? error.message;
      return fields === '' ? head : t('push.status.fieldErrors', { reason: error.status === 400 ? '' : head, fields }).trim();
    }
    return error instanceof Error ? error.message : String(error);
  }
}




function pick(fields: Fields, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, fields[k] ?? null]));
}

function isTakenError(error: ApiError): boolean {
  return error.status === 400 && (error.fieldErrors[EXTERNAL_ID_FIELD]?.length ?? 0) > 0 && Object.keys(error.fieldErrors).length === 1;
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(', ');
  return String(value);
}

/** A cell that did not convert: the check's message for the column's type. */
function cellMessage(model: TableModel<Budget>, header: string, language: Language): string {
  const column = model.columns.find((c) => c.header.toLowerCase() === header.toLowerCase());
  const key: MessageKey =
    column?.type === 'date'
      ? 'push.check.date'
      : column?.type === 'amount'
        ? 'push.check.amount'
        : column?.type === 'integer'
          ? 'push.check.id'
          : column?.type === 'boolean'
            ? 'push.check.boolean'
            : column?.type === 'number'
              ? 'push.check.number'
              : 'push.check.text';
  return translate(language, key, { column: column?.header ?? header, maxDigits: 12, decimals: column?.key === 'rate' ? 4 : 2 });
}

/** The plans, categories and accounts a push needs, read from the service (three requests). */
export async function readReference(client: CashflowClient, options: { signal?: AbortSignal } = {}): Promise<PushReference> {
  const [plans, categories, summary] = await Promise.all([client.plans.list(options), client.categories.list(options), client.accounts.summary(options)]);
  return { plans, categories, accounts: summary.accounts.map((a) => ({ id: a.id, name: a.name })) };
}

/** The model column a field is edited in (`category` → `category_id`); the external ID is its own column. */
function columnKeyOf(model: TableModel<Budget>, field: string): string {
  return model.columns.find((c) => c.write?.field === field)?.key ?? field;
}

/** The budget's name as the sheet showed it (the pulled one for a deleted row), for the journal to list the row. */
function rowName(rows: readonly SheetRow[], baseline: readonly BaselineRow[], ref: RowRef): string | undefined {
  const name = rows.find((r) => r.position === ref.position)?.fields.name ?? (ref.id === null ? undefined : baseline.find((b) => b.id === ref.id)?.fields.name);
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function withName(row: JournalRow, name: string | undefined): JournalRow {
  return name === undefined ? row : { ...row, name };
}
