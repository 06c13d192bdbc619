/**
 * What undo sends for one landed journal row of an invoice push, as long as the service still holds what the push
 * put there (a row changed since by someone else is reported, never overwritten):
 * - a PATCH is answered by a PATCH array of one item with the previous values of the fields still as sent (the
 *   service's expected-date rule applies again: a previous date in the past comes back as today);
 * - a created invoice is deleted by its `id` selector;
 * - a deleted invoice is NOT created again: the service's POST gives a new id, `source` becomes `direct_api` and
 *   its matched transactions are not linked again, so the undo says so and the journal keeps its values.
 */

import type { JournalRow } from './push-port';
import { pick } from './budget-writes';
import { companyOf, type InvoiceRecord } from './invoice-endpoints';
import { holdsSent, invoiceRow, patchInvoices, type InvoiceWriteContext } from './invoice-writes';
import { sameValue } from './diff';
import { reasonOf } from './push-messages';
import { sendChange } from './send-change';
import type { ServiceRow } from './service-row';
import type { UndoStep } from './write-model';

export async function undoInvoiceRow(
  context: InvoiceWriteContext,
  r: JournalRow,
  theirs: ServiceRow<InvoiceRecord> | undefined,
): Promise<UndoStep<InvoiceRecord>> {
  const { t } = context;
  if (r.op === 'delete') return { kind: 'report', outcome: 'failed', message: t('push.undo.invoiceDeleted') };
  if (theirs === undefined)
    return { kind: 'report', outcome: r.op === 'create' ? 'nothingToDo' : 'changedSince', message: t('push.undo.invoiceGone') };
  const sent = r.sent ?? {};
  const fields = Object.keys(sent).filter((f) => f !== 'id');
  const restorable = fields.filter(
    (f) => sameValue(theirs.fields[f], sent[f]) || (f === 'expected_date' && holdsSent(context, theirs.record, { [f]: sent[f] })),
  );
  const keptTheirs = fields.filter((f) => !restorable.includes(f)).map(context.columnOf);
  if (r.op === 'create') {
    if (keptTheirs.length > 0)
      return { kind: 'report', outcome: 'changedSince', message: t('push.undo.changedSince', { columns: keptTheirs.join(', ') }) };
    return deleteCreated(context, theirs);
  }
  if (restorable.length === 0) {
    return fields.length === 0
      ? { kind: 'report', outcome: 'nothingToDo', message: t('push.undo.invoiceRestored') }
      : { kind: 'report', outcome: 'changedSince', message: t('push.undo.changedSince', { columns: keptTheirs.join(', ') }) };
  }
  const head = {
    index: 0,
    key: `id:${theirs.id}`,
    ref: { position: -1, id: theirs.id, externalId: null },
    change: 'changed' as const,
    changed: restorable,
  };
  const [verdict] = await patchInvoices(context, companyOf(theirs.record), [
    { head, id: theirs.id, body: pick(r.before ?? {}, restorable), theirs, settled: new Set() },
  ]);
  if (verdict?.outcome !== 'landed' || verdict.baseline?.set === undefined)
    return { kind: 'report', outcome: 'failed', message: verdict?.message ?? '' };
  const [now] = await context.endpoints.readByIds([theirs.id], context.signal).catch(() => []);
  const row = now === undefined ? theirs : invoiceRow(context, now);
  const message =
    keptTheirs.length === 0 ? t('push.undo.invoiceRestored') : t('push.undo.restoredExcept', { columns: keptTheirs.join(', ') });
  return { kind: 'restored', row, fields, restorable, message };
}

async function deleteCreated(context: InvoiceWriteContext, theirs: ServiceRow<InvoiceRecord>): Promise<UndoStep<InvoiceRecord>> {
  const outcome = await sendChange<boolean>(
    {
      send: async (s) => {
        await context.endpoints.deleteById(companyOf(theirs.record), theirs.id, s);
        return true;
      },
      check: async (s) =>
        (await context.endpoints.readByIds([theirs.id], s)).length === 0 ? { landed: true, value: true } : { landed: false },
    },
    context.send,
  );
  if (outcome.kind === 'landed') return { kind: 'deleted', row: theirs, message: context.t('push.undo.invoiceDeletedCreated') };
  const message =
    outcome.kind === 'cancelled'
      ? context.t('push.status.cancelled')
      : context.t('push.status.failed', { reason: reasonOf(outcome.error, context.t, context.columnOf) });
  return { kind: 'report', outcome: 'failed', message };
}
