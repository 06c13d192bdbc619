/**
 * The rows of a table waiting to be sent: the budget's name and external ID, what changed ("Amount: -4,500.00 →
 * -4,000.00"), new and deleted marks, and per row a menu (discard this change, replace on the service, adopt a budget
 * without an addressable external ID under the ID it would get). A long list
 * shows its first rows and a button for the rest.
 */

import { Badge, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, makeStyles, tokens } from '@fluentui/react-components';
import { MoreHorizontal20Regular } from '@fluentui/react-icons';
import { useState, type ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { ChangesTable } from '../state/app-state';
import { useAppActions } from './app-context';
import { changeValue } from './change-value';
import { formatInteger } from './format';

type PendingRow = NonNullable<ChangesTable['pending']>['rows'][number];
type AdoptableRow = NonNullable<ChangesTable['adoptable']>[number];

const FIRST_ROWS = 20;

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: tokens.spacingVerticalXS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  field: { overflowWrap: 'anywhere' },
});

/** How a pending row is named for `discardChanges` (`id:<id>`, or `row:<position>` for a new row). */
export function pendingKey(row: PendingRow): string {
  return row.ref.id === null ? `row:${row.ref.position}` : `id:${row.ref.id}`;
}

export function rowName(
  row: { name?: string; ref: { id: number | null; externalId: string | null } },
  t: ReturnType<typeof useAppActions>['t'],
): string {
  if (row.name) return row.name;
  if (row.ref.externalId) return row.ref.externalId;
  return row.ref.id === null ? t('pane.changes.unnamed') : `#${row.ref.id}`;
}

export interface PendingRowsProps {
  table: ChangesTable;
  language: Language;
  disabled: boolean;
  onDiscard(row: PendingRow): void;
  onReplace(row: PendingRow): void;
  onAdopt(row: AdoptableRow): void;
}

export function PendingRows({ table, language, disabled, onDiscard, onReplace, onAdopt }: PendingRowsProps): ReactElement | null {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const [all, setAll] = useState(false);
  const rows = table.pending?.rows ?? [];
  if (rows.length === 0) return null;
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  const label = t(table.label, table.labelParams);
  const adoptable = new Map((table.adoptable ?? []).map((r) => [r.id, r]));
  return (
    <>
      <ul className={styles.list} aria-label={t('pane.changes.rowsLabel', { table: label })}>
        {shown.map((row) => {
          const name = rowName(row, t);
          const adopt = row.ref.id === null ? undefined : adoptable.get(row.ref.id);
          return (
            <li key={`${row.kind}:${pendingKey(row)}`} className={styles.item} data-testid="pending-row">
              <div className={styles.head}>
                <Text weight="semibold" className={styles.name} title={name}>
                  {name}
                </Text>
                {row.kind !== 'changed' && (
                  <Badge size="small" appearance="tint" color={row.kind === 'deleted' ? 'danger' : 'informative'}>
                    {t(row.kind === 'new' ? 'pane.changes.mark.new' : 'pane.changes.mark.deleted')}
                  </Badge>
                )}
                <Menu>
                  <MenuTrigger disableButtonEnhancement>
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<MoreHorizontal20Regular />}
                      disabled={disabled}
                      aria-label={t('pane.changes.rowMenu', { name })}
                    />
                  </MenuTrigger>
                  <MenuPopover>
                    <MenuList>
                      <MenuItem onClick={() => onDiscard(row)}>{t('pane.changes.discardRow')}</MenuItem>
                      {row.kind === 'changed' && row.ref.id !== null && (
                        <MenuItem onClick={() => onReplace(row)}>{t('pane.changes.replaceRow')}</MenuItem>
                      )}
                      {adopt && (
                        <MenuItem onClick={() => onAdopt(adopt)}>{t('pane.changes.adopt.row', { externalId: adopt.externalId })}</MenuItem>
                      )}
                    </MenuList>
                  </MenuPopover>
                </Menu>
              </div>
              {row.ref.externalId && row.ref.externalId !== name && (
                <Text size={200} className={styles.meta}>
                  {row.ref.externalId}
                </Text>
              )}
              {row.fields.map((f) => (
                <Text key={f.field} size={200} className={styles.field}>
                  {row.kind === 'new'
                    ? t('pane.changes.fieldNew', { column: f.column, after: changeValue(f.after, f.field, language, t) })
                    : t('pane.changes.field', {
                        column: f.column,
                        before: changeValue(f.before, f.field, language, t),
                        after: changeValue(f.after, f.field, language, t),
                      })}
                </Text>
              ))}
            </li>
          );
        })}
      </ul>
      {!all && rows.length > FIRST_ROWS && (
        <Button size="small" appearance="transparent" onClick={() => setAll(true)}>
          {t('pane.changes.more', { count: formatInteger(rows.length, language) })}
        </Button>
      )}
    </>
  );
}
