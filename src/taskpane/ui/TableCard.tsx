/**
 * A table's card on the Data view: its head (TableHeading), freshness and load mode, filter in words, rows waiting to
 * be sent, the completeness verdict, what went wrong last time (PullOutcomeBar), its actions (TableActions) and, when
 * opened from the menu, its filters (FilterEditor).
 */

import { Card, Text } from '@fluentui/react-components';
import { CheckmarkCircle16Filled, Edit16Regular, Warning16Filled } from '@fluentui/react-icons';
import { memo, useState, type ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { TableRow } from '../state/app-state';
import { useAppActions } from './app-context';
import { useDataStyles } from './data-styles';
import { FilterEditor } from './FilterEditor';
import { FilterWords } from './FilterWords';
import { formatAge, formatDateTime, formatInteger, pluralOf } from './format';
import { PullOutcomeBar } from './PullOutcomeBar';
import { TableActions } from './TableActions';
import { TableHeading } from './TableHeading';

export interface TableCardProps {
  row: TableRow;
  language: Language;
  /** Rows of the table with changes not sent yet (as of the last check). */
  pending: number;
  /** A send or an undo runs on this table: no refresh meanwhile. */
  sending: boolean;
}

/** Memoized: progress events change the job, not the rows, so the cards are not repainted while a pull runs. */
export const TableCard = memo(function TableCard({ row, language, pending, sending }: TableCardProps): ReactElement {
  const t = useAppActions().t;
  const styles = useDataStyles();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const label = t(row.label, row.labelParams);
  const pulled = row.pulled;
  return (
    <Card className={styles.card} aria-label={label} data-table={row.tableName}>
      <TableHeading row={row} label={label} language={language} />
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

      {row.outcome && row.outcome.kind !== 'done' && <PullOutcomeBar outcome={row.outcome} />}

      <TableActions row={row} label={label} busy={row.running || row.queued || sending} onToggleFilters={() => setFiltersOpen((o) => !o)} />
      {filtersOpen && <FilterEditor row={row} onClose={() => setFiltersOpen(false)} />}
    </Card>
  );
});
