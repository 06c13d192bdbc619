/**
 * Changes: per pushable table (a card) what waits to be sent, the one primary action "Send N changes", Discard,
 * "Undo last send", the progress while sending (read-only meanwhile, Cancel), what the last send did (conflicts
 * with both values, "Keep mine" / "Take theirs") and the journal of sends, each opened to its rows (JournalList);
 * budgets without an addressable external ID get Adopt (AdoptNotice, a row's menu, a waiting row of the result).
 * Every decision is AppState's: the view asks the user first where a write cannot be taken back silently (deletes,
 * whole rows, replace, adopt, discard, undo: change-dialogs.tsx).
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
import { AdoptNotice } from './AdoptNotice';
import { useChangeDialogs, type ChangeDialogs } from './change-dialogs';
import { ConfirmDialog } from './ConfirmDialog';
import { formatInteger, pluralOf } from './format';
import { JournalList } from './JournalList';
import { PendingRows, rowName } from './PendingRows';
import { PushResultPanel } from './PushResultPanel';

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
  const [lastAction, setLastAction] = useState<'push' | 'undo'>('push');
  const dialogs = useChangeDialogs(table, language, setLastAction);
  const label = t(table.label, table.labelParams);
  const disabled = table.status !== 'idle' || locked;
  const names = useRowNames(table);
  const adoptable = useMemo(() => new Map((table.adoptable ?? []).map((r) => [r.id, r])), [table.adoptable]);

  return (
    <Card className={styles.card} aria-label={label} data-table={table.tableName}>
      <CardHeading table={table} label={label} language={language} />
      <CardProblem table={table} />
      <PushProgress table={table} label={label} language={language} />
      <CardActions table={table} language={language} disabled={disabled} dialogs={dialogs} />

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
          onWholeRows={dialogs.wholeRows}
          adoptable={adoptable}
          onAdopt={(row) => dialogs.adopt([row])}
        />
      )}
      {lastAction === 'undo' && table.undo && <UndoOutcome undo={table.undo} language={language} />}

      <AdoptNotice table={table} language={language} disabled={disabled} onAdopt={dialogs.adopt} />
      <PendingRows
        table={table}
        language={language}
        disabled={disabled}
        onDiscard={dialogs.discardRow}
        onReplace={dialogs.replaceRow}
        onAdopt={(row) => dialogs.adopt([row])}
      />

      <JournalList table={table} language={language} />

      <ConfirmDialog request={dialogs.request} cancel={t('pane.changes.dialog.cancel')} onClose={dialogs.close} />
    </Card>
  );
}

/** The record's name by row key (`id:<id>`, `ext:<external id>`), from the pending rows: the push result names its rows by it. */
function useRowNames(table: ChangesTable): ReadonlyMap<string, string> {
  const t = useAppActions().t;
  const rows = table.pending?.rows;
  return useMemo(() => {
    const map = new Map<string, string>();
    for (const row of rows ?? []) {
      const name = rowName(row, t);
      if (row.ref.id !== null) map.set(`id:${row.ref.id}`, name);
      if (row.ref.externalId) map.set(`ext:${row.ref.externalId}`, name);
    }
    return map;
  }, [rows, t]);
}

/** The table's name and what waits ("2 changed · 1 new"). */
function CardHeading({ table, label, language }: { table: ChangesTable; label: string; language: Language }): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const counts = table.pending?.counts ?? { changed: 0, new: 0, deleted: 0 };
  const n = (count: number) => formatInteger(count, language);
  const countsText = [
    counts.changed > 0 ? t('pane.changes.counts.changed', { count: n(counts.changed) }) : '',
    counts.new > 0 ? t('pane.changes.counts.new', { count: n(counts.new) }) : '',
    counts.deleted > 0 ? t('pane.changes.counts.deleted', { count: n(counts.deleted) }) : '',
  ]
    .filter((p) => p !== '')
    .join(' · ');
  return (
    <div>
      <Text weight="semibold" block>
        {label}
      </Text>
      <Text size={200} className={styles.meta} data-testid="pending-counts">
        {countsText === '' ? t('pane.changes.nothingPending') : countsText}
      </Text>
    </div>
  );
}

/** Why the table cannot be sent, or why the last send stopped; the edits are still in the sheet. */
function CardProblem({ table }: { table: ChangesTable }): ReactElement | null {
  const t = useAppActions().t;
  if ((table.refused ?? table.error) === undefined) return null;
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        {table.refused ?? t('pane.changes.failed', { reason: table.error ?? '' })} {t('pane.changes.kept')}
      </MessageBarBody>
    </MessageBar>
  );
}

/** Send N changes (the one primary action), Discard, Undo last send. */
function CardActions({
  table,
  language,
  disabled,
  dialogs,
}: {
  table: ChangesTable;
  language: Language;
  disabled: boolean;
  dialogs: ChangeDialogs;
}): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const rows = table.pending?.rows ?? [];
  return (
    <div className={styles.actions}>
      <Button appearance="primary" disabled={disabled || rows.length === 0 || table.pending?.comparable === false} onClick={dialogs.send}>
        {t(`pane.changes.send.${pluralOf(rows.length, language)}`, { count: formatInteger(rows.length, language) })}
      </Button>
      <Button disabled={disabled || rows.length === 0} onClick={dialogs.discardAll}>
        {t('pane.changes.discard')}
      </Button>
      <Button appearance="subtle" disabled={disabled || !table.canUndo} onClick={dialogs.undo}>
        {t('pane.changes.undo')}
      </Button>
    </div>
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
