/** CORS for the task pane origin (https://localhost:3000). Not in docs/service-contract.md: the sandbox's own contract. */
import { rawRequest, useSandbox } from './support';

const ORIGIN = 'https://localhost:3000';

function preflight(url: string, origin: string, method = 'GET') {
  return rawRequest(`${url}/transactions/`, 'OPTIONS', {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization,content-type',
  });
}

describe('cors enabled', () => {
  const h = useSandbox({ transactions: 50, cors: true });

  test('a preflight from https://localhost:3000 with Authorization gets the allow headers', async () => {
    const reply = await preflight(h.url, ORIGIN);
    expect(reply.status).toBeGreaterThanOrEqual(200);
    expect(reply.status).toBeLessThan(300);
    expect([ORIGIN, '*']).toContain(reply.headers['access-control-allow-origin']);
    expect(String(reply.headers['access-control-allow-headers'] ?? '').toLowerCase()).toContain('authorization');
    const methods = String(reply.headers['access-control-allow-methods'] ?? '').toUpperCase();
    expect(methods).toContain('GET');
  });

  test('the preflight allows PATCH and DELETE', async () => {
    for (const method of ['PATCH', 'DELETE']) {
      const reply = await preflight(h.url, ORIGIN, method);
      expect(String(reply.headers['access-control-allow-methods'] ?? '').toUpperCase()).toContain(method);
    }
  });

  test('an actual request from the origin carries Access-Control-Allow-Origin', async () => {
    const reply = await rawRequest(`${h.url}/categories/`, 'GET', { origin: ORIGIN, authorization: `Bearer ${await h.token()}` });
    expect(reply.status).toBe(200);
    expect([ORIGIN, '*']).toContain(reply.headers['access-control-allow-origin']);
  });

  test('the token endpoint is reachable cross-origin', async () => {
    const reply = await rawRequest(`${h.url}/auth/token/`, 'OPTIONS', {
      origin: ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect([ORIGIN, '*']).toContain(reply.headers['access-control-allow-origin']);
  });
});

describe('cors with an origin list', () => {
  const h = useSandbox({ transactions: 50, cors: { origins: [ORIGIN] } });

  test('a listed origin is allowed', async () => {
    expect((await preflight(h.url, ORIGIN)).headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  test('an unlisted origin gets no Access-Control-Allow-Origin', async () => {
    expect((await preflight(h.url, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('cors disabled', () => {
  const h = useSandbox({ transactions: 50, cors: false });

  test('with cors: false there is no Access-Control-Allow-Origin header', async () => {
    expect((await preflight(h.url, ORIGIN)).headers['access-control-allow-origin']).toBeUndefined();
    const reply = await rawRequest(`${h.url}/categories/`, 'GET', { origin: ORIGIN, authorization: `Bearer ${await h.token()}` });
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });
});
