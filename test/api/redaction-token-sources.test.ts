/**
 * The two places that put access tokens on the redaction list, each with a case only it covers (issue #25):
 * - transport.ts `#secrets(token)`: the token the request itself was sent with, which may no longer be cached when
 *   its answer comes (renewed meanwhile by another call, or signed out);
 * - client.ts `secrets()` from the token cache's `currentTokens()`: a cached token in an answer to a request that
 *   was not sent with it (the token request that renews a token still valid inside the renewal window).
 * Removing either one makes one of these tests fail.
 */
import type { ApiError } from '../../src/api';
import { category } from './support/fixtures';
import { makeClient } from './support/make-client';
import { TestServer } from './support/test-server';

const FIRST_TOKEN = 'token-1-abcdef';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
  server.on('GET', '/categories/', { body: [category(1)] });
});
afterEach(() => server.close());

function texts(error: ApiError): string[] {
  return [error.message, String(error), JSON.stringify(error), error.detail ?? '', error.bodyText ?? ''];
}

/** The error `call` fails with (a test fails if it succeeds). */
function failureOf(call: Promise<unknown>): Promise<ApiError> {
  return call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ApiError,
  );
}

/** A promise with its resolve, for a route that waits until the test lets it answer. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("the request's own token (transport)", () => {
  /** GET /plans/ answers 404 echoing the token it was sent with, once the test says so. */
  function slowEcho() {
    const arrived = signal();
    const release = signal();
    server.on('GET', '/plans/', async (req) => {
      arrived.resolve();
      await release.promise;
      return { status: 404, body: { detail: `No plans for ${req.headers.authorization ?? ''}.` } };
    });
    return { arrived, release };
  }

  it('is hidden though another call renewed it while the request was on its way', async () => {
    const { arrived, release } = slowEcho();
    const { client, clock } = makeClient(server);
    const plans = failureOf(client.plans.list());
    await arrived.promise;
    clock.now += 300_000; // the first token has run out: the next call renews it
    await client.categories.list();
    expect(server.tokenRequests).toBe(2);
    release.resolve();
    const error = await plans;
    expect(error.detail).toBe('No plans for Bearer ***.');
    for (const text of texts(error)) expect(text).not.toContain(FIRST_TOKEN);
  });

  it('is hidden though the user signed out while the request was on its way', async () => {
    const { arrived, release } = slowEcho();
    const { client } = makeClient(server);
    const plans = failureOf(client.plans.list());
    await arrived.promise;
    client.forgetToken();
    release.resolve();
    const error = await plans;
    for (const text of texts(error)) expect(text).not.toContain(FIRST_TOKEN);
  });
});

describe('the cached token (client)', () => {
  it('is hidden in the answer to the token request that renews it (sent without any token)', async () => {
    const { client, clock } = makeClient(server, { retry: { limit: 0 } });
    await client.categories.list();
    clock.now += 280_000; // 20 s left: inside the 30 s renewal window, the first token is still cached
    server.tokenReply = { status: 500, text: `<p>Session ${FIRST_TOKEN} still open</p>`, headers: { 'content-type': 'text/html' } };
    const error = (await client.categories.list().catch((e: unknown) => e)) as ApiError;
    expect(error.path).toBe('/auth/token/');
    expect(error.bodyText).toBe('<p>Session *** still open</p>');
    for (const text of texts(error)) expect(text).not.toContain(FIRST_TOKEN);
  });
});
