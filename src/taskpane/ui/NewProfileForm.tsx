/**
 * A new connection: name, base URL, client ID, secret, company or group credentials, and whether this computer keeps
 * the secret. Closed behind "New connection" unless on a first run or filled in (a shared workbook's address).
 */

import { Button, Checkbox, Field, Input, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { useState, type FormEvent, type ReactElement } from 'react';
import type { ProfileForm } from '../state/app-state';
import { useApp } from './app-context';
import { useConnectStyles } from './connect-styles';

/** `note`: what this form is for, above its fields (the workbook's address chosen over a saved profile). */
export function NewProfileForm({
  initial,
  note,
  primary,
}: {
  initial?: { name: string; baseUrl: string } | undefined;
  note?: string | undefined;
  primary: boolean;
}): ReactElement {
  const { app, state } = useApp();
  const styles = useConnectStyles();
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
