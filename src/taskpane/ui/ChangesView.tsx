/**
 * Changes: per pushable table (a card) what waits to be sent, the one primary action "Send N changes", Discard,
 * "Undo last send", the progress while sending (read-only meanwhile, Cancel), what the last send did (conflicts
 * with both values, "Keep mine" / "Take theirs") and the journal of sends, each opened to its rows (JournalList).
 * Every decision is AppState's: the view asks the user first where a write cannot be taken back silently (deletes,
 * whole rows, replace, discard, undo).
 */

import {
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  Spinner,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowSync20Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { ChangesTable } from '../state/app-state';
import { pushableOf } from '../state/changes-state';
import { useAppActions, useAppState } from './app-context';
import { ConfirmDialog, type ConfirmRequest } from './ConfirmDialog';
import { formatInteger, pluralOf } from './format';
import { JournalList } from './JournalList';
import { PendingRows, pendingKey, rowName } from './PendingRows';
import { PushResultPanel } from './PushResultPanel';

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

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  card: { gap: tokens.spacingVerticalS },
  meta: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  progressRow: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  empty: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export function ChangesView(): ReactElement {
  const app = useAppActions();
  const changes = useAppState((s) => s.changes);
  const tables = useAppState((s) => s.tables);
  const language = useAppState((s) => s.language);
  const pulling = useAppState((s) => s.job !== undefined);
  const styles = useStyles();
  const t = app.t;
  const [reviewed, setReviewed] = useState(false);

  useEffect(() => {
    void app.reviewChanges().finally(() => setReviewed(true));
  }, [app]);

  const pushable = tables.filter((row) => pushableOf(row.target) !== undefined);
  const pulled = pushable.filter((row) => row.pulled !== undefined);
  const waiting = changes.tables.reduce((sum, table) => sum + (table.pending?.rows.length ?? 0), 0);

  return (
    <div className={styles.stack}>
      <div className={styles.bar}>
        <Text className={styles.meta}>{waiting > 0 ? t('pane.tab.changesWaiting', { count: formatInteger(waiting, language) }) : ''}</Text>
        <Tooltip content={t('pane.changes.check')} relationship="label">
          <Button appearance="subtle" icon={<ArrowSync20Regular />} onClick={() => void app.reviewChanges()} />
        </Tooltip>
      </div>

      {pulled.length === 0 ? (
        <Text className={styles.meta}>
          {t('pane.changes.notPulled', { tables: pushable.map((row) => t(row.label, row.labelParams)).join(', ') })}
        </Text>
      ) : changes.tables.length === 0 ? (
        !reviewed && <Spinner size="small" label={t('pane.loading')} />
      ) : (
        <>
          {waiting === 0 && (
            <div className={styles.empty} data-testid="changes-empty">
              <Text weight="semibold">{t('pane.changes.empty.title')}</Text>
              <Text size={200} className={styles.meta}>
                {t('pane.changes.empty.text')}
              </Text>
            </div>
          )}
          {changes.tables.map((table) => (
            <ChangesCard key={table.tableId} table={table} language={language} locked={pulling} />
          ))}
        </>
      )}
    </div>
  );
}

function ChangesCard({ table, language, locked }: { table: ChangesTable; language: Language; locked: boolean }): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const [confirm, setConfirm] = useState<ConfirmRequest>();
  const [lastAction, setLastAction] = useState<'push' | 'undo'>('push');
  const label = t(table.label, table.labelParams);
  const words = RECORD_WORDS[table.records];
  const busy = table.status !== 'idle';
  const disabled = busy || locked;
  const pending = table.pending;
  const rows = pending?.rows ?? [];
  const counts = pending?.counts ?? { changed: 0, new: 0, deleted: 0 };
  const n = (count: number) => formatInteger(count, language);
  const undoable = table.canUndo;
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const row of rows) {
      const name = rowName(row, t);
      if (row.ref.id !== null) map.set(`id:${row.ref.id}`, name);
      if (row.ref.externalId) map.set(`ext:${row.ref.externalId}`, name);
    }
    return map;
  }, [rows, t]);

  const push = (choices: Parameters<typeof app.pushChanges>[1] = {}) => {
    setLastAction('push');
    void app.pushChanges(table.tableId, choices);
  };

  const send = () => {
    if (counts.deleted === 0) return push();
    const deleted = rows.filter((r) => r.kind === 'deleted').map((r) => rowName(r, t));
    setConfirm({
      title: t(`${words.deletes}.title.${pluralOf(counts.deleted, language)}`, { count: n(counts.deleted) }),
      body: t(`${words.deletes}.body`, { table: label, names: deleted.join(', ') }),
      confirm: t('pane.changes.dialog.deletes.confirm'),
      onConfirm: () => push({ deletes: true }),
      ...(rows.length > counts.deleted
        ? { alternative: { label: t('pane.changes.dialog.deletes.withoutDeletes'), onChoose: () => push() } }
        : {}),
    });
  };

  const discardAll = () =>
    setConfirm({
      title: t(`pane.changes.dialog.discard.title.${pluralOf(rows.length, language)}`, { count: n(rows.length) }),
      body: t('pane.changes.dialog.discard.body', { table: label }),
      confirm: t('pane.changes.dialog.discard.confirm'),
      onConfirm: () => void app.discardChanges(table.tableId),
    });

  const undo = () =>
    setConfirm({
      title: t('pane.changes.dialog.undo.title', { table: label }),
      body: t(words.undoBody),
      confirm: t('pane.changes.dialog.undo.confirm'),
      onConfirm: () => {
        setLastAction('undo');
        void app.undoLastPush(table.tableId);
      },
    });

  const countsText = [
    counts.changed > 0 ? t('pane.changes.counts.changed', { count: n(counts.changed) }) : '',
    counts.new > 0 ? t('pane.changes.counts.new', { count: n(counts.new) }) : '',
    counts.deleted > 0 ? t('pane.changes.counts.deleted', { count: n(counts.deleted) }) : '',
  ]
    .filter((p) => p !== '')
    .join(' · ');

  return (
    <Card className={styles.card} aria-label={label} data-table={table.tableName}>
      <div>
        <Text weight="semibold" block>
          {label}
        </Text>
        <Text size={200} className={styles.meta} data-testid="pending-counts">
          {countsText === '' ? t('pane.changes.nothingPending') : countsText}
        </Text>
      </div>

      {(table.refused ?? table.error) !== undefined && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            {table.refused ?? t('pane.changes.failed', { reason: table.error ?? '' })} {t('pane.changes.kept')}
          </MessageBarBody>
        </MessageBar>
      )}

      <PushProgress table={table} label={label} language={language} />

      <div className={styles.actions}>
        <Button appearance="primary" disabled={disabled || rows.length === 0 || pending?.comparable === false} onClick={send}>
          {t(`pane.changes.send.${pluralOf(rows.length, language)}`, { count: n(rows.length) })}
        </Button>
        <Button disabled={disabled || rows.length === 0} onClick={discardAll}>
          {t('pane.changes.discard')}
        </Button>
        <Button appearance="subtle" disabled={disabled || !undoable} onClick={undo}>
          {t('pane.changes.undo')}
        </Button>
      </div>

      {lastAction === 'push' && table.result && (
        <PushResultPanel
          result={table.result}
          language={language}
          disabled={disabled}
          names={names}
          onResolve={(row, resolution) => {
            setLastAction('push');
            void app.resolveConflict(table.tableId, row.key, resolution);
          }}
          onSelect={(row) => void app.selectRow(table.tableId, row.ref)}
          onWholeRows={(count) =>
            setConfirm({
              title: t(`pane.changes.dialog.wholeRows.title.${pluralOf(count, language)}`, { count: n(count) }),
              body: t('pane.changes.dialog.wholeRows.body'),
              confirm: t('pane.changes.dialog.wholeRows.confirm'),
              onConfirm: () => push({ wholeRows: true }),
            })
          }
        />
      )}
      {lastAction === 'undo' && table.undo && <UndoOutcome undo={table.undo} language={language} />}

      <PendingRows
        table={table}
        language={language}
        disabled={disabled}
        onDiscard={(row) =>
          setConfirm({
            title: t('pane.changes.dialog.discardRow.title', { name: rowName(row, t) }),
            body: t('pane.changes.dialog.discardRow.body'),
            confirm: t('pane.changes.dialog.discard.confirm'),
            onConfirm: () => void app.discardChanges(table.tableId, new Set([pendingKey(row)])),
          })
        }
        onReplace={(row) =>
          setConfirm({
            title: t('pane.changes.dialog.replace.title', { name: rowName(row, t) }),
            body: t('pane.changes.dialog.replace.body'),
            confirm: t('pane.changes.dialog.replace.confirm'),
            onConfirm: () => row.ref.id !== null && push({ replace: new Set([row.ref.id]) }),
          })
        }
      />

      <JournalList table={table} language={language} />

      <ConfirmDialog request={confirm} cancel={t('pane.changes.dialog.cancel')} onClose={() => setConfirm(undefined)} />
    </Card>
  );
}

/** Sending: phase, writes done of the total, Cancel. Screen readers hear the phase (a polite live region), not every row. */
function PushProgress({ table, label, language }: { table: ChangesTable; label: string; language: Language }): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const progress = table.progress;
  const sending = table.status === 'pushing';
  const phase = sending && progress ? t(`pane.changes.phase.${progress.phase}`) : '';
  const counted = sending && progress !== undefined && progress.phase === 'sending' && progress.total > 0;
  return (
    <div className={table.status === 'idle' ? undefined : styles.progress} data-testid="push-progress">
      <div aria-live="polite" role="status">
        {table.status === 'pushing' && <Text size={200}>{`${t('pane.changes.busy.pushing', { table: label })} ${phase}`}</Text>}
        {table.status === 'undoing' && <Text size={200}>{t('pane.changes.busy.undoing', { table: label })}</Text>}
      </div>
      {table.status !== 'idle' && (
        <div className={styles.progressRow}>
          <ProgressBar
            value={counted && progress ? Math.min(1, progress.done / progress.total) : undefined}
            thickness="large"
            aria-label={t('pane.progress.label')}
          />
          {counted && progress && (
            <Text size={200} aria-hidden>
              {t('pane.changes.progress', { done: formatInteger(progress.done, language), total: formatInteger(progress.total, language) })}
            </Text>
          )}
          {sending && (
            <Button size="small" onClick={() => app.cancelPush()}>
              {t('pane.changes.cancel')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function UndoOutcome({ undo, language }: { undo: NonNullable<ChangesTable['undo']>; language: Language }): ReactElement {
  const app = useAppActions();
  const t = app.t;
  if (undo.undid === undefined)
    return (
      <MessageBar intent="info">
        <MessageBarBody>{t('pane.changes.undo.nothing')}</MessageBarBody>
      </MessageBar>
    );
  const restored = undo.rows.filter((r) => r.outcome === 'restored' || r.outcome === 'nothingToDo').length;
  const skipped = undo.rows.length - restored;
  return (
    <MessageBar intent={skipped === 0 ? 'success' : 'warning'} layout="multiline" data-testid="undo-summary">
      <MessageBarBody>
        <MessageBarTitle>{t('pane.changes.undo')}</MessageBarTitle>
        {t('pane.changes.undo.done', { restored: formatInteger(restored, language), skipped: formatInteger(skipped, language) })}
        {skipped > 0 && (
          <ul>
            {undo.rows
              .filter((r) => r.outcome === 'changedSince' || r.outcome === 'failed')
              .map((r, i) => (
                <li key={`${r.id ?? r.externalId ?? i}`}>{`${r.externalId ?? (r.id === null ? '' : `#${r.id}`)}: ${r.message}`}</li>
              ))}
          </ul>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
