/**
 * Data › Bank-statement import: add the Import table (or go to it), send it, the progress with Cancel, and what the
 * send did (imported, waiting with their reasons in the rows, not confirmed, imported before). Shown for a company's
 * credentials where the host has an Import table (Excel, the preview). The rules are in the state (`app.sendImport`).
 */

import { Button, Card, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowUpload16Regular, TableAdd16Regular } from '@fluentui/react-icons';
import { useEffect, type ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';
import { OutcomeMessage } from './OutcomeMessage';
import { formatInteger } from './format';

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalS },
  title: { fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export function ImportCard(): ReactElement | null {
  const app = useAppActions();
  const view = useAppState((s) => s.importing);
  const language = useAppState((s) => s.language);
  const company = useAppState((s) => s.connection.status === 'connected' && s.connection.profile.kind === 'company');
  const locked = useAppState((s) => s.job !== undefined);
  const styles = useStyles();
  const t = app.t;
  useEffect(() => {
    if (company) void app.refreshImport();
  }, [app, company]);
  if (!company) return null;
  const busy = view.status !== 'idle';
  const progress = view.progress;
  return (
    <Card className={styles.card} aria-labelledby="import-card-title" data-testid="import-card">
      <Text id="import-card-title" as="h2" size={300} className={styles.title}>
        {t('import.card.title')}
      </Text>
      <Text size={200} className={styles.meta}>
        {t('import.card.intro')}
      </Text>
      <div className={styles.actions}>
        {view.tableExists && (
          <Button appearance="primary" icon={<ArrowUpload16Regular />} disabled={busy || locked} onClick={() => void app.sendImport()}>
            {t('import.card.send')}
          </Button>
        )}
        <Button
          appearance={view.tableExists ? 'secondary' : 'primary'}
          icon={<TableAdd16Regular />}
          disabled={busy}
          onClick={() => void app.addImportTable()}
        >
          {view.tableExists ? t('import.card.show') : t('import.card.add')}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {view.status === 'adding' && <Text size={200}>{t('import.card.adding')}</Text>}
        {view.status === 'sending' && progress !== undefined && (
          <div className={styles.actions}>
            <ProgressBar value={progress.total === 0 ? undefined : progress.done / progress.total} aria-label={t('import.card.title')} />
            <Text size={200}>
              {t('import.card.sending', { done: formatInteger(progress.done, language), total: formatInteger(progress.total, language) })}
            </Text>
            <Button size="small" onClick={() => app.cancelImport()}>
              {t('import.card.cancel')}
            </Button>
          </div>
        )}
        {view.status === 'idle' && view.message !== undefined && <OutcomeMessage message={view.message} testId="import-outcome" />}
      </div>
    </Card>
  );
}
