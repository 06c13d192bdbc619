/**
 * Transactions: one row per bank transaction, in the service's order `-value_date,id`. Only the category goes
 * back to the service (`PATCH /transactions/`); everything else is the bank's. `Amount` shows the account's
 * currency, `Reporting amount` the company's (in their number formats: the cells stay numbers).
 *
 * The cell a user edits is `Category`, the category's path, picked from an in-cell list of the categories a
 * transaction can be mapped to (`category-list.ts`, kept on the lists sheet: `lists-sheet.ts`). It is the only editable
 * column: its field `category` holds the path as the cell shows it, and the writer resolves it to a leaf id with
 * `resolveCategory` (a path, or a name only one category has). `Category Id` is read-only: it shows the id the service
 * holds and follows the path after a send or a refresh.
 */

import type { Transaction } from '../../api';
import { column, joinList, textField, type TableModel } from './table-model';

export const TRANSACTIONS_TABLE: TableModel<Transaction> = {
  tableName: 'Transactions',
  sheetName: 'Transactions',
  keyColumn: 'id',
  readOnly: false,
  // The accounts give each row's currency (the short account a transaction embeds has none) and the company's.
  needs: ['categories', 'accounts'],
  // The Changes view names a row by its counterpart (else its purpose), value date and amount.
  rowLabel: (cell) => {
    const who = [cell('counterpart_name'), cell('purpose')].find((v) => typeof v === 'string' && v.trim() !== '');
    const amount = cell('amount');
    const parts = [typeof who === 'string' ? who.trim() : '', cell('value_date'), typeof amount === 'number' ? amount.toFixed(2) : amount];
    return parts.filter((p) => p !== null && p !== '').join(' · ');
  },
  columns: [
    column<Transaction>('id', 'Id', 'integer', (t) => t.id),
    column<Transaction>('value_date', 'Value date', 'date', (t) => t.value_date),
    column<Transaction>('bank_booking_date', 'Booking date', 'date', (t) => t.bank_booking_date),
    column<Transaction>('amount', 'Amount', 'amount', (t) => t.amount, { currency: { account: 'account_id' } }),
    column<Transaction>('reporting_amount', 'Reporting amount', 'amount', (t) => t.reporting_amount, { currency: 'company' }),
    column<Transaction>('account_id', 'Account Id', 'integer', (t) => t.account.id),
    column<Transaction>('account_name', 'Account', 'text', (t) => t.account.name),
    column<Transaction>('account_alias', 'Account alias', 'text', (t) => t.account.alias),
    column<Transaction>('category_id', 'Category Id', 'integer', (t) => t.category.id),
    column<Transaction>('category_path', 'Category', 'text', (t, l) => l.categoryPath(t.category.id) ?? t.category.name, {
      editable: 'category',
      parse: textField,
      sheetList: 'categories',
    }),
    column<Transaction>('predicted_category_id', 'Predicted category Id', 'integer', (t) => t.predicted_category?.id ?? null),
    column<Transaction>('predicted_category_path', 'Predicted category', 'text', (t, l) =>
      t.predicted_category === null ? null : (l.categoryPath(t.predicted_category.id) ?? t.predicted_category.name),
    ),
    column<Transaction>('purpose', 'Purpose', 'text', (t) => t.purpose),
    column<Transaction>('counterpart_name', 'Counterpart', 'text', (t) => t.counterpart_name),
    column<Transaction>('counterpart_iban', 'Counterpart IBAN', 'text', (t) => t.counterpart_iban),
    column<Transaction>('invoice_id', 'Invoice Id', 'integer', (t) => t.invoice?.id ?? null),
    column<Transaction>('invoice_reference', 'Invoice reference', 'text', (t) => t.invoice?.reference ?? null),
    column<Transaction>('tags', 'Tags', 'text', (t) => joinList(t.tags)),
    column<Transaction>('is_payment', 'Payment', 'boolean', (t) => t.is_payment),
    column<Transaction>('is_adjusting_entry', 'Adjusting entry', 'boolean', (t) => t.is_adjusting_entry),
    column<Transaction>('parent_id', 'Parent Id', 'integer', (t) => t.parent?.id ?? null),
    column<Transaction>('value_time', 'Value time', 'text', (t) => t.value_time),
    column<Transaction>('comment_count', 'Comments', 'integer', (t) => t.comment_count ?? null),
  ],
};
