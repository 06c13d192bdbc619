/** Filters and ordering of invoice lists (also the narrowing filters of a selector-less DELETE). */
import type { Language } from './messages';
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from './model';
import { FilterReader, readOrdering, type QueryParams } from './query-params';
import type { Store } from './store';

export const INVOICE_ORDERING_FIELDS = ['amount', 'date', 'due_date', 'status', 'status_predefined', 'expected_date', 'name', 'reference'];
const DEFAULT_ORDERING = ['status_predefined', '-expected_date'];

/** The predefined status order (`status_predefined`): what needs attention first. */
const STATUS_RANK: Record<InvoiceStatus, number> = { OD: 0, DP: 1, PR: 2, PL: 3, PP: 4, IN: 5, IP: 6, HD: 7, OR: 8, PD: 9, CA: 10 };

export function isPaid(i: Invoice): boolean {
  return i.status === 'PD';
}

export function isOverdue(i: Invoice, today: string): boolean {
  return i.status !== 'PD' && i.status !== 'CA' && i.amount !== i.paidAmount && i.dueDate < today;
}

/**
 * Filters from the query. `forDelete` leaves out `reference`, which is an exact selector on DELETE
 * instead of the list's substring filter.
 */
export function invoiceFilter(store: Store, query: QueryParams, lang: Language, today: string, forDelete = false): (i: Invoice) => boolean {
  const r = new FilterReader(query, lang);
  const reference = forDelete ? undefined : r.string('reference')?.toLowerCase();
  const ids = r.csvIntegers('ids');
  const sourceIds = r.csv('source_ids');
  const type = r.choice('type', ['receivable', 'payable'] as const);
  const paid = r.boolean('paid');
  const overdue = r.boolean('overdue');
  const matched = r.boolean('matched');
  const status = r.choice('status', INVOICE_STATUSES);
  const include = r.choiceList('status_include', INVOICE_STATUSES);
  const exclude = r.choiceList('status_exclude', INVOICE_STATUSES);
  r.throwIfErrors();
  return (i) => {
    if (reference !== undefined && !i.reference.toLowerCase().includes(reference)) return false;
    if (ids && !ids.includes(i.id)) return false;
    if (sourceIds && !sourceIds.includes(i.sourceId)) return false;
    if (type === 'receivable' && i.type !== 'RE') return false;
    if (type === 'payable' && i.type !== 'PA') return false;
    if (paid !== undefined && isPaid(i) !== paid) return false;
    if (overdue !== undefined && isOverdue(i, today) !== overdue) return false;
    if (matched !== undefined && store.transactionsOfInvoice(i.id).length > 0 !== matched) return false;
    if (status !== undefined && i.status !== status) return false;
    if (include && !include.includes(i.status)) return false;
    if (exclude && exclude.includes(i.status)) return false;
    return true;
  };
}

export function invoiceComparator(query: QueryParams): (a: Invoice, b: Invoice) => number {
  const terms = readOrdering(query, INVOICE_ORDERING_FIELDS, DEFAULT_ORDERING).map((term) => ({
    desc: term.startsWith('-'),
    field: term.replace(/^-/, ''),
  }));
  const value = (i: Invoice, field: string): string | number => {
    switch (field) {
      case 'amount':
        return i.amount;
      case 'date':
        return i.date;
      case 'due_date':
        return i.dueDate;
      case 'status':
        return i.status;
      case 'status_predefined':
        return STATUS_RANK[i.status];
      case 'expected_date':
        return i.expectedDate;
      case 'name':
        return i.name.toLowerCase();
      default:
        return i.reference.toLowerCase();
    }
  };
  return (a, b) => {
    for (const { desc, field } of terms) {
      const x = value(a, field);
      const y = value(b, field);
      const diff = x < y ? -1 : x > y ? 1 : 0;
      if (diff !== 0) return desc ? -diff : diff;
    }
    return a.id - b.id;
  };
}
