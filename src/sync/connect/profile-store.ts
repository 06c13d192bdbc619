/**
 * Connection profiles and their secrets on this computer, over a `KeyValueStorage` (`localStorage` in the task
 * pane; a memory one in tests and where no storage exists). Keys start with the caller's prefix (the host's
 * storage partition key, which the task pane reads from Office; '' where it is undefined), so partitioned add-in
 * instances keep apart.
 *
 * Profiles are JSON under one key; each secret under its own key, written only for a profile with `remember`;
 * otherwise the secret lives in this instance's memory and is gone with the runtime. Nothing here ever goes into
 * the workbook. Unreadable storage counts as empty: a damaged entry costs the user a profile, never an error.
 */

import { type ConnectionProfile, ProfileSchema } from './profile';

/** The part of `Storage` (localStorage) the store uses; string values only. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const PROFILES_KEY = 'cashflow.profiles';
export const SECRET_KEY_PREFIX = 'cashflow.secret.';

/** A storage in memory (tests, and hosts without browser storage). */
export class MemoryKeyValueStorage implements KeyValueStorage {
  readonly entries = new Map<string, string>();

  getItem(key: string): string | null {
    return this.entries.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.entries.set(key, String(value));
  }

  removeItem(key: string): void {
    this.entries.delete(key);
  }
}

export class ProfileStore {
  readonly #storage: KeyValueStorage;
  readonly #prefix: string;
  readonly #secretsInMemory = new Map<string, string>();

  /** `prefix`: the host's storage partition key where defined (the task pane passes it), else ''. */
  constructor(storage: KeyValueStorage, prefix = '') {
    this.#storage = storage;
    this.#prefix = prefix;
  }

  list(): ConnectionProfile[] {
    const text = this.#read(PROFILES_KEY);
    if (text === null) return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [];
    }
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) => {
      const parsed = ProfileSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }

  get(id: string): ConnectionProfile | undefined {
    return this.list().find((p) => p.id === id);
  }

  /**
   * Adds or replaces the profile with this id; with `secret`, keeps it as the profile says. A profile whose
   * `remember` was unticked has its stored secret moved out of storage into memory.
   */
  save(profile: ConnectionProfile, secret?: string): void {
    const checked = ProfileSchema.parse(profile);
    const others = this.list().filter((p) => p.id !== checked.id);
    this.#storage.setItem(this.#key(PROFILES_KEY), JSON.stringify([...others, checked]));
    const kept = secret ?? this.secret(checked.id);
    if (!checked.remember) this.#storage.removeItem(this.#secretKey(checked.id));
    if (kept !== undefined) this.setSecret(checked.id, kept);
  }

  /** Removes the profile and its secret. */
  remove(id: string): void {
    this.forgetSecret(id);
    const others = this.list().filter((p) => p.id !== id);
    this.#storage.setItem(this.#key(PROFILES_KEY), JSON.stringify(others));
  }

  /** Keeps the secret of a saved profile: in storage when it says `remember`, otherwise in memory only. */
  setSecret(id: string, secret: string): void {
    const profile = this.get(id);
    if (profile === undefined) return;
    if (profile.remember) {
      this.#storage.setItem(this.#secretKey(id), secret);
      this.#secretsInMemory.delete(id);
    } else {
      this.#secretsInMemory.set(id, secret);
    }
  }

  /** The secret of a profile: the one in memory, else the remembered one. */
  secret(id: string): string | undefined {
    return this.#secretsInMemory.get(id) ?? this.#stored(id);
  }

  /** Forgets the secret in memory and in storage (sign out). */
  forgetSecret(id: string): void {
    this.#secretsInMemory.delete(id);
    this.#storage.removeItem(this.#secretKey(id));
  }

  #stored(id: string): string | undefined {
    const text = this.#read(SECRET_KEY_PREFIX + id);
    return text === null || text === '' ? undefined : text;
  }

  /** Storage that refuses to be read (blocked in some webviews) counts as empty. */
  #read(key: string): string | null {
    try {
      return this.#storage.getItem(this.#key(key));
    } catch {
      return null;
    }
  }

  #secretKey(id: string): string {
    return this.#key(SECRET_KEY_PREFIX + id);
  }

  #key(key: string): string {
    return this.#prefix + key;
  }
}
