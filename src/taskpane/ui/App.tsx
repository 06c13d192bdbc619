/** The pane: a header (connection and its state), tabs, the view, and the progress of a running pull pinned below. */

import { FluentProvider, makeStyles, PortalMountNodeProvider, tokens, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { useRef, useState, type ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';
import { ConnectionBadge } from './ConnectionBadge';
import { FinishedToasts } from './FinishedToasts';
import { useFocusFirstControl } from './focus-first-control';
import { LoadPromptDialog } from './LoadPromptDialog';
import { PaneTabList } from './PaneTabList';
import { shownTab, usePaneTabs, type TabId } from './pane-tabs';
import { PaneView } from './PaneView';
import { ProfileSwitcher } from './ProfileSwitcher';
import { ProgressPanel } from './ProgressPanel';
import { ReadOnlyEditBar } from './ReadOnlyEditBar';
import { RefreshPromptDialog } from './RefreshPromptDialog';
import { useChangeWatch } from './use-change-watch';

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
  const tab = shownTab(chosen, connected);
  const t = app.t;
  const main = useRef<HTMLElement>(null);
  // Toasts, tooltips, menus and dialogs open in a landmark of their own (not loose in the body).
  const [popups, setPopups] = useState<HTMLElement | null>(null);
  // After connecting, the focus goes to the first control of the view shown next (the demo button has gone).
  useFocusFirstControl(main, connected ? `${connection.profile.id}` : undefined);
  const profileName = connection.status === 'connected' ? connection.profile.name : t('app.title');
  const tabs = usePaneTabs(connected);
  useChangeWatch(connected);

  return (
    <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme} lang={language}>
      <PortalMountNodeProvider value={popups ?? undefined}>
        <div className={styles.root}>
          <header className={styles.header} aria-label={t('app.title')}>
            <ProfileSwitcher name={profileName} onManage={() => setChosen('connect')} />
            <ConnectionBadge />
          </header>
          <PaneTabList tabs={tabs} selected={tab} onSelect={setChosen} label={t('pane.tabs.label')} language={language} />
          <main className={styles.main} ref={main}>
            <h1 className={styles.hidden}>{tabs.find((item) => item.id === tab)?.label ?? t('app.title')}</h1>
            {connected && <ReadOnlyEditBar />}
            <PaneView tab={tab} loading={t('pane.loading')} />
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
