/**
 * The check of invoice rows before a push: every new and changed row is validated here, before anything is sent.
 * A row with problems sends nothing; the others go. Each problem names the column and says, in the user's language,
 * what to enter.
 *
 * Rules (api-spec.md, "Invoice operations"; section 1 rule 8; section 8):
 * - a new row needs `reference`, `name`, `amount` and `due_date` (the POST's required fields); type, status, the
 *   other dates, paid amount, category and notes may stay empty (the service's defaults; a status goes by a PATCH
 *   right after the create, the POST takes none);
 * - a changed row is checked on the fields it changed: a value the service keeps (reference, name, type, status,
 *   amounts, dates) cannot be emptied; notes can (`""`), and so can the category (null: no category);
 * - `amount`, `paid_amount`: at most 10 digits with 2 decimals; dates `YYYY-MM-DD`; `type` RE or PA; `status` one of
 *   the spec's codes; `category` a leaf category of the company (group credentials cannot read categories: the
 *   service checks it then);
 * - a group table's `company`: on a new row one of the companies the table was loaded for; never changed on a row
 *   the service holds (an invoice cannot move between companies).
 */

import type { Category } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate, type MessageParams } from '../../i18n/translate';
import { CODES, codeChoices, describeCodes, type CodedField } from '../tables/code-labels';
import { INVOICE_AMOUNT_DIGITS } from '../tables/invoices-table';
import type { RowCheckProblem } from './budget-row-check';
import { sameValue, type Fields, type SheetRow } from './diff';
import type { RowCheck } from './write-model';

export interface InvoiceCheckContext {
  /** The company's categories; empty for a group (its credentials cannot list them). */
  categories: readonly Category[];
  /** The baseline's fields by id: a changed row is checked on what it changed. */
  baseline: ReadonlyMap<number, Fields>;
  /** A group table: the companies it was loaded for (a new row is created in the one it names). */
  companies?: readonly number[];
  columnOf(field: string): string;
  language: Language;
}

type Rule = (value: unknown, mode: 'new' | 'changed') => { key: MessageKey; values?: MessageParams } | { value: unknown };

const blank = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What an empty cell means per field: required on a new row, kept by the service (never emptied), or a value of its own. */
const EMPTY: Record<string, 'required' | 'default' | 'empty' | 'null'> = {
  reference: 'required',
  name: 'required',
  amount: 'required',
  due_date: 'required',
  type: 'default',
  status: 'default',
  paid_amount: 'default',
  date: 'default',
  expected_date: 'default',
  notes: 'empty',
  category: 'null',
  company: 'required',
};

function text(value: unknown): ReturnType<Rule> {
  return typeof value === 'string' || typeof value === 'number' ? { value: String(value).trim() } : { key: 'push.check.text' };
}

function amount(value: unknown): ReturnType<Rule> {
  const number = typeof value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number))
    return { key: 'push.check.amount', values: { maxDigits: INVOICE_AMOUNT_DIGITS, decimals: 2 } };
  const cents = Math.round(number * 100);
  if (Math.abs(number * 100 - cents) > 1e-6 || String(Math.abs(cents)).length > INVOICE_AMOUNT_DIGITS)
    return { key: 'push.check.amount', values: { maxDigits: INVOICE_AMOUNT_DIGITS, decimals: 2 } };
  return { value: cents / 100 };
}

function date(value: unknown): ReturnType<Rule> {
  return typeof value === 'string' && DATE.test(value) ? { value } : { key: 'push.check.date' };
}

function codeOf(field: CodedField): Rule {
  return (value) => {
    const code = String(value).trim().toUpperCase();
    if ((CODES[field] as readonly string[]).includes(code)) return { value: code };
    return { key: 'push.check.choice', values: { value: String(value), choices: '' } };
  };
}

export function checkInvoiceRows(rows: readonly SheetRow[], context: InvoiceCheckContext): RowCheck[] {
  return rows.map((row) => checkRow(row, context));
}

function rulesOf(context: InvoiceCheckContext): Record<string, Rule> {
  const category: Rule = (value) => {
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id)) return { key: 'push.check.categoryUnknown', values: { value: String(value) } };
    if (context.categories.length === 0) return { value: id };
    const category = context.categories.find((c) => c.id === id);
    if (category === undefined) return { key: 'push.check.categoryUnknown', values: { value: id } };
    if (context.categories.some((c) => c.parent === id)) return { key: 'push.invoiceCheck.categoryNotLeaf', values: { value: id } };
    // A system category "cannot be mapped", and one that takes no mappings (`is_category` false) neither (rule 8).
    if (category.is_default || !category.is_category) return { key: 'push.invoiceCheck.categoryNotMappable', values: { value: id } };
    return { value: id };
  };
  const company: Rule = (value, mode) => {
    if (mode === 'changed') return { key: 'push.invoiceCheck.companyMoved' };
    const companies = context.companies ?? [];
    return typeof value === 'number' && companies.includes(value)
      ? { value }
      : { key: 'push.invoiceCheck.companyUnknown', values: { value: String(value), companies: companies.join(', ') } };
  };
  return {
    reference: text,
    name: text,
    notes: text,
    amount,
    paid_amount: amount,
    date,
    due_date: date,
    expected_date: date,
    type: codeOf('invoiceType'),
    status: codeOf('invoiceStatus'),
    category,
    company,
  };
}

function checkRow(row: SheetRow, context: InvoiceCheckContext): RowCheck {
  const mode = row.id === null ? 'new' : 'changed';
  const base = row.id === null ? undefined : context.baseline.get(row.id);
  const rules = rulesOf(context);
  const fields: Record<string, unknown> = {};
  const problems: RowCheckProblem[] = [];
  const problem = (field: string, key: MessageKey, values: MessageParams = {}) => {
    const column = context.columnOf(field);
    problems.push({ field, column, message: translate(context.language, key, { ...values, column }) });
  };
  for (const [field, value] of Object.entries(row.fields)) {
    const rule = rules[field];
    // A changed row is checked on what it changed; what it did not change is the service's already.
    if (rule === undefined || (base !== undefined && sameValue(base[field], value))) {
      fields[field] = value;
      continue;
    }
    const empty = EMPTY[field] ?? 'empty';
    if (blank(value)) {
      if (mode === 'new' && empty === 'required') problem(field, 'push.invoiceCheck.required');
      else if (mode === 'changed' && (empty === 'required' || empty === 'default'))
        problem(field, field === 'company' ? 'push.invoiceCheck.companyMoved' : 'push.error.cleared');
      else fields[field] = empty === 'null' ? null : empty === 'empty' ? '' : null;
      continue;
    }
    const checked = rule(value, mode);
    if ('key' in checked)
      problem(
        field,
        checked.key,
        field === 'type' || field === 'status' ? { ...checked.values, choices: choicesOf(field, context.language) } : checked.values,
      );
    else fields[field] = checked.value;
  }
  return problems.length > 0
    ? { position: row.position, ok: false, problems }
    : { position: row.position, ok: true, fields: { ...fields, id: row.id } };
}

function choicesOf(field: 'type' | 'status', language: Language): string {
  return describeCodes(codeChoices(field === 'type' ? 'invoiceType' : 'invoiceStatus', false), language);
}
