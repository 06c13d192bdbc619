/**
 * GET /transactions/ and /transactions/extended/, PATCH /transactions/ (bulk) and /transactions/{id}/,
 * POST /accounts/{account_id}/transactions/ (offline accounts only).
 */
import { ApiError } from '../api-error';
import { fromCents, toCents } from '../amount';
import { BodyReader, isRecord, pythonType, type FieldErrors } from '../body-reader';
import { categoryOfCompany, categoryProblem } from '../category-rules';
import { t, type Language } from '../messages';
import type { Transaction } from '../model';
import { paginate } from '../paginate';
import { companyOf, type HandlerResult, type RequestContext } from '../request-context';
import { defineRoute, type Route } from '../router';
import { transactionJson } from '../serializers/transaction';
import { reportingCents, type Store } from '../store';
import { readTransactionFilter, type TransactionQueryCache } from '../transaction-query';

export const MAX_ITEMS = 1000;
const AMOUNT = { maxDigits: 14, decimalPlaces: 2 };

function predictedUnmapped(store: Store, companyId: number): boolean {
  for (const t of store.transactionsOf(companyId)) {
    if (t.predictedCategoryId !== null && t.amount !== 0 && store.categories.get(t.categoryId)?.isDefault) return true;
  }
  return false;
}

function list(cache: TransactionQueryCache, withSum: boolean) {
  return (context: RequestContext): HandlerResult => {
    const { store, principal, query, lang } = context;
    const companyId = companyOf(principal);
    const filter = readTransactionFilter(store, companyId, query, lang);
    const result = cache.run(store, companyId, filter, query);
    const page = paginate(result.items, context);
    const body: Record<string, unknown> = { count: page.count, next: page.next, previous: page.previous };
    body.predicted_unmapped_transactions = predictedUnmapped(store, companyId);
    if (withSum) body.sum = fromCents(result.sum);
    body.results = page.items.map((t) => transactionJson(store, t));
    return { status: 200, body };
  };
}

/**
 * Checks an array body: a list, and at most `maxItems` items (the spec's 1000 for transaction creates and category
 * changes; an invoice PATCH has no limit in it); throws the 400 otherwise.
 */
export function requireList(body: unknown, lang: Language, maxItems = MAX_ITEMS): unknown[] {
  if (!Array.isArray(body)) throw new ApiError(400, { non_field_errors: [t(lang, 'notAList', { input_type: pythonType(body) })] });
  if (body.length > maxItems) throw new ApiError(400, { non_field_errors: [t(lang, 'tooManyItems', { max_length: maxItems })] });
  return body;
}

function setCategory(store: Store, transaction: Transaction, categoryId: number, now: number): void {
  transaction.categoryId = categoryId;
  transaction.dateUpdated = now;
}

function patchMany(context: RequestContext): HandlerResult {
  const { store, lang, now } = context;
  const companyId = companyOf(context.principal);
  const items = requireList(context.body, lang);
  const exists = categoryOfCompany(store, companyId);
  const errors: FieldErrors[] = [];
  const changes: Array<[number, number]> = [];
  for (const item of items) {
    if (!isRecord(item)) {
      errors.push({ non_field_errors: [t(lang, 'notADict', { datatype: pythonType(item) })] });
      continue;
    }
    const reader = new BodyReader(item, lang);
    const id = reader.integer('id', { required: true });
    const category = reader.pk('category', exists, { required: true, check: (c) => categoryProblem(store, c) });
    errors.push(reader.errors);
    if (reader.ok && typeof id === 'number' && typeof category === 'number') changes.push([id, category]);
  }
  if (errors.some((e) => Object.keys(e).length > 0)) throw new ApiError(400, errors);
  const updated: Transaction[] = [];
  for (const [id, category] of changes) {
    const transaction = store.transactions.get(id);
    if (!transaction || transaction.companyId !== companyId) continue;
    setCategory(store, transaction, category, now);
    updated.push(transaction);
  }
  if (updated.length > 0) store.touch();
  return { status: 200, body: updated.map((tr) => transactionJson(store, tr)) };
}

function patchOne(context: RequestContext): HandlerResult {
  const { store, lang, now } = context;
  const companyId = companyOf(context.principal);
  const transaction = store.transactions.get(Number(context.params.id));
  if (!transaction || transaction.companyId !== companyId) throw new ApiError(404, { detail: t(lang, 'notFound') });
  if (!isRecord(context.body)) {
    throw new ApiError(400, { non_field_errors: [t(lang, 'notADict', { datatype: pythonType(context.body) })] });
  }
  const reader = new BodyReader(context.body, lang);
  const category = reader.pk('category', categoryOfCompany(store, companyId), { check: (c) => categoryProblem(store, c) });
  if (!reader.ok) throw new ApiError(400, reader.errors);
  if (typeof category === 'number') {
    setCategory(store, transaction, category, now);
    store.touch();
  }
  return { status: 200, body: transactionJson(store, transaction) };
}

function createTransactions(context: RequestContext): HandlerResult {
  const { store, lang, now } = context;
  const companyId = companyOf(context.principal);
  const account = store.accounts.get(Number(context.params.account_id));
  if (!account || account.companyId !== companyId) throw new ApiError(404, { detail: t(lang, 'notFound') });
  const bank = store.banks.get(account.bankId);
  if (account.status !== 'OFFLINE' || (bank && bank.openBankingConnectionId !== null)) {
    throw new ApiError(403, { detail: t(lang, 'offlineOnly') });
  }
  const single = !Array.isArray(context.body);
  if (single && !isRecord(context.body)) {
    throw new ApiError(400, { non_field_errors: [t(lang, 'notADict', { datatype: pythonType(context.body) })] });
  }
  const items = single ? [context.body] : requireList(context.body, lang);
  const errors: FieldErrors[] = [];
  const drafts: Array<{ valueDate: string; amount: number; purpose: string; counterpartName: string; tags: string[] | null }> = [];
  for (const item of items) {
    if (!isRecord(item)) {
      errors.push({ non_field_errors: [t(lang, 'notADict', { datatype: pythonType(item) })] });
      continue;
    }
    const reader = new BodyReader(item, lang);
    const valueDate = reader.date('value_date', { required: true });
    if (typeof valueDate === 'string' && valueDate < '2000-01-01') reader.fail('value_date', 'valueDateMin');
    const amount = reader.decimal('amount', AMOUNT, { required: true });
    const purpose = reader.string('purpose', { allowBlank: true }) ?? '';
    const counterpartName = reader.string('counterpart_name', { allowBlank: true }) ?? '';
    const tags = reader.stringList('tags') ?? null;
    errors.push(reader.errors);
    if (reader.ok && typeof valueDate === 'string' && typeof amount === 'number') {
      drafts.push({ valueDate, amount: toCents(amount), purpose, counterpartName, tags });
    }
  }
  if (errors.some((e) => Object.keys(e).length > 0)) throw new ApiError(400, single ? errors[0] : errors);
  const created = drafts.map((draft) => {
    const category = store.defaultCategory(companyId, draft.amount > 0 ? 'IN' : 'EX');
    const transaction: Transaction = {
      id: store.nextId('transaction'),
      companyId,
      accountId: account.id,
      categoryId: category.id,
      predictedCategoryId: null,
      invoiceId: null,
      parentId: null,
      valueDate: draft.valueDate,
      valueTime: null,
      bankBookingDate: null,
      amount: draft.amount,
      reportingAmount: reportingCents(draft.amount, account.currency),
      purpose: draft.purpose,
      counterpartName: draft.counterpartName,
      counterpartIban: '',
      isAdjustingEntry: false,
      isPayment: false,
      isLeafNode: true,
      tags: draft.tags,
      commentCount: 0,
      dateCreated: now,
      dateUpdated: now,
    };
    store.addTransaction(transaction);
    account.balance += draft.amount;
    account.transactionCount += 1;
    return transaction;
  });
  if (created.length > 0) {
    account.dateUpdated = now;
    store.touch();
  }
  const shaped = created.map((tr) => {
    const json = transactionJson(store, tr);
    json.account = { id: account.id, name: account.name, alias: account.alias, bank: bank?.name ?? '', currency: account.currency };
    return json;
  });
  return { status: 201, body: single ? shaped[0] : shaped };
}

export function transactionRoutes(cache: TransactionQueryCache, beforeList: (context: RequestContext) => void): Route[] {
  const listing = (withSum: boolean) => {
    const run = list(cache, withSum);
    return (context: RequestContext) => {
      beforeList(context);
      return run(context);
    };
  };
  return [
    defineRoute('/transactions/', {
      GET: { scope: 'company', run: listing(false) },
      PATCH: { scope: 'company', run: patchMany },
    }),
    defineRoute('/transactions/extended/', { GET: { scope: 'company', run: listing(true) } }),
    defineRoute('/transactions/{id}/', { PATCH: { scope: 'company', run: patchOne } }),
    defineRoute('/accounts/{account_id}/transactions/', { POST: { scope: 'company', run: createTransactions } }),
  ];
}
