/** Settings: the language of the pane and of the service's messages (Office's display language unless chosen). */

import { Dropdown, Field, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { APP_VERSION } from '../../version';
import type { LanguageChoice } from '../state/preferences';
import { useApp } from './app-context';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

const CHOICES: readonly LanguageChoice[] = ['office', 'de', 'en', 'it'];
/** Each language names itself. */
const NATIVE: Record<Exclude<LanguageChoice, 'office'>, string> = { de: 'Deutsch', en: 'English', it: 'Italiano' };

export function SettingsView(): ReactElement {
  const { app, state } = useApp();
  const styles = useStyles();
  const t = app.t;
  const label = (choice: LanguageChoice): string => (choice === 'office' ? t('pane.settings.languageOffice') : NATIVE[choice]);
  return (
    <div className={styles.stack}>
      <Field label={t('pane.settings.language')} hint={t('pane.settings.languageHint')}>
        <Dropdown value={label(state.languageChoice)} selectedOptions={[state.languageChoice]} onOptionSelect={(_, d) => app.setLanguage((d.optionValue ?? 'office') as LanguageChoice)}>
          {CHOICES.map((choice) => (
            <Option key={choice} value={choice} {...(choice === 'office' ? {} : { lang: choice })}>
              {label(choice)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Text size={200} className={styles.muted}>
        {t('pane.settings.version', { version: APP_VERSION })}
      </Text>
    </div>
  );
}
