/** Section 4: POST /accounts/ (offline accounts) and POST /accounts/{account_id}/transactions/ (import). */
import { isRecord, unique, useSandbox, type PageBody } from './support';
import { ACCOUNT, shapeProblems, TRANSACTION } from './field-types';
import { CategoryTree, loadAccounts, type Account, type Tx } from './resources';

const h = useSandbox({ transactions: 600 });
let accounts: Account[] = [];
let tree: CategoryTree;

beforeAll(async () => {
  accounts = await loadAccounts(h);
  tree = await CategoryTree.load(h);
});

function iban(): string {
  const digits = String(Date.now()).slice(-10) + String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `DE00${digits}`;
}

async function createOffline(extra: Record<string, unknown> = {}): Promise<Account> {
  const reply = await h.request('POST', '/accounts/', {
    json: { bank: { name: 'Conformance Bank', bic: '' }, name: unique('Offline '), currency: 'EUR', iban: iban(), ...extra },
  });
  if (reply.status !== 200 && reply.status !== 201) throw new Error(`POST /accounts/: ${reply.status} ${reply.text}`);
  return reply.body as Account;
}

describe('POST /accounts/', () => {
  test('creates an offline account and returns the Account', async () => {
    const reply = await h.request('POST', '/accounts/', {
      json: { bank: { name: 'Conformance Bank', bic: 'COBADEFFXXX' }, name: 'Cash box', alias: 'cash', currency: 'EUR', iban: iban() },
    });
    expect([200, 201]).toContain(reply.status);
    expect(shapeProblems(reply.body, ACCOUNT, 'account')).toEqual([]);
    const a = reply.body as Account & { name: string; alias: string };
    expect(a.status).toBe('OFFLINE');
    expect(a.name).toBe('Cash box');
    expect(a.alias).toBe('cash');
    expect(a.bank.name).toBe('Conformance Bank');
    expect(a.bank.bic).toBe('COBADEFFXXX');
    expect(a.bank.open_banking_connection_id).toBeNull();
    expect((await loadAccounts(h)).map((x) => x.id)).toContain(a.id);
    const banks = (await h.all('/banks/')) as { accounts: { id: number }[] }[];
    expect(banks.flatMap((b) => b.accounts.map((x) => x.id))).toContain(a.id);
  });

  test('bank.bic may be an empty string', async () => {
    const a = await createOffline();
    expect(a.bank.bic).toBe('');
  });

  test('bank is required', async () => {
    const reply = await h.request('POST', '/accounts/', { json: { name: 'no bank', currency: 'EUR' } });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('bank');
  });

  test('bank.name is required', async () => {
    const reply = await h.request('POST', '/accounts/', { json: { bank: { bic: '' }, name: 'x', currency: 'EUR' } });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('bank');
  });

  test('bank.bic is required', async () => {
    const reply = await h.request('POST', '/accounts/', { json: { bank: { name: 'B' }, name: 'x', currency: 'EUR' } });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('bank');
  });

  test('balance as a numeric string and overdraft_limit are accepted and returned as numbers', async () => {
    const a = (await createOffline({ balance: '1500.25', overdraft_limit: 300, holder_name: 'ACME', type_name: 'Giro' })) as Account & {
      overdraft_limit: number | null;
    };
    expect(a.balance).toBe(1500.25);
    expect(a.overdraft_limit).toBe(300);
  });

  test('an offline account created without type_name has an empty type_name', async () => {
    const a = await createOffline();
    expect(a.type_name).toBe('');
  });

  test('the same IBAN and currency returns the existing account', async () => {
    const same = iban();
    const a = await createOffline({ iban: same });
    const count = (await loadAccounts(h)).length;
    const b = await createOffline({ iban: same, name: 'other name' });
    expect(b.id).toBe(a.id);
    expect((await loadAccounts(h)).length).toBe(count);
  });

  test('the same IBAN in another currency creates a new account', async () => {
    const same = iban();
    const a = await createOffline({ iban: same, currency: 'EUR' });
    const b = await createOffline({ iban: same, currency: 'USD' });
    expect(b.id).not.toBe(a.id);
    expect(b.currency).toBe('USD');
  });
});

describe('account limit', () => {
  const limited = useSandbox({ transactions: 50, accountLimit: 1 });

  test('creating an account above the edition limit gives 403 with detail', async () => {
    const reply = await limited.request('POST', '/accounts/', {
      json: { bank: { name: 'B', bic: '' }, name: 'over the limit', currency: 'EUR', iban: iban() },
    });
    expect(reply.status).toBe(403);
    expect(isRecord(reply.body) && typeof reply.body.detail).toBe('string');
  });
});

describe('POST /accounts/{account_id}/transactions/', () => {
  let offline: Account;
  beforeAll(async () => {
    offline = await createOffline();
  });

  const item = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    value_date: '2024-05-06',
    amount: -42.5,
    purpose: 'conformance import',
    counterpart_name: 'Counterpart GmbH',
    ...extra,
  });

  test('a single object gives the created transaction as an object', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: item() });
    expect([200, 201]).toContain(reply.status);
    expect(isRecord(reply.body)).toBe(true);
    expect(shapeProblems(reply.body, TRANSACTION, 'created')).toEqual([]);
    const t = reply.body as Tx;
    expect(t.amount).toBe(-42.5);
    expect(t.value_date).toBe('2024-05-06');
    expect(t.purpose).toBe('conformance import');
    expect(t.account.id).toBe(offline.id);
  });

  test('an array gives an array of created transactions', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: [item(), item({ amount: 10 })] });
    expect([200, 201]).toContain(reply.status);
    expect(Array.isArray(reply.body)).toBe(true);
    expect((reply.body as Tx[]).map((t) => t.amount)).toEqual([-42.5, 10]);
  });

  test('the embedded account carries bank (string) and currency (string)', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: item() });
    const account = (reply.body as Tx).account;
    expect(account.id).toBe(offline.id);
    expect(typeof account.name).toBe('string');
    expect(typeof account.alias).toBe('string');
    expect(account.bank).toBe(offline.bank.name);
    expect(account.currency).toBe(offline.currency);
  });

  test('a default (uncategorized) category is assigned', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: item() });
    const t = reply.body as Tx;
    expect(tree.defaultIds().has(t.category.id)).toBe(true);
  });

  test('category cannot be set on create', async () => {
    const leaf = tree.usableLeaf();
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: item({ category: leaf.id }) });
    if (reply.status === 200 || reply.status === 201) expect(tree.defaultIds().has((reply.body as Tx).category.id)).toBe(true);
    else expect(reply.status).toBe(400);
  });

  test('amount as a numeric string and tags are accepted', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: item({ amount: '123.45', tags: ['a', 'b'] }) });
    expect([200, 201]).toContain(reply.status);
    const t = reply.body as Tx;
    expect(t.amount).toBe(123.45);
    expect(t.tags).toEqual(['a', 'b']);
  });

  test('value_date 2000-01-01 is accepted', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: item({ value_date: '2000-01-01' }) });
    expect([200, 201]).toContain(reply.status);
  });

  test('value_date before 2000-01-01 gives 400 on value_date', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: item({ value_date: '1999-12-31' }) });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('value_date');
  });

  test('in an array, a value_date before 2000-01-01 gives 400 with the error at the item index', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, {
      json: [item(), item({ value_date: '1999-12-31' }), item()],
    });
    expect(reply.status).toBe(400);
    const body = reply.body as unknown[];
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(3);
    expect(isRecord(body[0]) && Object.keys(body[0])).toEqual([]);
    expect(isRecord(body[1]) && Object.keys(body[1])).toContain('value_date');
    expect(isRecord(body[2]) && Object.keys(body[2])).toEqual([]);
  });

  test('value_date and amount are required', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: { purpose: 'nothing' } });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toEqual(expect.arrayContaining(['value_date', 'amount']));
  });

  test('more than 1000 transactions give 400', async () => {
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, { json: Array.from({ length: 1001 }, () => item()) });
    expect(reply.status).toBe(400);
  });

  test('exactly 1000 transactions are accepted', async () => {
    const fresh = await createOffline();
    const reply = await h.request('POST', `/accounts/${fresh.id}/transactions/`, { json: Array.from({ length: 1000 }, () => item()) });
    expect([200, 201]).toContain(reply.status);
    expect(reply.body as unknown[]).toHaveLength(1000);
    const listed = (await h.get('/transactions/', { account: fresh.id, page_size: 1 })).body as PageBody;
    expect(listed.count).toBe(1000);
  });

  test.each(['API', 'DISCONNECTED'])('an account with status %s refuses new transactions with 403', async (status) => {
    const account = accounts.find((a) => a.status === status);
    if (!account) throw new Error(`no ${status} account`);
    const reply = await h.request('POST', `/accounts/${account.id}/transactions/`, { json: item() });
    expect(reply.status).toBe(403);
  });

  test('an account linked to a bank connection refuses new transactions with 403', async () => {
    const account = accounts.find((a) => a.bank.open_banking_connection_id !== null && a.status !== 'API' && a.status !== 'DISCONNECTED');
    if (!account) throw new Error('no connected account');
    const reply = await h.request('POST', `/accounts/${account.id}/transactions/`, { json: item() });
    expect(reply.status).toBe(403);
  });

  test('an unknown account gives 404', async () => {
    const reply = await h.request('POST', '/accounts/987654321/transactions/', { json: item() });
    expect(reply.status).toBe(404);
  });

  test('imported transactions appear in /transactions/ and min_date_created finds them', async () => {
    const fresh = await createOffline();
    h.clock.advanceSeconds(3);
    const since = h.clock.now().toISOString();
    h.clock.advanceSeconds(2);
    const created = (await h.request('POST', `/accounts/${fresh.id}/transactions/`, { json: [item(), item({ amount: 5 })] })).body as Tx[];
    const found = (await h.all('/transactions/', { min_date_created: since })) as Tx[];
    expect(found.map((t) => t.id).sort()).toEqual(created.map((t) => t.id).sort());
    const old = (await h.get('/transactions/', { max_date_created: since, account: fresh.id })).body as PageBody;
    expect(old.count).toBe(0);
    const account = (await loadAccounts(h)).find((a) => a.id === fresh.id);
    expect(account?.transaction_count).toBe(2);
  });
});
