/**
 * Writes on accounts and transactions: offline accounts, imports (single, chunked, refused), category
 * changes (bulk and single, leaf and non-leaf), verification after a change behind the client's back,
 * and the incremental fetch by `min_date_updated`.
 */
import {
  type Account,
  BadRequestError,
  type Category,
  MAX_ITEMS_PER_CALL,
  PermissionDeniedError,
  type TransactionInput,
} from '../../src/api';
import { apiCalls, clientFor, isoDay, rejectionOf, type Sandbox, start } from './support';

/** The sandbox clock: real time plus an offset the tests move forward. */
const clock = { offsetMs: 0 };
const sandboxNow = () => new Date(Date.now() + clock.offsetMs);

let sandbox: Sandbox;
let accounts: Account[];
let categories: Category[];
beforeAll(async () => {
  sandbox = await start({ now: sandboxNow });
  const { client } = clientFor(sandbox);
  accounts = (await client.accounts.summary()).accounts;
  categories = await client.categories.list();
});
afterAll(async () => {
  await sandbox.close();
});

const accountWith = (status: string) => {
  const found = accounts.find((a) => a.status === status);
  if (!found) throw new Error(`no ${status} account in the demo company`);
  return found;
};
/** Leaf categories that can take mappings; parents (aggregating) do not. */
const leaf = () => {
  const parents = new Set(categories.map((c) => c.parent).filter((p): p is number => p !== null));
  const found = categories.find((c) => c.is_category && !c.is_default && !c.is_obsolete && !parents.has(c.id));
  if (!found) throw new Error('no leaf category');
  return found;
};
const parentCategory = () => {
  const parents = new Set(categories.map((c) => c.parent).filter((p): p is number => p !== null));
  const found = categories.find((c) => parents.has(c.id));
  if (!found) throw new Error('no parent category');
  return found;
};

function items(n: number, purpose: string): TransactionInput[] {
  return Array.from({ length: n }, (_, i) => ({
    value_date: isoDay(-(i % 300)),
    amount: i % 2 === 0 ? -(i + 0.1 + 0.2) : i + 0.05,
    purpose: `${purpose} ${i}`,
    counterpart_name: 'Integration GmbH',
    tags: ['integration'],
  }));
}

describe('offline accounts', () => {
  it('creates an offline account; the same IBAN + currency returns the existing one', async () => {
    const { client } = clientFor(sandbox);
    const input = {
      bank: { name: 'ERP Export', bic: '' },
      name: 'Integration cash',
      alias: 'IC',
      currency: 'EUR',
      iban: 'DE89 3704 0044 0532 0130 00',
      balance: '100.50',
      overdraft_limit: null,
    };
    const created = await client.accounts.createOffline(input);
    expect(created).toMatchObject({
      status: 'OFFLINE',
      type_name: '',
      currency: 'EUR',
      balance: 100.5,
      overdraft_limit: null,
      name: 'Integration cash',
    });
    expect(created.bank).toEqual({ open_banking_connection_id: null, name: 'ERP Export', bic: '' });
    const again = await client.accounts.createOffline({ ...input, name: 'another name' });
    expect(again.id).toBe(created.id);
    expect(again.name).toBe('Integration cash');
    const otherCurrency = await client.accounts.createOffline({ ...input, currency: 'USD' });
    expect(otherCurrency.id).not.toBe(created.id);
    const summary = await client.accounts.summary();
    expect(summary.accounts.filter((a) => a.id === created.id)).toHaveLength(1);
    accounts = summary.accounts;
  });
});

describe('account limit', () => {
  it("creating an account above the edition's limit is a 403 error; an existing IBAN + currency is still returned", async () => {
    const limited = await start({ transactions: 100, accountLimit: 10 });
    try {
      const { client } = clientFor(limited);
      const existing = (await client.accounts.summary()).accounts;
      expect(existing).toHaveLength(10);
      const error = await rejectionOf(client.accounts.createOffline({ bank: { name: 'Kasse 2', bic: '' }, name: 'one too many' }));
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect((error as PermissionDeniedError).isBillingPlanPermissionDenied).toBe(false);
      const withIban = existing.find((a) => a.iban !== '');
      if (!withIban) throw new Error('no account with an IBAN');
      const same = await client.accounts.createOffline({
        bank: { name: 'egal', bic: '' },
        iban: withIban.iban,
        currency: withIban.currency,
      });
      expect(same.id).toBe(withIban.id);
    } finally {
      await limited.close();
    }
  });
});

describe('transaction import', () => {
  it('imports a single transaction into an offline account (default category, account with bank + currency)', async () => {
    const { client } = clientFor(sandbox);
    const offline = accountWith('OFFLINE');
    const created = await client.accounts.createTransaction(offline.id, {
      value_date: isoDay(-1),
      amount: -12.345,
      purpose: 'single',
      tags: [],
    });
    expect(created.amount).toBe(-12.35); // rounded half away from zero by the client
    expect(created.account).toMatchObject({
      id: offline.id,
      name: offline.name,
      alias: offline.alias,
      bank: offline.bank.name,
      currency: offline.currency,
    });
    const category = categories.find((c) => c.id === created.category.id);
    expect(category?.is_default).toBe(true);
  });

  it('imports more than 1000 items in chunks of 1000 and all of them arrive', async () => {
    const { client, sent } = clientFor(sandbox);
    const offline = accountWith('OFFLINE');
    const before = await client.transactions.extendedPage({ account: offline.id, page_size: 1 });
    const input = items(1500, 'chunked');
    const created = await client.accounts.createTransactions(offline.id, input);
    expect(created).toHaveLength(1500);
    expect(created.map((t) => t.purpose)).toEqual(input.map((i) => i.purpose));
    const posts = apiCalls(sent).filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(MAX_ITEMS_PER_CALL).toBe(1000);
    const after = await client.transactions.pullVerified({ account: offline.id });
    expect(after.report.ok).toBe(true);
    expect(after.report.expectedCount).toBe(before.count + 1500);
  });

  it('an item error in the second chunk carries its index in the caller array and the chunk', async () => {
    const { client } = clientFor(sandbox);
    const offline = accountWith('OFFLINE');
    const input = items(1003, 'bad');
    input[1001] = { value_date: '1999-12-31', amount: 1 };
    const error = await rejectionOf(client.accounts.createTransactions(offline.id, input));
    expect(error).toBeInstanceOf(BadRequestError);
    const bad = error as BadRequestError;
    expect(bad.chunk).toEqual({ index: 1, offset: 1000, size: 3 });
    expect(bad.itemErrors.map((e) => e.index)).toEqual([1001]);
    expect(Object.keys(bad.itemErrors[0]?.fieldErrors ?? {})).toEqual(['value_date']);
  });

  it.each(['API', 'DISCONNECTED', 'UPDATED'])('refuses imports into an account with status %s (403 error class)', async (status) => {
    const { client } = clientFor(sandbox);
    const account = accountWith(status);
    const before = await client.transactions.page({ account: account.id, page_size: 1 });
    const error = await rejectionOf(client.accounts.createTransactions(account.id, items(2, 'refused')));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).status).toBe(403);
    expect((error as PermissionDeniedError).detail).toEqual(expect.any(String));
    expect((await client.transactions.page({ account: account.id, page_size: 1 })).count).toBe(before.count);
  });
});

describe('verification', () => {
  it("verify detects a transaction added behind the client's back", async () => {
    const { client } = clientFor(sandbox);
    const other = clientFor(sandbox).client;
    const pulled = await client.transactions.pullVerified({}, { concurrency: 4 });
    expect(pulled.report.ok).toBe(true);
    expect(await client.transactions.verify(pulled.rows)).toMatchObject({ ok: true });
    await other.accounts.createTransaction(accountWith('OFFLINE').id, {
      value_date: isoDay(-3),
      amount: '-99.99',
      purpose: 'behind the back',
    });
    const report = await client.transactions.verify(pulled.rows);
    expect(report).toMatchObject({ ok: false, countMatches: false, sumMatches: false, expectedCount: pulled.rows.length + 1 });
    expect(report.expectedSumCents - report.actualSumCents).toBe(-9999);
  });
});

describe('category changes and incremental fetch', () => {
  it('bulk and single updates to a leaf category; later fetched by min_date_updated', async () => {
    const { client } = clientFor(sandbox);
    const target = leaf();
    const page = await client.transactions.page({ page_size: 3, ordering: 'value_date' });
    const ids = page.results.map((t) => t.id);
    clock.offsetMs += 86_400_000; // everything so far is older than `since`
    const since = sandboxNow().toISOString();
    clock.offsetMs += 1000;

    const bulk = await client.transactions.updateCategories([
      { id: ids[0] ?? 0, category: target.id },
      { id: ids[1] ?? 0, category: target.id },
      { id: 999_999_999, category: target.id }, // unknown ids are skipped silently
    ]);
    expect(bulk.map((t) => t.id).sort()).toEqual([ids[0], ids[1]].sort());
    for (const t of bulk) expect(t.category).toEqual({ id: target.id, name: target.name, description: target.description });
    const single = await client.transactions.updateCategory(ids[2] ?? 0, target.id);
    expect(single.category.id).toBe(target.id);

    const changed = await client.transactions.pages({ min_date_updated: since }).all();
    expect(changed.map((t) => t.id).sort()).toEqual([...ids].sort());
    const { report } = await client.transactions.pullVerified({ min_date_updated: since });
    expect(report).toMatchObject({ ok: true, expectedCount: 3 });
  });

  it('more than 1000 category changes go out in chunks of 1000', async () => {
    const { client, sent } = clientFor(sandbox);
    const target = leaf();
    const rows = (await client.transactions.pages({ type: 'expenses' }).all()).slice(0, 1200);
    expect(rows).toHaveLength(1200);
    const updated = await client.transactions.updateCategories(rows.map((t) => ({ id: t.id, category: target.id })));
    expect(updated).toHaveLength(1200);
    expect(updated.every((t) => t.category.id === target.id)).toBe(true);
    expect(apiCalls(sent).filter((s) => s.method === 'PATCH')).toHaveLength(2);
  });

  it('a non-leaf category gives 400 with item errors at the item index (bulk) and field errors (single)', async () => {
    const { client } = clientFor(sandbox);
    const page = await client.transactions.page({ page_size: 2 });
    const [a, b] = page.results;
    if (!a || !b) throw new Error('no transactions');
    const bulkError = await rejectionOf(
      client.transactions.updateCategories([
        { id: a.id, category: leaf().id },
        { id: b.id, category: parentCategory().id },
      ]),
    );
    expect(bulkError).toBeInstanceOf(BadRequestError);
    const bulk = bulkError as BadRequestError;
    expect(bulk.status).toBe(400);
    expect(bulk.itemErrors).toHaveLength(1);
    expect(bulk.itemErrors[0]).toMatchObject({ index: 1, fieldErrors: { category: [expect.any(String)] } });
    expect(bulk.message).toContain('[1]');
    // nothing changed: the whole request was refused
    const again = await client.transactions.page({ ids: [a.id], page_size: 1 });
    expect(again.results[0]?.category.id).toBe(a.category.id);

    const singleError = await rejectionOf(client.transactions.updateCategory(a.id, parentCategory().id));
    expect(singleError).toBeInstanceOf(BadRequestError);
    expect((singleError as BadRequestError).fieldErrors).toEqual({ category: [expect.any(String)] });
  });
});
