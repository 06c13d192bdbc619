/** The pane: a header (connection and its state), tabs, the view, and the progress of a running pull pinned below. */

import {
  Badge,
  Button,
  FluentProvider,
  makeStyles,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  PortalMountNodeProvider,
  Spinner,
  Tab,
  TabList,
  Text,
  Toast,
  Toaster,
  ToastTitle,
  Tooltip,
  tokens,
  useId,
  useToastController,
  webDarkTheme,
  webLightTheme,
} from '@fluentui/react-components';
import { ChevronDown16Regular, PlugConnected20Regular, Settings20Regular, Share20Regular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect, useRef, useState, type ReactElement } from 'react';
import { useFocusFirstControl } from './focus-first-control';
import { useAppActions, useAppState } from './app-context';
import { formatInteger } from './format';
import { ReadOnlyEditBar } from './ReadOnlyEditBar';
import { ProgressPanel } from './ProgressPanel';
import { LoadPromptDialog } from './LoadPromptDialog';
import { RefreshPromptDialog } from './RefreshPromptDialog';

const ConnectView = lazy(() => import('./ConnectView').then((m) => ({ default: m.ConnectView })));
const OverviewView = lazy(() => import('./OverviewView').then((m) => ({ default: m.OverviewView })));
const DataView = lazy(() => import('./DataView').then((m) => ({ default: m.DataView })));
const ChangesView = lazy(() => import('./ChangesView').then((m) => ({ default: m.ChangesView })));
const SettingsView = lazy(() => import('./SettingsView').then((m) => ({ default: m.SettingsView })));
const ShareView = lazy(() => import('./ShareView').then((m) => ({ default: m.ShareView })));

type TabId = 'overview' | 'data' | 'changes' | 'connect' | 'settings' | 'share';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  company: { minWidth: 0, justifyContent: 'flex-start', fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  companyName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  tabs: { paddingInline: tokens.spacingHorizontalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, overflowX: 'auto' },
  // The connection state never wraps nor shrinks ("Not connected" on one line at 320 px): the company name gives way.
  state: { flexShrink: 0, whiteSpace: 'nowrap' },
  badge: { marginInlineStart: tokens.spacingHorizontalXS },
  main: { flexGrow: 1, padding: tokens.spacingHorizontalM, overflowY: 'auto' },
  // The view's heading level 1, for screen readers and the outline: the selected tab already shows it.
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

export function App(): ReactElement {
  const app = useAppActions();
  const connection = useAppState((s) => s.connection);
  const theme = useAppState((s) => s.theme);
  const language = useAppState((s) => s.language);
  const styles = useStyles();
  const connected = connection.status === 'connected';
  const [chosen, setChosen] = useState<TabId>('data');
  // Settings and Share need no connection (sharing is about the workbook, not the service).
  const tab: TabId = connected ? chosen : chosen === 'settings' || chosen === 'share' ? chosen : 'connect';
  const t = app.t;
  const main = useRef<HTMLElement>(null);
  // Toasts, tooltips, menus and dialogs open in a landmark of their own (not loose in the body).
  const [popups, setPopups] = useState<HTMLElement | null>(null);
  // After connecting, the focus goes to the first control of the view shown next (the demo button has gone).
  useFocusFirstControl(main, connected ? `${connection.profile.id}` : undefined);
  const profileName = connection.status === 'connected' ? connection.profile.name : t('app.title');
  const shareable = useAppState((s) => s.share.available);
  const waiting = useAppState((s) => s.changes.tables.reduce((sum, table) => sum + (table.pending?.rows.length ?? 0), 0));
  // What was pulled, and when: a pull that finished (or a workbook opened with pulled tables) is looked at for
  // pending changes, so the tab's badge counts them before the Changes view is opened.
  const pulledKey = useAppState((s) => s.tables.map((r) => (r.pulled ? `${r.id}@${r.pulled.lastPullAt}` : '')).join('|'));
  useEffect(() => {
    if (connected && pulledKey.replace(/\|/g, '') !== '') void app.reviewChanges();
  }, [app, connected, pulledKey]);
  // An edited cell of a budget table is marked changed as soon as the user leaves it (the worksheet's changed event).
  useEffect(() => {
    const stop = app.watchEdits();
    return () => void stop();
  }, [app]);

  // Connected, six tabs must fit 320 px: Connection, Settings and Share show their icon (the name is its label and tooltip).
  const tabs: Array<{ id: TabId; label: string; count?: number; icon?: ReactElement }> = connected
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

  return (
    <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme} lang={language}>
      <PortalMountNodeProvider value={popups ?? undefined}>
        <div className={styles.root}>
          <header className={styles.header} aria-label={t('app.title')}>
            <ProfileSwitcher name={profileName} onManage={() => setChosen('connect')} />
            <ConnectionBadge />
          </header>
          <nav aria-label={t('pane.tabs.label')}>
            {/* No reserved copy of each tab's content (Fluent draws it, hidden, to keep the bold width): the Changes
                count is in the page once, and a screen reader hears it once. */}
            <TabList
              className={styles.tabs}
              size="small"
              reserveSelectedTabSpace={false}
              selectedValue={tab}
              onTabSelect={(_, data) => setChosen(data.value as TabId)}
              aria-label={t('pane.tabs.label')}
            >
              {tabs.map((item) =>
                item.icon ? (
                  <Tooltip key={item.id} content={item.label} relationship="label">
                    <Tab value={item.id} icon={item.icon} />
                  </Tooltip>
                ) : (
                  <Tab key={item.id} value={item.id}>
                    {item.label}
                    {item.count !== undefined && item.count > 0 && (
                      <Badge size="small" appearance="filled" color="brand" className={styles.badge} data-testid="changes-badge">
                        {formatInteger(item.count, language)}
                      </Badge>
                    )}
                  </Tab>
                ),
              )}
            </TabList>
          </nav>
          <main className={styles.main} ref={main}>
            <h1 className={styles.hidden}>{tabs.find((item) => item.id === tab)?.label ?? t('app.title')}</h1>
            {connected && <ReadOnlyEditBar />}
            <Suspense fallback={<Spinner size="small" label={t('pane.loading')} />}>
              {tab === 'connect' && <ConnectView />}
              {tab === 'overview' && <OverviewView />}
              {tab === 'data' && <DataView />}
              {tab === 'changes' && <ChangesView />}
              {tab === 'settings' && <SettingsView />}
              {tab === 'share' && <ShareView />}
            </Suspense>
          </main>
          <ProgressPanel />
          <FinishedToasts />
          <RefreshPromptDialog />
          <LoadPromptDialog />
          <section aria-label={t('pane.popups.label')} ref={setPopups} />
        </div>
      </PortalMountNodeProvider>
    </FluentProvider>
  );
}

function ConnectionBadge(): ReactElement {
  const app = useAppActions();
  const status = useAppState((s) => s.connection.status);
  useAppState((s) => s.language);
  const t = app.t;
  const styles = useStyles();
  switch (status) {
    case 'connected':
      return (
        <Badge className={styles.state} appearance="tint" color="success" aria-label={t('pane.state.online')}>
          {t('pane.state.online')}
        </Badge>
      );
    case 'connecting':
      return <Spinner className={styles.state} size="extra-tiny" label={t('pane.state.connecting')} labelPosition="before" />;
    case 'failed':
      return (
        <Badge className={styles.state} appearance="tint" color="danger">
          {t('pane.state.failed')}
        </Badge>
      );
    default:
      return (
        <Badge className={styles.state} appearance="tint" color="subtle">
          {t('pane.state.signedOut')}
        </Badge>
      );
  }
}

/** The header's company name: switch to another saved connection, or manage them. */
function ProfileSwitcher({ name, onManage }: { name: string; onManage: () => void }): ReactElement {
  const app = useAppActions();
  const connection = useAppState((s) => s.connection);
  const profiles = useAppState((s) => s.profiles);
  const styles = useStyles();
  const t = app.t;
  const activeId = connection.status === 'connected' ? connection.profile.id : undefined;
  if (profiles.length === 0)
    return (
      <Text weight="semibold" size={400} className={styles.companyName}>
        {name}
      </Text>
    );
  return (
    <Menu checkedValues={{ profile: activeId === undefined ? [] : [activeId] }}>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="transparent"
          className={styles.company}
          icon={<ChevronDown16Regular />}
          iconPosition="after"
          aria-label={t('pane.header.switch', { name })}
        >
          <span className={styles.companyName}>{name}</span>
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {profiles.map((p) => (
            <MenuItemRadio
              key={p.id}
              name="profile"
              value={p.id}
              disabled={app.needsSecret(p.id)}
              onClick={() => p.id !== activeId && void app.connect(p.id)}
            >
              {p.name}
            </MenuItemRadio>
          ))}
          <MenuDivider />
          <MenuItem onClick={onManage}>{t('pane.header.manage')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** A toast when a pull finishes (the pane may be on another view meanwhile); failures stay on their row too. */
function FinishedToasts(): ReactElement {
  const tables = useAppState((s) => s.tables);
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const seen = useRef(new Set<string>());
  useEffect(() => {
    for (const row of tables) {
      const outcome = row.outcome;
      if (outcome === undefined) continue;
      const key = `${row.id}@${outcome.at}`;
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      dispatchToast(
        <Toast>
          <ToastTitle>{outcome.message}</ToastTitle>
        </Toast>,
        { intent: outcome.kind === 'done' ? 'success' : outcome.kind === 'failed' ? 'error' : 'warning', timeout: 4000 },
      );
    }
  }, [tables, dispatchToast]);
  return <Toaster toasterId={toasterId} position="top-end" />;
}
