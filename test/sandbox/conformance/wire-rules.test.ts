/** Section 1: rules that hold for the whole interface. */
import { addDays, isRecord, rawRequest, unique, useSandbox } from './support';
import { DATE, UTC_TIMESTAMP } from './field-types';
import { CategoryTree, loadAccounts, type Budget, type Invoice, type Plan, type Tx } from './resources';

const h = useSandbox({ transactions: 400 });
let tree: CategoryTree;

beforeAll(async () => {
  tree = await CategoryTree.load(h);
});

async function invoiceCount(): Promise<number> {
  return ((await h.get('/invoices/', { page_size: 1 })).body as { count: number }).count;
}

describe('rule 4: trailing slash', () => {
  test('GET without the trailing slash is answered with 301 to the path with the slash', async () => {
    const token = await h.token();
    const reply = await rawRequest(`${h.url}/categories`, 'GET', { authorization: `Bearer ${token}` });
    expect(reply.status).toBe(301);
    expect(new URL(reply.headers.location ?? '', h.url).pathname).toBe('/categories/');
  });

  test('a POST without the trailing slash is answered with 301 and creates nothing', async () => {
    const token = await h.token();
    const before = await invoiceCount();
    const reference = unique('NOSLASH-');
    const body = JSON.stringify({ reference, name: 'x', amount: 10, due_date: addDays(h.clock.today(), 10) });
    const reply = await rawRequest(
      `${h.url}/invoices`,
      'POST',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    );
    expect(reply.status).toBe(301);
    expect(await invoiceCount()).toBe(before);
    const found = (await h.get('/invoices/', { reference })).body as { count: number };
    expect(found.count).toBe(0);
  });

  test('a path id without the trailing slash is answered with 301', async () => {
    const token = await h.token();
    const reply = await rawRequest(`${h.url}/invoices/1`, 'GET', { authorization: `Bearer ${token}` });
    expect(reply.status).toBe(301);
  });
});

describe('rule 4: trailing slash (writes and the token endpoint)', () => {
  test('a DELETE without the trailing slash is answered with 301 and deletes nothing', async () => {
    const created = await h.request('POST', '/invoices/', {
      json: { reference: unique('NOSLASHDEL-'), name: 'n', amount: 1, due_date: addDays(h.clock.today(), 3) },
    });
    const id = (created.body as Invoice).id;
    const reply = await rawRequest(`${h.url}/invoices?id=${id}`, 'DELETE', { authorization: `Bearer ${await h.token()}` });
    expect(reply.status).toBe(301);
    expect((await h.get(`/invoices/${id}/`)).status).toBe(200);
  });

  test('a PATCH without the trailing slash is answered with 301 and changes nothing', async () => {
    const tx = ((await h.get('/transactions/', { page_size: 1 })).body as { results: Tx[] }).results[0];
    if (!tx) throw new Error('no transactions');
    const leaf = tree.usableLeaves().find((c) => c.id !== tx.category.id);
    if (!leaf) throw new Error('no other leaf');
    const reply = await rawRequest(
      `${h.url}/transactions/${tx.id}`,
      'PATCH',
      { authorization: `Bearer ${await h.token()}`, 'content-type': 'application/json' },
      JSON.stringify({ category: leaf.id }),
    );
    expect(reply.status).toBe(301);
    const after = ((await h.get('/transactions/', { ids: String(tx.id) })).body as { results: Tx[] }).results[0];
    expect(after?.category.id).toBe(tx.category.id);
  });

  test('POST /auth/token without the trailing slash is answered with 301', async () => {
    const c = h.sandbox.credentials.company;
    const reply = await rawRequest(
      `${h.url}/auth/token`,
      'POST',
      { 'content-type': 'application/json' },
      JSON.stringify({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
    );
    expect(reply.status).toBe(301);
  });
});

describe('rule 5: JSON bodies', () => {
  test('responses are application/json', async () => {
    for (const path of ['/categories/', '/plans/', '/banks/', '/accounts/', '/transactions/', '/invoices/', '/forecast/budgets/']) {
      const reply = await h.get(path);
      expect([path, reply.status]).toEqual([path, 200]);
      expect(reply.headers.get('content-type') ?? '').toMatch(/application\/json/);
      expect(reply.body).toBeDefined();
    }
  });

  test('a malformed JSON request body gives 400', async () => {
    const token = await h.token();
    const reply = await rawRequest(
      `${h.url}/invoices/`,
      'POST',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      '{"reference": ',
    );
    expect(reply.status).toBe(400);
    // The spec's 400: field name → array of messages, what no field owns under `non_field_errors`.
    expect(JSON.parse(reply.text)).toEqual({ non_field_errors: [expect.stringContaining('JSON')] });
  });

  test('a body of a type the service does not parse gives 400 with non_field_errors, also at the token endpoint', async () => {
    const token = await h.token();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'text/plain' };
    const reply = await rawRequest(`${h.url}/invoices/`, 'POST', headers, 'reference=R');
    expect([reply.status, Object.keys(JSON.parse(reply.text) as object)]).toEqual([400, ['non_field_errors']]);
    const tokenReply = await rawRequest(`${h.url}/auth/token/`, 'POST', { 'content-type': 'text/plain' }, 'grant_type=client_credentials');
    expect([tokenReply.status, Object.keys(JSON.parse(tokenReply.text) as object)]).toEqual([400, ['non_field_errors']]);
  });

  test('a POST without any body reads as an empty one: each required field says so', async () => {
    const token = await h.token();
    const reply = await rawRequest(`${h.url}/invoices/`, 'POST', { authorization: `Bearer ${token}`, 'accept-language': 'en' });
    expect(reply.status).toBe(400);
    const body = JSON.parse(reply.text) as Record<string, string[]>;
    expect(body['non_field_errors']).toBeUndefined();
    expect(body['reference']).toEqual(['This field is required.']);
  });
});

describe('rule 6: dates and timestamps', () => {
  test('transaction dates are YYYY-MM-DD', async () => {
    const txs = ((await h.get('/transactions/', { page_size: 200 })).body as { results: Tx[] }).results;
    expect(txs.length).toBeGreaterThan(0);
    for (const t of txs) expect(t.value_date).toMatch(DATE);
  });

  test('timestamps are ISO 8601 in UTC', async () => {
    const plans = (await h.get('/plans/')).body as (Plan & { date_created: string; date_updated: string })[];
    const invoices = (
      (await h.get('/invoices/', { page_size: 50 })).body as { results: { invoices: (Invoice & { date_created: string })[] } }
    ).results.invoices;
    const stamps = [
      ...plans.flatMap((p) => [p.date_created, p.date_updated]),
      ...invoices.flatMap((i) => [i.date_created, i.date_updated]),
    ];
    expect(stamps.length).toBeGreaterThan(0);
    for (const s of stamps) expect(s).toMatch(UTC_TIMESTAMP);
  });

  test('invoice dates are YYYY-MM-DD', async () => {
    const invoices = ((await h.get('/invoices/', { page_size: 50 })).body as { results: { invoices: Invoice[] } }).results.invoices;
    for (const i of invoices) {
      expect(i.due_date).toMatch(DATE);
      expect(i.expected_date).toMatch(DATE);
    }
  });
});

describe('rule 6: dates in requests', () => {
  test('a date not in YYYY-MM-DD gives 400 (invoice due_date)', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('BADDATE-'), name: 'n', amount: 1, due_date: '30.06.2025' },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('due_date');
  });

  test('a date not in YYYY-MM-DD gives 400 (budget settlement_date)', async () => {
    const reply = await h.request('POST', '/forecast/budgets/', {
      json: { name: 'bad date', category: tree.usableLeaf().id, settlement_date: '06/30/2025', amount: 1 },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('settlement_date');
  });
});

describe('rule 7: amounts', () => {
  test('an invoice amount sent as a numeric string is accepted and returned as a JSON number', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('AMTSTR-'), name: 'n', amount: '1234.50', paid_amount: '10.25', due_date: addDays(h.clock.today(), 5) },
    });
    expect([200, 201]).toContain(reply.status);
    const inv = reply.body as Invoice;
    expect(inv.amount).toBe(1234.5);
    expect(inv.paid_amount).toBe(10.25);
  });

  test('a budget amount sent as a numeric string is returned as a JSON number', async () => {
    const reply = await h.request('POST', '/forecast/budgets/', {
      json: { name: 'amount string', category: tree.usableLeaf().id, settlement_date: h.clock.today(), amount: '-99.95' },
    });
    expect(reply.status).toBe(201);
    expect((reply.body as Budget).amount).toBe(-99.95);
  });

  test('an amount sent as a JSON number is accepted', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('AMTNUM-'), name: 'n', amount: 77.7, due_date: addDays(h.clock.today(), 5) },
    });
    expect([200, 201]).toContain(reply.status);
    expect((reply.body as Invoice).amount).toBe(77.7);
  });

  test('amounts in lists are JSON numbers', async () => {
    const txs = ((await h.get('/transactions/', { page_size: 200 })).body as { results: Tx[] }).results;
    for (const t of txs) {
      expect(typeof t.amount).toBe('number');
      expect(typeof t.reporting_amount).toBe('number');
    }
    const accounts = await loadAccounts(h);
    for (const a of accounts) expect(typeof a.balance).toBe('number');
  });
});

describe('rule 8: only leaf categories', () => {
  test('a budget on a non-leaf category gives 400 on category', async () => {
    const reply = await h.request('POST', '/forecast/budgets/', {
      json: { name: 'non-leaf', category: tree.nonLeaf().id, settlement_date: h.clock.today(), amount: 1 },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('category');
  });

  test('an invoice on a non-leaf category gives 400 on category', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('NONLEAF-'), name: 'n', amount: 5, due_date: h.clock.today(), category: tree.nonLeaf().id },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('category');
  });

  test('an invoice on a leaf category is accepted', async () => {
    const leaf = tree.usableLeaf();
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('LEAF-'), name: 'n', amount: 5, due_date: h.clock.today(), category: leaf.id },
    });
    expect([200, 201]).toContain(reply.status);
    expect((reply.body as Invoice).category).toBe(leaf.id);
  });

  test('PATCH of a budget to a non-leaf category gives 400', async () => {
    const ext = unique('leafpatch-');
    const created = await h.request('POST', '/forecast/budgets/', {
      json: { name: 'leaf', category: tree.usableLeaf().id, settlement_date: h.clock.today(), amount: 1, external_id: ext },
    });
    expect(created.status).toBe(201);
    const plan = ((await h.get('/plans/')).body as Plan[]).find((p) => p.type === 'FORECAST');
    const reply = await h.request('PATCH', `/plans/${plan?.id ?? 0}/budgets/external/${ext}/`, { json: { category: tree.nonLeaf().id } });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('category');
  });

  test('PATCH of a transaction category to a non-leaf category gives 400', async () => {
    const tx = ((await h.get('/transactions/', { page_size: 1 })).body as { results: Tx[] }).results[0];
    if (!tx) throw new Error('no transactions');
    const reply = await h.request('PATCH', `/transactions/${tx.id}/`, { json: { category: tree.nonLeaf().id } });
    expect(reply.status).toBe(400);
  });
});

describe('rule 9: localized messages', () => {
  async function tokenError(lang: string | undefined): Promise<string> {
    const c = h.sandbox.credentials.company;
    const res = await fetch(`${h.url}/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(lang ? { 'accept-language': lang } : {}) },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: 'wrong' }),
    });
    const body = (await res.json()) as { non_field_errors: string[] };
    return JSON.stringify(body.non_field_errors);
  }

  async function notFound(lang: string | undefined): Promise<string> {
    const reply = await h.request('GET', '/invoices/987654321/', { lang });
    expect(reply.status).toBe(404);
    return String((reply.body as { detail: unknown }).detail);
  }

  async function fieldError(lang: string | undefined): Promise<string> {
    const reply = await h.request('POST', '/invoices/', { json: { name: 'n' }, lang });
    expect(reply.status).toBe(400);
    return JSON.stringify(reply.body);
  }

  test.each([
    ['token credentials error', tokenError],
    ['404 detail', notFound],
    ['400 field errors', fieldError],
  ])('de, en and it give three different messages for the same error (%s)', async (_name, get) => {
    const [de, en, it] = [await get('de'), await get('en'), await get('it')];
    expect(new Set([de, en, it]).size).toBe(3);
  });

  test.each([
    ['token credentials error', tokenError],
    ['404 detail', notFound],
    ['400 field errors', fieldError],
  ])('without Accept-Language the message is German (%s)', async (_name, get) => {
    expect(await get(undefined)).toBe(await get('de'));
  });

  test('the 403 message for a missing token is English whatever the language', async () => {
    const messages: string[] = [];
    for (const lang of [undefined, 'de', 'en', 'it']) {
      const reply = await h.request('GET', '/categories/', { auth: 'none', lang });
      expect(reply.status).toBe(403);
      expect(isRecord(reply.body)).toBe(true);
      messages.push(String((reply.body as { detail: unknown }).detail));
    }
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toMatch(/authenticat/i);
  });
});
