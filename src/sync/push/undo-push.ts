/**
 * Undo of the last push of a table, from its journal entry: every row that landed goes back to the values it had
 * before, as long as the service still holds what the push sent (a row changed since by someone else is reported,
 * never overwritten):
 * - a PATCH is answered by a PATCH of the previous values of the same fields (a rename back included);
 * - a whole-row replace by a replace with the previous row;
 * - a created budget is deleted;
 * - a deleted budget is created again with its external ID and previous values.
 * The sheet follows: cells the push had set go back (a cell the user edited again since keeps the user's value),
 * created rows leave the table, deleted rows come back; the baseline follows the service. The undo is itself a
 * journal entry, and the entry it undid is marked.
 */

import { ApiError, RetryBudget, type Budget, type CashflowClient } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate, type MessageParams } from '../../i18n/translate';
import { buildLookups } from '../tables/lookups';
import type { TableModel } from '../tables/table-model';
import type { CoreValue } from '../workbook-port';
import type { BaselineStore } from './baseline';
import { budgetBodyOf, isBudgetBody, wholeRowOver } from './budget-body';
import { budgetEndpoints } from './budget-endpoints';
import { budgetPatch, columnOf } from './budget-patch';
import { sameValue, type FieldChange, type Fields } from './diff';
import type { BudgetPlan } from './plan-requests';
import type { JournalEntry, JournalRow, PushJournal, PushSheet, RowRef, RowUpdate } from './push-port';
import { sendChange, type SendOutcome } from './send-change';
import { isAddressable, planOf, serviceRow, withoutExternal, withoutId, type BudgetTarget, type ServiceRow } from './service-row';
import { EXTERNAL_ID_FIELD } from './three-way';

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

/** The newest push of the table that landed something and has not been undone (undos themselves are not undone). */
export async function lastUndoablePush(journal: PushJournal, tableName: string): Promise<JournalEntry | undefined> {
  return undoableEntry(await journal.list(), tableName);
}

/** `lastUndoablePush` on entries already read (newest first). */
export function undoableEntry(entries: readonly JournalEntry[], tableName: string): JournalEntry | undefined {
  return entries.find((e) => e.tableName.toLowerCase() === tableName.toLowerCase() && e.undoes === undefined && e.undoneBy === undefined && e.rows.some((r) => r.outcome === 'landed'));
}

export async function undoLastPush(model: TableModel<Budget>, target: BudgetTarget, options: UndoOptions): Promise<UndoResult> {
  const { sheet, baselines, journal, language, signal } = options;
  // The same retry budget a push and a pull have: a storm of 429s and 5xx is waited out, not a reason to give up.
  const client = options.client.withRetryBudget(new RetryBudget());
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const table = model.tableName;
  const entry = await lastUndoablePush(journal, table);
  if (entry === undefined) return { tableName: table, rows: [] };
  const requestOptions = signal === undefined ? {} : { signal };
  const [plans, categories, summary, baseline] = await Promise.all([client.plans.list(requestOptions), client.categories.list(requestOptions), client.accounts.summary(requestOptions), baselines.read(table)]);
  const plan = planOf(plans, target);
  if (plan === undefined) throw new Error(t('push.refused.noPlan', { table: options.label ?? table }));
  if (plan.is_committed) throw new Error(t('push.refused.committed', { table: options.label ?? table, plan: plan.name }));
  const budgetPlan: BudgetPlan = target.kind === 'forecast' ? { kind: 'forecast', planId: plan.id } : { kind: 'scenario', scenarioId: plan.id };
  const endpoints = budgetEndpoints(client, budgetPlan);
  const lookups = buildLookups({ categories, accounts: summary.accounts, language });
  const send = { ...(signal === undefined ? {} : { signal }), ...(options.sleep === undefined ? {} : { sleep: options.sleep }) };

  const landed = entry.rows.filter((r) => r.outcome === 'landed');
  const ids = landed.flatMap((r) => (r.id === null ? [] : [r.id]));
  const current = new Map((await endpoints.readByIds(ids, signal)).map((b) => [b.id, serviceRow(model, b, lookups)]));
  const nextBaseline = new Map((baseline ?? []).map((b) => [b.id, b]));
  const results: UndoRowResult[] = [];
  const journalRows: JournalRow[] = [];
  const updates: RowUpdate[] = [];
  const removals: RowRef[] = [];
  const appends: CoreValue[][] = [];
  const { rows: sheetRows } = await sheet.read(model, requestOptions);
  const sheetById = new Map(sheetRows.filter((r) => r.id !== null).map((r) => [r.id as number, r]));

  const all = (row: ServiceRow): Fields => ({ ...withoutId(row.fields), [EXTERNAL_ID_FIELD]: row.externalId });
  // An empty text, an empty list and null are the same to the service (a cleared account was sent as "").
  const holds = (row: ServiceRow, sent: Fields) => Object.entries(sent).every(([f, v]) => sameValue(all(row)[f], v));
  const report = (r: JournalRow, outcome: UndoOutcome, message: string, newId?: number) =>
    results.push({ op: r.op, id: r.id, externalId: r.externalId, outcome, message, ...(newId === undefined || newId === r.id ? {} : { newId }) });

  for (const r of landed) {
    const theirs = r.id === null ? undefined : current.get(r.id);
    if (r.op === 'create') {
      if (theirs === undefined) {
        report(r, 'nothingToDo', t('push.undo.goneAlready'));
        continue;
      }
      if (!holds(theirs, r.sent ?? {})) {
        report(r, 'changedSince', t('push.undo.changedSince', { columns: changedColumns(theirs, r.sent ?? {}) }));
        continue;
      }
      const outcome = await sendChange(
        {
          send: async (s) => {
            await endpoints.deleteById(theirs.budget.id, s);
            return true;
          },
          check: async (s) => ((await endpoints.readByIds([theirs.budget.id], s)).length === 0 ? { landed: true, value: true } : { landed: false }),
        },
        send,
      );
      if (outcome.kind !== 'landed') {
        report(r, 'failed', failure(outcome));
        continue;
      }
      nextBaseline.delete(theirs.budget.id);
      removals.push({ position: sheetById.get(theirs.budget.id)?.position ?? -1, id: theirs.budget.id, externalId: theirs.externalId });
      journalRows.push({ op: 'delete', id: theirs.budget.id, externalId: theirs.externalId, before: all(theirs), sent: null, outcome: 'landed' });
      report(r, 'restored', t('push.undo.deleted'));
      continue;
    }
    if (r.op === 'delete') {
      const before = r.before ?? {};
      const externalId = typeof before[EXTERNAL_ID_FIELD] === 'string' ? (before[EXTERNAL_ID_FIELD] as string) : null;
      // The whole budget the service held (every field, those the sheet does not show too); an older entry has only
      // the sheet's fields.
      const body = isBudgetBody(r.service)
        ? { ...withoutExternal(r.service), ...(isAddressable(externalId) ? { external_id: externalId } : {}) }
        : { ...withoutId(withoutExternal(before)), ...(isAddressable(externalId) ? { external_id: externalId } : {}) };
      const outcome = await sendChange<Budget>(
        {
          send: (s) => endpoints.create(body, s),
          check: async (s) => {
            const found = isAddressable(externalId) ? await endpoints.readByExternalId(externalId, s) : null;
            return found === null ? { landed: false } : { landed: true, value: found };
          },
        },
        send,
      );
      if (outcome.kind !== 'landed') {
        report(r, outcome.kind === 'failed' && outcome.error.status === 400 && EXTERNAL_ID_FIELD in outcome.error.fieldErrors ? 'changedSince' : 'failed', failure(outcome));
        continue;
      }
      const created = serviceRow(model, outcome.value, lookups);
      nextBaseline.set(created.budget.id, { id: created.budget.id, externalId: created.externalId, fields: created.fields });
      appends.push(created.cells);
      journalRows.push({ op: 'create', id: created.budget.id, externalId: created.externalId, before: null, sent: body, outcome: 'landed' });
      // The API gives a budget created again a new id: the row that comes back carries it, and the report says so.
      report(r, 'restored', r.id === null || r.id === created.budget.id ? t('push.undo.created') : t('push.undo.createdNewId', { id: created.budget.id, oldId: r.id }), created.budget.id);
      continue;
    }
    // patch or replace: the previous values of the fields the push changed, field by field, only where the service
    // still holds what the push sent (a field changed since by someone else stays theirs, and the report says so).
    if (theirs === undefined) {
      report(r, 'changedSince', t('push.undo.deletedSince'));
      continue;
    }
    const sent = r.sent ?? {};
    const before = r.before ?? {};
    const wholeBefore = r.op === 'replace' && isBudgetBody(r.service) ? r.service : undefined;
    const nowBody = budgetBodyOf(theirs.budget);
    // What the push changed: a PATCH its body's fields; a replace the fields whose sent value differs from before.
    const fields =
      r.op === 'patch'
        ? Object.keys(sent)
        : wholeBefore !== undefined
          ? [...new Set([...Object.keys(sent), ...Object.keys(wholeBefore)])].filter((f) => f !== 'id' && !sameValue(sent[f], wholeBefore[f]))
          : Object.keys(before).filter((f) => f !== 'id' && !sameValue(sent[f], before[f]));
    const nowOf = (f: string) => (wholeBefore !== undefined ? (f === EXTERNAL_ID_FIELD ? theirs.externalId : nowBody[f]) : all(theirs)[f]);
    const restorable = fields.filter((f) => sameValue(nowOf(f), sent[f]));
    const keptTheirs = fields.filter((f) => !restorable.includes(f));
    if (restorable.length === 0) {
      report(r, fields.length === 0 ? 'nothingToDo' : 'changedSince', fields.length === 0 ? t('push.undo.restored') : t('push.undo.changedSince', { columns: keptTheirs.map(columnOf).join(', ') }));
      continue;
    }
    const previousExternal = (before[EXTERNAL_ID_FIELD] as string | null | undefined) ?? null;
    const renamed = restorable.includes(EXTERNAL_ID_FIELD) && !sameValue(previousExternal, theirs.externalId);
    let outcome: SendOutcome<Budget>;
    if (r.op === 'patch' && isAddressable(theirs.externalId) && (!renamed || isAddressable(previousExternal))) {
      const changes: FieldChange[] = restorable.filter((f) => f !== EXTERNAL_ID_FIELD && f !== 'id').map((f) => ({ field: f, before: sent[f] ?? null, after: before[f] ?? null }));
      const patch = budgetPatch({ kind: 'changed', id: theirs.budget.id, externalId: theirs.externalId, ...(renamed ? { renamedTo: previousExternal } : {}), changes, position: -1 }, language);
      if (!patch.ok) {
        report(r, 'failed', patch.problems.map((p) => p.message).join(' '));
        continue;
      }
      const path = theirs.externalId;
      outcome = await sendChange<Budget>(
        {
          send: async (s) => ({ ...theirs.budget, ...(await endpoints.patch(path, patch.body, s)) }) as Budget,
          check: async (s) => {
            const [found] = await endpoints.readByIds([theirs.budget.id], s);
            return found !== undefined && holds(serviceRow(model, found, lookups), pickFields(before, restorable)) ? { landed: true, value: found } : { landed: false };
          },
        },
        send,
      );
    } else {
      // A whole row: the service's row as it is now, the restored fields over it (nothing else changes).
      const restoredValues = Object.fromEntries(
        restorable.filter((f) => f !== EXTERNAL_ID_FIELD && f !== 'id').map((f) => [f, wholeBefore !== undefined ? (wholeBefore[f] ?? null) : (before[f] ?? null)]),
      );
      const externalAfter = restorable.includes(EXTERNAL_ID_FIELD) ? previousExternal : theirs.externalId;
      const whole = { ...withoutExternal(wholeRowOver(theirs.budget, restoredValues)), ...(isAddressable(externalAfter) ? { external_id: externalAfter } : {}) };
      outcome = await sendChange<Budget>(
        {
          send: (s) => endpoints.replaceById(theirs.budget.id, whole, s),
          check: async (s) => {
            const [found] = await endpoints.readByIds([theirs.budget.id], s);
            return found !== undefined && Object.entries(restoredValues).every(([f, v]) => sameValue(budgetBodyOf(found)[f], v)) ? { landed: true, value: found } : { landed: false };
          },
        },
        send,
      );
    }
    if (outcome.kind !== 'landed') {
      report(r, 'failed', failure(outcome));
      continue;
    }
    const restored = serviceRow(model, outcome.value, lookups);
    nextBaseline.set(restored.budget.id, { id: restored.budget.id, externalId: restored.externalId, fields: restored.fields });
    // Cells go back only where the sheet still shows what the push sent: a later edit of the user stays.
    const sheetRow = sheetById.get(restored.budget.id);
    const values: Record<string, CoreValue> = {};
    model.columns.forEach((column, i) => {
      const field = column.key === EXTERNAL_ID_FIELD ? EXTERNAL_ID_FIELD : column.write?.field;
      const mine = field === EXTERNAL_ID_FIELD ? sheetRow?.externalId : field === undefined ? undefined : sheetRow?.fields[field];
      if (field === undefined || !fields.includes(field) || (restorable.includes(field) && sameValue(mine, sent[field]))) values[column.key] = restored.cells[i] ?? null;
    });
    updates.push({ position: sheetRow?.position ?? -1, id: restored.budget.id, externalId: sheetRow?.externalId ?? null, values, status: t('push.undo.restoredStatus'), highlight: [] });
    journalRows.push({ op: r.op, id: restored.budget.id, externalId: restored.externalId, before: pickFields(sent, restorable), sent: pickFields(before, restorable), outcome: 'landed' });
    report(r, 'restored', keptTheirs.length === 0 ? t('push.undo.restored') : t('push.undo.restoredExcept', { columns: keptTheirs.map(columnOf).join(', ') }));
  }

  if (updates.length > 0) await sheet.update(model, updates);
  if (removals.length > 0) await sheet.remove(model, removals);
  if (appends.length > 0) await sheet.append(model, appends);
  await baselines.write(table, [...nextBaseline.values()]);
  const at = (options.now ?? (() => new Date()))().toISOString();
  const id = `${at}-undo-${Math.random().toString(36).slice(2, 8)}`;
  await journal.append({ id, at, tableName: table, rows: journalRows, undoes: entry.id });
  await journal.replace({ ...entry, undoneBy: id });
  return { tableName: table, undid: entry.id, rows: results };

  function failure(outcome: { kind: string; error?: unknown }): string {
    const error = outcome.error;
    if (outcome.kind === 'cancelled') return t('push.status.cancelled');
    if (error instanceof ApiError) {
      const fields = Object.entries(error.fieldErrors).map(([f, m]) => `${f === 'non_field_errors' ? '' : `${columnOf(f)}: `}${m.join(' ')}`);
      return t('push.status.failed', { reason: fields.length > 0 ? fields.join(' ') : (error.detail ?? error.message) });
    }
    return t('push.status.failed', { reason: error instanceof Error ? error.message : String(error) });
  }

  function changedColumns(row: ServiceRow, sent: Fields): string {
    return Object.keys(sent)
      .filter((f) => !sameValue(all(row)[f], sent[f]))
      .map(columnOf)
      .join(', ');
  }
}

function pickFields(fields: Fields, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, fields[k] ?? null]));
}
