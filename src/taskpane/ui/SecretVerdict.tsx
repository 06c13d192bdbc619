import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useAppActions } from './app-context';
import { useShareStyles } from './share-styles';

/**
 * The verdict: no secret (green), none found though no client secret was there to search for (a warning: no proof),
 * or a red warning listing where each secret is.
 */
export function SecretVerdict({
  findings,
  clientSecretsSearched,
}: {
  findings: readonly string[];
  clientSecretsSearched: number;
}): ReactElement {
  const app = useAppActions();
  const styles = useShareStyles();
  const t = app.t;
  if (findings.length === 0 && clientSecretsSearched === 0)
    return (
      <MessageBar intent="warning" layout="multiline" data-testid="share-verdict">
        <MessageBarBody>
          <MessageBarTitle>{t('share.check.unknownSecret')}</MessageBarTitle>
          {t('share.check.unknownSecretBody')}
        </MessageBarBody>
      </MessageBar>
    );
  if (findings.length === 0)
    return (
      <MessageBar intent="success" data-testid="share-verdict">
        <MessageBarBody>
          <MessageBarTitle>{t('share.check.noSecret')}</MessageBarTitle>
          {t('share.check.noSecretBody')}
        </MessageBarBody>
      </MessageBar>
    );
  return (
    <MessageBar intent="error" layout="multiline" data-testid="share-verdict">
      <MessageBarBody>
        <MessageBarTitle>{t('share.check.secretFound')}</MessageBarTitle>
        {t('share.check.secretFoundBody')}
        <ul className={styles.list}>
          {findings.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
