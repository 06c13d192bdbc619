/** A table card's head: its name (a pulled table's name goes to its sheet) and how many rows it holds. */

import { Text, Tooltip } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { TableRow } from '../state/app-state';
import { useAppActions } from './app-context';
import { useDataStyles } from './data-styles';
import { formatInteger } from './format';

export function TableHeading({ row, label, language }: { row: TableRow; label: string; language: Language }): ReactElement {
  const app = useAppActions();
  const styles = useDataStyles();
  const t = app.t;
  const pulled = row.pulled;
  return (
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
  );
}
