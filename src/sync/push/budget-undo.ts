/**
 * What undo sends for one landed journal row of a budget push, as long as the service still holds what the push
 * sent (a row changed since by someone else is reported, never overwritten):
 * - a PATCH is answered by a PATCH of the previous values of the same fields (a rename back included);
 * - a whole-row replace by a replace with the previous row;
 * - a created budget is deleted;
 * - a deleted budget is created again with its external ID and previous values.
 */

import { ApiError, type Budget } from '../../api';
import { budgetBodyOf, isBudgetBody, wholeRowOver } from './budget-body';
import { budgetPatch } from './budget-patch';
import type { BudgetWriteContext } from './budget-writes';
import { pick } from './budget-writes';
import { sameValue, type FieldChange, type Fields } from './diff';
import type { JournalRow } from './push-port';
import { reasonOf } from './push-messages';
import { sendChange, type SendOutcome } from './send-change';
import { isAddressable, serviceRow, withoutExternal, withoutId, type ServiceRow } from './service-row';
import { EXTERNAL_ID_FIELD } from './three-way';
import type { UndoStep } from './write-model';

const all = (row: ServiceRow<Budget>): Fields => ({ ...withoutId(row.fields), [EXTERNAL_ID_FIELD]: row.externalId });
// An empty text, an empty list and null are the same to the service (a cleared account was sent as "").
const holds = (row: ServiceRow<Budget>, sent: Fields) => Object.entries(sent).every(([f, v]) => sameValue(all(row)[f], v));

/** A send that did not land, as undo reports it (a lost answer says "not sent" too: nothing is sent again). */
function failure(context: BudgetWriteContext, outcome: Exclude<SendOutcome<unknown>, { kind: 'landed' }>): string {
  if (outcome.kind === 'cancelled') return context.t('push.status.cancelled');
  return context.t('push.status.failed', { reason: reasonOf(outcome.error, context.t, context.columnOf) });
}

export function undoBudgetRow(
  context: BudgetWriteContext,
  r: JournalRow,
  theirs: ServiceRow<Budget> | undefined,
): Promise<UndoStep<Budget>> {
  if (r.op === 'create') return deleteCreated(context, r, theirs);
  if (r.op === 'delete') return createDeleted(context, r);
  return restoreFields(context, r, theirs);
}

async function deleteCreated(
  context: BudgetWriteContext,
  r: JournalRow,
  theirs: ServiceRow<Budget> | undefined,
): Promise<UndoStep<Budget>> {
  const { t } = context;
  if (theirs === undefined) return { kind: 'report', outcome: 'nothingToDo', message: t('push.undo.goneAlready') };
  const sent = r.sent ?? {};
  if (!holds(theirs, sent)) {
    const columns = Object.keys(sent)
      .filter((f) => !sameValue(all(theirs)[f], sent[f]))
      .map(context.columnOf)
      .join(', ');
    return { kind: 'report', outcome: 'changedSince', message: t('push.undo.changedSince', { columns }) };
  }
  const outcome = await sendChange(
    {
      send: async (s) => {
        try {
          await context.endpoints.deleteById(theirs.id, s);
        } catch (error) {
          // Gone already: the client repeats a DELETE whose answer was lost, and the repeat meets the 404 of the one that
          // landed. That is what undo wanted (as the push's own delete reads it, budget-writes.ts).
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
        return true;
      },
      check: async (s) =>
        (await context.endpoints.readByIds([theirs.id], s)).length === 0 ? { landed: true, value: true } : { landed: false },
    },
    context.send,
  );
  if (outcome.kind !== 'landed') return { kind: 'report', outcome: 'failed', message: failure(context, outcome) };
  return { kind: 'deleted', row: theirs, message: t('push.undo.deleted') };
}

async function createDeleted(context: BudgetWriteContext, r: JournalRow): Promise<UndoStep<Budget>> {
  const before = r.before ?? {};
  const externalId = typeof before[EXTERNAL_ID_FIELD] === 'string' ? (before[EXTERNAL_ID_FIELD] as string) : null;
  const addressed = isAddressable(externalId) ? { external_id: externalId } : {};
  // The whole budget the service held (every field, those the sheet does not show too); an older entry has only the sheet's fields.
  const body = isBudgetBody(r.service)
    ? { ...withoutExternal(r.service), ...addressed }
    : { ...withoutId(withoutExternal(before)), ...addressed };
  const outcome = await sendChange<Budget>(
    {
      send: (s) => context.endpoints.create(body, s),
      check: async (s) => {
        const found = isAddressable(externalId) ? await context.endpoints.readByExternalId(externalId, s) : null;
        return found === null ? { landed: false } : { landed: true, value: found };
      },
    },
    context.send,
  );
  if (outcome.kind !== 'landed') {
    const taken = outcome.kind === 'failed' && outcome.error.status === 400 && EXTERNAL_ID_FIELD in outcome.error.fieldErrors;
    return { kind: 'report', outcome: taken ? 'changedSince' : 'failed', message: failure(context, outcome) };
  }
  const created = serviceRow(context.table, outcome.value, context.lookups);
  // The API gives a budget created again a new id: the row that comes back carries it, and the report says so; an
  // external ID with `.` or `/` cannot be sent (api-spec: "must not contain"), and the report says that too.
  const message =
    externalId !== null && !isAddressable(externalId)
      ? context.t('push.undo.createdWithoutExternalId', { externalId, id: created.id, oldId: r.id ?? '' })
      : r.id === null || r.id === created.id
        ? context.t('push.undo.created')
        : context.t('push.undo.createdNewId', { id: created.id, oldId: r.id });
  return { kind: 'created', row: created, sent: body, message };
}

/** What the push changed: a PATCH its body's fields; a replace the fields whose sent value differs from before. */
function changedByPush(r: JournalRow, wholeBefore: Fields | undefined): string[] {
  const sent = r.sent ?? {};
  const before = r.before ?? {};
  if (r.op === 'patch') return Object.keys(sent);
  if (wholeBefore !== undefined)
    return [...new Set([...Object.keys(sent), ...Object.keys(wholeBefore)])].filter(
      (f) => f !== 'id' && !sameValue(sent[f], wholeBefore[f]),
    );
  return Object.keys(before).filter((f) => f !== 'id' && !sameValue(sent[f], before[f]));
}

/**
 * A patch or replace: the previous values of the fields the push changed, field by field, only where the service
 * still holds what the push sent (a field changed since by someone else stays theirs, and the report says so).
 */
async function restoreFields(
  context: BudgetWriteContext,
  r: JournalRow,
  theirs: ServiceRow<Budget> | undefined,
): Promise<UndoStep<Budget>> {
  const { t } = context;
  if (theirs === undefined) return { kind: 'report', outcome: 'changedSince', message: t('push.undo.deletedSince') };
  const sent = r.sent ?? {};
  const wholeBefore = r.op === 'replace' && isBudgetBody(r.service) ? r.service : undefined;
  const nowBody = budgetBodyOf(theirs.record);
  const fields = changedByPush(r, wholeBefore);
  const nowOf = (f: string) => (wholeBefore !== undefined ? (f === EXTERNAL_ID_FIELD ? theirs.externalId : nowBody[f]) : all(theirs)[f]);
  const restorable = fields.filter((f) => sameValue(nowOf(f), sent[f]));
  const keptTheirs = fields.filter((f) => !restorable.includes(f));
  if (restorable.length === 0) {
    if (fields.length === 0) return { kind: 'report', outcome: 'nothingToDo', message: t('push.undo.restored') };
    return {
      kind: 'report',
      outcome: 'changedSince',
      message: t('push.undo.changedSince', { columns: keptTheirs.map(context.columnOf).join(', ') }),
    };
  }
  const outcome = await sendRestore(context, r, theirs, restorable, wholeBefore);
  if ('problems' in outcome) return { kind: 'report', outcome: 'failed', message: outcome.problems };
  if (outcome.kind !== 'landed') return { kind: 'report', outcome: 'failed', message: failure(context, outcome) };
  const message =
    keptTheirs.length === 0
      ? t('push.undo.restored')
      : t('push.undo.restoredExcept', { columns: keptTheirs.map(context.columnOf).join(', ') });
  return { kind: 'restored', row: serviceRow(context.table, outcome.value, context.lookups), fields, restorable, message };
}

/** The restore's request: a PATCH by external ID where the path can address the row, else the whole row by id. */
async function sendRestore(
  context: BudgetWriteContext,
  r: JournalRow,
  theirs: ServiceRow<Budget>,
  restorable: readonly string[],
  wholeBefore: Fields | undefined,
): Promise<SendOutcome<Budget> | { problems: string }> {
  const sent = r.sent ?? {};
  const before = r.before ?? {};
  const previousExternal = (before[EXTERNAL_ID_FIELD] as string | null | undefined) ?? null;
  const renamed = restorable.includes(EXTERNAL_ID_FIELD) && !sameValue(previousExternal, theirs.externalId);
  const { endpoints } = context;
  if (r.op === 'patch' && isAddressable(theirs.externalId) && (!renamed || isAddressable(previousExternal))) {
    const changes: FieldChange[] = restorable
      .filter((f) => f !== EXTERNAL_ID_FIELD && f !== 'id')
      .map((f) => ({ field: f, before: sent[f] ?? null, after: before[f] ?? null }));
    const patch = budgetPatch(
      {
        kind: 'changed',
        id: theirs.id,
        externalId: theirs.externalId,
        ...(renamed ? { renamedTo: previousExternal } : {}),
        changes,
        position: -1,
      },
      context.language,
    );
    if (!patch.ok) return { problems: patch.problems.map((p) => p.message).join(' ') };
    const path = theirs.externalId;
    return sendChange<Budget>(
      {
        send: async (s) => ({ ...theirs.record, ...(await endpoints.patch(path, patch.body, s)) }) as Budget,
        check: async (s) => {
          const [found] = await endpoints.readByIds([theirs.id], s);
          return found !== undefined && holds(serviceRow(context.table, found, context.lookups), pick(before, restorable))
            ? { landed: true, value: found }
            : { landed: false };
        },
      },
      context.send,
    );
  }
  // A whole row: the service's row as it is now, the restored fields over it (nothing else changes).
  const restoredValues = Object.fromEntries(
    restorable
      .filter((f) => f !== EXTERNAL_ID_FIELD && f !== 'id')
      .map((f) => [f, wholeBefore !== undefined ? (wholeBefore[f] ?? null) : (before[f] ?? null)]),
  );
  const externalAfter = restorable.includes(EXTERNAL_ID_FIELD) ? previousExternal : theirs.externalId;
  const whole = {
    ...withoutExternal(wholeRowOver(theirs.record, restoredValues)),
    ...(isAddressable(externalAfter) ? { external_id: externalAfter } : {}),
  };
  return sendChange<Budget>(
    {
      send: (s) => endpoints.replaceById(theirs.id, whole, s),
      check: async (s) => {
        const [found] = await endpoints.readByIds([theirs.id], s);
        return found !== undefined && Object.entries(restoredValues).every(([f, v]) => sameValue(budgetBodyOf(found)[f], v))
          ? { landed: true, value: found }
          : { landed: false };
      },
    },
    context.send,
  );
}
