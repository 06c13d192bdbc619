/**
 * The pane's tabs. Connected: Overview, Data, Changes (its badge counts the rows waiting to be sent), and Connection,
 * Settings and Share as icons (the name is the label and tooltip), so that six fit 320 px. Not connected: Connect,
 * Settings and Share, which need no connection (sharing is about the workbook, not the service). Share only where the
 * workbook can be shared.
 */

import { PlugConnected20Regular, Settings20Regular, Share20Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';

export type TabId = 'overview' | 'data' | 'changes' | 'connect' | 'settings' | 'share';

export interface PaneTab {
  id: TabId;
  label: string;
  count?: number;
  icon?: ReactElement;
}

/** The tab shown: the one chosen, or Connect while not connected (Settings and Share stay). */
export function shownTab(chosen: TabId, connected: boolean): TabId {
  return connected ? chosen : chosen === 'settings' || chosen === 'share' ? chosen : 'connect';
}

export function usePaneTabs(connected: boolean): PaneTab[] {
  const t = useAppActions().t;
  const shareable = useAppState((s) => s.share.available);
  const waiting = useAppState((s) => s.changes.tables.reduce((sum, table) => sum + (table.pending?.rows.length ?? 0), 0));
  return connected
    ? [
        { id: 'overview', label: t('pane.tab.overview') },
        { id: 'data', label: t('pane.tab.data') },
        { id: 'changes', label: t('pane.tab.changes'), count: waiting },
        { id: 'connect', label: t('pane.tab.connection'), icon: <PlugConnected20Regular /> },
        { id: 'settings', label: t('pane.tab.settings'), icon: <Settings20Regular /> },
        ...(shareable ? [{ id: 'share' as const, label: t('pane.tab.share'), icon: <Share20Regular /> }] : []),
      ]
    : [
        { id: 'connect', label: t('pane.tab.connect') },
        { id: 'settings', label: t('pane.tab.settings') },
        ...(shareable ? [{ id: 'share' as const, label: t('pane.tab.share') }] : []),
      ];
}
