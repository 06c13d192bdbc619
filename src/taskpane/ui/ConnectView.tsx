/**
 * Connect: the demo company in one click when the sandbox answers, saved profiles (connect, secret when this
 * computer does not keep it, remove), a form for a new one, what a shared workbook expects, and the connected
 * profile with "Sign out". A workbook that names a saved profile at another address gets a warning with both
 * addresses, the saved profile as the one primary action, and the workbook's address only as a new connection
 * chosen on purpose (its own client ID and secret, the saved profile untouched).
 */

import { Button, Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useApp } from './app-context';
import { ConnectedCard } from './ConnectedCard';
import { ConnectFailure } from './ConnectFailure';
import { ConnectingStatus } from './ConnectingStatus';
import { useConnectStyles } from './connect-styles';
import { MismatchWarning } from './MismatchWarning';
import { NewProfileForm } from './NewProfileForm';
import { SavedProfile } from './SavedProfile';
import { useConnectChoices } from './use-connect-choices';
import { WorkbookNotice } from './WorkbookNotice';

export function ConnectView(): ReactElement {
  const { app, state } = useApp();
  const styles = useConnectStyles();
  const t = app.t;
  const { connection, workbook } = state;
  const busy = connection.status === 'connecting';
  const connected = connection.status === 'connected';
  const { mismatch, workbookAddressChosen, chooseWorkbookAddress, others, demoPrimary, form } = useConnectChoices(state);

  return (
    <div className={styles.stack}>
      {connection.status === 'connected' ? (
        <ConnectedCard profile={connection.profile} />
      ) : state.profiles.length === 0 ? (
        <div>
          <Text as="h2" weight="semibold" size={500} block>
            {t('pane.connect.welcome.title')}
          </Text>
          <Text block>{t('pane.connect.welcome.text')}</Text>
        </div>
      ) : null}

      {connection.status === 'connecting' && <ConnectingStatus profileId={connection.profileId} />}

      {connection.status === 'failed' && <ConnectFailure connection={connection} />}

      {mismatch && (
        <MismatchWarning
          mismatch={mismatch}
          busy={busy}
          workbookAddressChosen={workbookAddressChosen}
          onChooseWorkbookAddress={chooseWorkbookAddress}
        />
      )}

      {!connected && <WorkbookNotice workbook={workbook} />}

      {state.demoAvailable && !connected && (
        // Not disabled while another connect runs: the demo supersedes a connect to a service that hangs.
        <Button appearance={demoPrimary ? 'primary' : 'secondary'} onClick={() => void app.connectDemo()}>
          {t('pane.connect.demo')}
        </Button>
      )}

      {others.length > 0 && (
        <section className={styles.stack} aria-label={t('pane.connect.saved')}>
          <Text as="h2" weight="semibold">
            {t('pane.connect.saved')}
          </Text>
          {others.map((profile) => (
            <SavedProfile key={profile.id} profile={profile} busy={busy} />
          ))}
        </section>
      )}

      {form.shown && (
        <NewProfileForm
          key={form.initial ? `${form.initial.name}|${form.initial.baseUrl}` : 'new'}
          initial={form.initial}
          note={
            mismatch && workbookAddressChosen
              ? t('pane.connect.mismatch.formNote', { url: mismatch.expected.baseUrl, name: mismatch.profile.name })
              : undefined
          }
          primary={form.primary}
        />
      )}
    </div>
  );
}
