/**
 * The confirmations of a Changes card, one builder each (the view asks before a write it cannot take back silently):
 * the send with deletes, discard of all or one row, undo of the last send, whole-row writes, the Replace row
 * action and Adopt (the budgets and the ID each gets, and the whole-row write it sends). The hook keeps the open request for the card's ConfirmDialog and starts the action the user confirms.
 */

import { useState, type ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { ChangesTable } from '../state/app-state';
import { useAppActions } from './app-context';
import type { ConfirmRequest } from './ConfirmDialog';
import { formatInteger, pluralOf } from './format';
import { pendingKey, rowName } from './PendingRows';

type PendingRow = NonNullable<ChangesTable['pending']>['rows'][number];
type AdoptableRow = NonNullable<ChangesTable['adoptable']>[number];

/** Budgets the Adopt dialog names one by one; the rest are counted. */
const ADOPT_LISTED = 8;
type Choices = Parameters<ReturnType<typeof useAppActions>['pushChanges']>[1];

/**
 * The words of a card's dialogs that name its rows: a budget deleted comes back by undo, an invoice deleted does not
 * (the service would give it a new id, without its source and matched transactions).
 */
const RECORD_WORDS = {
  budgets: { deletes: 'pane.changes.dialog.deletes', undoBody: 'pane.changes.dialog.undo.body' },
  invoices: { deletes: 'pane.changes.dialog.invoiceDeletes', undoBody: 'pane.changes.dialog.invoiceUndo.body' },
  // Transactions are never deleted (the push refuses a removed row before anything is asked): the budget words never show.
  transactions: { deletes: 'pane.changes.dialog.deletes', undoBody: 'pane.changes.dialog.transactionUndo.body' },
} as const;

export interface ChangeDialogs {
  /** The confirmation shown, if any. */
  request: ConfirmRequest | undefined;
  close(): void;
  /** Send: at once, or after the deletes' confirmation. */
  send(): void;
  discardAll(): void;
  discardRow(row: PendingRow): void;
  undo(): void;
  wholeRows(count: number): void;
  replaceRow(row: PendingRow): void;
  /** Adopt these budgets (one, or all of the table's) and send at once. */
  adopt(rows: readonly AdoptableRow[]): void;
}

/** `onAction`: which outcome the card shows next (the push's or the undo's). */
export function useChangeDialogs(table: ChangesTable, language: Language, onAction: (action: 'push' | 'undo') => void): ChangeDialogs {
  const app = useAppActions();
  const t = app.t;
  const [request, setRequest] = useState<ConfirmRequest>();
  const label = t(table.label, table.labelParams);
  const rows = table.pending?.rows ?? [];
  const n = (count: number) => formatInteger(count, language);
  const push = (choices: Choices = {}) => {
    onAction('push');
    void app.pushChanges(table.tableId, choices);
  };
  return {
    request,
    close: () => setRequest(undefined),
    send: () => {
      const deletes = deletesRequest(table, language, t, push);
      if (deletes === undefined) push();
      else setRequest(deletes);
    },
    discardAll: () =>
      setRequest({
        title: t(`pane.changes.dialog.discard.title.${pluralOf(rows.length, language)}`, { count: n(rows.length) }),
        body: t('pane.changes.dialog.discard.body', { table: label }),
        confirm: t('pane.changes.dialog.discard.confirm'),
        onConfirm: () => void app.discardChanges(table.tableId),
      }),
    discardRow: (row) =>
      setRequest({
        title: t('pane.changes.dialog.discardRow.title', { name: rowName(row, t) }),
        body: t('pane.changes.dialog.discardRow.body'),
        confirm: t('pane.changes.dialog.discard.confirm'),
        onConfirm: () => void app.discardChanges(table.tableId, new Set([pendingKey(row)])),
      }),
    undo: () =>
      setRequest({
        title: t('pane.changes.dialog.undo.title', { table: label }),
        body: t(RECORD_WORDS[table.records].undoBody),
        confirm: t('pane.changes.dialog.undo.confirm'),
        onConfirm: () => {
          onAction('undo');
          void app.undoLastPush(table.tableId);
        },
      }),
    wholeRows: (count) =>
      setRequest({
        title: t(`pane.changes.dialog.wholeRows.title.${pluralOf(count, language)}`, { count: n(count) }),
        body: t('pane.changes.dialog.wholeRows.body'),
        confirm: t('pane.changes.dialog.wholeRows.confirm'),
        onConfirm: () => push({ wholeRows: true }),
      }),
    replaceRow: (row) =>
      setRequest({
        title: t('pane.changes.dialog.replace.title', { name: rowName(row, t) }),
        body: t('pane.changes.dialog.replace.body'),
        confirm: t('pane.changes.dialog.replace.confirm'),
        onConfirm: () => row.ref.id !== null && push({ replace: new Set([row.ref.id]) }),
      }),
    adopt: (adopted) =>
      setRequest({
        title: t(`pane.changes.dialog.adopt.title.${pluralOf(adopted.length, language)}`, { count: n(adopted.length) }),
        body: <AdoptDialogBody table={table} rows={adopted} language={language} />,
        confirm: t('pane.changes.dialog.adopt.confirm'),
        onConfirm: () => {
          onAction('push');
          void app.adoptBudgets(table.tableId, new Set(adopted.map((r) => r.id)));
        },
      }),
  };
}

/** The deletes' confirmation of a send ("Delete 2 budgets on the service?"), or undefined when it deletes nothing. */
function deletesRequest(
  table: ChangesTable,
  language: Language,
  t: ReturnType<typeof useAppActions>['t'],
  push: (choices?: Choices) => void,
): ConfirmRequest | undefined {
  const rows = table.pending?.rows ?? [];
  const deleted = rows.filter((r) => r.kind === 'deleted');
  if (deleted.length === 0) return undefined;
  const words = RECORD_WORDS[table.records];
  return {
    title: t(`${words.deletes}.title.${pluralOf(deleted.length, language)}`, { count: formatInteger(deleted.length, language) }),
    body: t(`${words.deletes}.body`, { table: t(table.label, table.labelParams), names: deleted.map((r) => rowName(r, t)).join(', ') }),
    confirm: t('pane.changes.dialog.deletes.confirm'),
    // Only the rows this dialog named: a row deleted while it was open waits for the next confirmation.
    onConfirm: () => push({ deletes: new Set(deleted.flatMap((r) => (r.ref.id === null ? [] : [r.ref.id]))) }),
    ...(rows.length > deleted.length
      ? { alternative: { label: t('pane.changes.dialog.deletes.withoutDeletes'), onChoose: () => push() } }
      : {}),
  };
}

/** What Adopt does, plainly: each budget and the ID it gets, the whole-row write, and the table's other changes going along. */
function AdoptDialogBody({
  table,
  rows,
  language,
}: {
  table: ChangesTable;
  rows: readonly AdoptableRow[];
  language: Language;
}): ReactElement {
  const t = useAppActions().t;
  const others = (table.pending?.rows.length ?? 0) - rows.length;
  const more = rows.length - ADOPT_LISTED;
  return (
    <>
      <ul aria-label={t('pane.changes.dialog.adopt.rowsLabel')} data-testid="adopt-rows">
        {rows.slice(0, ADOPT_LISTED).map((r) => (
          <li key={r.id}>{t('pane.changes.dialog.adopt.row', { name: r.name || `#${r.id}`, externalId: r.externalId })}</li>
        ))}
        {more > 0 && <li>{t('pane.changes.dialog.adopt.more', { count: formatInteger(more, language) })}</li>}
      </ul>
      <p>{t('pane.changes.dialog.adopt.body')}</p>
      {others > 0 && <p>{t('pane.changes.dialog.adopt.others', { table: t(table.label, table.labelParams) })}</p>}
    </>
  );
}
