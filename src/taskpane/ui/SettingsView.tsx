/**
 * Settings: the language of the pane and of the service's messages (Office's display language unless chosen), and how
 * long the CASHFLOW functions keep a figure, this workbook's Refresh on open, the company's currency (while connected), and what the filters need (the
 * fiscal year's first month, when a load asks).
 */

import { Dropdown, Field, makeStyles, Option, Switch, Text, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { APP_VERSION } from '../../version';
import { FUNCTIONS_CACHE_CHOICES, isFunctionsCacheSeconds, type FunctionsCacheSeconds, type LanguageChoice } from '../state/preferences';
import { useApp } from './app-context';
import { CompanyCurrencyField } from './CompanyCurrencyField';
import { FilterSettingsFields } from './FilterSettingsFields';

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
  const cacheLabel = (seconds: FunctionsCacheSeconds): string =>
    seconds === 0
      ? t('pane.settings.functionsCacheOff')
      : seconds < 60
        ? t('pane.settings.functionsCacheSeconds', { seconds })
        : t('pane.settings.functionsCacheMinutes', { minutes: seconds / 60 });
  const cache = state.functions.cacheSeconds;
  return (
    <div className={styles.stack}>
      <Field label={t('pane.settings.language')} hint={t('pane.settings.languageHint')}>
        <Dropdown
          value={label(state.languageChoice)}
          selectedOptions={[state.languageChoice]}
          onOptionSelect={(_, d) => app.setLanguage((d.optionValue ?? 'office') as LanguageChoice)}
        >
          {CHOICES.map((choice) => (
            <Option key={choice} value={choice} {...(choice === 'office' ? {} : { lang: choice })}>
              {label(choice)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('pane.settings.functionsCache')} hint={t('pane.settings.functionsCacheHint')}>
        <Dropdown
          value={cacheLabel(cache)}
          selectedOptions={[String(cache)]}
          onOptionSelect={(_, d) => {
            const seconds = Number(d.optionValue);
            if (isFunctionsCacheSeconds(seconds)) app.setFunctionsCache(seconds);
          }}
        >
          {FUNCTIONS_CACHE_CHOICES.map((seconds) => (
            <Option key={seconds} value={String(seconds)}>
              {cacheLabel(seconds)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {state.refreshOnOpen !== undefined && (
        <Field hint={t('pane.settings.refreshOnOpenHint')}>
          <Switch
            label={t('pane.settings.refreshOnOpen')}
            checked={state.refreshOnOpen.on}
            onChange={(_, d) => void app.setRefreshOnOpen(d.checked)}
            data-testid="refresh-on-open"
          />
        </Field>
      )}
      <CompanyCurrencyField />
      <FilterSettingsFields />
      <Text size={200} className={styles.muted}>
        {t('pane.settings.version', { version: APP_VERSION })}
      </Text>
    </div>
  );
}
