/** Issue #25 item 1: a redirect from the service is passed on only within the target, as a path on the proxy. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { passedRedirect } from '../../src/proxy/redirect';
import { countingServer, loggedProxy, type CountingServer } from './support';
import type { RunningProxy } from '../../src/proxy';

describe('passedRedirect', () => {
  const origin = 'http://service.test:8080';
  const request = `${origin}/categories?x=1`;

  it('rewrites a Location within the target into a path on the proxy, absolute or relative', () => {
    expect(passedRedirect(301, `${origin}/categories/?x=1`, request, origin)).toEqual({ kind: 'within', location: '/categories/?x=1' });
    expect(passedRedirect(308, '/categories/?x=1', request, origin)).toEqual({ kind: 'within', location: '/categories/?x=1' });
    expect(passedRedirect(302, 'plans/', request, origin)).toEqual({ kind: 'within', location: '/plans/' });
  });

  it.each([
    ['another host', 'http://evil.test/auth/token/', 'evil.test'],
    ['another port', 'http://service.test:9090/x/', 'service.test:9090'],
    ['another scheme', 'https://service.test:8080/x/', 'service.test:8080'],
    ['a protocol-relative Location', '//evil.test/x/', 'evil.test'],
  ])('refuses %s, naming it', (_what, location, host) => {
    const passed = passedRedirect(307, location, request, origin);
    expect(passed).toMatchObject({ kind: 'refused' });
    expect(passed.kind === 'refused' && passed.detail).toContain(host);
  });

  it('refuses a path that would read as another host once rewritten', () => {
    expect(passedRedirect(301, `${origin}//evil.test/x/`, request, origin)).toMatchObject({ kind: 'refused' });
  });

  it('leaves other answers alone', () => {
    expect(passedRedirect(200, 'http://evil.test/', request, origin)).toEqual({ kind: 'none' });
    expect(passedRedirect(304, null, request, origin)).toEqual({ kind: 'none' });
    expect(passedRedirect(302, null, request, origin)).toEqual({ kind: 'none' });
  });
});

describe('the proxy in front of a service that redirects', () => {
  let service: Server;
  let serviceUrl: string;
  let evil: CountingServer;
  let proxy: RunningProxy;
  /** The Location the service answers with, per test. */
  let location = '';

  beforeAll(async () => {
    evil = await countingServer();
    service = createServer((_request, response) => response.writeHead(307, { Location: location, 'Content-Length': '0' }).end());
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    ({ proxy } = await loggedProxy({ target: serviceUrl }));
  });
  afterAll(async () => {
    await proxy.close();
    await evil.close();
    service.closeAllConnections();
    await new Promise<void>((resolve) => service.close(() => resolve()));
  });

  it('an absolute Location on the target comes back as a path on the proxy', async () => {
    location = `${serviceUrl}/auth/token/v2/?a=b`;
    const answer = await fetch(`${proxy.url}/auth/token/`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      redirect: 'manual',
    });
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe('/auth/token/v2/?a=b');
  });

  it('a Location on another host: 502 naming it, and the other host sees nothing', async () => {
    location = `${evil.url}/auth/token/`;
    const answer = await fetch(`${proxy.url}/auth/token/`, {
      method: 'POST',
      body: '{"client_secret":"s"}',
      headers: { 'content-type': 'application/json' },
      redirect: 'manual',
    });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('location')).toBeNull();
    expect(await answer.json()).toEqual({
      detail: `The service at ${serviceUrl} redirected to ${new URL(evil.url).host}, outside the service; the proxy does not pass that on.`,
    });
    expect(evil.connections).toBe(0);
  });
});
