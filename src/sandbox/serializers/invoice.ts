/** JSON shape of an invoice with its matched transactions. */
import { fromCents } from '../amount';
import { timestamp } from '../calendar';
import type { Invoice, InvoiceStatus } from '../model';
import type { Store } from '../store';
import { shortAccountJson } from './account';

/** Labels as listed in the spec (English, not localized: clients should map the code). */
export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  OD: 'Overdue',
  PL: 'Expected',
  OR: 'Lead/Order',
  PD: 'Paid',
  PP: 'Partially Paid',
  IN: 'Installments',
  HD: 'On Hold',
  PR: 'Promised',
  DP: 'In Dispute',
  CA: 'Cancelled',
  IP: 'In Progress',
};

export function invoiceJson(store: Store, i: Invoice): Record<string, unknown> {
  return {
    id: i.id,
    transactions: store.transactionsOfInvoice(i.id).map((t) => ({
      id: t.id,
      account: shortAccountJson(store.accounts.get(t.accountId)),
      value_date: t.valueDate,
      amount: fromCents(t.amount),
      purpose: t.purpose,
      counterpart_name: t.counterpartName,
      reporting_amount: fromCents(t.reportingAmount),
    })),
    paid_amount: fromCents(i.paidAmount),
    amount_due: fromCents(i.amount - i.paidAmount),
    date_created: timestamp(i.dateCreated),
    date_updated: timestamp(i.dateUpdated),
    name: i.name,
    notes: i.notes,
    amount: fromCents(i.amount),
    type: i.type,
    reference: i.reference,
    date: i.date,
    due_date: i.dueDate,
    expected_date: i.expectedDate,
    source: i.source,
    source_id: i.sourceId,
    status: i.status,
    status_label: STATUS_LABELS[i.status],
    is_archived: i.isArchived,
    category: i.category,
    comment_count: i.commentCount,
  };
}
