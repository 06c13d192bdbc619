/** Through the proxy, a sandbox without CORS answers exactly as it does directly, with CORS for allowed origins. */
import { startProxy, type RunningProxy } from '../../src/proxy';
import { startSandbox } from '../../src/sandbox';
import { loggedProxy } from './support';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const CREDENTIALS = { grant_type: 'client_credentials', client_id: 'demo-company', client_secret: 'demo-secret' };

async function tokenFrom(base: string): Promise<Response> {
  return fetch(`${base}/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIALS),
  });
}

describe('the proxy in front of a service without CORS', () => {
  let sandbox: Sandbox;
  let proxy: RunningProxy;
  let log: string[];
  let token: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, cors: false, transactions: 300 });
    ({ proxy, log } = await loggedProxy({ target: sandbox.url }));
    token = ((await (await tokenFrom(sandbox.url)).json()) as { access_token: string }).access_token;
  });
  afterEach(() => sandbox.setFaults({}));
  afterAll(async () => {
    await proxy.close();
    await sandbox.close();
  });

  const get = (base: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...headers }, redirect: 'manual' });

  it('the token request goes through and answers like the service, and the log has neither the secret nor the token', async () => {
    const linesBefore = log.length;
    const answer = await tokenFrom(proxy.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await answer.json()) as Record<string, unknown>;
    const direct = (await (await tokenFrom(sandbox.url)).json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(direct).sort());
    expect(body).toMatchObject({ token_type: direct.token_type, expires_in: direct.expires_in });
    const lines = log.slice(linesBefore);
    expect(lines).toEqual([expect.stringMatching(/^POST \/auth\/token\/ 200 \d+ ms$/)]);
    for (const secret of ['demo-secret', 'client_secret', String(body.access_token), String(body.refresh_token)]) {
      expect(lines.join('\n')).not.toContain(secret);
    }
  });

  it('a form-encoded token request passes its body through unchanged', async () => {
    const answer = await fetch(`${proxy.url}/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(CREDENTIALS).toString(),
    });
    expect(answer.status).toBe(200);
  });

  it("a paged list equals the direct answer, links and all (the Host is the service's)", async () => {
    const path = '/transactions/?page=2&page_size=25&ordering=-value_date';
    const [through, direct] = [await get(proxy.url, path), await get(sandbox.url, path)];
    expect(through.status).toBe(200);
    const page = (await through.json()) as { results: unknown[]; next: string | null };
    expect(page).toEqual(await direct.json());
    expect(page.results).toHaveLength(25);
    expect(log.at(-1)).toMatch(/^GET \/transactions\/ 200 \d+ ms$/);
  });

  it('a write goes through with its body, and the service sees it as sent', async () => {
    const invoice = { reference: 'RE-PROXY-1', name: 'Through the proxy', amount: '123.45', due_date: '2031-01-31' };
    const answer = await fetch(`${proxy.url}/invoices/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(invoice),
    });
    expect(answer.status).toBe(201);
    const created = (await answer.json()) as { id: number };
    expect(created).toMatchObject({ reference: 'RE-PROXY-1', name: 'Through the proxy', source: 'direct_api' });
    expect(await (await get(sandbox.url, `/invoices/${created.id}/`)).json()).toEqual(created);
  });

  it('the 301 for a missing trailing slash passes through, not followed', async () => {
    const answer = await get(proxy.url, '/categories?lang=x');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/categories/?lang=x');
  });

  it('a 401 passes through with its WWW-Authenticate', async () => {
    const [through, direct] = [
      await get(proxy.url, '/categories/', { authorization: 'Bearer wrong' }),
      await get(sandbox.url, '/categories/', { authorization: 'Bearer wrong' }),
    ];
    expect(through.status).toBe(401);
    expect(through.headers.get('www-authenticate')).not.toBeNull();
    expect(through.headers.get('www-authenticate')).toBe(direct.headers.get('www-authenticate'));
    expect(await through.json()).toEqual(await direct.json());
  });

  it("an injected 429's Retry-After passes through", async () => {
    sandbox.setFaults({ rate429: 1, retryAfterSeconds: 7 });
    const answer = await get(proxy.url, '/categories/');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(((await answer.json()) as { detail: string }).detail).toMatch(/7/);
  });

  it("the service's HTML 500 passes through as it is", async () => {
    sandbox.setFaults({ error500Rate: 1 });
    const [through, direct] = [await get(proxy.url, '/categories/'), await get(sandbox.url, '/categories/')];
    expect(through.status).toBe(500);
    expect(through.headers.get('content-type')).toBe(direct.headers.get('content-type'));
    expect(await through.text()).toBe(await direct.text());
  });

  describe('CORS', () => {
    const preflight = (origin: string) =>
      fetch(`${proxy.url}/transactions/`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, accept-language' },
      });

    it('a preflight from an allowed origin is answered with the headers, never forwarded', async () => {
      for (const origin of ['https://localhost:3000', 'http://localhost:3000', 'http://127.0.0.1:3000']) {
        const answer = await preflight(origin);
        expect(answer.status).toBe(204);
        expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
        expect(answer.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Accept-Language');
        expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
      }
    });

    it('a preflight from another origin gets no CORS header', async () => {
      const answer = await preflight('https://elsewhere.example');
      expect(answer.status).toBe(403);
      expect([...answer.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    });

    it('an answer to an allowed origin allows it and exposes Retry-After and WWW-Authenticate', async () => {
      const answer = await get(proxy.url, '/categories/', { origin: 'https://localhost:3000' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('https://localhost:3000');
      expect(answer.headers.get('access-control-expose-headers')).toBe('Retry-After, WWW-Authenticate');
    });

    it('allowed origins are configurable, and * allows any', async () => {
      const open = await startProxy({ target: sandbox.url, port: 0, allowedOrigins: ['*'], log: () => undefined });
      const only = await startProxy({ target: sandbox.url, port: 0, allowedOrigins: ['https://addin.example'], log: () => undefined });
      try {
        const anyOrigin = await fetch(`${open.url}/categories/`, {
          method: 'OPTIONS',
          headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' },
        });
        expect(anyOrigin.headers.get('access-control-allow-origin')).toBe('*');
        const addin = await fetch(`${only.url}/categories/`, {
          headers: { origin: 'https://addin.example', authorization: `Bearer ${token}` },
        });
        expect(addin.headers.get('access-control-allow-origin')).toBe('https://addin.example');
        const dev = await fetch(`${only.url}/categories/`, {
          method: 'OPTIONS',
          headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
        });
        expect(dev.headers.get('access-control-allow-origin')).toBeNull();
      } finally {
        await open.close();
        await only.close();
      }
    });
  });
});

describe('a service that cannot be reached', () => {
  it('gives 504 when the service does not answer in time', async () => {
    const sandbox = await startSandbox({ port: 0, transactions: 0, faults: { slowRate: 1, slowMs: 1000 } });
    const proxy = await startProxy({ target: sandbox.url, port: 0, timeoutMs: 100, log: () => undefined });
    try {
      const answer = await fetch(`${proxy.url}/categories/`);
      expect(answer.status).toBe(504);
      expect(await answer.json()).toEqual({ detail: `The service at ${sandbox.url} did not answer in time.` });
    } finally {
      await proxy.close();
      await sandbox.close();
    }
  });

  it('gives 502 with a small JSON detail, not a stack', async () => {
    const sandbox = await startSandbox({ port: 0, transactions: 0 });
    const target = sandbox.url;
    await sandbox.close();
    const { proxy, log } = await loggedProxy({ target });
    try {
      const answer = await fetch(`${proxy.url}/categories/`, { headers: { origin: 'http://localhost:3000' } });
      expect(answer.status).toBe(502);
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      const body = (await answer.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['detail']);
      expect(body.detail).toBe(`The service at ${target} could not be reached (ECONNREFUSED).`);
      expect(log).toEqual([expect.stringMatching(/^GET \/categories\/ 502 \d+ ms \(service unreachable\)$/)]);
    } finally {
      await proxy.close();
    }
  });
});
