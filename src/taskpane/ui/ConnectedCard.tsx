/** The connected profile: its name and address, and "Sign out". */

import { Button, Card, CardHeader, Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { ConnectionProfile } from '../../sync/connect';
import { useAppActions } from './app-context';
import { useConnectStyles } from './connect-styles';

export function ConnectedCard({ profile }: { profile: ConnectionProfile }): ReactElement {
  const app = useAppActions();
  const styles = useConnectStyles();
  const t = app.t;
  return (
    <Card>
      <CardHeader
        header={<Text weight="semibold">{t('pane.connect.connectedTo', { name: profile.name })}</Text>}
        description={<Text className={styles.url}>{profile.baseUrl}</Text>}
      />
      <div className={styles.actions}>
        <Button onClick={() => app.signOut()}>{t('pane.connect.signOut')}</Button>
      </div>
    </Card>
  );
}
