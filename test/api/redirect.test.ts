/**
 * Issue #25 item 1, the rules of transport.ts for redirects (fetch never follows one, `redirect: 'manual'`): a GET is
 * followed on the base URL's own origin, at most MAX_REDIRECTS times; a redirect to another origin, of any other
 * method or hidden by the browser (`opaqueredirect`) is a `RedirectError` naming the host, never retried.
 */
import { MAX_REDIRECTS } from '../../src/api/transport';
import { RedirectError } from '../../src/api';
import { catalogs, LANGUAGES } from '../../src/i18n/catalog';
import { category, invoice } from './support/fixtures';
import { makeClient } from './support/make-client';
import { TestServer } from './support/test-server';
import { countingServer, type CountingServer } from '../proxy/support';

let server: TestServer;
let other: CountingServer;
beforeEach(async () => {
  server = await TestServer.start();
  other = await countingServer();
});
afterEach(async () => {
  await server.close();
  await other.close();
});

const host = () => `127.0.0.1:${server.port}`;

describe('redirects of ordinary requests', () => {
  it('a GET redirected on the same origin is followed, with its bearer token and without the first query', async () => {
    server.on('GET', '/categories/', { status: 302, headers: { Location: '/v2/categories/?moved=1' } });
    server.on('GET', '/v2/categories/', { body: [category(1)] });
    const { client } = makeClient(server);
    await expect(client.categories.list()).resolves.toEqual([expect.objectContaining({ id: 1 })]);
    expect(server.apiRequests.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`)).toEqual([
      'GET /categories/ Bearer token-1-abcdef',
      'GET /v2/categories/?moved=1 Bearer token-1-abcdef',
    ]);
  });

  it('a GET redirected to another origin is not followed: RedirectError naming the host, the other host sees nothing', async () => {
    server.on('GET', '/categories/', { status: 301, headers: { Location: `${other.url}/categories/` } });
    const { client, sleeps } = makeClient(server);
    const error = await client.categories.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 301, method: 'GET', path: '/categories/', redirectHost: new URL(other.url).host });
    expect((error as Error).message).toBe(
      `The service redirected GET /categories/ to ${new URL(other.url).host}. The add-in follows a redirect only for a read on the base URL's own address: check the base URL.`,
    );
    expect(other.connections).toBe(0);
    expect(sleeps).toEqual([]);
    expect(server.apiRequests).toHaveLength(1);
  });

  it('a POST redirected even on the same origin is not followed: its body is sent once', async () => {
    server.on('POST', '/invoices/', { status: 307, headers: { Location: '/invoices/v2/' } });
    server.on('POST', '/invoices/v2/', { status: 201, body: invoice(1) });
    const { client } = makeClient(server);
    const error = await client.invoices
      .create({ reference: 'RE-1', name: 'n', amount: 1, due_date: '2030-01-01' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 307, redirectHost: host() });
    expect(server.apiRequests.map((r) => r.path)).toEqual(['/invoices/']);
  });

  it(`a redirect loop ends after ${MAX_REDIRECTS} hops`, async () => {
    server.on('GET', '/categories/', { status: 302, headers: { Location: '/categories/' } });
    const { client } = makeClient(server);
    await expect(client.categories.list()).rejects.toBeInstanceOf(RedirectError);
    expect(server.apiRequests).toHaveLength(MAX_REDIRECTS + 1);
  });
});

describe('a browser hides the redirect (opaqueredirect)', () => {
  /** A fetch as a browser answers a `redirect: 'manual'` request that was redirected: status 0, no headers. */
  const browserFetch: typeof fetch = async () => {
    const response = new Response(null, { status: 200 });
    Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
    Object.defineProperty(response, 'status', { value: 0 });
    return response;
  };

  it.each(LANGUAGES)('the token request: RedirectError saying "another address" (%s)', async (language) => {
    const { client } = makeClient(server, { fetch: browserFetch, language });
    const error = await client.categories.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: undefined, redirectHost: undefined, path: '/auth/token/' });
    const catalog = catalogs[language];
    expect((error as Error).message).toBe(catalog['api.error.tokenRedirect'].replace('{host}', catalog['api.error.redirectHidden']));
  });
});
