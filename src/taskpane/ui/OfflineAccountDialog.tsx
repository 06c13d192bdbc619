/**
 * "New offline account": a dialog over the Data view with the account's fields (name, bank, IBAN and currency asked
 * for; BIC, short name, holder, type, opening balance and overdraft limit optional), each problem on its field (the
 * pane's checks, or the service's), and what the service did: created, or the account that has this IBAN and
 * currency already, with the Accounts table refreshed or offered. The rules are in the state (`app.createOfflineAccount`).
 */

import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import type { MessageKey } from '../../i18n/catalog';
import type { OfflineAccountField, OfflineAccountForm } from '../../sync/accounts';
import type { AccountMessage, OfflineAccountView } from '../state/app-snapshot';
import { exampleAmount } from '../../sync/locale-decimal';
import { useAppActions, useAppState } from './app-context';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  note: { display: 'block', marginBlockStart: tokens.spacingVerticalXXS },
  intro: { color: tokens.colorNeutralForeground2 },
});

/** How each field is typed: hints, required, what the keyboard offers. */
const FIELD_INPUT: Record<OfflineAccountField, { hint?: MessageKey; required?: true; decimal?: true; autoComplete?: string }> = {
  name: { required: true },
  bankName: { required: true, hint: 'account.hint.bankName' },
  iban: { required: true, hint: 'account.hint.iban' },
  currency: { required: true, hint: 'account.hint.currency' },
  bic: {},
  alias: {},
  holderName: { autoComplete: 'organization' },
  typeName: {},
  balance: { hint: 'account.hint.amount', decimal: true },
  overdraftLimit: { hint: 'account.hint.amount', decimal: true },
};

/** The order on screen: what identifies the account first. */
const ORDER: readonly OfflineAccountField[] = [
  'name',
  'bankName',
  'iban',
  'currency',
  'bic',
  'alias',
  'holderName',
  'typeName',
  'balance',
  'overdraftLimit',
];

export function OfflineAccountDialog(): ReactElement {
  const app = useAppActions();
  const view = useAppState((s) => s.offlineAccount);
  const styles = useStyles();
  const t = app.t;
  const [form, setForm] = useState<OfflineAccountForm>(view.initial);
  // A new form each time the dialog opens (the state hands a new `initial` then).
  useEffect(() => setForm(view.initial), [view.initial]);
  const done = view.status === 'done';
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void app.createOfflineAccount(form);
  };
  return (
    <Dialog open={view.open} onOpenChange={(_, data) => !data.open && app.closeOfflineAccount()}>
      <DialogSurface aria-label={t('account.new.title')}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t('account.new.title')}</DialogTitle>
            <DialogContent className={styles.content}>
              {!done && (
                <Text size={200} className={styles.intro}>
                  {t('account.new.intro')}
                </Text>
              )}
              {view.message && <Outcome message={view.message} />}
              {!done && (
                <AccountFields
                  view={view}
                  form={form}
                  onChange={(field, value) => setForm((previous) => ({ ...previous, [field]: value }))}
                />
              )}
            </DialogContent>
            <DialogButtons view={view} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** What the service did (or why nothing was made), with its notes below. */
function Outcome({ message }: { message: AccountMessage }): ReactElement {
  const styles = useStyles();
  return (
    <MessageBar intent={message.intent} layout="multiline" data-testid="account-outcome">
      <MessageBarBody>
        {message.text}
        {message.notes.map((note) => (
          <span key={note} className={styles.note}>
            {note}
          </span>
        ))}
      </MessageBarBody>
    </MessageBar>
  );
}

/** The fields in their order, each with its problem; after a check the keyboard lands on the first field with one. */
function AccountFields({
  view,
  form,
  onChange,
}: {
  view: OfflineAccountView;
  form: OfflineAccountForm;
  onChange(field: OfflineAccountField, value: string): void;
}): ReactElement {
  const app = useAppActions();
  const language = useAppState((s) => s.language);
  const inputs = useRef<Partial<Record<OfflineAccountField, HTMLInputElement | null>>>({});
  useEffect(() => {
    const first = ORDER.find((field) => view.problems[field] !== undefined);
    if (first !== undefined) inputs.current[first]?.focus();
  }, [view.problems]);
  return (
    <>
      {ORDER.map((field) => {
        const input = FIELD_INPUT[field];
        const problem = view.problems[field];
        return (
          <Field
            key={field}
            label={app.t(`account.field.${field}`)}
            required={input.required ?? false}
            hint={input.hint === undefined ? undefined : app.t(input.hint, { example: exampleAmount(language) })}
            validationState={problem === undefined ? 'none' : 'error'}
            validationMessage={problem}
          >
            <Input
              ref={(element) => {
                inputs.current[field] = element;
              }}
              name={field}
              value={form[field]}
              readOnly={view.status === 'creating'}
              autoComplete={input.autoComplete ?? 'off'}
              inputMode={input.decimal ? 'decimal' : undefined}
              onChange={(_, data) => onChange(field, data.value)}
            />
          </Field>
        );
      })}
    </>
  );
}

/** Create and Close while editing; after an account came back: Load the Accounts table (when offered), Close, New account. */
function DialogButtons({ view }: { view: OfflineAccountView }): ReactElement {
  const app = useAppActions();
  const t = app.t;
  const creating = view.status === 'creating';
  if (view.status !== 'done') {
    return (
      <DialogActions fluid>
        <Button appearance="primary" type="submit" disabledFocusable={creating} icon={creating ? <Spinner size="tiny" /> : undefined}>
          {creating ? t('account.new.creating') : t('account.new.create')}
        </Button>
        <Button appearance="subtle" disabled={creating} onClick={() => app.closeOfflineAccount()}>
          {t('account.new.close')}
        </Button>
      </DialogActions>
    );
  }
  const loadTable = (): void => {
    // The Data view shows the load (its card and the progress bar), not a dialog over them.
    app.closeOfflineAccount();
    void app.loadAccountsTable();
  };
  return (
    <DialogActions fluid>
      {view.offerLoad && (
        <Button appearance="primary" onClick={loadTable}>
          {t('account.outcome.loadTable')}
        </Button>
      )}
      <Button appearance={view.offerLoad ? 'secondary' : 'primary'} onClick={() => app.closeOfflineAccount()}>
        {t('account.new.close')}
      </Button>
      <Button appearance="subtle" onClick={() => app.openOfflineAccount()}>
        {t('account.new.another')}
      </Button>
    </DialogActions>
  );
}
