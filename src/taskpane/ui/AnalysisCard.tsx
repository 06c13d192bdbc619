/**
 * Data › Analysis (#31): "Analyse" builds the sheet Analysis (a PivotTable of the pulled transactions by category and
 * month, a chart of the balance forecast) or brings it up to date; says what it did, or why not. Shown for a
 * company's credentials where the host can build it (Excel, the preview). The rules are in the state (`app.analyse`).
 */

import { Button, Card, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { DataBarVertical16Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalS },
  title: { fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3 },
});

export function AnalysisCard(): ReactElement | null {
  const app = useAppActions();
  const view = useAppState((s) => s.analysis);
  const company = useAppState((s) => s.connection.status === 'connected' && s.connection.profile.kind === 'company');
  const locked = useAppState((s) => s.job !== undefined);
  const transactionsPulled = useAppState((s) => s.tables.some((r) => r.id === 'transactions' && r.pulled !== undefined));
  const styles = useStyles();
  const t = app.t;
  if (view === undefined || !company) return null;
  const working = view.status === 'working';
  return (
    <Card className={styles.card} aria-labelledby="analysis-card-title" data-testid="analysis-card">
      <Text id="analysis-card-title" as="h2" size={300} className={styles.title}>
        {t('pane.analysis.title')}
      </Text>
      <Text size={200} className={styles.meta}>
        {t('pane.analysis.hint')}
      </Text>
      <div>
        <Button
          appearance="secondary"
          icon={<DataBarVertical16Regular />}
          disabled={working || locked || !transactionsPulled}
          onClick={() => void app.analyse()}
          data-testid="analyse"
        >
          {t('pane.analysis.analyse')}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {working && <Text size={200}>{t('pane.analysis.working')}</Text>}
        {view.status === 'done' && <Text size={200}>{view.message}</Text>}
        {view.status === 'idle' && !transactionsPulled && (
          <Text size={200} className={styles.meta}>
            {t('pane.analysis.noTransactions')}
          </Text>
        )}
      </div>
      {view.status === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>{view.message}</MessageBarBody>
        </MessageBar>
      )}
    </Card>
  );
}
