/** Section 7: status codes and error body shapes; 500 through fault injection. */
import { isRecord, rawRequest, useSandbox } from './support';
import { CategoryTree, loadAccounts, type Tx } from './resources';

const h = useSandbox({ transactions: 300 });

function expectFieldErrors(body: unknown): void {
  expect(isRecord(body)).toBe(true);
  const rec = body as Record<string, unknown>;
  expect(Object.keys(rec).length).toBeGreaterThan(0);
  for (const [key, value] of Object.entries(rec)) {
    expect([key, Array.isArray(value)]).toEqual([key, true]);
    for (const m of value as unknown[]) expect(typeof m).toBe('string');
  }
}

describe('400', () => {
  test('field errors are an object: field name -> array of message strings', async () => {
    const reply = await h.request('POST', '/invoices/', { json: { name: 'missing the rest' } });
    expect(reply.status).toBe(400);
    expectFieldErrors(reply.body);
    expect(Object.keys(reply.body as object)).toEqual(expect.arrayContaining(['reference', 'amount', 'due_date']));
  });

  test('array request bodies give a list with one error object per item', async () => {
    const accounts = await loadAccounts(h);
    const offline = accounts.find((a) => a.status === 'OFFLINE' && a.bank.open_banking_connection_id === null);
    if (!offline) throw new Error('no offline account');
    const reply = await h.request('POST', `/accounts/${offline.id}/transactions/`, {
      json: [{ value_date: '2024-01-01', amount: 1 }, { value_date: 'not a date', amount: 1 }, { amount: 'x' }],
    });
    expect(reply.status).toBe(400);
    const body = reply.body as unknown[];
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(3);
    for (const item of body) expect(isRecord(item)).toBe(true);
    expect(Object.keys(body[1] as object)).toContain('value_date');
    expect(Object.keys(body[2] as object)).toEqual(expect.arrayContaining(['value_date', 'amount']));
    expectFieldErrors(body[2]);
  });

  test('PATCH /transactions/ errors are one object per item', async () => {
    const tree = await CategoryTree.load(h);
    const txs = ((await h.get('/transactions/', { page_size: 2 })).body as { results: Tx[] }).results;
    const reply = await h.request('PATCH', '/transactions/', {
      json: txs.map((t) => ({ id: t.id, category: tree.nonLeaf().id })),
    });
    expect(reply.status).toBe(400);
    expect(Array.isArray(reply.body)).toBe(true);
    expect(reply.body as unknown[]).toHaveLength(txs.length);
  });

  test('a non-integer page gives 400 or 404, not 200 or 500', async () => {
    const reply = await h.get('/transactions/', { page: 'abc' });
    expect([400, 404]).toContain(reply.status);
  });
});

describe('401', () => {
  test('an invalid token gives 401 with detail and WWW-Authenticate: Bearer', async () => {
    const reply = await h.request('GET', '/transactions/', { auth: { bearer: 'garbage' } });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate') ?? '').toMatch(/^Bearer/);
    expect(isRecord(reply.body) && typeof reply.body.detail).toBe('string');
  });
});

describe('403', () => {
  test('no Authorization header gives 403 with detail', async () => {
    const reply = await rawRequest(`${h.url}/plans/`, 'GET');
    expect(reply.status).toBe(403);
    const body = JSON.parse(reply.text) as unknown;
    expect(isRecord(body) && typeof body.detail).toBe('string');
  });

  test.each(['/categories/', '/banks/', '/accounts/', '/transactions/', '/invoices/', '/forecast/budgets/'])(
    'every endpoint needs the token: GET %s without it gives 403',
    async (path) => {
      expect((await h.request('GET', path, { auth: 'none' })).status).toBe(403);
    },
  );

  test('writes without a token give 403 and change nothing', async () => {
    const reply = await h.request('POST', '/invoices/', {
      auth: 'none',
      json: { reference: 'x', name: 'x', amount: 1, due_date: '2030-01-01' },
    });
    expect(reply.status).toBe(403);
    const found = (await h.get('/invoices/', { reference: 'x', page_size: 1000 })).body as {
      results: { invoices: { reference: string }[] };
    };
    expect(found.results.invoices.filter((i) => i.reference === 'x')).toEqual([]);
  });
});

describe('404 and 405', () => {
  test('a resource that does not exist gives 404 with detail', async () => {
    const reply = await h.get('/invoices/987654321/');
    expect(reply.status).toBe(404);
    expect(isRecord(reply.body) && typeof reply.body.detail).toBe('string');
  });

  test('an unknown path gives 404', async () => {
    expect((await h.get('/no-such-thing/')).status).toBe(404);
  });

  test.each([
    ['DELETE', '/categories/'],
    ['POST', '/plans/'],
    ['PUT', '/transactions/'],
    ['DELETE', '/accounts/'],
    ['POST', '/banks/'],
  ])('%s %s gives 405 with detail', async (method, path) => {
    const reply = await h.request(method, path, { json: method === 'DELETE' ? undefined : {} });
    expect(reply.status).toBe(405);
    expect(isRecord(reply.body) && typeof reply.body.detail).toBe('string');
  });

  test('405 detail is localized', async () => {
    const en = await h.request('DELETE', '/categories/', { lang: 'en' });
    const de = await h.request('DELETE', '/categories/', { lang: 'de' });
    expect((en.body as { detail: string }).detail).not.toBe((de.body as { detail: string }).detail);
  });
});

describe('204', () => {
  test('a delete answers 204 without a body', async () => {
    const created = await h.request('POST', '/invoices/', { json: { reference: 'DEL-204', name: 'n', amount: 1, due_date: '2030-01-01' } });
    const id = (created.body as { id: number }).id;
    const reply = await rawRequest(`${h.url}/invoices/?id=${id}`, 'DELETE', { authorization: `Bearer ${await h.token()}` });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
  });
});

describe('500', () => {
  test('an unexpected server error gives 500 with a body that is not JSON', async () => {
    h.sandbox.setFaults({ error500Rate: 1 });
    try {
      const reply = await h.get('/categories/');
      expect(reply.status).toBe(500);
      expect(reply.body).toBeUndefined();
      expect(reply.headers.get('content-type') ?? '').not.toMatch(/json/);
    } finally {
      h.sandbox.setFaults({ error500Rate: 0 });
    }
    expect((await h.get('/categories/')).status).toBe(200);
  });
});
