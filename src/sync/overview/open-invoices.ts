/**
 * Open invoices, as the overview and CASHFLOW.DUE read them: the invoice list with `paid=false` (every status but
 * `PD`), of one type or both, optionally of one status. Its `results.amount_due` is the open amount of every match.
 */

import type { InvoiceListParams, InvoiceStatus } from '../../api';

export function openInvoiceFilters(type?: 'receivable' | 'payable', status?: InvoiceStatus): InvoiceListParams {
  return { paid: false, ...(type === undefined ? {} : { type }), ...(status === undefined ? {} : { status }) };
}
