/**
 * The table's filter in words: what the rows in the sheet were loaded with, and, when the filter was changed and not
 * loaded yet, that one (never "filtered" about rows that are not).
 */

import { mergeClasses, Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import { describeFilter } from '../../sync/filters/filter-words';
import type { TableRow } from '../state/app-state';
import { useAppActions } from './app-context';
import { useDataStyles } from './data-styles';

export function FilterWords({ row, language }: { row: TableRow; language: Language }): ReactElement | null {
  const app = useAppActions();
  const styles = useDataStyles();
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
