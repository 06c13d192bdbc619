/**
 * The invoice requests of one Invoices table (api-spec.md, "Invoice operations"): company-level under `/invoices/`,
 * or a group's under `/companies/{company_id}/invoices/` by the row's company. PATCH takes an array keyed by `id`
 * (never a single object), DELETE always carries the `id` selector (the client refuses to send one without a
 * selector: the service would delete every invoice), reads go by `ids` in as few requests as the limits allow.
 */

import {
  itemsByIds,
  type CashflowClient,
  type GroupInvoicesResource,
  type Invoice,
  type InvoiceCreateInput,
  type InvoiceUpdate,
} from '../../api';
import type { CompanyInvoice } from '../tables/invoices-table';

/** Where a table's invoices live: the credentials' company, or the companies of a group table. */
export type InvoiceTarget = { kind: 'company' } | { kind: 'group'; companies: readonly number[] };

/** An invoice as the push holds it: a group's carries its company. */
export type InvoiceRecord = Invoice | CompanyInvoice;

/** The company a group's invoice belongs to (null: company-level). */
export function companyOf(record: InvoiceRecord): number | null {
  return 'company' in record ? record.company : null;
}

export interface InvoiceEndpoints {
  /** One PATCH array (at most 1,000 items, each with its `id`): the invoices the service updated. */
  patch(company: number | null, items: readonly Record<string, unknown>[], signal?: AbortSignal): Promise<InvoiceRecord[]>;
  create(company: number | null, body: Record<string, unknown>, signal?: AbortSignal): Promise<InvoiceRecord>;
  /** DELETE `?id=` (never without it). */
  deleteById(company: number | null, id: number, signal?: AbortSignal): Promise<void>;
  /** The invoices with these ids, of every company the table holds (missing ones are absent). */
  readByIds(ids: readonly number[], signal?: AbortSignal): Promise<InvoiceRecord[]>;
  /** The invoices whose reference is exactly this one (the list's `reference` filter is a substring match). */
  byReference(company: number | null, reference: string, signal?: AbortSignal): Promise<InvoiceRecord[]>;
}

const opts = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

export function invoiceEndpoints(client: CashflowClient, target: InvoiceTarget): InvoiceEndpoints {
  const resource = (company: number | null): GroupInvoicesResource => (company === null ? client.invoices : client.groupInvoices(company));
  const tagged =
    (company: number | null) =>
    (invoice: Invoice): InvoiceRecord =>
      company === null ? invoice : { ...invoice, company };
  const companies: Array<number | null> = target.kind === 'group' ? [...target.companies] : [null];
  return {
    patch: async (company, items, signal) =>
      (await resource(company).update(items as unknown as InvoiceUpdate[], opts(signal))).map(tagged(company)),
    create: async (company, body, signal) =>
      tagged(company)(await resource(company).create(body as unknown as InvoiceCreateInput, opts(signal))),
    deleteById: (company, id, signal) => resource(company).delete({ id }, opts(signal)),
    readByIds: async (ids, signal) => {
      if (ids.length === 0) return [];
      const found = await Promise.all(
        companies.map(async (company) => (await itemsByIds(resource(company), ids, {}, opts(signal))).map(tagged(company))),
      );
      return found.flat();
    },
    byReference: async (company, reference, signal) => {
      const out: InvoiceRecord[] = [];
      for await (const invoice of resource(company).items({ reference }, { pageSize: 1000, ...opts(signal) }))
        if (invoice.reference === reference) out.push(tagged(company)(invoice));
      return out;
    },
  };
}
