/** JSON shape of a transaction. */
import { fromCents } from '../amount';
import type { Transaction } from '../model';
import type { Store } from '../store';
import { shortAccountJson } from './account';
import { extendedCategoryJson, shortCategoryJson } from './category';
import { invoiceJson } from './invoice';

export function transactionJson(store: Store, t: Transaction, depth = 0): Record<string, unknown> {
  const invoice = t.invoiceId === null ? undefined : store.invoices.get(t.invoiceId);
  const parent = t.parentId === null || depth > 3 ? undefined : store.transactions.get(t.parentId);
  return {
    id: t.id,
    account: shortAccountJson(store.accounts.get(t.accountId)),
    category: shortCategoryJson(store.categories.get(t.categoryId)),
    predicted_category: t.predictedCategoryId === null ? null : extendedCategoryJson(store.categories.get(t.predictedCategoryId)),
    invoice: invoice ? invoiceJson(store, invoice) : null,
    parent: parent ? transactionJson(store, parent, depth + 1) : null,
    value_date: t.valueDate,
    value_time: t.valueTime,
    bank_booking_date: t.bankBookingDate,
    amount: fromCents(t.amount),
    reporting_amount: fromCents(t.reportingAmount),
    purpose: t.purpose,
    counterpart_name: t.counterpartName,
    counterpart_iban: t.counterpartIban,
    is_adjusting_entry: t.isAdjustingEntry,
    is_payment: t.isPayment,
    is_leaf_node: t.isLeafNode,
    tags: t.tags === null ? null : [...t.tags],
    comment_count: t.commentCount,
  };
}
