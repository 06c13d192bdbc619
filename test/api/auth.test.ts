import { InvalidCredentialsError, BadRequestError, TokenCache, AuthenticationError } from '../../src/api';
import { makeClient } from './support/make-client';
import { category } from './support/fixtures';
import { CLIENT_SECRET, TestServer } from './support/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
  server.on('GET', '/categories/', { body: [category(1)] });
});
afterEach(() => server.close());

describe('client-credentials token', () => {
  test('requests a token with a JSON body and sends it as bearer', async () => {
    const { client } = makeClient(server);
    await client.categories.list();
    const [tokenRequest, call] = server.requests;
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.url).toBe('/auth/token/');
    expect(tokenRequest?.headers['content-type']).toContain('application/json');
    expect(tokenRequest?.body).toEqual({ grant_type: 'client_credentials', client_id: 'client-id-1', client_secret: CLIENT_SECRET });
    expect(call?.headers.authorization).toBe('Bearer token-1-abcdef');
  });

  test('caches the token and renews it 30 s before expires_in runs out (injected clock)', async () => {
    const { client, clock } = makeClient(server);
    await client.categories.list();
    clock.now += 200_000;
    await client.categories.list();
    expect(server.tokenRequests).toBe(1);
    clock.now += 69_000; // 269 s after issue: still more than 30 s left
    await client.categories.list();
    expect(server.tokenRequests).toBe(1);
    clock.now += 2_000; // 271 s: inside the 30 s renewal window
    await client.categories.list();
    expect(server.tokenRequests).toBe(2);
    expect(server.apiRequests.at(-1)?.headers.authorization).toBe('Bearer token-2-abcdef');
  });

  test('the cache is per credential pair: two clients with the same pair share, another secret does not', async () => {
    const cache = new TokenCache();
    const a = makeClient(server, { tokenCache: cache });
    const b = makeClient(server, { tokenCache: cache });
    await a.client.categories.list();
    await b.client.categories.list();
    expect(server.tokenRequests).toBe(1);
    const c = makeClient(server, { tokenCache: cache, clientSecret: 'another-secret-value' });
    await expect(c.client.categories.list()).rejects.toBeInstanceOf(InvalidCredentialsError);
    expect(server.tokenRequests).toBe(2);
  });

  test('forgetToken drops the token from the shared cache: the next call requests a new one', async () => {
    const cache = new TokenCache();
    const a = makeClient(server, { tokenCache: cache });
    await a.client.categories.list();
    await a.client.categories.list();
    expect(server.tokenRequests).toBe(1);
    a.client.forgetToken();
    await a.client.categories.list();
    expect(server.tokenRequests).toBe(2);
  });

  test('TokenCache.forget: a token request in flight when forgotten does not land in the cache', async () => {
    const cache = new TokenCache();
    let resolve: (token: { accessToken: string; expiresAtMs: number; lifetimeMs: number }) => void = () => undefined;
    const request = {
      key: 'k',
      now: () => 0,
      skewMs: 0,
      fetchToken: () => new Promise<{ accessToken: string; expiresAtMs: number; lifetimeMs: number }>((r) => (resolve = r)),
    };
    const pending = cache.get(request);
    cache.forget('k');
    resolve({ accessToken: 'tok', expiresAtMs: 1000, lifetimeMs: 1000 });
    await pending;
    expect(cache.tokensFor('k')).toEqual([]);
  });

  test('concurrent callers share one token request', async () => {
    const { client } = makeClient(server);
    server.tokenReply = undefined;
    await Promise.all(Array.from({ length: 10 }, () => client.categories.list()));
    expect(server.tokenRequests).toBe(1);
    expect(server.apiRequests).toHaveLength(10);
  });

  test('a 401 renews the token once and repeats the request once', async () => {
    const { client } = makeClient(server);
    await client.categories.list();
    server.validTokens.clear(); // the service forgot the token (e.g. restart)
    const result = await client.categories.list();
    expect(result).toHaveLength(1);
    expect(server.tokenRequests).toBe(2);
    const calls = server.apiRequests.map((r) => r.headers.authorization);
    expect(calls).toEqual(['Bearer token-1-abcdef', 'Bearer token-1-abcdef', 'Bearer token-2-abcdef']);
  });

  test('a second 401 after renewal is given to the caller (no loop)', async () => {
    server.on('GET', '/plans/', { status: 401, body: { detail: 'Invalid token.' }, headers: { 'WWW-Authenticate': 'Bearer' } });
    const { client } = makeClient(server);
    const error = await client.plans.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(server.apiRequests).toHaveLength(2);
    expect(server.tokenRequests).toBe(2);
  });

  test('wrong client ID or secret gives InvalidCredentialsError with a localized message', async () => {
    const de = makeClient(server, { clientSecret: 'wrong-secret-abcdef', language: 'de' });
    const error = await de.client.categories.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCredentialsError);
    expect(error).toBeInstanceOf(BadRequestError);
    const e = error as InvalidCredentialsError;
    expect(e.status).toBe(400);
    // Ours first (what to do), then the service's own words, localized by Accept-Language.
    expect(e.message).toBe(
      'Falsche Client-ID oder falsches Client-Secret. Bitte die API-Zugangsdaten des Unternehmens prüfen. Der Dienst meldete: Ungültige Zugangsdaten.',
    );
    expect(e.nonFieldErrors).toEqual(['Ungültige Zugangsdaten.']);
    expect(server.apiRequests).toHaveLength(0);
    const it = makeClient(server, { clientSecret: 'wrong-secret-abcdef', language: 'it' });
    await expect(it.client.categories.list()).rejects.toThrow('Client ID o client secret errati');
  });

  test('the secret and the tokens never appear in errors, their JSON or toString', async () => {
    // The service echoes the secret and the token back in its messages: the client hides them.
    server.tokenReply = { status: 400, body: { non_field_errors: [`bad secret ${CLIENT_SECRET}`], detail: `secret ${CLIENT_SECRET}` } };
    const { client } = makeClient(server);
    const tokenError = (await client.categories.list().catch((e: unknown) => e)) as Error;
    server.tokenReply = undefined;
    const second = makeClient(server);
    server.on('GET', '/plans/', (req) => ({ status: 500, text: `<html>boom ${req.headers.authorization ?? ''}</html>` }));
    const serverError = (await second.client.plans.list().catch((e: unknown) => e)) as Error;
    for (const error of [tokenError, serverError]) {
      const texts = [error.message, String(error), JSON.stringify(error), error.stack ?? ''];
      for (const text of texts) {
        expect(text).not.toContain(CLIENT_SECRET);
        expect(text).not.toMatch(/token-\d-abcdef/);
      }
    }
    expect(JSON.stringify(second.client)).not.toContain(CLIENT_SECRET);
  });
});
