/**
 * The invoice writes: one PATCH array for up to 1,000 changed rows keyed by `id` (the rows the service skipped,
 * absent from its answer, are settled on their rows), a POST per new row (a status follows by PATCH: the POST takes
 * none), a DELETE by `id` per deleted row. Each write sends once through `sendChange` (a lost answer is read back
 * before anything is sent again) and journals what the service held just before, so undo restores the service.
 * A past `expected_date` the service moved to today (its rule, unless the invoice is paid) lands with the service's
 * value and says why: it is not a conflict.
 */

import type { Language } from '../../i18n/catalog';
import type { Lookups } from '../tables/lookups';
import type { TableModel } from '../tables/table-model';
import { patchArray, type BulkPatch, type PatchItem } from './bulk-patch';
import { sameValue, type BaselineRow } from './diff';
import { companyOf, type InvoiceEndpoints, type InvoiceRecord } from './invoice-endpoints';
import type { JournalRow } from './push-port';
import { blocked, type RowHead, type RowVerdict } from './row-verdict';
import { sendChange, type SendOptions, type SendOutcome } from './send-change';
import { plainServiceRow, type ServiceRow } from './service-row';
import { deleteLanded, landed, notLanded, type SettleContext } from './settle-write';

export interface InvoiceWriteContext extends SettleContext {
  language: Language;
  endpoints: InvoiceEndpoints;
  lookups: Lookups;
  send: SendOptions;
  signal?: AbortSignal;
  /** The table over its records (the settle context's, typed). */
  invoices: TableModel<InvoiceRecord>;
  /** Invoices the table knew before this push and those it created: a create never takes one of them for its own. */
  known: Set<number>;
}

/** One changed row of an invoice PATCH array, with the company whose path it goes to (null: company-level). */
export interface InvoicePatchItem extends PatchItem<InvoiceRecord> {
  company: number | null;
}

export const invoiceRow = (context: InvoiceWriteContext, record: InvoiceRecord): ServiceRow<InvoiceRecord> =>
  plainServiceRow(context.invoices, record, context.lookups);

const dayOffset = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The service's rule (api-spec.md, invoice status; PATCH rule 6): a past `expected_date` becomes the current date
 * unless the status is PD. The service's day is the day of its own `date_updated` (give or take a time zone).
 */
export function movedToToday(sent: unknown, record: InvoiceRecord): boolean {
  const day = record.date_updated.slice(0, 10);
  const held = record.expected_date;
  return typeof sent === 'string' && sent < held && record.status !== 'PD' && held >= dayOffset(day, -1) && held <= dayOffset(day, 1);
}

/** Whether the service's invoice holds what was sent. */
export function holdsSent(context: InvoiceWriteContext, record: InvoiceRecord, body: Readonly<Record<string, unknown>>): boolean {
  const fields = invoiceRow(context, record).fields;
  return Object.entries(body).every(([f, v]) => sameValue(fields[f], v) || (f === 'expected_date' && movedToToday(v, record)));
}

/** One PATCH array of a company's invoices (`patchArray`: skipped rows, item errors, a lost answer read back). */
export function patchInvoices(
  context: InvoiceWriteContext,
  company: number | null,
  items: readonly PatchItem<InvoiceRecord>[],
): Promise<RowVerdict[]> {
  const bulk: BulkPatch<InvoiceRecord> = {
    settle: context,
    send: context.send,
    patch: (body, signal) => context.endpoints.patch(company, body, signal),
    readByIds: (ids, signal) => context.endpoints.readByIds(ids, signal),
    idOf: (invoice) => invoice.id,
    row: (invoice) => invoiceRow(context, invoice),
    holds: (invoice, body) => holdsSent(context, invoice, body),
    skipped: context.t('push.status.skipped'),
    landed: (verdict, item, invoice) => expectedDateMoved(context, verdict, item.body, invoice),
  };
  return patchArray(bulk, items);
}

/** A landed row whose past expected date the service moved to today says so (its rule, not a conflict). */
function expectedDateMoved(
  context: InvoiceWriteContext,
  verdict: RowVerdict,
  body: Readonly<Record<string, unknown>>,
  invoice: InvoiceRecord,
): RowVerdict {
  const moved = 'expected_date' in body && !sameValue(invoiceRow(context, invoice).fields.expected_date, body.expected_date);
  return moved
    ? { ...verdict, message: context.t('push.status.expectedDateToday', { date: invoice.expected_date, sent: String(body.expected_date) }) }
    : verdict;
}

/** A create of an earlier push whose answer was lost: an invoice the table never knew, holding what the row sends. */
async function createdBefore(
  context: InvoiceWriteContext,
  company: number | null,
  post: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<InvoiceRecord | undefined> {
  if (typeof post.reference !== 'string') return undefined;
  const found = await context.endpoints.byReference(company, post.reference, signal);
  return found.find((invoice) => !context.known.has(invoice.id) && holdsSent(context, invoice, post));
}

/** A new row holding what an invoice the table does not show holds: not created (a duplicate), nor taken over. */
function existsOnService(context: InvoiceWriteContext, head: RowHead, found: InvoiceRecord, post: Record<string, unknown>): RowVerdict {
  const message = context.t('push.invoiceStatus.existsOnService', { reference: String(post.reference), id: String(found.id) });
  return blocked(head, [{ field: 'reference', column: context.columnOf('reference'), message }], context.t, 'create');
}

/**
 * POST, then the status by PATCH when the row sets one. A row an earlier send left not confirmed is looked for first
 * (a cut-off push may have created it already).
 */
export async function createInvoice(
  context: InvoiceWriteContext,
  head: RowHead,
  body: Record<string, unknown>,
  company: number | null,
): Promise<RowVerdict> {
  const { status, ...post } = body;
  const journal: JournalRow = { op: 'create', id: null, externalId: null, before: null, sent: body, outcome: 'failed' };
  let outcome: SendOutcome<InvoiceRecord>;
  try {
    const existing = await createdBefore(context, company, post, context.signal);
    // Only a row an earlier send left not confirmed takes a found invoice for its own; another row would take over an
    // invoice the table does not show (filtered out, or someone else's), and change it: it waits with the reason.
    if (existing !== undefined && head.unconfirmed !== true) return existsOnService(context, head, existing, post);
    outcome = existing
      ? { kind: 'landed', value: existing }
      : await sendChange<InvoiceRecord>(
          {
            send: (s) => context.endpoints.create(company, post, s),
            check: async (s) => {
              const found = await createdBefore(context, company, post, s);
              return found ? { landed: true, value: found } : { landed: false };
            },
          },
          { ...context.send, once: true },
        );
  } catch (error) {
    outcome = { kind: 'unknown', error };
  }
  if (outcome.kind !== 'landed') return notLanded(context, head, 'create', outcome, journal);
  context.known.add(outcome.value.id);
  const created = outcome.value;
  const landedJournal = { ...journal, id: created.id };
  if (typeof status !== 'string' || status === '' || status === created.status)
    return landed(context, head, 'create', invoiceRow(context, created), 'all', landedJournal);
  return setStatus(context, head, created, status, landedJournal);
}

async function setStatus(
  context: InvoiceWriteContext,
  head: RowHead,
  created: InvoiceRecord,
  status: string,
  journal: JournalRow,
): Promise<RowVerdict> {
  const item: InvoicePatchItem = {
    head,
    id: created.id,
    company: companyOf(created),
    body: { status },
    theirs: invoiceRow(context, created),
    settled: new Set(),
  };
  const [verdict] = await patchInvoices(context, item.company, [item]);
  if (verdict?.outcome === 'landed')
    return { ...verdict, op: 'create', journal: { ...journal, sent: { ...(journal.sent ?? {}), status } } };
  // Created: the row takes its id and every value but the status, which stays pending (the next send sets it).
  const row = invoiceRow(context, created);
  const others = new Set(Object.keys(row.fields).filter((f) => f !== 'status'));
  const reason = verdict?.message ?? '';
  return {
    ...landed(context, head, 'create', row, others, journal),
    pending: ['status'],
    message: context.t('push.status.statusAfterCreate', { reason }),
  };
}

/** DELETE `?id=` (the only selector the push sends); gone already counts as done. */
export async function deleteInvoice(
  context: InvoiceWriteContext,
  head: RowHead,
  base: BaselineRow,
  theirs: ServiceRow<InvoiceRecord>,
): Promise<RowVerdict> {
  const company = companyOf(theirs.record);
  const journal: JournalRow = { op: 'delete', id: base.id, externalId: null, before: theirs.fields, sent: null, outcome: 'failed' };
  const outcome = await sendChange<boolean>(
    {
      send: async (s) => {
        await context.endpoints.deleteById(company, base.id, s);
        return true;
      },
      check: async (s) =>
        (await context.endpoints.readByIds([base.id], s)).length === 0 ? { landed: true, value: true } : { landed: false },
    },
    context.send,
  );
  return outcome.kind === 'landed' ? deleteLanded(head, base, journal) : notLanded(context, head, 'delete', outcome, journal);
}
