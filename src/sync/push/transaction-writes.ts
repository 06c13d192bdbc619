/**
 * The transaction writes: changed categories in one `PATCH /transactions/` array of at most 1,000 `{id, category}`
 * items (`patchArray`: the ids the service skipped fail on their rows, a 400 names its items, a lost answer is read
 * back before anything goes again), and undo: the previous category by the same PATCH, while the service still holds
 * the one the push sent. Nothing else of a transaction is written: creates and deletes are refused before they get
 * here (transaction-write-model.ts).
 */

import { itemsByIds, type CashflowClient, type Category, type Transaction } from '../../api';
import type { Language } from '../../i18n/catalog';
import { resolveCategory } from '../tables/category-reference';
import type { Lookups } from '../tables/lookups';
import type { TableModel } from '../tables/table-model';
import { patchArray, type BulkPatch, type PatchItem } from './bulk-patch';
import { sameValue } from './diff';
import type { JournalRow } from './push-port';
import type { RowVerdict } from './row-verdict';
import type { SendOptions } from './send-change';
import { plainServiceRow, type ServiceRow } from './service-row';
import type { SettleContext } from './settle-write';
import { CATEGORY_FIELD } from './transaction-row-check';
import type { UndoStep } from './write-model';

export interface TransactionWriteContext extends SettleContext {
  client: CashflowClient;
  language: Language;
  lookups: Lookups;
  categories: readonly Category[];
  send: SendOptions;
  signal?: AbortSignal;
  transactions: TableModel<Transaction>;
}

const opts = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

export const transactionRow = (context: TransactionWriteContext, transaction: Transaction): ServiceRow<Transaction> =>
  plainServiceRow(context.transactions, transaction, context.lookups);

export function readTransactions(context: TransactionWriteContext, ids: readonly number[], signal?: AbortSignal): Promise<Transaction[]> {
  return ids.length === 0 ? Promise.resolve([]) : itemsByIds(context.client.transactions, ids, {}, opts(signal));
}

/** One `PATCH /transactions/` array; the body of each item is `{category: id}`, the journal keeps the path. */
export function patchCategories(context: TransactionWriteContext, items: readonly PatchItem<Transaction>[]): Promise<RowVerdict[]> {
  const bulk: BulkPatch<Transaction> = {
    settle: context,
    send: context.send,
    patch: (body, signal) =>
      context.client.transactions.updateCategories(
        body.map((b) => ({ id: b.id as number, category: b[CATEGORY_FIELD] as number })),
        opts(signal),
      ),
    readByIds: (ids, signal) => readTransactions(context, ids, signal),
    idOf: (transaction) => transaction.id,
    row: (transaction) => transactionRow(context, transaction),
    holds: (transaction, body) => transaction.category.id === body[CATEGORY_FIELD],
    skipped: context.t('push.transactionStatus.skipped'),
    journalFields: () => [CATEGORY_FIELD],
  };
  return patchArray(bulk, items);
}

/**
 * Undo of one landed journal row: the previous category (the journal's path, resolved against today's categories)
 * by a PATCH array of one item, while the service still holds the category the push sent.
 */
export async function undoTransactionRow(
  context: TransactionWriteContext,
  r: JournalRow,
  theirs: ServiceRow<Transaction> | undefined,
): Promise<UndoStep<Transaction>> {
  const { t } = context;
  if (theirs === undefined) return { kind: 'report', outcome: 'changedSince', message: t('push.undo.transactionGone') };
  const sent = r.sent?.[CATEGORY_FIELD];
  const before = r.before?.[CATEGORY_FIELD];
  if (sameValue(theirs.fields[CATEGORY_FIELD], before))
    return { kind: 'report', outcome: 'nothingToDo', message: t('push.undo.transactionRestored') };
  if (!sameValue(theirs.fields[CATEGORY_FIELD], sent))
    return { kind: 'report', outcome: 'changedSince', message: t('push.undo.changedSince', { columns: context.columnOf(CATEGORY_FIELD) }) };
  const previous = typeof before === 'string' ? resolveCategory(before, context.categories) : undefined;
  if (previous === undefined || !previous.ok)
    return { kind: 'report', outcome: 'failed', message: t('push.undo.transactionCategoryGone', { value: String(before ?? '') }) };
  const head = {
    index: 0,
    key: `id:${theirs.id}`,
    ref: { position: -1, id: theirs.id, externalId: null },
    change: 'changed' as const,
    changed: [CATEGORY_FIELD],
  };
  const [verdict] = await patchCategories(context, [
    { head, id: theirs.id, body: { [CATEGORY_FIELD]: previous.id }, theirs, settled: new Set() },
  ]);
  if (verdict?.outcome !== 'landed' || verdict.baseline?.set === undefined)
    return { kind: 'report', outcome: 'failed', message: verdict?.message ?? '' };
  const [now] = await readTransactions(context, [theirs.id], context.signal).catch(() => []);
  const row = now === undefined ? theirs : transactionRow(context, now);
  return { kind: 'restored', row, fields: [CATEGORY_FIELD], restorable: [CATEGORY_FIELD], message: t('push.undo.transactionRestored') };
}
