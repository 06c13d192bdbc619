/**
 * Issue #25 item 13: the proxy answers only to its own names (DNS rebinding), marks every answer nosniff, never
 * buffers an upstream answer beyond its cap, and its Node server gives up on slow clients and caps its connections.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MAX_ANSWER_BYTES, startProxy, type RunningProxy } from '../../src/proxy';
import { startSandbox } from '../../src/sandbox';
import { countingServer, loggedProxy, openConnection, rawRequest, type CountingServer } from './support';

const portOf = (url: string) => new URL(url).port;

/** Resolves once `condition` holds (checked on every turn of the event loop). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the Host header', () => {
  let target: CountingServer;
  let proxy: RunningProxy;
  let log: string[];

  beforeAll(async () => {
    target = await countingServer();
    ({ proxy, log } = await loggedProxy({ target: target.url, allowedHosts: ['proxy.example.com', 'Other.Example:8443'] }));
  });
  afterAll(async () => {
    await proxy.close();
    await target.close();
  });

  it.each([
    ['a DNS-rebinding name with the port', () => `evil.example:${portOf(proxy.url)}`],
    ['a DNS-rebinding name without a port', () => 'evil.example'],
    ['a loopback name with another port', () => '127.0.0.1:1'],
    ['a loopback name without the port', () => 'localhost'],
    ['a configured name with another port than configured', () => 'other.example:8080'],
  ])('%s is refused with 421 and not forwarded', async (_what, hostHeader) => {
    const before = target.requests.length;
    const answer = await rawRequest(proxy.url, `GET /categories/ HTTP/1.1\r\nHost: ${hostHeader()}`);
    expect(answer.status).toBe(421);
    expect(answer.text).toContain('"detail":"Refused: the Host header does not name this proxy');
    expect(target.requests.length).toBe(before);
    expect(log.at(-1)).toMatch(/^GET \/categories\/ 421 \d+ ms \(host not allowed\)$/);
  });

  it('an HTTP/1.0 request without Host is refused too', async () => {
    const answer = await rawRequest(proxy.url, 'GET /categories/ HTTP/1.0');
    expect(answer.text).toMatch(/^HTTP\/1\.1 421 /);
  });

  it.each([
    '127.0.0.1:PORT',
    'localhost:PORT',
    'LOCALHOST:PORT',
    '[::1]:PORT',
    'proxy.example.com',
    'proxy.example.com:443',
    'other.example:8443',
  ])('its own name %s passes', async (name) => {
    const answer = await rawRequest(proxy.url, `GET /categories/ HTTP/1.1\r\nHost: ${name.replace('PORT', portOf(proxy.url))}`);
    expect(answer.status).toBe(200);
  });
});

describe('X-Content-Type-Options: nosniff', () => {
  let target: CountingServer;
  let proxy: RunningProxy;

  beforeAll(async () => {
    target = await countingServer();
    proxy = await startProxy({ target: target.url, port: 0, log: () => undefined });
  });
  afterAll(async () => {
    await proxy.close();
    await target.close();
  });

  const nosniff = /\r\nx-content-type-options: nosniff\r\n/i;

  it.each([
    ['a forwarded answer', () => `GET /categories/ HTTP/1.1\r\nHost: 127.0.0.1:${portOf(proxy.url)}`, 200],
    [
      'a preflight',
      () =>
        `OPTIONS /categories/ HTTP/1.1\r\nHost: 127.0.0.1:${portOf(proxy.url)}\r\nOrigin: http://localhost:3000\r\nAccess-Control-Request-Method: GET`,
      204,
    ],
    [
      'an origin not allowed',
      () => `GET /categories/ HTTP/1.1\r\nHost: 127.0.0.1:${portOf(proxy.url)}\r\nOrigin: https://evil.example`,
      403,
    ],
    ['an open-proxy refusal', () => `GET //evil.example/ HTTP/1.1\r\nHost: 127.0.0.1:${portOf(proxy.url)}`, 400],
    ['a Host refusal', () => `GET /categories/ HTTP/1.1\r\nHost: evil.example`, 421],
    ['a request Node cannot read', () => `GET \\\\evil.example/x HTTP/1.1\r\nHost: 127.0.0.1:${portOf(proxy.url)}`, 400],
    ['CONNECT', () => `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443`, 403],
  ])('on %s', async (_what, head, status) => {
    const answer = await rawRequest(proxy.url, head());
    expect(answer.status).toBe(status);
    expect(answer.text).toMatch(nosniff);
  });

  it('on a 502 for a service that cannot be reached', async () => {
    const gone = await countingServer();
    await gone.close();
    const orphan = await startProxy({ target: gone.url, port: 0, log: () => undefined });
    try {
      const answer = await fetch(`${orphan.url}/categories/`);
      expect(answer.status).toBe(502);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await orphan.close();
    }
  });
});

describe('an upstream answer larger than the cap', () => {
  let upstream: Server;
  let upstreamUrl: string;

  beforeAll(async () => {
    // /announced/N: N bytes with Content-Length; /chunked/N: N bytes in chunks, without it.
    upstream = createServer((request, response) => {
      const [, kind, size] = (request.url ?? '').split('/');
      const body = 'x'.repeat(Number(size));
      if (kind === 'announced') {
        response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': body.length }).end(body);
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      for (let at = 0; at < body.length; at += 256) response.write(body.slice(at, at + 256));
      response.end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it.each(['announced', 'chunked'])('is not passed on: 502 with a clear detail (%s)', async (kind) => {
    const proxy = await startProxy({ target: upstreamUrl, port: 0, maxAnswerBytes: 1024, log: () => undefined });
    try {
      const small = await fetch(`${proxy.url}/${kind}/1024`);
      expect(small.status).toBe(200);
      expect(await small.text()).toHaveLength(1024);
      const large = await fetch(`${proxy.url}/${kind}/4096`);
      expect(large.status).toBe(502);
      expect(await large.json()).toEqual({
        detail: `The service at ${upstreamUrl} sent an answer larger than 1024 bytes; the proxy does not pass it on.`,
      });
    } finally {
      await proxy.close();
    }
  });

  it('the default cap holds a page of 1000 transactions more than ten times over', async () => {
    const sandbox = await startSandbox({ port: 0, transactions: 1000 });
    try {
      const token = (await (
        await fetch(`${sandbox.url}/auth/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'client_credentials', ...{ client_id: 'demo-company', client_secret: 'demo-secret' } }),
        })
      ).json()) as { access_token: string };
      const page = await fetch(`${sandbox.url}/transactions/extended/?page_size=1000`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      const bytes = (await page.arrayBuffer()).byteLength;
      expect(bytes).toBeGreaterThan(100_000);
      expect(DEFAULT_MAX_ANSWER_BYTES).toBeGreaterThan(10 * bytes);
    } finally {
      await sandbox.close();
    }
  });
});

describe("the proxy's Node server", () => {
  let target: CountingServer;
  beforeAll(async () => {
    target = await countingServer();
  });
  afterAll(() => target.close());

  it('answers 408 and closes when the request headers do not arrive in time', async () => {
    const proxy = await startProxy({ target: target.url, port: 0, headersTimeoutMs: 200, requestTimeoutMs: 5_000, log: () => undefined });
    try {
      const received = await openConnection(proxy.url, 'GET /categories/ HTTP/1.1\r\nHost: 127.0.0.1\r\n').closed;
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    } finally {
      await proxy.close();
    }
  });

  it('answers 408 and closes when the request body does not arrive in time', async () => {
    const proxy = await startProxy({ target: target.url, port: 0, headersTimeoutMs: 200, requestTimeoutMs: 300, log: () => undefined });
    try {
      const head = `POST /invoices/ HTTP/1.1\r\nHost: 127.0.0.1:${portOf(proxy.url)}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`;
      const received = await openConnection(proxy.url, head).closed;
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(target.requests).not.toContain('POST /invoices/');
    } finally {
      await proxy.close();
    }
  });

  it('closes a connection beyond maxConnections at once', async () => {
    const proxy = await startProxy({ target: target.url, port: 0, maxConnections: 1, log: () => undefined });
    const request = `GET /categories/ HTTP/1.1\r\nHost: 127.0.0.1:${portOf(proxy.url)}\r\n\r\n`;
    const before = target.requests.length;
    const first = openConnection(proxy.url, request);
    try {
      // The first connection stays open (keep-alive) once its request went through: the server holds it.
      await until(() => target.requests.length > before);
      expect(await openConnection(proxy.url, request).closed).toBe('');
      expect(target.requests.length).toBe(before + 1);
    } finally {
      first.end();
      await proxy.close();
    }
  });
});
