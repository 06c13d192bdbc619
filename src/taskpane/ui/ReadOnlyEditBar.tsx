/**
 * Says it when the user typed over cells the service never takes back (a transaction's amount or purpose, any cell of
 * a read-only table): the edit stays in the sheet, nothing of it is sent, the next load puts the service's values back,
 * and which columns do go back. Shown above every tab until dismissed (the edit may have been made with any tab open).
 */

import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';

export function ReadOnlyEditBar(): ReactElement | null {
  const app = useAppActions();
  const notice = useAppState((s) => s.readOnlyEdit);
  useAppState((s) => s.language);
  if (notice === undefined) return null;
  const t = app.t;
  const table = t(notice.label, notice.labelParams);
  const columns = notice.columns.join(', ');
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="read-only-edit">
      <MessageBarBody>
        <MessageBarTitle>{t('pane.readOnlyEdit.title', { columns })}</MessageBarTitle>
        {notice.editable.length === 0
          ? t('pane.readOnlyEdit.table', { table })
          : t('pane.readOnlyEdit.columns', { table, columns, editable: notice.editable.join(', ') })}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            icon={<Dismiss20Regular />}
            aria-label={t('pane.readOnlyEdit.dismiss')}
            onClick={() => app.dismissReadOnlyEdit()}
          />
        }
      />
    </MessageBar>
  );
}
