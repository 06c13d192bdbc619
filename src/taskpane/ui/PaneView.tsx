/** The view of the tab shown, each loaded lazily (the functions' runtime shares the page and needs none of them). */

import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense, type ReactElement } from 'react';
import type { TabId } from './pane-tabs';

const ConnectView = lazy(() => import('./ConnectView').then((m) => ({ default: m.ConnectView })));
const OverviewView = lazy(() => import('./OverviewView').then((m) => ({ default: m.OverviewView })));
const DataView = lazy(() => import('./DataView').then((m) => ({ default: m.DataView })));
const ChangesView = lazy(() => import('./ChangesView').then((m) => ({ default: m.ChangesView })));
const SettingsView = lazy(() => import('./SettingsView').then((m) => ({ default: m.SettingsView })));
const ShareView = lazy(() => import('./ShareView').then((m) => ({ default: m.ShareView })));

export function PaneView({ tab, loading }: { tab: TabId; loading: string }): ReactElement {
  return (
    <Suspense fallback={<Spinner size="small" label={loading} />}>
      {tab === 'connect' && <ConnectView />}
      {tab === 'overview' && <OverviewView />}
      {tab === 'data' && <DataView />}
      {tab === 'changes' && <ChangesView />}
      {tab === 'settings' && <SettingsView />}
      {tab === 'share' && <ShareView />}
    </Suspense>
  );
}
