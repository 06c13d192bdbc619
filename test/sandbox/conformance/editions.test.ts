/** Section 1 rules 1-3: credentials per company, group credentials, editions (billing_plan_permission_denied). */
import { addDays, isRecord, unique, useSandbox, type PageBody } from './support';
import type { Invoice } from './resources';

const h = useSandbox({ transactions: 300 });

function expectPlanDenied(status: number, body: unknown): void {
  expect(status).toBe(403);
  expect(isRecord(body)).toBe(true);
  const b = body as { detail?: unknown; code?: unknown };
  expect(typeof b.detail).toBe('string');
  expect(b.code).toBe('billing_plan_permission_denied');
}

describe('edition without the API (demo-basic)', () => {
  test('the token is issued', async () => {
    await expect(h.token('basic')).resolves.toEqual(expect.any(String));
  });

  test.each([
    ['GET', '/categories/'],
    ['GET', '/plans/'],
    ['GET', '/banks/'],
    ['GET', '/accounts/'],
    ['GET', '/transactions/'],
    ['GET', '/transactions/extended/'],
    ['GET', '/invoices/'],
    ['GET', '/forecast/budgets/'],
  ])('%s %s gives 403 with code billing_plan_permission_denied', async (method, path) => {
    const reply = await h.request(method, path, { auth: 'basic' });
    expectPlanDenied(reply.status, reply.body);
  });

  test('POST /invoices/ gives 403 with code billing_plan_permission_denied', async () => {
    const reply = await h.request('POST', '/invoices/', {
      auth: 'basic',
      json: { reference: unique('B-'), name: 'n', amount: 1, due_date: h.clock.today() },
    });
    expectPlanDenied(reply.status, reply.body);
  });
});

describe('group-level invoice paths with company credentials (business edition)', () => {
  test.each(['GET', 'POST', 'PATCH', 'DELETE'])('%s /companies/{id}/invoices/ gives 403 with code', async (method) => {
    const id = h.sandbox.companyIds.demo;
    const json =
      method === 'POST'
        ? { reference: unique('G-'), name: 'n', amount: 1, due_date: h.clock.today() }
        : method === 'PATCH'
          ? []
          : undefined;
    const before = ((await h.get('/invoices/', { page_size: 1 })).body as PageBody).count;
    const reply = await h.request(method, `/companies/${id}/invoices/`, {
      json,
      query: method === 'DELETE' ? { reference: 'x' } : undefined,
    });
    expectPlanDenied(reply.status, reply.body);
    expect(((await h.get('/invoices/', { page_size: 1 })).body as PageBody).count).toBe(before);
  });
});

describe('group credentials (enterprise edition)', () => {
  test('the group spans two companies', () => {
    expect(h.sandbox.companyIds.group).toHaveLength(2);
  });

  test('GET /companies/{id}/invoices/ works per company with the invoice list shape', async () => {
    for (const id of h.sandbox.companyIds.group) {
      const reply = await h.request('GET', `/companies/${id}/invoices/`, { auth: 'group' });
      expect(reply.status).toBe(200);
      const body = reply.body as PageBody;
      expect(typeof body.count).toBe('number');
      expect(typeof body.sum).toBe('number');
      expect(Array.isArray((body.results as { invoices: unknown }).invoices)).toBe(true);
    }
  });

  test('the two group companies have different invoices', async () => {
    const [a, b] = h.sandbox.companyIds.group;
    const la = (await h.all(`/companies/${a}/invoices/`, {}, 'group')) as Invoice[];
    const lb = (await h.all(`/companies/${b}/invoices/`, {}, 'group')) as Invoice[];
    const idsA = new Set(la.map((i) => i.id));
    for (const i of lb) expect(idsA.has(i.id)).toBe(false);
  });

  test('POST /companies/{id}/invoices/ creates in that company only', async () => {
    const [a, b] = h.sandbox.companyIds.group;
    const reference = unique('GRP-');
    const reply = await h.request('POST', `/companies/${a}/invoices/`, {
      auth: 'group',
      json: { reference, name: 'group invoice', amount: 42, due_date: addDays(h.clock.today(), 10) },
    });
    expect([200, 201]).toContain(reply.status);
    expect((reply.body as Invoice).source).toBe('direct_api');
    const inA = (await h.request('GET', `/companies/${a}/invoices/`, { auth: 'group', query: { reference } })).body as PageBody;
    const inB = (await h.request('GET', `/companies/${b}/invoices/`, { auth: 'group', query: { reference } })).body as PageBody;
    expect(inA.count).toBe(1);
    expect(inB.count).toBe(0);
  });

  test('PATCH and DELETE /companies/{id}/invoices/ work like the company-level ones', async () => {
    const [a] = h.sandbox.companyIds.group;
    const reference = unique('GRPD-');
    const created = (
      await h.request('POST', `/companies/${a}/invoices/`, {
        auth: 'group',
        json: { reference, name: 'g', amount: -42, due_date: addDays(h.clock.today(), 10) },
      })
    ).body as Invoice;
    const patched = await h.request('PATCH', `/companies/${a}/invoices/`, { auth: 'group', json: [{ id: created.id, notes: 'patched' }] });
    expect(patched.status).toBe(200);
    expect((patched.body as Invoice[])[0]?.notes).toBe('patched');
    const single = await h.request('PATCH', `/companies/${a}/invoices/`, { auth: 'group', json: { id: created.id, notes: 'x' } });
    expect(single.status).toBe(400);
    const del = await h.request('DELETE', `/companies/${a}/invoices/`, { auth: 'group', query: { reference } });
    expect(del.status).toBe(204);
    const after = (await h.request('GET', `/companies/${a}/invoices/`, { auth: 'group', query: { reference } })).body as PageBody;
    expect(after.count).toBe(0);
  });

  test('a company outside the group is not accessible (not 2xx)', async () => {
    const reply = await h.request('GET', `/companies/${h.sandbox.companyIds.demo}/invoices/`, { auth: 'group' });
    expect([403, 404]).toContain(reply.status);
  });

  test('the demo company credentials do not see group company invoices (403 or 404)', async () => {
    const [a] = h.sandbox.companyIds.group;
    const reply = await h.request('GET', `/companies/${a}/invoices/`);
    expect([403, 404]).toContain(reply.status);
  });

  test('an invoice of a group company is not accessible with the demo company credentials (404)', async () => {
    const [a] = h.sandbox.companyIds.group;
    const inv = ((await h.all(`/companies/${a}/invoices/`, {}, 'group')) as Invoice[])[0];
    if (!inv) throw new Error('the group company has no invoices');
    expect((await h.get(`/invoices/${inv.id}/`)).status).toBe(404);
  });

  test('/banks/ covers all companies of the group (banks of several tenants)', async () => {
    const banks = (await h.all('/banks/', {}, 'group')) as { tenant: number }[];
    expect(new Set(banks.map((b) => b.tenant)).size).toBeGreaterThanOrEqual(2);
  });

  test('/accounts/ covers all companies of the group', async () => {
    const banks = (await h.all('/banks/', {}, 'group')) as { accounts: { id: number }[] }[];
    const fromBanks = banks.flatMap((b) => b.accounts.map((a) => a.id)).sort((x, y) => x - y);
    const accounts = ((await h.request('GET', '/accounts/', { auth: 'group' })).body as { accounts: { id: number }[] }).accounts;
    expect(accounts.map((a) => a.id).sort((x, y) => x - y)).toEqual(fromBanks);
  });

  test('the company credentials see only their own company (rule 1)', async () => {
    const own = (await h.all('/banks/')) as { tenant: number }[];
    expect(new Set(own.map((b) => b.tenant)).size).toBe(1);
    const groupBanks = (await h.all('/banks/', {}, 'group')) as { id: number }[];
    const ownIds = new Set((own as unknown as { id: number }[]).map((b) => b.id));
    for (const b of groupBanks) expect(ownIds.has(b.id)).toBe(false);
  });
});
