/**
 * Authentication and error mapping through the client: wrong credentials, editions without the API,
 * localized messages passed through, and token renewal with injectable clocks on both sides.
 */
import {
  AuthenticationError,
  BadRequestError,
  BILLING_PLAN_PERMISSION_DENIED,
  InvalidCredentialsError,
  NotFoundError,
  PermissionDeniedError,
} from '../../src/api';
import { apiCalls, clientFor, rejectionOf, type Sandbox, start, tokenCalls } from './support';

/** Separate clocks: the tests move them together (normal expiry) or only the sandbox's (server-side expiry). */
const clocks = { sandboxMs: Date.now(), clientMs: Date.now() };
const advance = (seconds: number, which: 'both' | 'sandbox' = 'both') => {
  clocks.sandboxMs += seconds * 1000;
  if (which === 'both') clocks.clientMs += seconds * 1000;
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start({ now: () => new Date(clocks.sandboxMs) });
});
afterAll(async () => {
  await sandbox.close();
});

describe('credentials and editions', () => {
  it("wrong credentials give the client's InvalidCredentialsError (the service's message kept in fieldErrors)", async () => {
    const { client, sent } = clientFor(sandbox, { clientId: 'demo-company', clientSecret: 'wrong' });
    const error = await rejectionOf(client.categories.list());
    expect(error).toBeInstanceOf(InvalidCredentialsError);
    expect(error).toBeInstanceOf(BadRequestError);
    const invalid = error as InvalidCredentialsError;
    expect(invalid.status).toBe(400);
    expect(invalid.fieldErrors['non_field_errors']).toEqual([expect.any(String)]);
    expect(JSON.stringify(invalid)).not.toContain('wrong');
    expect(invalid.message).not.toContain('wrong');
    expect(sent).toHaveLength(1); // only the token request; nothing retried
  });

  it('an unknown client ID is refused the same way', async () => {
    const { client } = clientFor(sandbox, { clientId: 'nobody', clientSecret: 'demo-secret' });
    expect(await rejectionOf(client.plans.list())).toBeInstanceOf(InvalidCredentialsError);
  });

  it('the demo-basic company gets 403 with billing_plan_permission_denied on every endpoint, no retry', async () => {
    const { client, sent } = clientFor(sandbox, sandbox.credentials.basic);
    const calls = [
      client.categories.list(),
      client.transactions.page(),
      client.accounts.summary(),
      client.invoices.page(),
      client.forecastBudgets.page(),
    ];
    for (const call of calls) {
      const error = await rejectionOf(call);
      expect(error).toBeInstanceOf(PermissionDeniedError);
      const denied = error as PermissionDeniedError;
      expect(denied.status).toBe(403);
      expect(denied.code).toBe(BILLING_PLAN_PERMISSION_DENIED);
      expect(denied.isBillingPlanPermissionDenied).toBe(true);
      expect(denied.detail).toEqual(expect.any(String));
    }
    expect(apiCalls(sent)).toHaveLength(calls.length);
    expect(tokenCalls(sent)).toHaveLength(1);
  });

  it('group credentials on a company-level endpoint: 403, not the billing code', async () => {
    const { client } = clientFor(sandbox, sandbox.credentials.group);
    const error = await rejectionOf(client.transactions.page());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).isBillingPlanPermissionDenied).toBe(false);
    // but /accounts/ and /banks/ cover every company of the group
    const summary = await client.accounts.summary();
    const banks = await client.banks.pages().all();
    expect(summary.accounts.length).toBeGreaterThan(0);
    expect(new Set(banks.map((b) => b.tenant))).toEqual(new Set(sandbox.companyIds.group));
  });
});

describe('localized messages', () => {
  const languages = ['de', 'en', 'it'] as const;

  it('the same 404 in de/en/it gives three different messages, passed through unchanged', async () => {
    const errors = await Promise.all(
      languages.map(async (language) =>
        rejectionOf(clientFor(sandbox, sandbox.credentials.company, { language }).client.invoices.get(999_999_999)),
      ),
    );
    for (const error of errors) expect(error).toBeInstanceOf(NotFoundError);
    const details = errors.map((e) => (e as NotFoundError).detail);
    expect(new Set(details).size).toBe(3);
    errors.forEach((e) => expect((e as NotFoundError).message).toBe((e as NotFoundError).detail));
  });

  it('the same validation error in de/en/it gives three different field messages', async () => {
    const { client } = clientFor(sandbox);
    const categories = await client.categories.list();
    const parent = categories.find((c) => categories.some((x) => x.parent === c.id));
    const [row] = (await client.transactions.page({ page_size: 1 })).results;
    if (!parent || !row) throw new Error('fixture missing');
    const messages = await Promise.all(
      languages.map(async (language) => {
        const error = await rejectionOf(
          clientFor(sandbox, sandbox.credentials.company, { language }).client.transactions.updateCategory(row.id, parent.id),
        );
        expect(error).toBeInstanceOf(BadRequestError);
        const message = (error as BadRequestError).fieldErrors['category']?.[0];
        expect((error as BadRequestError).message).toContain(message);
        return message;
      }),
    );
    expect(new Set(messages).size).toBe(3);
  });

  it("the invalid-credentials message is the client's own, in the client language; the service's is localized too", async () => {
    const errors = await Promise.all(
      languages.map(async (language) =>
        rejectionOf(clientFor(sandbox, { clientId: 'x', clientSecret: 'y' }, { language }).client.plans.list()),
      ),
    );
    expect(new Set(errors.map((e) => (e as InvalidCredentialsError).message)).size).toBe(3);
    expect(new Set(errors.map((e) => (e as InvalidCredentialsError).fieldErrors['non_field_errors']?.[0])).size).toBe(3);
  });
});

describe('token lifetime (injectable clocks on both sides)', () => {
  it('renews the token after 300 s before it expires, without a failed request', async () => {
    const { client, sent } = clientFor(sandbox, sandbox.credentials.company, { now: () => clocks.clientMs });
    await client.plans.list();
    advance(250); // 250 s < 300 s - 30 s skew: the cached token is used
    await client.plans.list();
    expect(tokenCalls(sent)).toHaveLength(1);
    advance(50); // 300 s: expired at the service, and already renewed by the client
    await client.plans.list();
    advance(301);
    await client.plans.list();
    expect(tokenCalls(sent)).toHaveLength(3);
    expect(sent.filter((s) => s.status >= 400)).toEqual([]);
  });

  it('a token the service no longer accepts (sandbox clock only) is renewed once after the 401', async () => {
    const { client, sent } = clientFor(sandbox, sandbox.credentials.company, { now: () => clocks.clientMs });
    await client.categories.list();
    advance(301, 'sandbox');
    const categories = await client.categories.list();
    expect(categories.length).toBeGreaterThan(0);
    expect(sent.map((s) => [s.method, new URL(s.url).pathname, s.status])).toEqual([
      ['POST', '/auth/token/', 200],
      ['GET', '/categories/', 200],
      ['GET', '/categories/', 401],
      ['POST', '/auth/token/', 200],
      ['GET', '/categories/', 200],
    ]);
  });

  it('concurrent requests that all meet the 401 share one renewal', async () => {
    const { client, sent } = clientFor(sandbox, sandbox.credentials.company, { now: () => clocks.clientMs });
    await client.plans.list();
    advance(301, 'sandbox');
    await Promise.all([
      client.plans.list(),
      client.categories.list(),
      client.accounts.summary(),
      client.banks.page(),
      client.invoices.page(),
    ]);
    expect(tokenCalls(sent)).toHaveLength(2);
    expect(apiCalls(sent).filter((s) => s.status === 401)).toHaveLength(5);
    expect(apiCalls(sent).filter((s) => s.status === 200)).toHaveLength(6);
  });

  it('a 401 is retried once only: with a token lifetime of 0 the second 401 reaches the caller', async () => {
    const shortLived = await start({ tokenTtl: 0, now: () => new Date(clocks.sandboxMs) });
    try {
      const { client, sent } = clientFor(shortLived, shortLived.credentials.company, { now: () => clocks.clientMs });
      const error = await rejectionOf(client.plans.list());
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as AuthenticationError).status).toBe(401);
      expect(apiCalls(sent)).toHaveLength(2);
    } finally {
      await shortLived.close();
    }
  });
});
