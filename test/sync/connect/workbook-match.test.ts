/**
 * A shared workbook names a profile and a base URL: whatever its sender wrote. It may tell the pane which saved
 * profile fits, never where that profile's credentials go.
 */
import {
  type CheckConnection,
  type ConnectionProfile,
  Connections,
  MemoryKeyValueStorage,
  MemoryWorkbookConnectionStore,
  ProfileStore,
} from '../../../src/sync/connect';

const SECRET = 'my-own-secret-value-17';

function profile(overrides: Partial<ConnectionProfile> = {}): ConnectionProfile {
  return {
    id: 'mine',
    name: 'Demo GmbH',
    baseUrl: 'https://api.example.com/',
    clientId: 'client-of-anna',
    kind: 'company',
    remember: true,
    ...overrides,
  };
}

function setup(...profiles: ConnectionProfile[]) {
  const storage = new MemoryKeyValueStorage();
  const store = new ProfileStore(storage);
  for (const p of profiles) store.save(p, SECRET);
  const checked: Array<{ baseUrl: string; clientId: string; clientSecret: string }> = [];
  const check: CheckConnection = async ({ baseUrl, clientId, clientSecret }) => {
    checked.push({ baseUrl, clientId, clientSecret });
    return { ok: true, companyIds: [4711] };
  };
  return { connections: new Connections({ profiles: store, language: 'en', check }), store, storage, checked };
}

const workbook = (profileName: string, baseUrl: string) => new MemoryWorkbookConnectionStore(JSON.stringify({ profileName, baseUrl }));

describe('forWorkbook', () => {
  test('a saved profile of that name at another address: a mismatch naming both, not a profile to fill in', async () => {
    const s = setup(profile(), profile({ id: 'other', name: 'Another', baseUrl: 'https://stranger.example/' }));
    await expect(s.connections.forWorkbook(workbook('Demo GmbH', 'https://stranger.example'))).resolves.toEqual({
      status: 'mismatch',
      expected: { profileName: 'Demo GmbH', baseUrl: 'https://stranger.example/' },
      profile: profile(),
    });
  });

  test('the case of the name does not hide a mismatch, nor break a match', async () => {
    const s = setup(profile());
    await expect(s.connections.forWorkbook(workbook('DEMO  gmbh', 'http://127.0.0.1:9/'))).resolves.toMatchObject({
      status: 'mismatch',
      profile: { id: 'mine' },
    });
    await expect(s.connections.forWorkbook(workbook('demo gmbh', 'https://api.example.com'))).resolves.toMatchObject({
      status: 'known',
      profile: { id: 'mine' },
    });
  });

  test('the same name and address is the known profile; a name this computer lacks is unknown; none without a setting', async () => {
    const s = setup(profile());
    await expect(s.connections.forWorkbook(workbook('Demo GmbH', 'https://api.example.com'))).resolves.toEqual({
      status: 'known',
      profile: profile(),
    });
    await expect(s.connections.forWorkbook(workbook('Colleague AG', 'https://api.example.com'))).resolves.toEqual({
      status: 'unknown',
      expected: { profileName: 'Colleague AG', baseUrl: 'https://api.example.com/' },
    });
    await expect(s.connections.forWorkbook(new MemoryWorkbookConnectionStore())).resolves.toEqual({ status: 'none' });
  });

  test('an insecure address (http to another computer) is refused, whatever the name', async () => {
    const s = setup(profile());
    await expect(s.connections.forWorkbook(workbook('Demo GmbH', 'http://stranger.example/'))).resolves.toEqual({
      status: 'refused',
      profileName: 'Demo GmbH',
      baseUrl: 'http://stranger.example/',
    });
  });

  test('after a mismatch, connecting the saved profile sends its own credentials to its own address only, and keeps its address', async () => {
    const s = setup(profile());
    await s.connections.forWorkbook(workbook('Demo GmbH', 'https://stranger.example/'));
    await expect(s.connections.connect('mine')).resolves.toMatchObject({ ok: true });
    expect(s.checked).toEqual([{ baseUrl: 'https://api.example.com/', clientId: 'client-of-anna', clientSecret: SECRET }]);
    expect(s.store.get('mine')?.baseUrl).toBe('https://api.example.com/');
  });
});
