/** A saved connection: its name and address, Connect (with the secret when this computer does not keep it), Remove. */

import { Button, Card, CardHeader, Field, Input, Text } from '@fluentui/react-components';
import { useState, type FormEvent, type ReactElement } from 'react';
import type { ConnectionProfile } from '../../sync/connect';
import { useApp } from './app-context';
import { useConnectStyles } from './connect-styles';

export interface SavedProfileProps {
  profile: ConnectionProfile;
  busy: boolean;
  /** The view's one primary action. */
  primary?: boolean;
  /** The connect button's text instead of "Connect", and its accessible name (which starts with that text). */
  label?: string;
  labelFull?: string;
  /** Offers "Remove" (not beside a warning, where only connecting is the question). */
  removable?: boolean;
}

export function SavedProfile({ profile, busy, primary = false, label, labelFull, removable = true }: SavedProfileProps): ReactElement {
  const { app, state } = useApp();
  const styles = useConnectStyles();
  const t = app.t;
  const [secret, setSecret] = useState('');
  const needsSecret = app.needsSecret(profile.id);
  const connecting = state.connection.status === 'connecting' && state.connection.profileId === profile.id;
  const connect = (event: FormEvent): void => {
    event.preventDefault();
    void app.connect(profile.id, needsSecret ? secret : undefined);
  };
  return (
    <Card>
      <CardHeader
        header={<Text weight="semibold">{profile.name}</Text>}
        description={<Text className={styles.url}>{profile.baseUrl}</Text>}
      />
      <form className={styles.form} onSubmit={connect} aria-label={profile.name}>
        {needsSecret && (
          <Field label={t('pane.connect.field.secret')} hint={t('pane.connect.secretNotKept')}>
            <Input type="password" value={secret} onChange={(_, data) => setSecret(data.value)} autoComplete="off" />
          </Field>
        )}
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance={primary ? 'primary' : 'secondary'}
            disabled={busy || (needsSecret && secret === '')}
            aria-label={labelFull ?? t('pane.connect.connectTo', { name: profile.name })}
          >
            {connecting ? t('pane.state.connecting') : (label ?? t('pane.connect.connect'))}
          </Button>
          {removable && (
            <Button
              appearance="subtle"
              onClick={() => app.removeProfile(profile.id)}
              aria-label={t('pane.connect.removeNamed', { name: profile.name })}
            >
              {t('pane.connect.remove')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
