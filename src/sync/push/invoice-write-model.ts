/**
 * Invoices as a WriteModel (write-model.ts): the Invoices table, company-level (`/invoices/`) or a group's
 * (`/companies/{company_id}/invoices/` by the row's company). The row check of invoice-row-check.ts; a changed row is
 * a `patchById` with the changed fields, joined into one PATCH array per 1,000 rows and company (`batch`); a new row
 * a POST; a deleted row a DELETE by its `id` selector after the user confirmed the deletes (as budgets' wait). No
 * external IDs: a create cut off is found again by its reference and values (invoice-writes.ts). Undo where the API
 * allows it (invoice-undo.ts: not for a delete).
 */

import type { CashflowClient } from '../../api';
import { joinPatches, PATCH_ARRAY_LIMIT } from './bulk-patch';
import type { TableModel } from '../tables/table-model';
import { sameValue, type RowChange } from './diff';
import { invoiceEndpoints, type InvoiceRecord, type InvoiceTarget } from './invoice-endpoints';
import { checkInvoiceRows } from './invoice-row-check';
import { createInvoice, deleteInvoice, invoiceRow, patchInvoices, type InvoiceWriteContext, type InvoicePatchItem } from './invoice-writes';
import { undoInvoiceRow } from './invoice-undo';
import type { RecordWords } from './push-messages';
import type { PushReference } from './push-result';
import type { PushRequest } from './push-request';
import { readReference } from './open-session';
import type { RowVerdict } from './row-verdict';
import { headerOfField, withoutId } from './service-row';
import type { OpenContext, OpenedModel, Write, WriteModel } from './write-model';

export type { InvoiceTarget } from './invoice-endpoints';

/** Items of one PATCH array at most (api-spec.md: the invoice PATCH takes an array; 1,000 as every bulk call). */
export const INVOICE_PATCH_BATCH = PATCH_ARRAY_LIMIT;

/** The shared messages, worded for invoices. */
const INVOICE_WORDS: RecordWords = {
  'push.status.deletedOnService': 'push.invoiceStatus.deletedOnService',
  'push.status.deleteConflict': 'push.invoiceStatus.deleteConflict',
  'push.status.deleteHeld': 'push.invoiceStatus.deleteHeld',
  'push.row.duplicateId': 'push.invoiceRow.duplicateId',
  'push.row.unknownId': 'push.invoiceRow.unknownId',
};

/** The field the company column writes (group tables): where a new row is created, never sent as a field. */
const COMPANY = 'company';

export function invoiceWriteModel(table: TableModel<InvoiceRecord>, target: InvoiceTarget): WriteModel<InvoiceRecord> {
  const columnOf = (field: string) => headerOfField(table, field);
  return {
    table,
    columnOf,
    generatesExternalIds: false,
    checksCellText: () => false,
    words: INVOICE_WORDS,
    // Group credentials cannot read categories or plans: the group's push reads nothing besides its rows.
    reference: (client: CashflowClient, options: { signal?: AbortSignal }): Promise<PushReference> =>
      target.kind === 'group' ? Promise.resolve({ plans: [], categories: [], accounts: [] }) : readReference(client, options),
    open: (context) => openInvoices(table, target, columnOf, context),
  };
}

const body = (fields: Record<string, unknown>): Record<string, unknown> => {
  const { [COMPANY]: _company, ...rest } = withoutId(fields);
  return rest;
};
const companyIn = (fields: Readonly<Record<string, unknown>> | undefined): number | null =>
  typeof fields?.[COMPANY] === 'number' ? (fields[COMPANY] as number) : null;

function openInvoices(
  table: TableModel<InvoiceRecord>,
  target: InvoiceTarget,
  columnOf: (field: string) => string,
  context: OpenContext,
): OpenedModel<InvoiceRecord> {
  const writes: InvoiceWriteContext = {
    ...context,
    table,
    invoices: table,
    columnOf,
    endpoints: invoiceEndpoints(context.client, target),
    known: new Set(),
  };
  const patches = new Map<number, InvoicePatchItem>();
  const one = (op: Write['op'], head: Write['heads'][number], run: () => Promise<RowVerdict>): Write => ({
    op,
    heads: [head],
    run: async () => [await run()],
  });
  return {
    check: (rows, { baseline }) => {
      baseline.forEach((b) => writes.known.add(b.id));
      const companies = target.kind === 'group' ? target.companies : undefined;
      const categories = target.kind === 'group' ? [] : context.reference.categories;
      return checkInvoiceRows(rows, {
        categories,
        baseline: new Map(baseline.map((b) => [b.id, b.fields])),
        ...(companies ? { companies } : {}),
        columnOf,
        language: context.language,
      });
    },
    plan: (changes) => ({ requests: changes.map(requestOf), blocked: [] }),
    confirm: (request) => ({ request }),
    readByIds: async (ids) => (await writes.endpoints.readByIds(ids, context.signal)).map((r) => invoiceRow(writes, r)),
    create: (head, fields) => one('create', head, () => createInvoice(writes, head, body(fields), companyIn(fields))),
    recreate: (head, _request, rowsById) => {
      const fields = head.ref.id === null ? undefined : rowsById.get(head.ref.id)?.fields;
      const created = Object.fromEntries(Object.entries(body(fields ?? {})).filter(([, v]) => !sameValue(v, null)));
      return one('create', head, () => createInvoice(writes, head, created, companyIn(fields)));
    },
    update: ({ head, send, settled, theirs }) => {
      const item: InvoicePatchItem = { head, id: theirs.id, company: companyIn(theirs.fields), body: body(send), theirs, settled };
      patches.set(head.index, item);
      return { op: 'patch', heads: [head], run: () => patchInvoices(writes, item.company, [item]) };
    },
    remove: (head, base, theirs) => one('delete', head, () => deleteInvoice(writes, head, base, theirs)),
    undo: (row, theirs) => undoInvoiceRow(writes, row, theirs),
    // One PATCH array per company and 1,000 rows.
    batch: (list) =>
      joinPatches(
        list,
        patches,
        (item) => item.company,
        (company, batch) => patchInvoices(writes, company, batch),
      ),
  };
}

/** The request of one change: the changed fields by id, the new row's non-empty fields, the delete by id. */
function requestOf(change: RowChange): PushRequest {
  if (change.kind === 'deleted') return { op: 'deleteById', id: change.id };
  if (change.kind === 'new') {
    const fields = Object.fromEntries(Object.entries(withoutId(change.row.fields)).filter(([, v]) => !sameValue(v, null)));
    return { op: 'create', body: fields, position: change.row.position };
  }
  return {
    op: 'patchById',
    id: change.id,
    body: Object.fromEntries(change.changes.map((c) => [c.field, c.after])),
    position: change.position,
  };
}
