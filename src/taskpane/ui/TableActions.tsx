/**
 * A table card's actions: Pull (or Refresh), and its menu: filters, full refresh, go to sheet, and on Accounts "New
 * offline account…" (made for the company of the credentials: group credentials name no company to make one in).
 */

import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { Add16Regular, MoreHorizontal20Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import type { TableRow } from '../state/app-state';
import { useAppActions, useAppState } from './app-context';
import { useDataStyles } from './data-styles';

export interface TableActionsProps {
  row: TableRow;
  label: string;
  /** A load, send or undo runs on this table, or it waits for one. */
  busy: boolean;
  onToggleFilters(): void;
}

export function TableActions({ row, label, busy, onToggleFilters }: TableActionsProps): ReactElement {
  const app = useAppActions();
  const styles = useDataStyles();
  const t = app.t;
  const createsAccounts = useAppState(
    (s) => row.target.resource === 'accounts' && s.connection.status === 'connected' && s.connection.profile.kind === 'company',
  );
  const pulled = row.pulled;
  const action = pulled === undefined ? t('pane.data.pull') : t('pane.data.refresh');
  return (
    <div className={styles.actions}>
      {/* disabledFocusable: while its load runs the button keeps the focus (a disabled one drops it to the body).
          Another table's load does not disable it: this one waits behind it (Waiting…), one pull at a time. */}
      <Button size="small" disabledFocusable={busy} onClick={() => void app.pull(row.id)} aria-label={`${action} ${label}`}>
        {row.running ? t('pane.data.running') : row.queued ? t('pane.data.queued') : action}
      </Button>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button size="small" appearance="subtle" icon={<MoreHorizontal20Regular />} aria-label={t('pane.data.more', { table: label })} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem onClick={onToggleFilters}>{t('pane.data.filters')}</MenuItem>
            <MenuItem disabled={busy || pulled === undefined} onClick={() => void app.pull(row.id, 'full')}>
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
  );
}
