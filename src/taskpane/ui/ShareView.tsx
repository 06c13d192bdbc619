/**
 * Share: "Open this pane when a colleague opens this workbook" (the document setting), the check before sharing
 * (what the workbook holds; a secret found is a red warning naming where, never the value), and "Empty the data
 * tables" (asked first, refused while changes wait to be sent). State: `state/share-state.ts`.
 */

import { Button, Field, MessageBar, MessageBarBody, Spinner, Switch, Text } from '@fluentui/react-components';
import { useEffect, type ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';
import { ShareReportView } from './ShareReportView';
import { EmptyTablesSection } from './EmptyTablesSection';
import { formatDateTime } from './format';
import { useShareStyles } from './share-styles';

export function ShareView(): ReactElement {
  const app = useAppActions();
  const share = useAppState((s) => s.share);
  const language = useAppState((s) => s.language);
  const styles = useShareStyles();
  const t = app.t;
  useEffect(() => {
    void app.openShare();
  }, [app]);
  const check = share.check;
  return (
    <div className={styles.stack}>
      <Field
        hint={t('share.autoOpen.hint')}
        {...(share.autoOpenError === undefined ? {} : { validationState: 'error' as const, validationMessage: share.autoOpenError })}
      >
        <Switch
          label={t('share.autoOpen.label')}
          checked={share.autoOpen === true}
          disabled={share.autoOpen === undefined || share.autoOpenSaving}
          onChange={(_, data) => void app.setAutoOpen(data.checked)}
        />
      </Field>
      <section className={styles.section} aria-labelledby="share-check-heading">
        <h2 id="share-check-heading" className={styles.heading}>
          {t('share.check.heading')}
        </h2>
        <Text className={styles.muted}>{t('share.check.intro')}</Text>
        <div className={styles.actions}>
          <Button appearance="primary" disabled={check.status === 'checking'} onClick={() => void app.checkBeforeSharing()}>
            {t('share.check.run')}
          </Button>
          {check.status === 'checking' && <Spinner size="tiny" label={t('share.check.running')} />}
          {check.status === 'ready' && (
            <Text size={200} className={styles.muted}>
              {t('share.check.at', { time: formatDateTime(check.at, language) })}
            </Text>
          )}
        </div>
        {check.status === 'failed' && (
          <MessageBar intent="error">
            <MessageBarBody>{check.message}</MessageBarBody>
          </MessageBar>
        )}
        {check.status === 'ready' && <ShareReportView report={check.report} />}
      </section>
      <EmptyTablesSection />
    </div>
  );
}
