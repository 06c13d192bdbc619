/** Never an open proxy: whatever the request line says, nothing but the target origin is ever reached. */
import { startProxy, type RunningProxy } from '../../src/proxy';
import { resolveRequestTarget } from '../../src/proxy/request-target';
import { parseTarget } from '../../src/proxy/target';
import { countingServer, loggedProxy, rawRequest, type CountingServer } from './support';

describe('requests that try to reach another host', () => {
  // The target and a second local server standing for any other host: it must see no connection at all.
  let target: CountingServer;
  let evil: CountingServer;
  let proxy: RunningProxy;
  let log: string[];

  beforeAll(async () => {
    [target, evil] = [await countingServer(), await countingServer()];
    ({ proxy, log } = await loggedProxy({ target: target.url }));
  });
  afterAll(async () => {
    await proxy.close();
    await target.close();
    await evil.close();
  });

  const evilHost = () => new URL(evil.url).host;

  it.each([
    ['an absolute-form target', () => `GET ${evil.url}/ HTTP/1.1\r\nHost: ${evilHost()}`, 400],
    ['an absolute-form target naming the evil host in Host only', () => `GET http://${evilHost()}/x HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    ['CONNECT', () => `CONNECT ${evilHost()} HTTP/1.1\r\nHost: ${evilHost()}`, 403],
    // Node's HTTP parser refuses this one itself (400, before any handler).
    ['an authority-form target without CONNECT', () => `GET ${evilHost()} HTTP/1.1\r\nHost: ${evilHost()}`, 400],
    ['a protocol-relative path', () => `GET //${evilHost()}/x HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    ['encoded slashes', () => `GET /%2F%2F${evilHost()} HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    ['lower-case encoded slashes', () => `GET /%2f%2f${evilHost()}/x HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    ['double-encoded slashes', () => `GET /%252F%252F${evilHost()} HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    ['a backslash', () => `GET /\\${evilHost()} HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    // So is this one.
    ['two backslashes', () => `GET \\\\${evilHost()}/x HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    ['an encoded backslash', () => `GET /%5C${evilHost()} HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    ['a dot segment before a protocol-relative path', () => `GET /..//${evilHost()}/x HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    ['an asterisk-form target', () => `OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1`, 400],
    ['TRACE', () => `TRACE / HTTP/1.1\r\nHost: 127.0.0.1`, 405],
  ])('%s is refused and forwarded nowhere', async (_what, line, status) => {
    const before = { target: target.requests.length, evil: evil.requests.length };
    const answer = await rawRequest(proxy.url, line());
    expect(answer.status).toBe(status);
    expect(answer.text).toMatch(/"detail":"Refused: |"message":"Client Error"/);
    expect(target.requests.length).toBe(before.target);
    expect(evil.requests).toEqual([]);
    expect(evil.connections).toBe(0);
  });

  it('a Host header naming another host is refused (421: DNS rebinding, hardening.test.ts), and reaches neither host', async () => {
    const before = target.requests.length;
    const answer = await rawRequest(proxy.url, `GET /categories/?x=1 HTTP/1.1\r\nHost: ${evilHost()}`);
    expect(answer.status).toBe(421);
    expect(target.requests.length).toBe(before);
    expect(evil.connections).toBe(0);
  });

  it('a request naming the proxy in Host goes to the target', async () => {
    const answer = await rawRequest(proxy.url, `GET /categories/?x=1 HTTP/1.1\r\nHost: ${new URL(proxy.url).host}`);
    expect(answer.status).toBe(200);
    expect(target.requests.at(-1)).toBe('GET /categories/?x=1');
    expect(evil.connections).toBe(0);
  });

  it('a request from a browser origin that is not allowed is refused before it is forwarded', async () => {
    const before = target.requests.length;
    const answer = await fetch(`${proxy.url}/categories/`, { headers: { origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(target.requests.length).toBe(before);
  });

  it('logs each refusal as method, path (nothing of a target that is no path), status and ms', () => {
    const refused = log.filter((line) => line.endsWith('(refused)'));
    expect(refused.length).toBeGreaterThanOrEqual(10);
    for (const line of refused) expect(line).toMatch(/^[A-Z]+ (\/\S*|\(not a path\)) (400|403|405) \d+ ms \(refused\)$/);
    expect(refused.filter((line) => line.includes('(not a path)'))).toHaveLength(4);
  });
});

describe('resolveRequestTarget', () => {
  const origin = 'http://service.test:8080';

  it('appends a path and its query to the target origin', () => {
    expect(resolveRequestTarget('GET', '/transactions/?page=2&search=a%2Fb', origin)).toEqual({
      ok: true,
      url: 'http://service.test:8080/transactions/?page=2&search=a%2Fb',
    });
    expect(resolveRequestTarget('POST', '/auth/token/', origin)).toEqual({ ok: true, url: `${origin}/auth/token/` });
  });

  it('keeps dot segments on the target origin', () => {
    expect(resolveRequestTarget('GET', '/a/../../b/', origin)).toEqual({ ok: true, url: `${origin}/b/` });
  });

  it('refuses a path that only URL-resolves outside (a tab or newline the URL parser drops)', () => {
    for (const raw of ['/\t/evil.test/x', '/\n/evil.test/x']) {
      expect(resolveRequestTarget('GET', raw, origin)).toMatchObject({ ok: false, status: 400 });
    }
  });

  it('refuses encoded control characters and percent signs in the path, not in the query', () => {
    expect(resolveRequestTarget('GET', '/a%00b/', origin)).toMatchObject({ ok: false, status: 400 });
    expect(resolveRequestTarget('GET', '/a%25/', origin)).toMatchObject({ ok: false, status: 400 });
    expect(resolveRequestTarget('GET', '/a/?q=%25%2F%5C', origin)).toMatchObject({ ok: true });
  });

  it('refuses every method the service does not use', () => {
    for (const method of ['CONNECT', 'TRACE', 'PROPFIND', 'LINK']) {
      expect(resolveRequestTarget(method, '/', origin)).toMatchObject({ ok: false, status: method === 'CONNECT' ? 403 : 405 });
    }
  });
});

describe('the target', () => {
  it('is an http(s) origin; a trailing slash is accepted', () => {
    expect(parseTarget('https://api.example.com')).toBe('https://api.example.com');
    expect(parseTarget('http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787');
  });

  it.each([
    ['not a URL', 'api.example.com', /is not a URL/],
    ['another scheme', 'ftp://api.example.com', /is not http or https/],
    ['credentials', 'https://user:pw@api.example.com', /carries credentials/],
    ['a path', 'https://api.example.com/v1', /has a path, query or fragment/],
    ['a query', 'https://api.example.com/?a=1', /has a path, query or fragment/],
    ['an empty query', 'https://api.example.com?', /has a path, query or fragment/],
    ['a fragment', 'https://api.example.com/#x', /has a path, query or fragment/],
  ])('with %s is refused at start with a clear message', async (_what, target, message) => {
    expect(() => parseTarget(target)).toThrow(message);
    await expect(startProxy({ target, port: 0 })).rejects.toThrow(/^Invalid proxy target: /);
  });
});
