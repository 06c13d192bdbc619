/**
 * Settings › Company currency (while connected): "From the accounts (EUR)" by default, one of the accounts'
 * currencies, or a code typed in (three letters; Enter or leaving the field keeps it). Kept per connection profile.
 */

import { Combobox, Field, Option } from '@fluentui/react-components';
import { useEffect, useState, type ReactElement } from 'react';
import { useApp } from './app-context';

/** The option that follows the accounts (no currency chosen). */
const FROM_ACCOUNTS = 'accounts';

export function CompanyCurrencyField(): ReactElement | null {
  const { app, state } = useApp();
  const t = app.t;
  const view = state.companyCurrency;
  const fromAccounts =
    view?.inferred === undefined
      ? t('pane.settings.companyCurrencyUnknown')
      : t('pane.settings.companyCurrencyInferred', { currency: view.inferred });
  const shown = view?.chosen ?? fromAccounts;
  const [text, setText] = useState(shown);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(shown);
    setInvalid(false);
  }, [shown]);
  if (view === undefined) return null;

  const choose = (code: string | undefined): void => {
    const ok = app.setCompanyCurrency(code);
    setInvalid(!ok);
    if (ok) setText(code === undefined ? fromAccounts : code.trim().toUpperCase() || fromAccounts);
  };
  /** A code typed in: kept when it is three letters; the accounts' label as it stands changes nothing. */
  const commitTyped = (): void => {
    if (text === shown) return;
    choose(text.trim() === '' ? undefined : text);
  };
  const choices = [...new Set([...view.choices, ...(view.chosen === undefined ? [] : [view.chosen])])].sort();
  return (
    <Field
      label={t('pane.settings.companyCurrency')}
      hint={t('pane.settings.companyCurrencyHint')}
      {...(invalid ? { validationState: 'error' as const, validationMessage: t('pane.settings.companyCurrencyInvalid') } : {})}
    >
      <Combobox
        freeform
        value={text}
        selectedOptions={[view.chosen ?? FROM_ACCOUNTS]}
        onChange={(event) => setText(event.target.value)}
        onOptionSelect={(_, data) => {
          if (data.optionValue === undefined) return;
          choose(data.optionValue === FROM_ACCOUNTS ? undefined : data.optionValue);
        }}
        onBlur={commitTyped}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitTyped();
        }}
      >
        <Option value={FROM_ACCOUNTS}>{fromAccounts}</Option>
        {choices.map((code) => (
          <Option key={code} value={code}>
            {code}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
