/** The header's connection state: online, connecting, failed or not connected; it never wraps nor shrinks. */

import { Badge, makeStyles, Spinner } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';

const useStyles = makeStyles({
  // The connection state never wraps nor shrinks ("Not connected" on one line at 320 px): the company name gives way.
  state: { flexShrink: 0, whiteSpace: 'nowrap' },
});

export function ConnectionBadge(): ReactElement {
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
