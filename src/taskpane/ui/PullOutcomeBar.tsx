/** What went wrong with a table's last load (a failure or a warning), that the table in the sheet was kept, and the details. */

import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { PullOutcome } from '../state/app-state';
import { useAppActions } from './app-context';

export function PullOutcomeBar({ outcome }: { outcome: PullOutcome }): ReactElement {
  const t = useAppActions().t;
  return (
    <MessageBar intent={outcome.kind === 'failed' ? 'error' : 'warning'} layout="multiline">
      <MessageBarBody>
        {outcome.message} {t('pane.data.keptTable')}
        {outcome.detail && (
          <details>
            <summary>{t('pane.data.details')}</summary>
            {outcome.detail}
          </details>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
