/**
 * What a workbook names that no saved profile answers: an insecure address, refused (nothing is offered for it), or
 * the connection a colleague's shared workbook expects (the form below comes filled in).
 */

import { MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { WorkbookMatch } from '../../sync/connect';
import { useAppActions } from './app-context';
import { useConnectStyles } from './connect-styles';

export function WorkbookNotice({ workbook }: { workbook: WorkbookMatch }): ReactElement | null {
  const t = useAppActions().t;
  const styles = useConnectStyles();
  if (workbook.status === 'refused')
    return (
      <MessageBar intent="warning" layout="multiline" data-testid="workbook-refused">
        <MessageBarBody>
          <MessageBarTitle>{t('pane.connect.refused.title')}</MessageBarTitle>
          <Text block className={styles.address}>
            {t('pane.connect.refused.text', { name: workbook.profileName, url: workbook.baseUrl })}
          </Text>
        </MessageBarBody>
      </MessageBar>
    );
  if (workbook.status === 'unknown')
    return (
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('pane.connect.sharedTitle')}</MessageBarTitle>
          {t('pane.connect.sharedText', { name: workbook.expected.profileName, url: workbook.expected.baseUrl })}
        </MessageBarBody>
      </MessageBar>
    );
  return null;
}
