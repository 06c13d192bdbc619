/**
 * Issue #25 item 1: the credentials go to the service and nowhere else. The sandbox's token endpoint answers with a
 * redirect to "the other host" (a second tiny server that hands out its own token); the client follows none of it,
 * directly or through the proxy, and says where the service pointed.
 */
import { checkConnection, RedirectError, RetryBudget, TokenCache } from '../../src/api';
import { en } from '../../src/i18n/catalog';
import { startProxy, type RunningProxy } from '../../src/proxy';
import type { TokenRedirect } from '../../src/sandbox';
import { startOtherHost, type OtherHost } from './other-host';
import { apiCalls, clientFor, rejectionOf, start, tokenCalls, type Sandbox } from './support';

let sandbox: Sandbox;
let other: OtherHost;
let proxy: RunningProxy;
beforeAll(async () => {
  sandbox = await start({ transactions: 0 });
  other = await startOtherHost();
  proxy = await startProxy({ target: sandbox.url, port: 0, log: () => undefined });
});
afterEach(() => sandbox.setFaults({}));
afterAll(async () => {
  await proxy.close();
  await other.close();
  await sandbox.close();
});

const redirectTo = (status: TokenRedirect['status'], location = () => `${other.url}/auth/token/`) =>
  sandbox.setFaults({ tokenRedirect: { status, location: location() } });

/** Nothing at all reached the other host: not a connection, let alone the client ID and secret. */
function expectOtherHostUntouched(): void {
  expect(other.requests).toEqual([]);
  expect(other.connections).toBe(0);
}

describe('the token endpoint redirects to another host', () => {
  it.each([307, 308] as const)(
    '%i: the client ID and secret are not posted there; the error names the host and is not retried',
    async (status) => {
      redirectTo(status);
      const { client, sent, sleeps } = clientFor(sandbox);
      const error = await rejectionOf(client.categories.list());
      expect(error).toBeInstanceOf(RedirectError);
      expect((error as RedirectError).message).toBe(en['api.error.tokenRedirect'].replace('{host}', other.host));
      expect(error).toMatchObject({ status, redirectHost: other.host, method: 'POST', path: '/auth/token/' });
      expectOtherHostUntouched();
      expect(tokenCalls(sent)).toHaveLength(1);
      expect(apiCalls(sent)).toEqual([]);
      expect(sleeps).toEqual([]);
    },
  );

  it.each([301, 302] as const)("%i: the other host's token is never fetched, let alone used", async (status) => {
    redirectTo(status);
    const { client, sent } = clientFor(sandbox);
    const error = await rejectionOf(client.plans.list());
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).message).toContain(other.host);
    expectOtherHostUntouched();
    expect(apiCalls(sent)).toEqual([]);
  });

  it("a redirect on the service's own origin is refused too: the token request follows none", async () => {
    redirectTo(307, () => '/auth/token/v2/');
    const { client, sent } = clientFor(sandbox);
    const error = await rejectionOf(client.categories.list());
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).redirectHost).toBe(new URL(sandbox.url).host);
    expect(sent.map((s) => new URL(s.url).pathname)).toEqual(['/auth/token/']);
  });

  it('a request under a retry budget fails at once too (a redirect is no outage to wait out)', async () => {
    redirectTo(307);
    const { client, sleeps } = clientFor(sandbox);
    const budgeted = client.withRetryBudget(new RetryBudget({ giveUpAfterMs: 60_000 }));
    await expect(budgeted.categories.list()).rejects.toBeInstanceOf(RedirectError);
    expect(sleeps).toEqual([]);
    expectOtherHostUntouched();
  });

  it('checkConnection names the redirect and the host, never wrong credentials', async () => {
    redirectTo(308);
    const { clientId, clientSecret } = sandbox.credentials.company;
    const result = await checkConnection({
      baseUrl: sandbox.url,
      clientId,
      clientSecret,
      language: 'en',
      tokenCache: new TokenCache(),
      sleep: async () => undefined,
    });
    expect(result).toMatchObject({ ok: false, problem: 'redirect', message: en['connect.error.redirect'].replace('{host}', other.host) });
    expectOtherHostUntouched();
  });
});

describe('through the proxy', () => {
  it.each([301, 302, 307, 308] as const)(
    '%i to another host: 502 with a detail naming the host, the other host never contacted',
    async (status) => {
      redirectTo(status);
      const answer = await fetch(`${proxy.url}/auth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-company', client_secret: 'demo-secret' }),
        redirect: 'manual',
      });
      expect(answer.status).toBe(502);
      expect(answer.headers.get('location')).toBeNull();
      expect(((await answer.json()) as { detail: string }).detail).toContain(other.host);
      expectOtherHostUntouched();
    },
  );

  it('the client behind the proxy gets the 502 with that detail and never reaches the other host', async () => {
    redirectTo(307);
    const { client, sent } = clientFor(sandbox, sandbox.credentials.company, { baseUrl: proxy.url, retry: { limit: 0 } });
    const error = await rejectionOf(client.categories.list());
    expect(error).toMatchObject({ status: 502, path: '/auth/token/' });
    expect((error as { detail: string }).detail).toContain(other.host);
    expect(sent.map((s) => new URL(s.url).origin)).toEqual([proxy.url]);
    expectOtherHostUntouched();
  });
});
