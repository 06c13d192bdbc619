/**
 * Data: one card per table (`TableCard`: name, rows, freshness, full or incremental, the completeness verdict), its
 * Pull or Refresh, a menu (filters, full refresh, go to sheet; on Accounts "New offline account…") and what happened
 * last time; "Refresh all" at the end, then the plan grid (`PlanGridCard`), "Analyse" (`AnalysisCard`), the bank-statement import (`ImportCard`).
 * Choosing a pulled table's card activates its sheet. At the top, what Refresh on open did (`OpenRefreshStatus`).
 */

import { Button, MessageBar, MessageBarBody, Text, Tooltip } from '@fluentui/react-components';
import { ArrowClockwise16Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';
import { useDataStyles } from './data-styles';
import { formatAge } from './format';
import { AnalysisCard } from './AnalysisCard';
import { ImportCard } from './ImportCard';
import { PlanGridCard } from './PlanGridCard';
import { OfflineAccountDialog } from './OfflineAccountDialog';
import { TableCard } from './TableCard';

export function DataView(): ReactElement {
  const app = useAppActions();
  const tables = useAppState((s) => s.tables);
  const language = useAppState((s) => s.language);
  const changes = useAppState((s) => s.changes);
  const styles = useDataStyles();
  const t = app.t;
  const anyPulled = tables.some((r) => r.pulled !== undefined);
  return (
    <div className={styles.stack}>
      <OpenRefreshStatus />
      {tables.map((row) => (
        <TableCard
          key={row.id}
          row={row}
          language={language}
          pending={changes.tables.find((c) => c.tableId === row.id)?.pending?.rows.length ?? 0}
          sending={changes.tables.some((c) => c.tableId === row.id && c.status !== 'idle')}
        />
      ))}
      <Button appearance={anyPulled ? 'primary' : 'secondary'} disabled={!anyPulled} onClick={() => void app.refreshAll()}>
        {t('pane.data.refreshAll')}
      </Button>
      <FunctionsRefresh />
      <PlanGridCard />
      <AnalysisCard />
      <ImportCard />
      <OfflineAccountDialog />
    </div>
  );
}

/** Refresh on open: running (a live status), done, or which tables failed and why (never silent). */
function OpenRefreshStatus(): ReactElement | null {
  const view = useAppState((s) => s.refreshOnOpen);
  if (view === undefined || view.status === 'idle') return null;
  if (view.status === 'failed') {
    return (
      <MessageBar intent="error" data-testid="open-refresh">
        <MessageBarBody>{view.message}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <Text size={200} role="status" aria-live="polite" data-testid="open-refresh">
      {view.message}
    </Text>
  );
}

/** "Refresh functions": the CASHFLOW cells read from the service again; says when it last happened. */
function FunctionsRefresh(): ReactElement {
  const app = useAppActions();
  const functions = useAppState((s) => s.functions);
  const connected = useAppState((s) => s.connection.status === 'connected');
  const language = useAppState((s) => s.language);
  const styles = useDataStyles();
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
