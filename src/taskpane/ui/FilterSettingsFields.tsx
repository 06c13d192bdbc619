/**
 * The Settings of the filters: the fiscal year's first month (the period "Fiscal year") and above how many rows a
 * load asks first. Both kept on this computer.
 */

import { Dropdown, Field, Option } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { LOCALES } from '../state/app-state';
import { isLoadConfirmChoice, LOAD_CONFIRM_CHOICES, type LoadConfirmChoice } from '../state/preferences';
import { useApp } from './app-context';
import { formatInteger } from './format';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export function FilterSettingsFields(): ReactElement {
  const { app, state } = useApp();
  const t = app.t;
  const { fiscalYearStartMonth, loadConfirm } = state.filterSettings;
  const monthName = (month: number): string =>
    new Intl.DateTimeFormat(LOCALES[state.language], { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
  const confirmLabel = (choice: LoadConfirmChoice): string =>
    choice === 'never'
      ? t('pane.settings.confirmLoadNever')
      : t('pane.settings.confirmLoadRows', { rows: formatInteger(choice, state.language) });
  return (
    <>
      <Field label={t('pane.settings.fiscalYear')} hint={t('pane.settings.fiscalYearHint')}>
        <Dropdown
          value={monthName(fiscalYearStartMonth)}
          selectedOptions={[String(fiscalYearStartMonth)]}
          onOptionSelect={(_, d) => app.setFiscalYearStartMonth(Number(d.optionValue))}
        >
          {MONTHS.map((month) => (
            <Option key={month} value={String(month)}>
              {monthName(month)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('pane.settings.confirmLoad')} hint={t('pane.settings.confirmLoadHint')}>
        <Dropdown
          value={confirmLabel(loadConfirm)}
          selectedOptions={[String(loadConfirm)]}
          onOptionSelect={(_, d) => {
            const choice = d.optionValue === 'never' ? 'never' : Number(d.optionValue);
            if (isLoadConfirmChoice(choice)) app.setLoadConfirm(choice);
          }}
        >
          {LOAD_CONFIRM_CHOICES.map((choice) => (
            <Option key={choice} value={String(choice)}>
              {confirmLabel(choice)}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </>
  );
}
