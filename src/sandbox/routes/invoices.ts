/**
 * Invoice operations, company-level (`/invoices/`) and group-level (`/companies/{company_id}/invoices/`),
 * plus GET /invoices/{id}/.
 */
import { ApiError } from '../api-error';
import { fromCents, toCents } from '../amount';
import { BodyReader, isRecord, pythonType, type FieldErrors } from '../body-reader';
import { categoryOfCompany, categoryProblem } from '../category-rules';
import { invoiceComparator, invoiceFilter } from '../invoice-query';
import { t, type Language } from '../messages';
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '../model';
import { paginate } from '../paginate';
import { companyOf, type HandlerResult, type RequestContext } from '../request-context';
import { defineRoute, type MethodHandler, type Route, type Scope } from '../router';
import { invoiceJson } from '../serializers/invoice';
import type { Store } from '../store';
import { requireList } from './transactions';

const AMOUNT = { maxDigits: 10, decimalPlaces: 2 };

/** The company an invoice operation works on: from the path (group level) or the credentials. */
function targetCompany(context: RequestContext): number {
  return context.params.company_id !== undefined ? Number(context.params.company_id) : companyOf(context.principal);
}

function derivedStatus(amount: number, paid: number, dueDate: string, today: string): InvoiceStatus {
  if (paid !== 0 && Math.abs(paid) >= Math.abs(amount)) return 'PD';
  if (paid !== 0) return 'PP';
  return dueDate < today ? 'OD' : 'PL';
}

function requireObject(body: unknown, lang: Language): Record<string, unknown> {
  if (!isRecord(body)) throw new ApiError(400, { non_field_errors: [t(lang, 'notADict', { datatype: pythonType(body) })] });
  return body;
}

function create(context: RequestContext): HandlerResult {
  const { store, lang, now, today } = context;
  const companyId = targetCompany(context);
  const reader = new BodyReader(requireObject(context.body, lang), lang);
  const reference = reader.string('reference', { required: true });
  const name = reader.string('name', { required: true });
  const amount = reader.decimal('amount', AMOUNT, { required: true });
  const dueDate = reader.date('due_date', { required: true });
  // `date` is typed `date` (not nullable) in the Invoice resource: when omitted it is the day of creation.
  const date = reader.date('date');
  const notes = reader.string('notes', { allowBlank: true, allowNull: true });
  const type = reader.choice('type', ['RE', 'PA'] as const);
  const tags = reader.string('tags', { allowBlank: true, allowNull: true });
  const paid = reader.decimal('paid_amount', AMOUNT);
  const category = reader.pk('category', categoryOfCompany(store, companyId), { allowNull: true, check: (c) => categoryProblem(store, c) });
  const expected = reader.date('expected_date');
  if (
    !reader.ok ||
    typeof reference !== 'string' ||
    typeof name !== 'string' ||
    typeof amount !== 'number' ||
    typeof dueDate !== 'string'
  ) {
    throw new ApiError(400, reader.errors);
  }
  const amountCents = toCents(amount);
  const paidCents = toCents(paid ?? 0);
  const invoice: Invoice = {
    id: store.nextId('invoice'),
    companyId,
    paidAmount: paidCents,
    name,
    notes: notes ?? '',
    amount: amountCents,
    type: type ?? (amountCents > 0 ? 'RE' : 'PA'),
    reference,
    date: date ?? today,
    dueDate,
    expectedDate: expected ?? (dueDate < today ? today : dueDate),
    source: 'direct_api',
    sourceId: '',
    status: derivedStatus(amountCents, paidCents, dueDate, today),
    isArchived: false,
    category: category ?? null,
    tags: tags ?? '',
    commentCount: 0,
    dateCreated: now,
    dateUpdated: now,
  };
  store.invoices.set(invoice.id, invoice);
  store.touch();
  return { status: 201, body: invoiceJson(store, invoice) };
}

function list(context: RequestContext): HandlerResult {
  const { store, query, lang, today } = context;
  const companyId = targetCompany(context);
  const matches = store
    .invoicesOf([companyId])
    .filter(invoiceFilter(store, query, lang, today))
    .sort(invoiceComparator(query));
  const page = paginate(matches, context);
  let sum = 0;
  let due = 0;
  for (const i of matches) {
    sum += i.amount;
    due += i.amount - i.paidAmount;
  }
  return {
    status: 200,
    body: {
      count: page.count,
      next: page.next,
      previous: page.previous,
      sum: fromCents(sum),
      results: { amount_due: fromCents(due), total: fromCents(sum), invoices: page.items.map((i) => invoiceJson(store, i)) },
    },
  };
}

type Key = 'id' | 'source_id' | 'reference';

interface InvoicePatch {
  match: (i: Invoice) => boolean;
  apply: (i: Invoice) => void;
}

function readPatchItem(
  store: Store,
  companyId: number,
  item: Record<string, unknown>,
  key: Key,
  lang: Language,
  today: string,
): { errors: FieldErrors; patch?: InvoicePatch } {
  const r = new BodyReader(item, lang);
  let match: (i: Invoice) => boolean;
  if (key === 'id') {
    if (!r.has('id')) r.fail('id', 'invoiceKeyMismatch', { key: 'id' });
    const id = r.integer('id');
    match = (i) => i.id === id;
  } else if (key === 'source_id') {
    if (!r.has('source_id')) r.fail('source_id', 'invoiceKeyMismatch', { key: 'source_id' });
    const sourceId = r.string('source_id', { allowBlank: true });
    const source = r.string('source', { required: true });
    match = (i) => i.sourceId === sourceId && i.source === source;
  } else {
    if (!r.has('reference')) r.fail('reference', 'invoiceKeyMismatch', { key: 'reference' });
    const reference = r.string('reference');
    match = (i) => i.reference === reference;
  }
  const changes: Array<(i: Invoice) => void> = [];
  const text = (field: string, set: (i: Invoice, v: string) => void, allowBlank = true) => {
    const v = r.string(field, { allowBlank });
    if (typeof v === 'string') changes.push((i) => set(i, v));
  };
  if (key !== 'reference') text('reference', (i, v) => (i.reference = v), false);
  if (key !== 'source_id') {
    text('source_id', (i, v) => (i.sourceId = v));
    text('source', (i, v) => (i.source = v), false);
  }
  text('name', (i, v) => (i.name = v), false);
  text('notes', (i, v) => (i.notes = v));
  text('tags', (i, v) => (i.tags = v));
  const type = r.choice('type', ['RE', 'PA'] as const);
  if (type) changes.push((i) => (i.type = type));
  const status = r.choice('status', INVOICE_STATUSES);
  if (status) changes.push((i) => (i.status = status));
  const date = r.date('date');
  if (typeof date === 'string') changes.push((i) => (i.date = date));
  const dueDate = r.date('due_date');
  if (typeof dueDate === 'string') changes.push((i) => (i.dueDate = dueDate));
  const amount = r.decimal('amount', AMOUNT);
  if (typeof amount === 'number') changes.push((i) => (i.amount = toCents(amount)));
  const paid = r.decimal('paid_amount', AMOUNT);
  if (typeof paid === 'number') changes.push((i) => (i.paidAmount = toCents(paid)));
  const category = r.pk('category', categoryOfCompany(store, companyId), { allowNull: true, check: (c) => categoryProblem(store, c) });
  if (category !== undefined) changes.push((i) => (i.category = category));
  const expected = r.date('expected_date');
  if (typeof expected === 'string') {
    // Applied after `status`, so that an item setting PD keeps its past date.
    changes.push((i) => (i.expectedDate = expected < today && i.status !== 'PD' ? today : expected));
  }
  if (!r.ok) return { errors: r.errors };
  return { errors: {}, patch: { match, apply: (i) => changes.forEach((change) => change(i)) } };
}

function patch(context: RequestContext): HandlerResult {
  const { store, lang, now, today } = context;
  const companyId = targetCompany(context);
  // The spec sets no limit on an invoice PATCH (its 1000 are for transactions).
  const items = requireList(context.body, lang, Number.POSITIVE_INFINITY);
  const first = items[0];
  let key: Key | undefined;
  if (isRecord(first)) key = 'id' in first ? 'id' : 'source_id' in first ? 'source_id' : 'reference' in first ? 'reference' : undefined;
  const errors: FieldErrors[] = [];
  const patches: InvoicePatch[] = [];
  for (const item of items) {
    if (!isRecord(item)) {
      errors.push({ non_field_errors: [t(lang, 'notADict', { datatype: pythonType(item) })] });
    } else if (!key) {
      errors.push({ non_field_errors: [t(lang, 'invoiceKeyMissing')] });
    } else {
      const result = readPatchItem(store, companyId, item, key, lang, today);
      errors.push(result.errors);
      if (result.patch) patches.push(result.patch);
    }
  }
  if (errors.some((e) => Object.keys(e).length > 0)) throw new ApiError(400, errors);
  const invoices = store.invoicesOf([companyId]).sort((a, b) => a.id - b.id);
  const updated: Invoice[] = [];
  for (const p of patches) {
    for (const invoice of invoices.filter(p.match)) {
      p.apply(invoice);
      invoice.dateUpdated = now;
      if (!updated.includes(invoice)) updated.push(invoice);
    }
  }
  if (updated.length > 0) store.touch();
  return { status: 200, body: updated.map((i) => invoiceJson(store, i)) };
}

/**
 * DELETE: selectors `reference` (exact, repeatable), `id`, `source_id` with `source`; list filters narrow
 * further. Without a selector every invoice the filters let through is deleted (as documented).
 */
function remove(context: RequestContext): HandlerResult {
  const { store, query, lang, now, today } = context;
  const companyId = targetCompany(context);
  const references = query.getAll('reference');
  const idText = query.get('id');
  const sourceId = query.get('source_id');
  const source = query.get('source');
  const errors: FieldErrors = {};
  if (idText !== undefined && !/^\s*\d+\s*$/.test(idText)) errors.id = [t(lang, 'filterInteger')];
  if (sourceId !== undefined && source === undefined) errors.source = [t(lang, 'required')];
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
  const narrow = invoiceFilter(store, query, lang, today, true);
  const victims = store.invoicesOf([companyId]).filter((i) => {
    if (references.length > 0 && !references.includes(i.reference)) return false;
    if (idText !== undefined && i.id !== Number(idText)) return false;
    if (sourceId !== undefined && (i.sourceId !== sourceId || i.source !== source)) return false;
    return narrow(i);
  });
  for (const invoice of victims) store.deleteInvoice(invoice.id, now);
  if (victims.length > 0) store.touch();
  return { status: 204 };
}

function getOne(context: RequestContext): HandlerResult {
  const invoice = context.store.invoices.get(Number(context.params.id));
  if (!invoice || invoice.companyId !== companyOf(context.principal)) {
    throw new ApiError(404, { detail: t(context.lang, 'notFound') });
  }
  return { status: 200, body: invoiceJson(context.store, invoice) };
}

function operations(scope: Scope): Record<'GET' | 'POST' | 'PATCH' | 'DELETE', MethodHandler> {
  return {
    GET: { scope, run: list },
    POST: { scope, run: create },
    PATCH: { scope, run: patch },
    DELETE: { scope, run: remove },
  };
}

export function invoiceRoutes(): Route[] {
  return [
    defineRoute('/invoices/', operations('company')),
    defineRoute('/invoices/{id}/', { GET: { scope: 'company', run: getOne } }),
    defineRoute('/companies/{company_id}/invoices/', operations('group-company')),
  ];
}
