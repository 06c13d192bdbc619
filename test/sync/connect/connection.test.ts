import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { credentialKey, TokenCache } from '../../../src/api';
import { en, it as italian } from '../../../src/i18n/catalog';
import {
  Connections,
  DEMO_SECRET,
  demoProfile,
  MemoryKeyValueStorage,
  ProfileStore,
  sandboxAvailable,
  type ConnectionProfile,
} from '../../../src/sync/connect';
import { recordingFetch, start, type Sandbox } from '../../integration/support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start({ transactions: 50 });
});
afterAll(async () => {
  await sandbox.close();
});

interface Setup {
  connections: Connections;
  profiles: ProfileStore;
  storage: MemoryKeyValueStorage;
  cache: TokenCache;
  sent: ReturnType<typeof recordingFetch>['sent'];
}

function setup(): Setup {
  const storage = new MemoryKeyValueStorage();
  const profiles = new ProfileStore(storage, 'partition:');
  const cache = new TokenCache();
  const { fetch, sent } = recordingFetch();
  const connections = new Connections({ profiles, language: 'en', client: { fetch, tokenCache: cache, sleep: async () => undefined } });
  return { connections, profiles, storage, cache, sent };
}

const tokenRequests = (s: Setup) => s.sent.filter((r) => r.url.endsWith('/auth/token/')).length;

describe('Connections against the sandbox', () => {
  test('the demo profile connects with company 4711; the client works and reuses the check token', async () => {
    const s = setup();
    const demo = demoProfile(sandbox.url, 'en');
    expect(demo.profile).toMatchObject({ name: en['connect.demo.name'], clientId: 'demo-company', kind: 'company' });
    s.profiles.save(demo.profile, demo.secret);
    const result = await s.connections.connect(demo.profile.id);
    expect(result).toMatchObject({ ok: true, connection: { companyIds: [4711] } });
    const active = s.connections.active();
    expect(active?.profile.companyIds).toEqual([4711]);
    await expect(active?.client.plans.list()).resolves.toEqual(expect.any(Array));
    expect(tokenRequests(s)).toBe(1);
  });

  test('a wrong secret: the credentials problem, localized, no active connection, the secret not kept', async () => {
    const s = setup();
    const { profile } = demoProfile(sandbox.url, 'en');
    s.profiles.save({ ...profile, remember: true });
    const result = await s.connections.connect(profile.id, 'wrong-secret');
    expect(result).toMatchObject({ ok: false, problem: 'credentials', message: en['connect.error.credentials'] });
    expect(s.connections.active()).toBeUndefined();
    expect(s.profiles.secret(profile.id)).toBeUndefined();
    expect(JSON.stringify([...s.storage.entries])).not.toContain('wrong-secret');
  });

  test('a new profile whose connection fails (wrong secret, nothing listening) is not saved, nor its secret, with "remember" on', async () => {
    const s = setup();
    const { profile } = demoProfile(sandbox.url, 'en');
    const fresh: ConnectionProfile = { ...profile, id: 'fresh', name: 'Ours', remember: true };
    await expect(s.connections.connectWith(fresh, 'typed-wrong-secret')).resolves.toMatchObject({ ok: false, problem: 'credentials' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(s.connections.connectWith({ ...fresh, baseUrl: `http://127.0.0.1:${port}/` }, DEMO_SECRET)).resolves.toMatchObject({
      ok: false,
      problem: 'unreachable',
    });
    expect(s.profiles.list()).toEqual([]);
    expect(s.profiles.secret('fresh')).toBeUndefined();
    expect([...s.storage.entries.values()].some((v) => v.includes('typed-wrong-secret') || v.includes(DEMO_SECRET))).toBe(false);
    expect(s.connections.active()).toBeUndefined();
  });

  test('a saved profile changed to an address that fails keeps its address and its remembered secret', async () => {
    const s = setup();
    const demo = demoProfile(sandbox.url, 'en');
    s.profiles.save(demo.profile, demo.secret);
    const before = [...s.storage.entries];
    const elsewhere = { ...demo.profile, baseUrl: 'http://127.0.0.1:9/' };
    await expect(s.connections.connectWith(elsewhere, 'another-typed-secret')).resolves.toMatchObject({ ok: false });
    expect([...s.storage.entries]).toEqual(before);
    expect(s.profiles.get(demo.profile.id)?.baseUrl).toBe(demo.profile.baseUrl);
    expect(s.profiles.secret(demo.profile.id)).toBe(DEMO_SECRET);
  });

  test('a new profile that connects is saved with the companies it reached, and its secret as "remember" says', async () => {
    const s = setup();
    const { profile } = demoProfile(sandbox.url, 'en');
    await expect(s.connections.connectWith({ ...profile, id: 'fresh', remember: true }, DEMO_SECRET)).resolves.toMatchObject({ ok: true });
    expect(s.profiles.get('fresh')).toMatchObject({ companyIds: [4711], baseUrl: profile.baseUrl });
    expect(s.profiles.secret('fresh')).toBe(DEMO_SECRET);
  });

  test('group credentials reach the companies of the group', async () => {
    const s = setup();
    const group: ConnectionProfile = {
      id: 'g',
      name: 'Gruppe',
      baseUrl: sandbox.url,
      clientId: 'demo-group',
      kind: 'group',
      remember: false,
    };
    s.profiles.save(group);
    await expect(s.connections.connect('g', 'demo-group-secret')).resolves.toMatchObject({
      ok: true,
      connection: { companyIds: [5101, 5102] },
    });
    expect(s.profiles.get('g')?.companyIds).toEqual([5101, 5102]);
    expect(s.profiles.secret('g')).toBe('demo-group-secret');
    expect([...s.storage.entries.values()].some((v) => v.includes('demo-group-secret'))).toBe(false);
  });

  test('sign out forgets the secret and the token: a new connect needs the secret again', async () => {
    const s = setup();
    const demo = demoProfile(sandbox.url, 'en');
    s.profiles.save(demo.profile, demo.secret);
    await s.connections.connect(demo.profile.id);
    expect(s.cache.tokensFor(credentialKey(demo.profile.baseUrl, 'demo-company', DEMO_SECRET))).toHaveLength(1);
    s.connections.signOut();
    expect(s.connections.active()).toBeUndefined();
    expect(s.profiles.secret(demo.profile.id)).toBeUndefined();
    expect([...s.storage.entries.values()].some((v) => v.includes(DEMO_SECRET))).toBe(false);
    expect(s.cache.tokensFor(credentialKey(demo.profile.baseUrl, 'demo-company', DEMO_SECRET))).toEqual([]);
    await expect(s.connections.connect(demo.profile.id)).resolves.toMatchObject({
      ok: false,
      problem: 'secretMissing',
      message: `Enter the client secret for "${en['connect.demo.name']}": it is not kept on this computer.`,
    });
    const before = tokenRequests(s);
    await expect(s.connections.connect(demo.profile.id, DEMO_SECRET)).resolves.toMatchObject({ ok: true });
    expect(tokenRequests(s)).toBe(before + 1);
  });

  test('an unknown profile id', async () => {
    await expect(setup().connections.connect('nope', 'x')).resolves.toMatchObject({
      ok: false,
      problem: 'unknownProfile',
      message: en['connect.error.unknownProfile'],
    });
  });
});

describe('sandboxAvailable', () => {
  test('true against a running sandbox', async () => {
    await expect(sandboxAvailable(sandbox.url)).resolves.toBe(true);
  });

  test('false against a closed port, and for text that is no URL', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(sandboxAvailable(`http://127.0.0.1:${port}`)).resolves.toBe(false);
    await expect(sandboxAvailable('not a url')).resolves.toBe(false);
  });

  test('false when nothing answers in time', async () => {
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    await expect(sandboxAvailable(sandbox.url, never, 20)).resolves.toBe(false);
  });
});

describe('Connections.setLanguage', () => {
  test('the active client speaks the new language to the service (Accept-Language) and keeps its token', async () => {
    const languages: Array<{ path: string; language: string | null }> = [];
    const profiles = new ProfileStore(new MemoryKeyValueStorage());
    const connections = new Connections({
      profiles,
      language: 'en',
      client: {
        tokenCache: new TokenCache(),
        fetch: async (input, init) => {
          const request = input instanceof Request ? input : new Request(input, init);
          languages.push({ path: new URL(request.url).pathname, language: request.headers.get('accept-language') });
          return fetch(request);
        },
      },
    });
    const demo = demoProfile(sandbox.url, 'en');
    profiles.save(demo.profile, demo.secret);
    expect((await connections.connect(demo.profile.id)).ok).toBe(true);
    const tokens = languages.filter((l) => l.path.endsWith('/auth/token/')).length;
    connections.setLanguage('it');
    expect(connections.language).toBe('it');
    const client = connections.active()?.client;
    expect(client?.language).toBe('it');
    await client?.categories.list();
    expect(languages.at(-1)).toEqual({ path: expect.stringMatching(/\/categories\/$/), language: 'it' });
    expect(languages.filter((l) => l.path.endsWith('/auth/token/')).length).toBe(tokens);
    // The add-in's own messages follow too.
    const failed = await connections.connect('nope');
    expect(failed.ok ? '' : failed.message).toBe(italian['connect.error.unknownProfile']);
  });
});
