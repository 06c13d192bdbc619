/**
 * Data: one card per table (name, rows, freshness, full or incremental, the completeness verdict), its Pull or
 * Refresh, a menu (filters, full refresh, go to sheet; on Accounts "New offline account…") and what happened last
 * time; "Refresh all" at the end, then the bank-statement import (`ImportCard`).
 * Choosing a pulled table's card activates its sheet.
 */

import {
  Button,
  Card,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import {
  Add16Regular,
  ArrowClockwise16Regular,
  CheckmarkCircle16Filled,
  Edit16Regular,
  MoreHorizontal20Regular,
  Warning16Filled,
} from '@fluentui/react-icons';
import { memo, useState, type ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { TableRow } from '../state/app-state';
import { useAppActions, useAppState } from './app-context';
import { describeFilter } from '../../sync/filters/filter-words';
import { FilterEditor } from './FilterEditor';
import { OfflineAccountDialog } from './OfflineAccountDialog';
import { ImportCard } from './ImportCard';
import { formatAge, formatDateTime, formatInteger, pluralOf } from './format';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { gap: tokens.spacingVerticalXS },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  name: {
    border: 'none',
    background: 'none',
    padding: 0,
    font: 'inherit',
    color: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    fontWeight: tokens.fontWeightSemibold,
  },
  meta: { color: tokens.colorNeutralForeground3 },
  verdict: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  warn: { color: tokens.colorPaletteYellowForeground2 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  line: { display: 'block' },
  pending: { color: tokens.colorPaletteMarigoldForeground2, fontWeight: tokens.fontWeightSemibold },
  functions: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalXXS },
});

export function DataView(): ReactElement {
  const app = useAppActions();
  const tables = useAppState((s) => s.tables);
  const language = useAppState((s) => s.language);
  const locked = useAppState((s) => s.job !== undefined);
  const changes = useAppState((s) => s.changes);
  const styles = useStyles();
  const t = app.t;
  const anyPulled = tables.some((r) => r.pulled !== undefined);
  return (
    <div className={styles.stack}>
      {tables.map((row) => (
        <TableCard
          key={row.id}
          row={row}
          language={language}
          locked={locked}
          pending={changes.tables.find((c) => c.tableId === row.id)?.pending?.rows.length ?? 0}
          sending={changes.tables.some((c) => c.tableId === row.id && c.status !== 'idle')}
        />
      ))}
      <Button appearance={anyPulled ? 'primary' : 'secondary'} disabled={!anyPulled} onClick={() => void app.refreshAll()}>
        {t('pane.data.refreshAll')}
      </Button>
      <FunctionsRefresh />
      <ImportCard />
      <OfflineAccountDialog />
    </div>
  );
}

/** "Refresh functions": the CASHFLOW cells read from the service again; says when it last happened. */
function FunctionsRefresh(): ReactElement {
  const app = useAppActions();
  const functions = useAppState((s) => s.functions);
  const connected = useAppState((s) => s.connection.status === 'connected');
  const language = useAppState((s) => s.language);
  const styles = useStyles();
  const t = app.t;
  const refreshing = functions.status === 'refreshing';
  return (
    <div className={styles.functions}>
      <Tooltip content={t('pane.data.refreshFunctionsHint')} relationship="description">
        <Button
          appearance="secondary"
          icon={<ArrowClockwise16Regular />}
          disabled={!connected || refreshing}
          onClick={() => void app.refreshFunctions()}
          data-testid="refresh-functions"
        >
          {t('pane.data.refreshFunctions')}
        </Button>
      </Tooltip>
      <Text size={200} className={styles.meta} role="status" aria-live="polite">
        {refreshing
          ? t('pane.data.functionsRefreshing')
          : functions.at === undefined
            ? ''
            : t('pane.data.functionsRefreshed', { age: formatAge(functions.at, language) })}
      </Text>
    </div>
  );
}

/**
 * The table's filter in words: what the rows in the sheet were loaded with, and, when the filter was changed and not
 * loaded yet, that one (never "filtered" about rows that are not).
 */
function FilterWords({ row, language }: { row: TableRow; language: Language }): ReactElement | null {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const loaded =
    row.pulled === undefined
      ? ''
      : describeFilter({ target: row.pulled.target, ...(row.pulled.period ? { period: row.pulled.period } : {}) }, language);
  const waiting = row.filterPending
    ? describeFilter({ target: app.resolvedTarget(row), ...(row.period ? { period: row.period } : {}) }, language)
    : '';
  if (loaded === '' && !row.filterPending) return null;
  return (
    <Text size={200} className={styles.meta} data-testid="filter-words">
      {loaded !== '' && <span className={styles.line}>{t('pane.data.filterWords', { filter: loaded })}</span>}
      {row.filterPending && (
        <span className={mergeClasses(styles.line, styles.pending)}>
          {waiting === '' ? t('pane.data.filterPendingNone') : t('pane.data.filterPending', { filter: waiting })}
        </span>
      )}
    </Text>
  );
}

/** Memoized: progress events change the job, not the rows, so the cards are not repainted while a pull runs. */
const TableCard = memo(function TableCard({
  row,
  language,
  locked,
  pending,
  sending,
}: {
  row: TableRow;
  language: Language;
  locked: boolean;
  /** Rows of the table with changes not sent yet (as of the last check). */
  pending: number;
  /** A send or an undo runs on this table: no refresh meanwhile. */
  sending: boolean;
}): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Offline accounts are made for the company of the credentials: group credentials name no company to make one in.
  const createsAccounts = useAppState(
    (s) => row.target.resource === 'accounts' && s.connection.status === 'connected' && s.connection.profile.kind === 'company',
  );
  const label = t(row.label, row.labelParams);
  const pulled = row.pulled;
  const busy = row.running || row.queued || sending;
  const action = pulled === undefined ? t('pane.data.pull') : t('pane.data.refresh');

  return (
    <Card className={styles.card} aria-label={label} data-table={row.tableName}>
      <div className={styles.head}>
        {pulled === undefined ? (
          <Text weight="semibold">{label}</Text>
        ) : (
          <Tooltip content={t('pane.data.goToSheet')} relationship="description">
            <button type="button" className={styles.name} onClick={() => void app.activate(row.id)}>
              {label}
            </button>
          </Tooltip>
        )}
        <Text size={200} className={styles.meta} data-testid="row-count">
          {pulled === undefined ? t('pane.data.notPulled') : t('pane.data.rows', { rows: formatInteger(pulled.rowCount, language) })}
        </Text>
      </div>

      {pulled === undefined ? (
        <Text size={200} className={styles.meta}>
          {t(`pane.data.empty.${row.target.resource}`)}
        </Text>
      ) : (
        <Text size={200} className={styles.meta}>
          <span title={formatDateTime(pulled.lastPullAt, language)}>
            {t('pane.data.pulledAgo', { age: formatAge(pulled.lastPullAt, language) })}
          </span>
          {' · '}
          {pulled.lastMode === 'incremental' ? t('pane.data.modeIncremental') : t('pane.data.modeFull')}
        </Text>
      )}
      <FilterWords row={row} language={language} />

      {pending > 0 && (
        <Text size={200} className={styles.verdict} data-testid="pending-edits">
          <Edit16Regular aria-hidden />
          {t(`pane.data.pending.${pluralOf(pending, language)}`, { count: formatInteger(pending, language) })}
        </Text>
      )}

      {row.verdict && (
        <Text size={200} className={styles.verdict}>
          {row.verdict.complete ? (
            <CheckmarkCircle16Filled className={styles.ok} aria-hidden />
          ) : (
            <Warning16Filled className={styles.warn} aria-hidden />
          )}
          {row.verdict.complete ? t('pane.verdict.complete') : t('pane.verdict.incomplete')}
          {row.verdict.reason ? ` ${row.verdict.reason}` : ''}
        </Text>
      )}

      {row.outcome && row.outcome.kind !== 'done' && (
        <MessageBar intent={row.outcome.kind === 'failed' ? 'error' : 'warning'} layout="multiline">
          <MessageBarBody>
            {row.outcome.message} {t('pane.data.keptTable')}
            {row.outcome.detail && (
              <details>
                <summary>{t('pane.data.details')}</summary>
                {row.outcome.detail}
              </details>
            )}
          </MessageBarBody>
        </MessageBar>
      )}

      <div className={styles.actions}>
        {/* disabledFocusable: while its load runs the button keeps the focus (a disabled one drops it to the body). */}
        <Button size="small" disabledFocusable={busy || locked} onClick={() => void app.pull(row.id)} aria-label={`${action} ${label}`}>
          {row.running ? t('pane.data.running') : row.queued ? t('pane.data.queued') : action}
        </Button>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button
              size="small"
              appearance="subtle"
              icon={<MoreHorizontal20Regular />}
              aria-label={t('pane.data.more', { table: label })}
            />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem onClick={() => setFiltersOpen((o) => !o)}>{t('pane.data.filters')}</MenuItem>
              <MenuItem disabled={busy || locked || pulled === undefined} onClick={() => void app.pull(row.id, 'full')}>
                {t('pane.data.fullRefresh')}
              </MenuItem>
              <MenuItem disabled={pulled === undefined} onClick={() => void app.activate(row.id)}>
                {t('pane.data.goToSheet')}
              </MenuItem>
              {createsAccounts && (
                <MenuItem icon={<Add16Regular />} onClick={() => app.openOfflineAccount()}>
                  {t('account.new.menu')}
                </MenuItem>
              )}
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
      {filtersOpen && <FilterEditor row={row} onClose={() => setFiltersOpen(false)} />}
    </Card>
  );
});
