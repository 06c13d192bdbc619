import {
  type ConnectionProfile,
  type KeyValueStorage,
  MemoryKeyValueStorage,
  parseProfile,
  PROFILES_KEY,
  ProfileStore,
  SECRET_KEY_PREFIX,
} from '../../../src/sync/connect';
import { catalogs, LANGUAGES } from '../../../src/i18n/catalog';

const SECRET = 'a-very-private-secret-42';

/** A storage that records every write, to inspect all keys and values that ever reached it. */
class RecordingStorage implements KeyValueStorage {
  readonly inner = new MemoryKeyValueStorage();
  readonly writes: { key: string; value: string }[] = [];
  getItem(key: string): string | null {
    return this.inner.getItem(key);
  }
  setItem(key: string, value: string): void {
    this.writes.push({ key, value });
    this.inner.setItem(key, value);
  }
  removeItem(key: string): void {
    this.inner.removeItem(key);
  }
}

function profile(overrides: Partial<ConnectionProfile> = {}): ConnectionProfile {
  return {
    id: 'p1',
    name: 'Demo GmbH',
    baseUrl: 'https://api.example.com/',
    clientId: 'client-1',
    kind: 'company',
    remember: false,
    ...overrides,
  };
}

describe('ProfileStore', () => {
  test('profiles round-trip: list, get, replace by id, remove', () => {
    const store = new ProfileStore(new MemoryKeyValueStorage());
    expect(store.list()).toEqual([]);
    store.save(profile());
    store.save(profile({ id: 'p2', name: 'Gruppe', kind: 'group', companyIds: [5101, 5102] }));
    expect(store.list().map((p) => p.id)).toEqual(['p1', 'p2']);
    store.save(profile({ name: 'Demo GmbH (renamed)' }));
    expect(store.get('p1')?.name).toBe('Demo GmbH (renamed)');
    expect(store.get('p2')).toEqual(profile({ id: 'p2', name: 'Gruppe', kind: 'group', companyIds: [5101, 5102] }));
    store.remove('p1');
    expect(store.list().map((p) => p.id)).toEqual(['p2']);
  });

  test('remember=false: the secret never reaches storage (every key and value written), only this instance has it', () => {
    const storage = new RecordingStorage();
    const store = new ProfileStore(storage, 'part-A');
    store.save(profile({ remember: false }), SECRET);
    expect(store.secret('p1')).toBe(SECRET);
    expect(storage.writes.length).toBeGreaterThan(0);
    for (const { key, value } of storage.writes) {
      expect(key).not.toContain(SECRET);
      expect(value).not.toContain(SECRET);
    }
    expect([...storage.inner.entries.keys()]).toEqual([`part-A${PROFILES_KEY}`]);
    expect(new ProfileStore(storage, 'part-A').secret('p1')).toBeUndefined();
  });

  test('remember=true: the secret is stored under the prefix, and a new instance (next session) finds it', () => {
    const storage = new RecordingStorage();
    new ProfileStore(storage, 'part-A').save(profile({ remember: true }), SECRET);
    expect(storage.inner.getItem(`part-A${SECRET_KEY_PREFIX}p1`)).toBe(SECRET);
    expect(new ProfileStore(storage, 'part-A').secret('p1')).toBe(SECRET);
  });

  test('unticking remember moves the secret out of storage into memory', () => {
    const storage = new RecordingStorage();
    const store = new ProfileStore(storage);
    store.save(profile({ remember: true }), SECRET);
    store.save(profile({ remember: false }));
    expect([...storage.inner.entries.values()].some((v) => v.includes(SECRET))).toBe(false);
    expect(store.secret('p1')).toBe(SECRET);
  });

  test('forgetSecret forgets memory and storage', () => {
    const storage = new MemoryKeyValueStorage();
    const remembered = new ProfileStore(storage);
    remembered.save(profile({ remember: true }), SECRET);
    remembered.save(profile({ id: 'p2', remember: false }), 'other');
    remembered.forgetSecret('p1');
    remembered.forgetSecret('p2');
    expect(remembered.secret('p1')).toBeUndefined();
    expect(remembered.secret('p2')).toBeUndefined();
    expect([...storage.entries.keys()]).toEqual([PROFILES_KEY]);
  });

  test('the partition prefix separates two stores on one storage', () => {
    const storage = new MemoryKeyValueStorage();
    const a = new ProfileStore(storage, 'partition-A:');
    const b = new ProfileStore(storage, 'partition-B:');
    a.save(profile({ remember: true }), SECRET);
    expect(b.list()).toEqual([]);
    expect(b.secret('p1')).toBeUndefined();
    b.save(profile({ name: 'Other' }));
    expect(a.get('p1')?.name).toBe('Demo GmbH');
    expect(new ProfileStore(storage, '').list()).toEqual([]);
  });

  test.each(['{not json', '"a string"', '{"id":"p1"}', 'null', ''])(
    'corrupt profiles JSON (%s) counts as no profiles, never an error',
    (text) => {
      const storage = new MemoryKeyValueStorage();
      storage.setItem(PROFILES_KEY, text);
      const store = new ProfileStore(storage);
      expect(store.list()).toEqual([]);
      store.save(profile());
      expect(store.list()).toHaveLength(1);
    },
  );

  test('a damaged entry costs only that profile', () => {
    const storage = new MemoryKeyValueStorage();
    storage.setItem(PROFILES_KEY, JSON.stringify([{ id: 'x', name: 42 }, profile()]));
    expect(new ProfileStore(storage).list()).toEqual([profile()]);
  });

  test('a storage that refuses reads counts as empty', () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(new ProfileStore(refusing).list()).toEqual([]);
  });
});

describe('parseProfile', () => {
  test('valid input: trimmed, base URL normalized', () => {
    const result = parseProfile(
      { id: 'p1', name: ' Demo ', baseUrl: 'https://api.example.com', clientId: ' c1 ', kind: 'company', remember: true },
      'en',
    );
    expect(result).toEqual({
      ok: true,
      profile: { id: 'p1', name: 'Demo', baseUrl: 'https://api.example.com/', clientId: 'c1', kind: 'company', remember: true },
    });
  });

  const labels = {
    de: ['Name', 'Basis-URL', 'Client-ID'],
    en: ['Name', 'Base URL', 'Client ID'],
    it: ['Nome', 'URL di base', 'Client ID'],
  } as const;

  test.each(LANGUAGES)('%s: each problem localized and naming its field', (language) => {
    const result = parseProfile({ id: 'p1', name: '  ', baseUrl: 'ftp://x', kind: 'company', remember: false }, language);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.field)).toEqual(['name', 'baseUrl', 'clientId']);
    expect(result.problems.map((p) => p.message)).toEqual([
      catalogs[language]['profile.error.name'],
      catalogs[language]['profile.error.baseUrl'],
      catalogs[language]['profile.error.clientId'],
    ]);
    result.problems.forEach((p, i) => expect(p.message.startsWith(`${labels[language][i] ?? ''}:`)).toBe(true));
  });

  test('a base URL with credentials is refused; other fields get the generic message with their name', () => {
    const result = parseProfile(
      { id: '', name: 'A', baseUrl: 'https://u:pw@api.example.com', clientId: 'c', kind: 'person', remember: 'yes' },
      'en',
    );
    expect(result.ok === false && result.problems.map((p) => p.field)).toEqual(['id', 'baseUrl', 'kind', 'remember']);
    expect(result.ok === false && result.problems[2]?.message).toBe('kind: this value cannot be used.');
  });
});
