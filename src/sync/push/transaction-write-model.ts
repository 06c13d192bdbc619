/**
 * Transaction categories as a WriteModel (write-model.ts): the Transactions table, whose only editable cell is the
 * category (`Category`, a path picked from its in-cell list). A changed category is a `patchById` with the category's
 * id (transaction-row-check.ts resolves the cell), joined into `PATCH /transactions/` arrays of at most 1,000 items
 * (`batch`); the ids the service skipped are said on their rows. Nothing else is written: a row the sheet gained is
 * refused by the check, a row removed from the sheet waits with the reason (`deletes`: the service has no
 * delete of transactions), and a transaction the service no longer has cannot be created again from the sheet. Undo puts
 * the previous category back (transaction-writes.ts).
 */

import type { Transaction } from '../../api';
import { TRANSACTIONS_TABLE } from '../tables/transactions-table';
import { joinPatches, type PatchItem } from './bulk-patch';
import type { RecordWords } from './push-messages';
import type { RowChange } from './diff';
import type { PushRequest } from './push-request';
import { readReference } from './open-session';
import { waiting, type RowHead } from './row-verdict';
import { headerOfField } from './service-row';
import { CATEGORY_FIELD, checkTransactionRows } from './transaction-row-check';
import { patchCategories, readTransactions, transactionRow, undoTransactionRow, type TransactionWriteContext } from './transaction-writes';
import type { OpenContext, OpenedModel, Write, WriteModel } from './write-model';

/** The shared messages, worded for transactions. */
const TRANSACTION_WORDS: RecordWords = {
  'push.status.deletedOnService': 'push.transactionStatus.deletedOnService',
  'push.status.deleteConflict': 'push.transactionStatus.deleteRefused',
  'push.status.deleteHeld': 'push.transactionStatus.deleteRefused',
  'push.row.duplicateId': 'push.transactionRow.duplicateId',
  'push.row.unknownId': 'push.transactionRow.unknownId',
};

export function transactionWriteModel(): WriteModel<Transaction> {
  const table = TRANSACTIONS_TABLE;
  const columnOf = (field: string) => headerOfField(table, field);
  return {
    table,
    columnOf,
    generatesExternalIds: false,
    checksCellText: () => false,
    words: TRANSACTION_WORDS,
    deletes: { refused: 'push.transactionStatus.deleteRefused' },
    reference: readReference,
    open: (context) => openTransactions(columnOf, context),
  };
}

function openTransactions(columnOf: (field: string) => string, context: OpenContext): OpenedModel<Transaction> {
  const writes: TransactionWriteContext = {
    ...context,
    table: TRANSACTIONS_TABLE,
    transactions: TRANSACTIONS_TABLE,
    columnOf,
    categories: context.reference.categories,
  };
  // The category id each checked row's cell names (by transaction id), and the single-row PATCHes the batch joins.
  let categoryOf = new Map<number, number>();
  const patches = new Map<number, PatchItem<Transaction>>();
  const refused = (op: Write['op'], head: RowHead): Write => ({
    op,
    heads: [head],
    run: () => Promise.resolve([waiting(head, 'failed', context.t('push.transactionStatus.cannotCreate'), { op })]),
  });
  return {
    check: (rows, { baseline }) => {
      const checked = checkTransactionRows(rows, {
        categories: context.reference.categories,
        baseline: new Map(baseline.map((b) => [b.id, b.fields])),
        columnOf,
        language: context.language,
      });
      categoryOf = checked.categoryOf;
      return checked.checks;
    },
    plan: (changes) => ({ requests: changes.flatMap(requestOf), blocked: [] }),
    confirm: (request) => ({ request }),
    readByIds: async (ids) => (await readTransactions(writes, ids, context.signal)).map((t) => transactionRow(writes, t)),
    create: (head) => refused('create', head),
    recreate: (head) => refused('create', head),
    update: ({ head, settled, theirs }) => {
      const category = categoryOf.get(theirs.id);
      if (category === undefined) throw new Error(`transaction ${theirs.id} was not checked`);
      const item: PatchItem<Transaction> = { head, id: theirs.id, body: { [CATEGORY_FIELD]: category }, theirs, settled };
      patches.set(head.index, item);
      return { op: 'patch', heads: [head], run: () => patchCategories(writes, [item]) };
    },
    remove: (head) => refused('delete', head),
    undo: (row, theirs) => undoTransactionRow(writes, row, theirs),
    // `PATCH /transactions/` arrays of at most 1,000 items.
    batch: (list) =>
      joinPatches(
        list,
        patches,
        () => 'all',
        (_all, batch) => patchCategories(writes, batch),
      ),
  };
}

/** A changed category by the transaction's id (a new or deleted row never gets here: the check and `deletes` keep it back). */
const requestOf = (change: RowChange): PushRequest[] =>
  change.kind === 'changed'
    ? [
        {
          op: 'patchById',
          id: change.id,
          body: Object.fromEntries(change.changes.map((c) => [c.field, c.after])),
          position: change.position,
        },
      ]
    : [];
