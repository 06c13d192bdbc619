/**
 * Invoices (open items): one row per invoice. The columns the service's invoice PATCH takes are editable
 * (reference, name, type, status, amounts, dates, category, notes); they go back through the invoice WriteModel
 * (src/sync/push/invoice-write-model.ts): one PATCH array per 1,000 changed rows keyed by id, a POST per new row,
 * a DELETE by id per deleted row. Status and type are codes with in-cell lists. A group workbook (group credentials)
 * holds the invoices of every addressed company in the same `Invoices` table, with the company in front (typed
 * on a new row: where it is created).
 */

import type { Invoice } from '../../api';
import type { CoreValue } from '../workbook-port';
import { codeChoices } from './code-labels';
import { column, joinList, textField, type TableModel } from './table-model';

const text = { editable: true, parse: textField } as const;
const keep = (value: CoreValue): unknown => value;
// A code cell: the code as typed (the row check refuses one that is not the service's).
const code = (value: CoreValue): unknown => (value === null ? '' : String(value).trim().toUpperCase());

/** An invoice's amounts take at most 10 digits, 2 of them decimals (api-spec.md), where budgets take 12. */
export const INVOICE_AMOUNT_DIGITS = 10;
const money = { editable: true, parse: keep, maxDigits: INVOICE_AMOUNT_DIGITS } as const;

export const INVOICES_TABLE: TableModel<Invoice> = {
  tableName: 'Invoices',
  sheetName: 'Invoices',
  keyColumn: 'id',
  readOnly: false,
  // The accounts tell the company's currency, which the amounts show (unless the user chose one).
  needs: ['categories', 'accounts'],
  columns: [
    column<Invoice>('id', 'Id', 'integer', (i) => i.id),
    column<Invoice>('reference', 'Reference', 'text', (i) => i.reference, text),
    column<Invoice>('name', 'Name', 'text', (i) => i.name, text),
    column<Invoice>('type', 'Type', 'text', (i) => i.type, { editable: true, parse: code, choices: codeChoices('invoiceType', false) }),
    column<Invoice>('type_label', 'Type label', 'text', (i, l) => l.codeLabel('invoiceType', i.type)),
    column<Invoice>('status', 'Status', 'text', (i) => i.status, {
      editable: true,
      parse: code,
      choices: codeChoices('invoiceStatus', false),
    }),
    column<Invoice>('status_label', 'Status label', 'text', (i) => i.status_label),
    column<Invoice>('amount', 'Amount', 'amount', (i) => i.amount, { ...money, currency: 'company' }),
    column<Invoice>('paid_amount', 'Paid amount', 'amount', (i) => i.paid_amount, { ...money, currency: 'company' }),
    column<Invoice>('amount_due', 'Amount due', 'amount', (i) => i.amount_due, { currency: 'company' }),
    column<Invoice>('date', 'Date', 'date', (i) => i.date, { editable: true }),
    column<Invoice>('due_date', 'Due date', 'date', (i) => i.due_date, { editable: true }),
    column<Invoice>('expected_date', 'Expected date', 'date', (i) => i.expected_date, { editable: true }),
    column<Invoice>('category_id', 'Category Id', 'integer', (i) => i.category, { editable: 'category' }),
    column<Invoice>('category_path', 'Category', 'text', (i, l) => l.categoryPath(i.category)),
    column<Invoice>('notes', 'Notes', 'text', (i) => i.notes, text),
    column<Invoice>('source', 'Source', 'text', (i) => i.source),
    column<Invoice>('source_id', 'Source Id', 'text', (i) => i.source_id),
    column<Invoice>('is_archived', 'Archived', 'boolean', (i) => i.is_archived),
    column<Invoice>('transaction_count', 'Matched transactions', 'integer', (i) => i.transactions.length),
    column<Invoice>('transaction_ids', 'Transaction Ids', 'text', (i) => joinList(i.transactions.map((t) => t.id))),
    column<Invoice>('date_created', 'Created', 'datetime', (i) => i.date_created),
    column<Invoice>('date_updated', 'Updated', 'datetime', (i) => i.date_updated),
    column<Invoice>('comment_count', 'Comments', 'integer', (i) => i.comment_count ?? null),
  ],
};

/** An invoice of one company of a group, with that company's id (group credentials, `/companies/{id}/invoices/`). */
export type CompanyInvoice = Invoice & { company: number };

/**
 * The group's invoices: the columns of `Invoices` behind `Company` (the company id, the path a change of the row
 * goes to). Invoice ids are the service's internal ids, unique across the companies, so `id` stays the key.
 * Group credentials cannot list `/categories/` (they are bound to no one company), so the category path stays
 * empty; the category id is there. Nor do they tell a company's currency: the amounts show the one chosen in
 * Settings, else the plain amount format. The company is editable only on a new row (where it is created); the
 * push refuses a changed company on an existing one (an invoice cannot move between companies).
 */
export const GROUP_INVOICES_TABLE: TableModel<CompanyInvoice> = {
  ...INVOICES_TABLE,
  needs: [],
  columns: [column<CompanyInvoice>('company', 'Company', 'integer', (i) => i.company, { editable: true }), ...INVOICES_TABLE.columns],
};
