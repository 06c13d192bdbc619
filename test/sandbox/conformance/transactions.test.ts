/** Section 4: GET /transactions/ and GET /transactions/extended/ (filters, ordering, sum). */
import { cents, sortedIds, sumCents, useSandbox, type PageBody, type Query } from './support';
import { CategoryTree, loadAccounts, type Account, type Tx } from './resources';

const h = useSandbox();
let all: Tx[] = [];
let tree: CategoryTree;
let accounts: Account[] = [];

beforeAll(async () => {
  all = (await h.all('/transactions/')) as Tx[];
  tree = await CategoryTree.load(h);
  accounts = await loadAccounts(h);
});

async function matching(query: Query): Promise<Tx[]> {
  return (await h.all('/transactions/', query)) as Tx[];
}

async function expectFilter(query: Query, predicate: (t: Tx) => boolean): Promise<void> {
  const expected = all.filter(predicate);
  // a filter that selects nothing or everything would prove nothing
  expect([JSON.stringify(query), expected.length > 0 && expected.length < all.length]).toEqual([JSON.stringify(query), true]);
  const got = await matching(query);
  expect(sortedIds(got)).toEqual(sortedIds(expected));
}

function year(t: Tx): number {
  return Number(t.value_date.slice(0, 4));
}

describe('default order', () => {
  test('the default order is -value_date,id', () => {
    expect(all.length).toBeGreaterThan(1000);
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1] as Tx;
      const b = all[i] as Tx;
      const ok = a.value_date > b.value_date || (a.value_date === b.value_date && a.id < b.id);
      if (!ok) throw new Error(`order broken at ${i}: ${a.value_date}#${a.id} before ${b.value_date}#${b.id}`);
    }
  });
});

describe('filters', () => {
  test('account (repeated) selects transactions of those accounts', async () => {
    const withTx = accounts.filter((a) => all.some((t) => t.account.id === a.id));
    const chosen = withTx.slice(0, 2).map((a) => a.id);
    expect(chosen).toHaveLength(2);
    await expectFilter({ account: chosen }, (t) => chosen.includes(t.account.id));
  });

  test('category includes subcategories', async () => {
    const parent = tree.all.find((c) => {
      if (tree.isLeaf(c.id)) return false;
      const below = tree.subtree(c.id);
      return all.some((t) => t.category.id !== c.id && below.has(t.category.id));
    });
    if (!parent) throw new Error('no parent category with transactions below it');
    const below = tree.subtree(parent.id);
    await expectFilter({ category: parent.id }, (t) => below.has(t.category.id));
  });

  test('category repeated selects the union', async () => {
    const used = [...new Set(all.map((t) => t.category.id))].filter((id) => tree.isLeaf(id)).slice(0, 2);
    await expectFilter({ category: used }, (t) => used.includes(t.category.id));
  });

  test('min_date and max_date bound the value date (inclusive)', async () => {
    const mid = (all[Math.floor(all.length / 2)] as Tx).value_date;
    const later = (all[Math.floor(all.length / 4)] as Tx).value_date;
    await expectFilter({ min_date: mid, max_date: later }, (t) => t.value_date >= mid && t.value_date <= later);
  });

  test('value_date_year selects a calendar year', async () => {
    const y = year(all[Math.floor(all.length / 2)] as Tx);
    await expectFilter({ value_date_year: y }, (t) => year(t) === y);
  });

  test('value_date_month with value_date_year selects a month', async () => {
    const t0 = all[Math.floor(all.length / 2)] as Tx;
    const y = year(t0);
    const m = Number(t0.value_date.slice(5, 7));
    await expectFilter({ value_date_year: y, value_date_month: m }, (t) => year(t) === y && Number(t.value_date.slice(5, 7)) === m);
  });

  test('value_date_month alone selects that month in every year', async () => {
    await expectFilter({ value_date_month: 3 }, (t) => t.value_date.slice(5, 7) === '03');
  });

  test('fiscal_year selects transactions within one twelve-month window', async () => {
    // The fiscal year start is not in the spec; only the window's length is checked.
    const y = year(all[Math.floor(all.length / 2)] as Tx);
    const got = await matching({ fiscal_year: y });
    expect(got.length).toBeGreaterThan(0);
    const dates = got.map((t) => t.value_date).sort();
    const span = (Date.parse(dates[dates.length - 1] as string) - Date.parse(dates[0] as string)) / 86400000;
    expect(span).toBeLessThan(366);
  });

  test('min_amount and max_amount bound the reporting amount', async () => {
    await expectFilter({ min_amount: -250, max_amount: 400 }, (t) => t.reporting_amount >= -250 && t.reporting_amount <= 400);
  });

  test('min_amount applies to reporting_amount, not amount (foreign-currency account)', async () => {
    const foreign = all.find((t) => cents(t.amount) !== cents(t.reporting_amount) && t.amount > 0);
    if (!foreign) throw new Error('no foreign-currency transaction');
    const bound = (foreign.amount + foreign.reporting_amount) / 2;
    await expectFilter({ min_amount: bound.toFixed(2) }, (t) => t.reporting_amount >= Number(bound.toFixed(2)));
  });

  test('type=incomes gives only inflows and type=expenses only outflows', async () => {
    const incomes = await matching({ type: 'incomes' });
    const expenses = await matching({ type: 'expenses' });
    for (const t of incomes) expect(t.amount).toBeGreaterThan(0);
    for (const t of expenses) expect(t.amount).toBeLessThan(0);
    const nonZero = all.filter((t) => t.amount !== 0);
    expect(incomes.length + expenses.length).toBe(nonZero.length);
  });

  test('is_new=true: transactions still in a default category; false: the rest', async () => {
    const defaults = tree.defaultIds();
    await expectFilter({ is_new: 'true' }, (t) => defaults.has(t.category.id));
    await expectFilter({ is_new: 'false' }, (t) => !defaults.has(t.category.id));
  });

  test('predicted=true: uncategorized with a suggested category', async () => {
    const defaults = tree.defaultIds();
    const expected = all.filter((t) => defaults.has(t.category.id) && t.predicted_category !== null);
    expect(expected.length).toBeGreaterThan(0);
    await expectFilter({ predicted: 'true' }, (t) => defaults.has(t.category.id) && t.predicted_category !== null);
  });

  test('matched=true: linked to an invoice; false: not linked', async () => {
    expect(all.some((t) => t.invoice !== null)).toBe(true);
    await expectFilter({ matched: 'true' }, (t) => t.invoice !== null);
    await expectFilter({ matched: 'false' }, (t) => t.invoice === null);
  });

  test('is_payment filters on the field', async () => {
    await expectFilter({ is_payment: 'true' }, (t) => t.is_payment);
    await expectFilter({ is_payment: 'false' }, (t) => !t.is_payment);
  });

  test('tags selects transactions carrying the tag', async () => {
    const tag = all.flatMap((t) => t.tags ?? [])[0];
    if (tag === undefined) throw new Error('no tagged transactions');
    const got = await matching({ tags: tag });
    const gotIds = new Set(got.map((t) => t.id));
    for (const t of all.filter((x) => (x.tags ?? []).includes(tag))) expect(gotIds.has(t.id)).toBe(true);
    for (const t of got) expect((t.tags ?? []).some((x) => x.toLowerCase().includes(tag.toLowerCase()))).toBe(true);
  });

  test('empty_tags=true: transactions without tags', async () => {
    await expectFilter({ empty_tags: 'true' }, (t) => t.tags === null || t.tags.length === 0);
  });

  test('ids selects exactly the listed transactions', async () => {
    const chosen = [all[3], all[70], all[1500]].map((t) => (t as Tx).id);
    await expectFilter({ ids: chosen.join(',') }, (t) => chosen.includes(t.id));
  });

  test('min_date_created in the future gives nothing, in the past everything', async () => {
    expect(((await h.get('/transactions/', { min_date_created: '2999-01-01T00:00:00Z' })).body as PageBody).count).toBe(0);
    expect(((await h.get('/transactions/', { min_date_created: '1990-01-01T00:00:00Z' })).body as PageBody).count).toBe(all.length);
    expect(((await h.get('/transactions/', { max_date_created: '1990-01-01T00:00:00Z' })).body as PageBody).count).toBe(0);
  });

  test('min_date_updated in the future gives nothing, max_date_updated in the future everything', async () => {
    expect(((await h.get('/transactions/', { min_date_updated: '2999-01-01T00:00:00Z' })).body as PageBody).count).toBe(0);
    expect(((await h.get('/transactions/', { max_date_updated: '2999-01-01T00:00:00Z' })).body as PageBody).count).toBe(all.length);
  });

  test('search finds a transaction by a word of its counterpart name and returns only matching ones', async () => {
    const target = all.find((t) => /^[A-Za-z]{5,}/.test(t.counterpart_name));
    if (!target) throw new Error('no counterpart name');
    const word = (/^[A-Za-z]{5,}/.exec(target.counterpart_name) as RegExpExecArray)[0];
    const got = await matching({ search: word });
    expect(got.map((t) => t.id)).toContain(target.id);
    expect(got.length).toBeLessThan(all.length);
    for (const t of got) expect(JSON.stringify(t).toLowerCase()).toContain(word.toLowerCase());
  });

  test('search handles hostile text such as =HYPERLINK(', async () => {
    const hostile = all.filter((t) => t.purpose.includes('=HYPERLINK('));
    expect(hostile.length).toBeGreaterThan(0);
    const got = await matching({ search: '=HYPERLINK(' });
    expect(sortedIds(got)).toEqual(expect.arrayContaining(sortedIds(hostile)));
  });

  test('filters combine (AND)', async () => {
    const y = year(all[Math.floor(all.length / 2)] as Tx);
    await expectFilter({ value_date_year: y, type: 'expenses' }, (t) => year(t) === y && t.amount < 0);
  });
});

describe('ordering', () => {
  const cmpText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const sortedBy = (values: string[], cmp: (a: string, b: string) => number): boolean =>
    values.every((v, i) => i === 0 || cmp(values[i - 1] as string, v) <= 0);

  test.each([
    ['value_date', (t: Tx) => t.value_date],
    ['reporting_amount', (t: Tx) => t.reporting_amount],
  ] as const)('ordering=%s ascending and descending', async (field, key) => {
    const asc = await matching({ ordering: field });
    const desc = await matching({ ordering: `-${field}` });
    expect(asc).toHaveLength(all.length);
    for (let i = 1; i < asc.length; i++) expect(key(asc[i - 1] as Tx) <= key(asc[i] as Tx)).toBe(true);
    for (let i = 1; i < desc.length; i++) expect(key(desc[i - 1] as Tx) >= key(desc[i] as Tx)).toBe(true);
  });

  test('ordering=counterpart_name ascending and descending', async () => {
    // collation is not specified: accept code-point, case-insensitive code-point or locale order
    const asc = (await matching({ ordering: 'counterpart_name' })).map((t) => t.counterpart_name);
    const desc = (await matching({ ordering: '-counterpart_name' })).map((t) => t.counterpart_name).reverse();
    const loc = (a: string, b: string): number => a.localeCompare(b, undefined, { sensitivity: 'base' });
    const lower = (a: string, b: string): number => cmpText(a.toLowerCase(), b.toLowerCase());
    const anyOrder = (xs: string[]): boolean => sortedBy(xs, cmpText) || sortedBy(xs, lower) || sortedBy(xs, loc);
    expect(anyOrder(asc)).toBe(true);
    expect(anyOrder(desc)).toBe(true);
    expect(new Set(asc).size).toBeGreaterThan(5);
  });
});

describe('accounts and their transactions', () => {
  test('transaction_count of each account equals its number of transactions', () => {
    for (const a of accounts) {
      expect([a.id, a.transaction_count]).toEqual([a.id, all.filter((t) => t.account.id === a.id).length]);
    }
  });

  test('last_transaction in GET /accounts/ is the most recent transaction of the account', () => {
    for (const a of accounts) {
      const own = all.filter((t) => t.account.id === a.id);
      if (own.length === 0) continue;
      const latest = own
        .map((t) => t.value_date)
        .sort()
        .pop();
      const last = a.last_transaction as { id: number; value_date: string; account: { id: number } } | null;
      expect([a.id, last?.value_date, last?.account.id]).toEqual([a.id, latest, a.id]);
      expect(own.map((t) => t.id)).toContain(last?.id);
    }
  });
});

describe('sum', () => {
  test('GET /transactions/ carries no sum', async () => {
    expect(Object.keys((await h.get('/transactions/')).body as object)).not.toContain('sum');
  });

  test('extended sum equals the sum of reporting_amount across all pages (in cents)', async () => {
    const body = (await h.get('/transactions/extended/', { page_size: 10 })).body as PageBody;
    expect(body.count).toBe(all.length);
    expect(cents(body.sum ?? NaN)).toBe(sumCents(all.map((t) => t.reporting_amount)));
  });

  test('extended sum follows the filters', async () => {
    const query = { type: 'expenses', min_date: (all[2000] as Tx).value_date };
    const expected = all.filter((t) => t.amount < 0 && t.value_date >= (all[2000] as Tx).value_date);
    const body = (await h.get('/transactions/extended/', { ...query, page_size: 3 })).body as PageBody;
    expect(body.count).toBe(expected.length);
    expect(cents(body.sum ?? NaN)).toBe(sumCents(expected.map((t) => t.reporting_amount)));
  });

  test('extended takes the same parameters and returns the same records', async () => {
    const query = { account: (all[0] as Tx).account.id, ordering: 'reporting_amount' };
    const plain = (await h.all('/transactions/', query)) as Tx[];
    const ext = (await h.all('/transactions/extended/', query)) as Tx[];
    expect(ext.map((t) => t.id)).toEqual(plain.map((t) => t.id));
  });

  test('predicted_unmapped_transactions is company-wide, independent of the filters', async () => {
    const a = (await h.get('/transactions/')).body as { predicted_unmapped_transactions: boolean };
    const b = (await h.get('/transactions/', { ids: String((all[0] as Tx).id), is_new: 'false' })).body as {
      predicted_unmapped_transactions: boolean;
    };
    expect(b.predicted_unmapped_transactions).toBe(a.predicted_unmapped_transactions);
    const defaults = tree.defaultIds();
    const waiting = all.some((t) => defaults.has(t.category.id) && t.amount !== 0 && t.predicted_category !== null);
    expect(a.predicted_unmapped_transactions).toBe(waiting);
  });
});
