import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkConnection, parseBaseUrl, TokenCache, type ConnectionCheckOptions } from '../../src/api';
import { en, it as itCatalog, de } from '../../src/i18n/catalog';
import { closedPort, recordingFetch, start, type Pair, type Sandbox } from './support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start();
});
afterAll(async () => {
  await sandbox.close();
});

function options(pair: Pair, overrides: Partial<ConnectionCheckOptions> = {}): ConnectionCheckOptions {
  return { baseUrl: sandbox.url, ...pair, language: 'en', tokenCache: new TokenCache(), sleep: async () => undefined, ...overrides };
}

describe('checkConnection', () => {
  it('company credentials: connected, with the company they address', async () => {
    await expect(checkConnection(options(sandbox.credentials.company))).resolves.toEqual({ ok: true, companyIds: [4711] });
  });

  it('group credentials: connected, with the companies of the group', async () => {
    await expect(checkConnection(options(sandbox.credentials.group))).resolves.toEqual({ ok: true, companyIds: [5101, 5102] });
  });

  it('wrong secret: the credentials problem in the user language, no retry of the token request', async () => {
    const { fetch, sent } = recordingFetch();
    const result = await checkConnection(options({ clientId: 'demo-company', clientSecret: 'wrong' }, { fetch, language: 'it' }));
    expect(result).toMatchObject({ ok: false, problem: 'credentials', message: itCatalog['connect.error.credentials'] });
    expect(sent.filter((s) => s.url.endsWith('/auth/token/'))).toHaveLength(1);
  });

  it('an edition without the API: the edition problem, with the service message in the details', async () => {
    const result = await checkConnection(options(sandbox.credentials.basic, { language: 'de' }));
    expect(result).toMatchObject({ ok: false, problem: 'edition', message: de['connect.error.edition'] });
    expect(result.ok === false && result.detail).toEqual(expect.any(String));
  });

  it.each(['api.example.com', 'ftp://api.example.com', 'https://user:pw@api.example.com', 'https://api.example.com/?x=1', ''])(
    'a base URL that is no usable URL (%p): refused before any request',
    async (baseUrl) => {
      const { fetch, sent } = recordingFetch();
      const result = await checkConnection(options(sandbox.credentials.company, { baseUrl, fetch }));
      expect(result).toMatchObject({ ok: false, problem: 'badUrl', message: en['connect.error.badUrl'] });
      expect(sent).toEqual([]);
    },
  );

  it('keeps a path prefix of the base URL', () => {
    expect(parseBaseUrl(' https://api.example.com/v3 ')?.href).toBe('https://api.example.com/v3');
  });

  it('nothing listening: unreachable, unless the probe finds a server that answers (CORS refused)', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const probed: string[] = [];
    const unreachable = await checkConnection(
      options(sandbox.credentials.company, { baseUrl, probe: async (url) => (probed.push(url), false) }),
    );
    expect(unreachable).toMatchObject({ ok: false, problem: 'unreachable', message: en['connect.error.unreachable'] });
    expect(probed).toEqual([`${baseUrl}/auth/token/`]);

    const cors = await checkConnection(options(sandbox.credentials.company, { baseUrl, probe: async () => true }));
    expect(cors).toMatchObject({ ok: false, problem: 'cors', message: en['connect.error.cors'] });
  });

  it('outside a browser nothing is probed: a refused connection is unreachable', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    await expect(checkConnection(options(sandbox.credentials.company, { baseUrl }))).resolves.toMatchObject({ problem: 'unreachable' });
  });

  it('a service that does not answer in time: the timeout problem', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const result = await checkConnection(options(sandbox.credentials.company, { baseUrl, timeoutMs: 200 }));
      expect(result).toMatchObject({ ok: false, problem: 'timeout', message: en['connect.error.timeout'] });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a base path where no API lives (404): "no API at this address", never "the service refused"', async () => {
    for (const language of ['en', 'de', 'it'] as const) {
      const result = await checkConnection(options(sandbox.credentials.company, { baseUrl: `${sandbox.url}/no-api-here`, language }));
      const catalog = { en, de, it: itCatalog }[language];
      expect(result).toMatchObject({ ok: false, problem: 'notFound', message: catalog['connect.error.notFound'] });
    }
    expect(en['connect.error.notFound']).toContain('HTTP 404');
  });

  it('a cancelled check rejects instead of reporting a problem', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(checkConnection(options(sandbox.credentials.company), { signal: controller.signal })).rejects.toMatchObject({
      name: 'ApiUserAbortError',
    });
  });
});
