/** The pane: a header (connection and its state), tabs, the view, and the progress of a running pull pinned below. */

import { Badge, FluentProvider, makeStyles, Spinner, Tab, TabList, Text, tokens, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useApp } from './app-context';
import { ProgressPanel } from './ProgressPanel';

const ConnectView = lazy(() => import('./ConnectView').then((m) => ({ default: m.ConnectView })));
const OverviewView = lazy(() => import('./OverviewView').then((m) => ({ default: m.OverviewView })));
const DataView = lazy(() => import('./DataView').then((m) => ({ default: m.DataView })));
const SettingsView = lazy(() => import('./SettingsView').then((m) => ({ default: m.SettingsView })));

type TabId = 'overview' | 'data' | 'connect' | 'settings';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1 },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  company: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  tabs: { paddingInline: tokens.spacingHorizontalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  main: { flexGrow: 1, padding: tokens.spacingHorizontalM, overflowY: 'auto' },
});

export function App(): ReactElement {
  const { app, state } = useApp();
  const styles = useStyles();
  const connected = state.connection.status === 'connected';
  const [chosen, setChosen] = useState<TabId>('data');
  const tab: TabId = connected ? chosen : chosen === 'settings' ? 'settings' : 'connect';
  const t = app.t;
  const profileName = state.connection.status === 'connected' ? state.connection.profile.name : t('app.title');

  const tabs: Array<{ id: TabId; label: string }> = connected
    ? [
        { id: 'overview', label: t('pane.tab.overview') },
        { id: 'data', label: t('pane.tab.data') },
        { id: 'connect', label: t('pane.tab.connection') },
        { id: 'settings', label: t('pane.tab.settings') },
      ]
    : [
        { id: 'connect', label: t('pane.tab.connect') },
        { id: 'settings', label: t('pane.tab.settings') },
      ];

  return (
    <FluentProvider theme={state.theme === 'dark' ? webDarkTheme : webLightTheme} lang={state.language}>
      <div className={styles.root}>
        <header className={styles.header}>
          <Text weight="semibold" size={400} className={styles.company} title={profileName}>
            {profileName}
          </Text>
          <ConnectionBadge />
        </header>
        <TabList className={styles.tabs} size="small" selectedValue={tab} onTabSelect={(_, data) => setChosen(data.value as TabId)} aria-label={t('pane.tabs.label')}>
          {tabs.map((item) => (
            <Tab key={item.id} value={item.id}>
              {item.label}
            </Tab>
          ))}
        </TabList>
        <main className={styles.main}>
          <Suspense fallback={<Spinner size="small" label={t('pane.loading')} />}>
            {tab === 'connect' && <ConnectView />}
            {tab === 'overview' && <OverviewView />}
            {tab === 'data' && <DataView />}
            {tab === 'settings' && <SettingsView />}
          </Suspense>
        </main>
        <ProgressPanel />
      </div>
    </FluentProvider>
  );
}

function ConnectionBadge(): ReactElement {
  const { app, state } = useApp();
  const t = app.t;
  switch (state.connection.status) {
    case 'connected':
      return (
        <Badge appearance="tint" color="success" aria-label={t('pane.state.online')}>
          {t('pane.state.online')}
        </Badge>
      );
    case 'connecting':
      return <Spinner size="extra-tiny" label={t('pane.state.connecting')} labelPosition="before" />;
    case 'failed':
      return (
        <Badge appearance="tint" color="danger">
          {t('pane.state.failed')}
        </Badge>
      );
    default:
      return (
        <Badge appearance="tint" color="subtle">
          {t('pane.state.signedOut')}
        </Badge>
      );
  }
}
