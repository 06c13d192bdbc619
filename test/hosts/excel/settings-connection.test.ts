import { CONNECTION_SETTING, SettingsConnectionStore } from '../../../src/hosts/excel/settings-connection';
import { type CheckConnection, type ConnectionProfile, Connections, MemoryKeyValueStorage, ProfileStore } from '../../../src/sync/connect';
import { installSim, type Sim } from './sim-setup';

const SECRET = 'my-own-secret-value-17';
const CLIENT_ID = 'client-of-anna';
const connected: CheckConnection = async () => ({ ok: true, companyIds: [4711] });

function profile(overrides: Partial<ConnectionProfile> = {}): ConnectionProfile {
  return {
    id: 'p1',
    name: 'Demo GmbH',
    baseUrl: 'https://api.example.com/',
    clientId: CLIENT_ID,
    kind: 'company',
    remember: true,
    ...overrides,
  };
}

function connections(...profiles: ConnectionProfile[]): Connections {
  const store = new ProfileStore(new MemoryKeyValueStorage());
  for (const p of profiles) store.save(p, SECRET);
  return new Connections({ profiles: store, language: 'en', check: connected });
}

let sim: Sim | undefined;
afterEach(() => {
  sim?.uninstall();
  sim = undefined;
});

describe('the workbook connection setting', () => {
  test('holds only the profile name and base URL: no client ID, no secret, no token', async () => {
    sim = installSim();
    const mine = connections(profile());
    await expect(mine.connect('p1')).resolves.toMatchObject({ ok: true });
    await mine.rememberIn(new SettingsConnectionStore());
    const settings = sim.workbook.settings();
    expect(Object.keys(settings)).toEqual([CONNECTION_SETTING]);
    expect(JSON.parse(String(settings[CONNECTION_SETTING]))).toEqual({ profileName: 'Demo GmbH', baseUrl: 'https://api.example.com/' });
    const everything = JSON.stringify(settings);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(CLIENT_ID);
    await expect(mine.forWorkbook(new SettingsConnectionStore())).resolves.toEqual({
      status: 'known',
      profile: { ...profile(), companyIds: [4711] },
    });
  });

  test('refuses anything beyond the two fields, and a base URL carrying credentials', async () => {
    sim = installSim();
    const store = new SettingsConnectionStore();
    const withSecret = { profileName: 'A', baseUrl: 'https://api.example.com/', clientSecret: SECRET };
    await expect(store.set(withSecret)).rejects.toThrow(/only a profile name and a base URL/);
    await expect(store.set({ profileName: 'A', baseUrl: `https://anna:${SECRET}@api.example.com/` })).rejects.toThrow();
    expect(sim.workbook.settings()).toEqual({});
  });

  test('a shared copy opened on a computer with another profile reports the name and base URL it expects', async () => {
    sim = installSim({
      sheets: ['Data'],
      settings: { [CONNECTION_SETTING]: JSON.stringify({ profileName: 'Demo GmbH', baseUrl: 'https://api.example.com' }) },
    });
    const colleague = connections(profile({ id: 'r', name: 'Another', clientId: 'bob' }));
    await expect(colleague.forWorkbook(new SettingsConnectionStore())).resolves.toEqual({
      status: 'unknown',
      expected: { profileName: 'Demo GmbH', baseUrl: 'https://api.example.com/' },
    });
    // A saved profile of that name at another address is a mismatch (test/sync/connect/workbook-match.test.ts).
    const namesake = connections(profile({ id: 'q', name: 'Demo GmbH', baseUrl: 'https://other.example.com/' }));
    await expect(namesake.forWorkbook(new SettingsConnectionStore())).resolves.toMatchObject({ status: 'mismatch', profile: { id: 'q' } });
  });

  test('no setting, or an unreadable one, is no connection', async () => {
    sim = installSim({ sheets: ['Data'], settings: { [CONNECTION_SETTING]: '{broken' } });
    await expect(new SettingsConnectionStore().get()).resolves.toBeUndefined();
    await expect(connections().forWorkbook(new SettingsConnectionStore())).resolves.toEqual({ status: 'none' });
  });
});
