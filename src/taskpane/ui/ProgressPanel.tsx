/**
 * The running pull, pinned at the bottom and never behind a modal: table, phase (or that it waits for the service,
 * whose reason and seconds the message tells), pages and rows of the total, and Cancel (disabled once the rows are in:
 * the pull's finishing no longer stops). Screen readers hear the phase (a polite live region), not every row.
 */

import { Button, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { AppState, Job } from '../state/app-state';
import { useAppActions, useAppState } from './app-context';
import { formatInteger } from './format';

const useStyles = makeStyles({
  panel: {
    position: 'sticky',
    bottom: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
});

export function ProgressPanel(): ReactElement | null {
  const app = useAppActions();
  const job = useAppState((s) => s.job);
  const language = useAppState((s) => s.language);
  const styles = useStyles();
  const t = app.t;
  const phase = job?.progress?.phase;
  return (
    <section aria-label={t('pane.progress.label')} aria-live="polite" className={job ? styles.panel : undefined} data-testid="progress">
      {job && (
        <>
          <ProgressBar value={fraction(job.progress)} thickness="large" aria-label={t('pane.progress.label')} />
          <Text size={200}>{job.progress?.message ?? startingText(job, t, language)}</Text>
          <div className={styles.row}>
            <Text size={200} aria-hidden>
              {phase ? t(job.progress?.waiting ? 'pane.phase.waiting' : `pane.phase.${phase}`) : ''}
            </Text>
            <Button size="small" onClick={() => app.cancel()} disabled={job.cancelling || phase === 'finishing'}>
              {job.cancelling ? t('pane.progress.cancelling') : t('pane.progress.cancel')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** Before the first page: the rows counted for the load, once known ("12,000 rows coming"). */
function startingText(job: Job, t: AppState['t'], language: Language): string {
  if (job.expectedRows === undefined) return t('pane.progress.starting', { table: job.label });
  return t('pane.load.coming', { table: job.label, rows: formatInteger(job.expectedRows, language) });
}

/** Undefined: indeterminate (reading, verifying, or before the first count). */
function fraction(
  progress: { phase: string; rows: number; total: number; pagesDone: number; pagesTotal: number } | undefined,
): number | undefined {
  if (progress === undefined) return undefined;
  if (progress.phase === 'fetching' && progress.pagesTotal > 0) return Math.min(1, progress.pagesDone / progress.pagesTotal);
  if (progress.phase === 'writing' && progress.total > 0) return Math.min(1, progress.rows / progress.total);
  if (progress.phase === 'finishing' || progress.phase === 'done') return 1;
  return undefined;
}
