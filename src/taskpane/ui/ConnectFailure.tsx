/** A connect that failed: the reason in the user's language, what the service said, and the proxy when CORS refused. */

import { MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { ConnectionView } from '../state/app-state';
import { PROXY_URL } from '../environment';
import { useAppActions } from './app-context';

export function ConnectFailure({ connection }: { connection: Extract<ConnectionView, { status: 'failed' }> }): ReactElement {
  const t = useAppActions().t;
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('pane.connect.failed')}</MessageBarTitle>
        {connection.message}
        {connection.detail !== undefined && connection.detail !== connection.message && (
          <Text block size={200} data-testid="service-said">
            {t('pane.connect.serviceSaid', { detail: connection.detail })}
          </Text>
        )}
        {connection.problem === 'cors' && <Text block>{t('pane.connect.proxyHint', { url: PROXY_URL })}</Text>}
      </MessageBarBody>
    </MessageBar>
  );
}
