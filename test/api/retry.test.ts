import net from 'node:net';
import { ApiConnectionError, DEFAULT_RETRY, InternalServerError, RateLimitError, decideRetry, parseRetryAfter } from '../../src/api';
import { makeClient } from './support/make-client';
import { category, invoice } from './support/fixtures';
import { type Reply, TestServer } from './support/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
});
afterEach(() => server.close());

/** Answers with each reply in turn, then with the last one. */
function sequence(...replies: Reply[]) {
  let i = 0;
  return (): Reply => {
    const reply = replies[Math.min(i, replies.length - 1)] ?? { status: 500 };
    i += 1;
    return reply;
  };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

describe('retry policy (pure)', () => {
  const base = { options: { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1_000 }, now: () => 0, random: () => 0.5 };
  const error503 = new InternalServerError({ message: 'x', status: 503 });

  test('exponential backoff with jitter, capped', () => {
    expect(decideRetry({ ...base, method: 'GET', error: error503, retryNumber: 1 })).toEqual({ retry: true, delayMs: 75 });
    expect(decideRetry({ ...base, method: 'GET', error: error503, retryNumber: 2 })).toEqual({ retry: true, delayMs: 150 });
    const capped = decideRetry({ ...base, options: { ...base.options, limit: 10 }, method: 'GET', error: error503, retryNumber: 9 });
    expect(capped).toEqual({ retry: true, delayMs: 750 });
    expect(decideRetry({ ...base, method: 'GET', error: error503, retryNumber: 3 })).toEqual({ retry: false });
  });

  test('Retry-After is honoured on any answer retried, a 502 too', () => {
    const error502 = new InternalServerError({ message: 'x', status: 502, retryAfter: '4' });
    expect(decideRetry({ ...base, method: 'GET', error: error502, retryNumber: 1 })).toEqual({ retry: true, delayMs: 4000 });
  });

  test('Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:00:07 GMT', now)).toBe(7_000);
    expect(parseRetryAfter('Sun, 31 Dec 2023 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    const longWait = new RateLimitError({ message: 'x', status: 429, retryAfter: '3600' });
    expect(decideRetry({ ...base, method: 'GET', error: longWait, retryNumber: 1 })).toEqual({ retry: false });
  });

  test('POST/PATCH: after a 429 (refused before anything was done) and when the request was never sent', () => {
    const error429 = new RateLimitError({ message: 'x', status: 429 });
    for (const method of ['POST', 'PATCH'] as const) {
      expect(decideRetry({ ...base, method, error: error503, retryNumber: 1 }).retry).toBe(false);
      expect(decideRetry({ ...base, method, error: error429, retryNumber: 1 }).retry).toBe(true);
      const reset = new ApiConnectionError({ message: 'x', requestNotSent: false });
      expect(decideRetry({ ...base, method, error: reset, retryNumber: 1 }).retry).toBe(false);
      const refused = new ApiConnectionError({ message: 'x', requestNotSent: true });
      expect(decideRetry({ ...base, method, error: refused, retryNumber: 1 }).retry).toBe(true);
    }
  });

  test('a POST without effects (the token request) is retried like a GET', () => {
    const reset = new ApiConnectionError({ message: 'x', requestNotSent: false });
    expect(decideRetry({ ...base, method: 'POST', withoutEffects: true, error: error503, retryNumber: 1 }).retry).toBe(true);
    expect(decideRetry({ ...base, method: 'POST', withoutEffects: true, error: reset, retryNumber: 1 }).retry).toBe(true);
  });
});

describe('retries over HTTP', () => {
  test('GET is retried on 503 and succeeds', async () => {
    server.on('GET', '/categories/', sequence({ status: 503, text: 'busy' }, { status: 503, text: 'busy' }, { body: [category(1)] }));
    const { client, sleeps } = makeClient(server, { retry: { limit: 3, baseDelayMs: 100, maxDelayMs: 1000 } });
    expect(await client.categories.list()).toHaveLength(1);
    expect(server.apiRequests).toHaveLength(3);
    expect(sleeps).toEqual([75, 150]);
  });

  test('GET is retried on 429 honouring Retry-After (seconds and HTTP date) via the injected sleep', async () => {
    const { client, sleeps, clock } = makeClient(server);
    const date = new Date(clock.now + 4_000).toUTCString();
    server.on(
      'GET',
      '/categories/',
      sequence(
        { status: 429, body: { detail: 'Slow down.' }, headers: { 'Retry-After': '2' } },
        { status: 429, body: { detail: 'Slow down.' }, headers: { 'Retry-After': date } },
        { body: [] },
      ),
    );
    await client.categories.list();
    expect(sleeps).toEqual([2_000, 4_000]);
  });

  test('GET gives up after the limit with the last error', async () => {
    server.on('GET', '/categories/', { status: 503, text: 'busy' });
    const { client } = makeClient(server, { retry: { limit: 2 } });
    await expect(client.categories.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.apiRequests).toHaveLength(3);
  });

  test('GET is retried after a connection reset', async () => {
    server.on('GET', '/categories/', sequence({ destroy: true }, { body: [category(2)] }));
    const { client } = makeClient(server);
    expect(await client.categories.list()).toEqual([expect.objectContaining({ id: 2 })]);
    expect(server.apiRequests).toHaveLength(2);
  });

  test('an unreachable service gives ApiConnectionError marked as not sent', async () => {
    const port = await freePort();
    const { client } = makeClient(server, { baseUrl: `http://127.0.0.1:${port}`, retry: { limit: 1 } });
    const error = await client.transactions.page().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect((error as ApiConnectionError).requestNotSent).toBe(true);
  });
});

describe('retries of writes and of the token request over HTTP', () => {
  test('POST is not retried on 503 (it may have been applied); on 429 it is, after Retry-After', async () => {
    server.on('POST', '/invoices/', { status: 503, text: 'busy', headers: { 'Retry-After': '1' } });
    const { client, sleeps } = makeClient(server);
    const body = { reference: 'R', name: 'N', amount: 1, due_date: '2024-01-01' };
    await expect(client.invoices.create(body)).rejects.toBeInstanceOf(InternalServerError);
    expect(server.apiRequests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    server.on(
      'POST',
      '/invoices/',
      sequence({ status: 429, body: { detail: 'Slow down.' }, headers: { 'Retry-After': '2' } }, { status: 201, body: invoice(9) }),
    );
    expect(await client.invoices.create(body)).toEqual(expect.objectContaining({ id: 9 }));
    expect(server.apiRequests).toHaveLength(3);
    expect(sleeps).toEqual([2000]);
  });

  test('the token request is asked again after a 503 or a lost answer (asking for a token changes nothing)', async () => {
    server.tokenReplies = [{ status: 503, text: 'busy' }, { destroy: true }];
    server.on('GET', '/categories/', { body: [category(3)] });
    const { client } = makeClient(server);
    expect(await client.categories.list()).toEqual([expect.objectContaining({ id: 3 })]);
    expect(server.tokenRequests).toBe(3);
    expect(server.apiRequests).toHaveLength(1);
  });

  test('PATCH is not retried after a reset once the request was sent', async () => {
    server.on('PATCH', '/transactions/', { destroy: true });
    const { client } = makeClient(server);
    const error = await client.transactions.updateCategories([{ id: 1, category: 2 }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect((error as ApiConnectionError).requestNotSent).toBe(false);
    expect(server.apiRequests).toHaveLength(1);
  });

  test('POST is retried when the connection was refused (nothing reached the server)', async () => {
    const port = await freePort();
    const late = await TestServer.start(); // stands in for the service; closed until the first retry
    await late.close();
    late.on('POST', '/invoices/', { status: 201, body: invoice(1) });
    // The service comes up while the client waits before its retry.
    const { client, sleeps } = makeClient(late, {
      baseUrl: `http://127.0.0.1:${port}`,
      sleep: async (ms) => {
        sleeps.push(ms);
        if (late.port !== port) await late.listen(port);
      },
    });
    const created = await client.invoices.create({ reference: 'R', name: 'N', amount: 1, due_date: '2024-01-01' });
    expect(created.id).toBe(1);
    // token POST refused once, then sent; the invoice POST went through once
    expect(late.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/token/', 'POST /invoices/']);
    expect(sleeps).toHaveLength(1);
    await late.close();
  });
});
