/** A connect under way: whom it reaches for, and "Cancel" (it also gives up by itself, see `CONNECT_DEADLINE_MS`). */

import { Button, Spinner } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useApp } from './app-context';
import { useConnectStyles } from './connect-styles';

export function ConnectingStatus({ profileId }: { profileId: string }): ReactElement {
  const { app, state } = useApp();
  const styles = useConnectStyles();
  const t = app.t;
  const name = state.profiles.find((p) => p.id === profileId)?.name;
  return (
    <div className={styles.connecting} role="status" data-testid="connecting">
      <Spinner size="tiny" label={name === undefined ? t('pane.state.connecting') : t('pane.connect.connectingTo', { name })} />
      <Button onClick={() => app.cancelConnect()} aria-label={name === undefined ? undefined : t('pane.connect.cancelNamed', { name })}>
        {t('pane.connect.cancel')}
      </Button>
    </div>
  );
}
