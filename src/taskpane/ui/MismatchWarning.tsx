/**
 * A workbook that names a saved profile at another address: a warning with both addresses, the saved profile as the
 * one primary action, and the workbook's address only as a new connection chosen on purpose (the form below).
 */

import { Button, MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useAppActions } from './app-context';
import { useConnectStyles } from './connect-styles';
import { SavedProfile } from './SavedProfile';
import type { WorkbookMismatch } from './use-connect-choices';

export interface MismatchWarningProps {
  mismatch: WorkbookMismatch;
  busy: boolean;
  workbookAddressChosen: boolean;
  onChooseWorkbookAddress(): void;
}

export function MismatchWarning({ mismatch, busy, workbookAddressChosen, onChooseWorkbookAddress }: MismatchWarningProps): ReactElement {
  const t = useAppActions().t;
  const styles = useConnectStyles();
  return (
    <>
      <MessageBar intent="warning" layout="multiline" data-testid="workbook-mismatch">
        <MessageBarBody>
          <MessageBarTitle>{t('pane.connect.mismatch.title')}</MessageBarTitle>
          <span className={styles.lines}>
            <span>
              <Text block weight="semibold">
                {t('pane.connect.mismatch.workbookUses')}
              </Text>
              <Text block className={styles.address}>
                {mismatch.expected.baseUrl}
              </Text>
            </span>
            <span>
              <Text block weight="semibold">
                {t('pane.connect.mismatch.profileUses', { name: mismatch.profile.name })}
              </Text>
              <Text block className={styles.address}>
                {mismatch.profile.baseUrl}
              </Text>
            </span>
            <Text block>{t('pane.connect.mismatch.advice')}</Text>
          </span>
        </MessageBarBody>
      </MessageBar>
      <SavedProfile
        profile={mismatch.profile}
        busy={busy}
        primary
        label={t('pane.connect.mismatch.useMine')}
        labelFull={t('pane.connect.mismatch.useMineNamed', { name: mismatch.profile.name })}
        removable={false}
      />
      {!workbookAddressChosen && (
        <Button disabled={busy} onClick={onChooseWorkbookAddress}>
          {t('pane.connect.mismatch.useWorkbook')}
        </Button>
      )}
    </>
  );
}
