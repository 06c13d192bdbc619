/**
 * The budget writes, each one row: PATCH by external ID, PUT by id (a whole row), POST, DELETE. A write sends once
 * through `sendChange` (a lost answer is read back before anything is sent again) and journals what the service
 * held just before, so undo restores the service, not the last pull.
 */

import { ApiError, type Budget } from '../../api';
import type { Language } from '../../i18n/catalog';
import type { Lookups } from '../tables/lookups';
import { budgetBodyOf, wholeRowOver } from './budget-body';
import type { BudgetEndpoints } from './budget-endpoints';
import { sameValue, type BaselineRow } from './diff';
import type { JournalRow } from './push-port';
import { waiting, type RowHead, type RowVerdict } from './row-verdict';
import { sendChange, type SendOptions } from './send-change';
import { deleteLanded, landed, notLanded, type SettleContext } from './settle-write';
import { serviceRow, withExternal, withoutExternal, type ServiceRow } from './service-row';
import { EXTERNAL_ID_FIELD, type Resolution } from './three-way';

export interface BudgetWriteContext extends SettleContext {
  language: Language;
  endpoints: BudgetEndpoints;
  lookups: Lookups;
  send: SendOptions;
  signal?: AbortSignal;
}

const rowOf = (context: BudgetWriteContext, budget: Budget): ServiceRow<Budget> => serviceRow(context.table, budget, context.lookups);

/** The values of `keys` in `fields` (null for a missing one). */
export function pick(fields: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, fields[k] ?? null]));
}

/** PATCH by external ID with the changed fields; `settled`: the cells this push settles (an edit made meanwhile elsewhere stays). */
export async function patchBudget(
  context: BudgetWriteContext,
  head: RowHead,
  path: string,
  body: Record<string, unknown>,
  theirs: ServiceRow<Budget>,
  settled: ReadonlySet<string>,
): Promise<RowVerdict> {
  // What the service held just before (the three-way read): undo puts that back, a colleague's value included.
  const journal: JournalRow = {
    op: 'patch',
    id: theirs.id,
    externalId: path,
    before: pick(withExternal(theirs.fields, theirs.externalId), Object.keys(body)),
    sent: body,
    outcome: 'failed',
  };
  const wanted = (b: Budget) => {
    const now = rowOf(context, b);
    const all = withExternal(now.fields, now.externalId);
    return Object.entries(body).every(([f, v]) => sameValue(all[f], v === '' ? null : v));
  };
  const outcome = await sendChange<Budget>(
    {
      send: async (s) => ({ ...theirs.record, ...(await context.endpoints.patch(path, body, s)) }) as Budget,
      check: async (s) => {
        const [found] = await context.endpoints.readByIds([theirs.id], s);
        return found !== undefined && wanted(found) ? { landed: true, value: found } : { landed: false };
      },
    },
    context.send,
  );
  return outcome.kind === 'landed'
    ? landed(context, head, 'patch', rowOf(context, outcome.value), settled, journal)
    : notLanded(context, head, 'patch', outcome, journal);
}

/** PUT by id with a whole row; `dropsExternalId`: the row's external ID cannot be sent (`.` or `/`). */
export async function replaceBudget(
  context: BudgetWriteContext,
  head: RowHead,
  id: number,
  body: Record<string, unknown>,
  dropsExternalId: boolean,
  theirs: ServiceRow<Budget>,
): Promise<RowVerdict> {
  const sent = dropsExternalId ? withoutExternal(body) : body;
  const before = withExternal(theirs.fields, theirs.externalId);
  const journal: JournalRow = {
    op: 'replace',
    id,
    externalId: theirs.externalId,
    before,
    service: budgetBodyOf(theirs.record),
    sent,
    outcome: 'failed',
  };
  const outcome = await sendChange<Budget>(
    {
      send: (s) => context.endpoints.replaceById(id, sent, s),
      check: async (s) => {
        const [found] = await context.endpoints.readByIds([id], s);
        if (found === undefined) return { landed: false };
        // `sent` is a whole body (the service's row with the changes over it): compared as a body, field by field.
        const now = budgetBodyOf(found);
        const held = (f: string, v: unknown) => (f === EXTERNAL_ID_FIELD ? sameValue(found.external_id, v) : sameValue(now[f], v));
        return Object.entries(sent).every(([f, v]) => held(f, v)) ? { landed: true, value: found } : { landed: false };
      },
    },
    context.send,
  );
  return outcome.kind === 'landed'
    ? landed(context, head, 'replace', rowOf(context, outcome.value), 'all', journal)
    : notLanded(context, head, 'replace', outcome, journal);
}

/** DELETE by external ID or id; gone already counts as done. */
export async function deleteBudget(
  context: BudgetWriteContext,
  head: RowHead,
  base: BaselineRow,
  theirs: ServiceRow<Budget>,
  by: { externalId: string } | { id: number },
): Promise<RowVerdict> {
  // The whole budget as the service held it: undo creates it again with every field, not only the sheet's.
  const before = withExternal(theirs.fields, theirs.externalId);
  const journal: JournalRow = {
    op: 'delete',
    id: base.id,
    externalId: theirs.externalId,
    before,
    service: budgetBodyOf(theirs.record),
    sent: null,
    outcome: 'failed',
  };
  const outcome = await sendChange<boolean>(
    {
      send: async (s) => {
        try {
          await ('externalId' in by ? context.endpoints.deleteByExternalId(by.externalId, s) : context.endpoints.deleteById(by.id, s));
        } catch (error) {
          // Gone already (a delete that landed before its answer was lost): what the user wanted.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
        return true;
      },
      check: async (s) =>
        (await context.endpoints.readByIds([base.id], s)).length === 0 ? { landed: true, value: true } : { landed: false },
    },
    context.send,
  );
  return outcome.kind === 'landed' ? deleteLanded(head, base, journal) : notLanded(context, head, 'delete', outcome, journal);
}

/** POST; an external ID the service has already is ours from a push cut off, or someone else's (a conflict). */
export async function createBudget(
  context: BudgetWriteContext,
  head: RowHead,
  body: Record<string, unknown>,
  resolution: Resolution | undefined,
): Promise<RowVerdict> {
  const externalId = typeof body.external_id === 'string' ? body.external_id : head.ref.externalId;
  const sent: Record<string, unknown> = { ...body, ...(externalId === null ? {} : { external_id: externalId }) };
  const journal: JournalRow = { op: 'create', id: null, externalId, before: null, sent, outcome: 'failed' };
  const outcome = await sendChange<Budget>(
    {
      send: (s) => context.endpoints.create(sent, s),
      check: async (s) => {
        if (externalId === null) throw new Error('no external ID to look for');
        const found = await context.endpoints.readByExternalId(externalId, s);
        return found !== null ? { landed: true, value: found } : { landed: false };
      },
    },
    { ...context.send, once: true },
  );
  if (outcome.kind === 'failed' && externalId !== null && isTakenError(outcome.error))
    return createTaken(context, head, sent, externalId, resolution, journal);
  if (outcome.kind !== 'landed') return notLanded(context, head, 'create', outcome, journal);
  return landed(context, head, 'create', rowOf(context, outcome.value), 'all', { ...journal, id: outcome.value.id });
}

/** Upsert by external ID: the service holds a budget with it already. */
async function createTaken(
  context: BudgetWriteContext,
  head: RowHead,
  sent: Record<string, unknown>,
  externalId: string,
  resolution: Resolution | undefined,
  journal: JournalRow,
): Promise<RowVerdict> {
  let existing: Budget | null;
  try {
    existing = await context.endpoints.readByExternalId(externalId, context.signal);
  } catch (error) {
    return notLanded(context, head, 'create', { kind: 'unknown', error }, journal);
  }
  const theirs = existing === null ? undefined : rowOf(context, existing);
  const sameAsSent = theirs !== undefined && Object.entries(withoutExternal(sent)).every(([f, v]) => sameValue(theirs.fields[f], v));
  if (theirs !== undefined && sameAsSent) return landed(context, head, 'create', theirs, 'all', { ...journal, id: theirs.id });
  if (theirs !== undefined && resolution === 'theirs') {
    return { ...landed(context, head, 'create', theirs, 'all'), outcome: 'broughtIn', journal: { ...journal, outcome: 'conflict' } };
  }
  // Keep mine over a budget that holds the external ID: the row's fields win, what the sheet does not show stays.
  if (theirs !== undefined && resolution === 'mine')
    return replaceBudget(context, head, theirs.id, wholeRowOver(theirs.record, sent), false, theirs);
  const conflicts = (
    theirs === undefined ? [] : Object.keys(withoutExternal(sent)).filter((f) => !sameValue(theirs.fields[f], sent[f]))
  ).map((f) => ({
    field: f,
    column: context.columnOf(f),
    base: null,
    mine: sent[f] ?? null,
    theirs: theirs?.fields[f] ?? null,
  }));
  return waiting(head, 'conflict', context.t('push.status.existsOnService', { value: externalId }), {
    op: 'create',
    conflict: 'existsOnService',
    journal: { ...journal, outcome: 'conflict' },
    ...(theirs === undefined ? {} : { conflicts }),
  });
}

function isTakenError(error: ApiError): boolean {
  return error.status === 400 && (error.fieldErrors[EXTERNAL_ID_FIELD]?.length ?? 0) > 0 && Object.keys(error.fieldErrors).length === 1;
}
