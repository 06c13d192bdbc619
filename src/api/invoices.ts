/**
 * Invoice operations. `GroupInvoicesResource` works on `/companies/{company_id}/invoices/`
 * (group credentials); `InvoicesResource` on `/invoices/` and adds `get(id)`.
 */
import {
  type InvoiceCreateInput,
  type InvoiceDeleteSelector,
  invoiceDeleteQuery,
  type InvoiceListParams,
  invoiceListQuery,
  type InvoiceUpdate,
  serializeInvoiceCreate,
  serializeInvoiceUpdates,
} from './invoice-input';
import {
  type Invoice,
  InvoiceListWriteAnswerSchema,
  type InvoicePage,
  InvoicePageSchema,
  InvoiceSchema,
  InvoiceWriteAnswerSchema,
} from './invoice-schema';
import { PagedList } from './paged-endpoint';
import { pathId } from './path-segment';
import type { RequestOptions } from './request-options';
import type { Transport } from './transport';

export class GroupInvoicesResource extends PagedList<InvoiceListParams, InvoicePage, Invoice> {
  protected readonly transport: Transport;

  /** `path`: `/invoices/` or `/companies/{company_id}/invoices/`. */
  constructor(transport: Transport, path: string) {
    super(transport, { path, schema: InvoicePageSchema, itemsOf: (page) => page.results.invoices, query: invoiceListQuery });
    this.transport = transport;
  }

  async create(input: InvoiceCreateInput, options: RequestOptions = {}): Promise<Invoice> {
    const body = serializeInvoiceCreate(input, this.transport.language);
    return this.transport.request({ method: 'POST', path: this.path, body, signal: options.signal }, InvoiceWriteAnswerSchema);
  }

  /**
   * PATCH with an array body (never a single object). The key is taken from the first item and
   * every item must carry it; items that match nothing are skipped by the service.
   */
  async update(items: readonly InvoiceUpdate[], options: RequestOptions = {}): Promise<Invoice[]> {
    const body = serializeInvoiceUpdates(items, this.transport.language);
    if (body.length === 0) return [];
    return this.transport.request({ method: 'PATCH', path: this.path, body, signal: options.signal }, InvoiceListWriteAnswerSchema);
  }

  /** DELETE by `id`, `reference` (one or many) or `source_id` + `source`; refuses to send without one. */
  async delete(selector: InvoiceDeleteSelector, options: RequestOptions = {}): Promise<void> {
    const query = invoiceDeleteQuery(selector, this.transport.language);
    await this.transport.requestNoContent({ method: 'DELETE', path: this.path, query, signal: options.signal });
  }
}

export class InvoicesResource extends GroupInvoicesResource {
  constructor(transport: Transport) {
    super(transport, '/invoices/');
  }

  /** `GET /invoices/{id}/` by internal ID. */
  async get(id: number, options: RequestOptions = {}): Promise<Invoice> {
    const path = `/invoices/${pathId(id, 'id', this.transport.language)}/`;
    return this.transport.request({ method: 'GET', path, signal: options.signal }, InvoiceSchema);
  }
}

export function groupInvoicesPath(companyId: number, transport: Transport): string {
  return `/companies/${pathId(companyId, 'company_id', transport.language)}/invoices/`;
}
