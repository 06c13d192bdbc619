/**
 * Connect: the demo company in one click when the sandbox answers, saved profiles (connect, secret when this
 * computer does not keep it, remove), a form for a new one, what a shared workbook expects, and the connected
 * profile with "Sign out". A workbook that names a saved profile at another address gets a warning with both
 * addresses, the saved profile as the one primary action, and the workbook's address only as a new connection
 * chosen on purpose (its own client ID and secret, the saved profile untouched).
 */

import {
  Button,
  Card,
  CardHeader,
  Checkbox,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent, type ReactElement } from 'react';
import type { ConnectionProfile } from '../../sync/connect';
import { PROXY_URL } from '../environment';
import type { ProfileForm } from '../state/app-state';
import { useApp } from './app-context';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  url: { wordBreak: 'break-all', color: tokens.colorNeutralForeground3 },
  // An address breaks only where it must (a whole one fits 320 px on its own line).
  address: { overflowWrap: 'anywhere' },
  connecting: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBlockStart: tokens.spacingVerticalXS },
});

export function ConnectView(): ReactElement {
  const { app, state } = useApp();
  const styles = useStyles();
  const t = app.t;
  const connection = state.connection;
  const busy = connection.status === 'connecting';
  const connected = connection.status === 'connected';
  const workbook = state.workbook;
  const mismatch = workbook.status === 'mismatch' && !connected ? workbook : undefined;
  const [workbookAddressChosen, setWorkbookAddressChosen] = useState(false);
  const expected = workbook.status === 'unknown' ? workbook.expected : undefined;
  const others = state.profiles.filter((p) => (!connected || p.id !== connection.profile.id) && p.id !== mismatch?.profile.id);
  // One primary action per view: the saved profile when the workbook names it elsewhere, else the demo, else the form.
  const demoPrimary = mismatch === undefined;
  // The form filled in: the workbook's address chosen over a saved profile (under a name of its own), or a colleague's.
  const formInitial =
    mismatch && workbookAddressChosen
      ? { name: nameForAddress(mismatch.expected.profileName, mismatch.expected.baseUrl), baseUrl: mismatch.expected.baseUrl }
      : expected
        ? { name: expected.profileName, baseUrl: expected.baseUrl }
        : undefined;

  return (
    <div className={styles.stack}>
      {connection.status === 'connected' ? (
        <Card>
          <CardHeader
            header={<Text weight="semibold">{t('pane.connect.connectedTo', { name: connection.profile.name })}</Text>}
            description={<Text className={styles.url}>{connection.profile.baseUrl}</Text>}
          />
          <div className={styles.actions}>
            <Button onClick={() => app.signOut()}>{t('pane.connect.signOut')}</Button>
          </div>
        </Card>
      ) : state.profiles.length === 0 ? (
        <div>
          <Text as="h2" weight="semibold" size={500} block>
            {t('pane.connect.welcome.title')}
          </Text>
          <Text block>{t('pane.connect.welcome.text')}</Text>
        </div>
      ) : null}

      {connection.status === 'connecting' && <ConnectingStatus profileId={connection.profileId} />}

      {connection.status === 'failed' && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('pane.connect.failed')}</MessageBarTitle>
            {connection.message}
            {connection.detail !== undefined && connection.detail !== connection.message && (
              <Text block size={200} data-testid="service-said">
                {t('pane.connect.serviceSaid', { detail: connection.detail })}
              </Text>
            )}
            {connection.problem === 'cors' && <Text block>{t('pane.connect.proxyHint', { url: PROXY_URL })}</Text>}
          </MessageBarBody>
        </MessageBar>
      )}

      {mismatch && (
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
            <Button disabled={busy} onClick={() => setWorkbookAddressChosen(true)}>
              {t('pane.connect.mismatch.useWorkbook')}
            </Button>
          )}
        </>
      )}

      {workbook.status === 'refused' && !connected && (
        <MessageBar intent="warning" layout="multiline" data-testid="workbook-refused">
          <MessageBarBody>
            <MessageBarTitle>{t('pane.connect.refused.title')}</MessageBarTitle>
            <Text block className={styles.address}>
              {t('pane.connect.refused.text', { name: workbook.profileName, url: workbook.baseUrl })}
            </Text>
          </MessageBarBody>
        </MessageBar>
      )}

      {expected && !connected && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('pane.connect.sharedTitle')}</MessageBarTitle>
            {t('pane.connect.sharedText', { name: expected.profileName, url: expected.baseUrl })}
          </MessageBarBody>
        </MessageBar>
      )}

      {state.demoAvailable && !connected && (
        // Not disabled while another connect runs: the demo supersedes a connect to a service that hangs.
        <Button appearance={demoPrimary ? 'primary' : 'secondary'} onClick={() => void app.connectDemo()}>
          {t('pane.connect.demo')}
        </Button>
      )}

      {others.length > 0 && (
        <section className={styles.stack} aria-label={t('pane.connect.saved')}>
          <Text as="h2" weight="semibold">
            {t('pane.connect.saved')}
          </Text>
          {others.map((profile) => (
            <SavedProfile key={profile.id} profile={profile} busy={busy} />
          ))}
        </section>
      )}

      {(mismatch === undefined || workbookAddressChosen) && (
        <NewProfileForm
          key={formInitial ? `${formInitial.name}|${formInitial.baseUrl}` : 'new'}
          initial={formInitial}
          note={
            mismatch && workbookAddressChosen
              ? t('pane.connect.mismatch.formNote', { url: mismatch.expected.baseUrl, name: mismatch.profile.name })
              : undefined
          }
          primary={mismatch === undefined && (!state.demoAvailable || connected)}
        />
      )}
    </div>
  );
}

/** A connect under way: whom it reaches for, and "Cancel" (it also gives up by itself, see `CONNECT_DEADLINE_MS`). */
function ConnectingStatus({ profileId }: { profileId: string }): ReactElement {
  const { app, state } = useApp();
  const styles = useStyles();
  const t = app.t;
  const name = state.profiles.find((p) => p.id === profileId)?.name;
  return (
    <div className={styles.connecting} role="status" data-testid="connecting">
      <Spinner size="tiny" label={name === undefined ? t('pane.state.connecting') : t('pane.connect.connectingTo', { name })} />
      <Button onClick={() => app.cancelConnect()} aria-label={name === undefined ? undefined : t('pane.connect.cancelNamed', { name })}>
        {t('pane.connect.cancel')}
      </Button>
    </div>
  );
}

/** The name a new connection to the workbook's address starts with: the workbook's name and the host, apart from the saved one. */
function nameForAddress(name: string, baseUrl: string): string {
  return `${name} (${new URL(baseUrl).host})`;
}

interface SavedProfileProps {
  profile: ConnectionProfile;
  busy: boolean;
  /** The view's one primary action. */
  primary?: boolean;
  /** The connect button's text instead of "Connect", and its accessible name (which starts with that text). */
  label?: string;
  labelFull?: string;
  /** Offers "Remove" (not beside a warning, where only connecting is the question). */
  removable?: boolean;
}

function SavedProfile({ profile, busy, primary = false, label, labelFull, removable = true }: SavedProfileProps): ReactElement {
  const { app, state } = useApp();
  const styles = useStyles();
  const t = app.t;
  const [secret, setSecret] = useState('');
  const needsSecret = app.needsSecret(profile.id);
  const connecting = state.connection.status === 'connecting' && state.connection.profileId === profile.id;
  const connect = (event: FormEvent): void => {
    event.preventDefault();
    void app.connect(profile.id, needsSecret ? secret : undefined);
  };
  return (
    <Card>
      <CardHeader
        header={<Text weight="semibold">{profile.name}</Text>}
        description={<Text className={styles.url}>{profile.baseUrl}</Text>}
      />
      <form className={styles.form} onSubmit={connect} aria-label={profile.name}>
        {needsSecret && (
          <Field label={t('pane.connect.field.secret')} hint={t('pane.connect.secretNotKept')}>
            <Input type="password" value={secret} onChange={(_, data) => setSecret(data.value)} autoComplete="off" />
          </Field>
        )}
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance={primary ? 'primary' : 'secondary'}
            disabled={busy || (needsSecret && secret === '')}
            aria-label={labelFull ?? t('pane.connect.connectTo', { name: profile.name })}
          >
            {connecting ? t('pane.state.connecting') : (label ?? t('pane.connect.connect'))}
          </Button>
          {removable && (
            <Button
              appearance="subtle"
              onClick={() => app.removeProfile(profile.id)}
              aria-label={t('pane.connect.removeNamed', { name: profile.name })}
            >
              {t('pane.connect.remove')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

/** `note`: what this form is for, above its fields (the workbook's address chosen over a saved profile). */
function NewProfileForm({
  initial,
  note,
  primary,
}: {
  initial?: { name: string; baseUrl: string } | undefined;
  note?: string | undefined;
  primary: boolean;
}): ReactElement {
  const { app, state } = useApp();
  const styles = useStyles();
  const t = app.t;
  const [form, setForm] = useState<ProfileForm>({
    name: initial?.name ?? '',
    baseUrl: initial?.baseUrl ?? '',
    clientId: '',
    secret: '',
    kind: 'company',
    remember: true,
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  // Open at once on a first run (nothing saved, nothing tried yet) and when it comes filled in.
  const [open, setOpen] = useState((state.profiles.length === 0 && state.connection.status === 'signedOut') || initial !== undefined);
  const busy = state.connection.status === 'connecting';
  const set = (patch: Partial<ProfileForm>): void => setForm((f) => ({ ...f, ...patch }));

  if (!open)
    return (
      <Button appearance={primary ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
        {t('pane.connect.new')}
      </Button>
    );

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const result = await app.saveProfile(form);
    setProblems(result.ok ? {} : Object.fromEntries(result.problems.map((p) => [p.field, p.message])));
  };
  const validation = (field: string): { validationState?: 'error'; validationMessage?: string } =>
    problems[field] === undefined ? {} : { validationState: 'error', validationMessage: problems[field] };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={t('pane.connect.new')}>
      <Text as="h2" weight="semibold">
        {t('pane.connect.new')}
      </Text>
      {note !== undefined && <Text block>{note}</Text>}
      <Field label={t('pane.connect.field.name')} required {...validation('name')}>
        <Input value={form.name} onChange={(_, d) => set({ name: d.value })} />
      </Field>
      <Field label={t('pane.connect.field.baseUrl')} hint={t('pane.connect.field.baseUrlHint')} required {...validation('baseUrl')}>
        <Input type="url" value={form.baseUrl} onChange={(_, d) => set({ baseUrl: d.value })} placeholder="https://" />
      </Field>
      <Field label={t('pane.connect.field.clientId')} required {...validation('clientId')}>
        <Input value={form.clientId} onChange={(_, d) => set({ clientId: d.value })} autoComplete="off" />
      </Field>
      <Field label={t('pane.connect.field.secret')} required {...validation('secret')}>
        <Input type="password" value={form.secret} onChange={(_, d) => set({ secret: d.value })} autoComplete="off" />
      </Field>
      <Field label={t('pane.connect.field.kind')}>
        <RadioGroup value={form.kind} onChange={(_, d) => set({ kind: d.value === 'group' ? 'group' : 'company' })}>
          <Radio value="company" label={t('pane.connect.kind.company')} />
          <Radio value="group" label={t('pane.connect.kind.group')} />
        </RadioGroup>
      </Field>
      <Checkbox checked={form.remember} onChange={(_, d) => set({ remember: d.checked === true })} label={t('pane.connect.remember')} />
      <Text size={200}>{form.remember ? t('pane.connect.rememberOn') : t('pane.connect.rememberOff')}</Text>
      <div className={styles.actions}>
        <Button type="submit" appearance={primary ? 'primary' : 'secondary'} disabled={busy}>
          {busy ? t('pane.state.connecting') : t('pane.connect.connect')}
        </Button>
      </div>
    </form>
  );
}
