/**
 * Creating an offline account against the sandbox over HTTP: a new one, the existing one for the same IBAN and
 * currency (told apart by the ids read before), the edition's account limit (403) and the service's own checks (400)
 * on the form's fields.
 */

import { createClient, type CashflowClient } from '../../../src/api';
import { startSandbox, type SandboxOptions } from '../../../src/sandbox';
import {
  createOfflineAccount,
  parseOfflineAccountForm,
  emptyOfflineAccountForm,
  type OfflineAccountForm,
} from '../../../src/sync/accounts';
import type { OfflineAccountInput } from '../../../src/api';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function clientOf(options: SandboxOptions = {}, language: 'de' | 'en' = 'en'): Promise<CashflowClient> {
  const sandbox = await startSandbox({ port: 0, transactions: 20, ...options });
  open.push(sandbox);
  const { clientId, clientSecret } = sandbox.credentials.company;
  return createClient({ baseUrl: sandbox.url, clientId, clientSecret, language, sleep: async () => undefined });
}

function input(form: Partial<OfflineAccountForm>): OfflineAccountInput {
  const parsed = parseOfflineAccountForm(
    { ...emptyOfflineAccountForm('EUR'), name: 'Kasse', bankName: 'Handkasse', iban: 'DE89 3704 0044 0532 0130 00', ...form },
    'de',
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.input;
}

test('a new IBAN makes an account; the same IBAN and currency, typed otherwise, gives it back as existing; another currency is another account', async () => {
  const client = await clientOf();
  const before = (await client.accounts.summary()).accounts.length;
  const created = await createOfflineAccount({ client, input: input({ balance: '1.234,50', overdraftLimit: '500' }) });
  expect(created).toMatchObject({
    kind: 'created',
    ibanKept: true,
    account: { name: 'Kasse', iban: 'DE89370400440532013000', currency: 'EUR', balance: 1234.5, overdraft_limit: 500, status: 'OFFLINE' },
  });
  if (created.kind !== 'created') throw new Error(created.kind);

  const again = await createOfflineAccount({
    client,
    input: input({ name: 'Another name', iban: 'de89370400440532013000', currency: 'eur' }),
  });
  expect(again).toMatchObject({ kind: 'existing', account: { id: created.account.id, name: 'Kasse' } });

  const chf = await createOfflineAccount({ client, input: input({ currency: 'CHF' }) });
  expect(chf).toMatchObject({ kind: 'created', account: { currency: 'CHF', iban: 'DE89370400440532013000' } });
  expect((await client.accounts.summary()).accounts.length).toBe(before + 2);
});

test('over the edition account limit: refused (403) with the service reason, nothing created', async () => {
  const probe = await clientOf();
  const count = (await probe.accounts.summary()).accounts.length;
  const client = await clientOf({ accountLimit: count });
  const outcome = await createOfflineAccount({ client, input: input({}) });
  expect(outcome).toEqual({ kind: 'refused', edition: false, detail: expect.stringContaining(`(${count})`) });
  expect((await client.accounts.summary()).accounts).toHaveLength(count);
});

test('the service checks (400) come back on the form fields, in the language of the client', async () => {
  const client = await clientOf({}, 'de');
  // 15 digits: the form takes any amount, the service at most 14 digits.
  const outcome = await createOfflineAccount({ client, input: input({ balance: '1.234.567.890.123,45' }) });
  expect(outcome).toEqual({ kind: 'invalid', problems: [{ field: 'balance', message: expect.stringMatching(/Ziffern/) }], general: [] });
  const nested = await createOfflineAccount({ client, input: { ...input({}), bank: { name: '', bic: '' } } });
  expect(nested).toMatchObject({ kind: 'invalid', problems: [{ field: 'bankName', message: expect.any(String) }] });
});
