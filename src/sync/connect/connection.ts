/**
 * `Connections`: the active connection of the add-in (one client at a time), the one piece of state the task pane
 * calls to connect, switch profiles, sign out, offer the sandbox demo and read what the open workbook expects.
 * Connecting runs `checkConnection` (the token flow and one read) before a client is kept, so every failure has
 * its localized message at once.
 */

import { linkedAbort, raceAbort } from '../../api/abort';
import { createClient, type CashflowClient, type ClientOptions } from '../../api/client';
import {
  checkConnection,
  parseBaseUrl,
  type ConnectionCheckOptions,
  type ConnectionProblem,
  type ConnectionCheck,
} from '../../api/connection-check';
import type { RequestOptions } from '../../api/request-options';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { ConnectionProfile } from './profile';
import type { ProfileStore } from './profile-store';
import type { WorkbookConnection, WorkbookConnectionStore } from './workbook-connection';

export type CheckConnection = (options: ConnectionCheckOptions, request?: RequestOptions) => Promise<ConnectionCheck>;

export interface ConnectionsOptions {
  profiles: ProfileStore;
  language: Language;
  /** Default: the real `checkConnection`. */
  check?: CheckConnection;
  /** Passed to the check and the client (`fetch`, `tokenCache`, `timeoutMs`, …). */
  client?: Omit<Partial<ClientOptions>, 'baseUrl' | 'clientId' | 'clientSecret' | 'language'>;
  /** How long a connect may take in all (token, read, probe) before it gives up (default `CONNECT_DEADLINE_MS`). */
  deadlineMs?: number;
}

/** A connect gives up after this long: a user waits for a verdict, never for ever (a hanging service). */
export const CONNECT_DEADLINE_MS = 20_000;

/** The abort reason of a connect that ran out of time (told apart from the user's cancel). */
const GAVE_UP = Symbol('connect deadline');

export interface ActiveConnection {
  profile: ConnectionProfile;
  client: CashflowClient;
  /** The companies the credentials reach (one, or the group's). */
  companyIds: number[];
}

export type ConnectProblem = ConnectionProblem | 'unknownProfile' | 'secretMissing' | 'gaveUp';

export type ConnectResult =
  { ok: true; connection: ActiveConnection } | { ok: false; problem: ConnectProblem; message: string; detail?: string };

/**
 * How the open workbook relates to the profiles on this computer. The workbook's setting is whatever its sender
 * wrote: it never chooses where a saved profile's credentials go.
 */
export type WorkbookMatch =
  /** The workbook remembers no connection (new, or never pulled). */
  | { status: 'none' }
  /** Built from this profile (same name and base URL). */
  | { status: 'known'; profile: ConnectionProfile }
  /**
   * Names a saved profile (the same name, in any case) with another base URL: connecting means that profile at its
   * own address; the workbook's address is a new connection with credentials of its own, never the profile's.
   */
  | { status: 'mismatch'; expected: WorkbookConnection; profile: ConnectionProfile }
  /** Built from a profile this computer does not have: ask for credentials for this name and base URL. */
  | { status: 'unknown'; expected: WorkbookConnection }
  /** Names an insecure base URL (http to another computer): nothing is offered for it. */
  | { status: 'refused'; profileName: string; baseUrl: string };

export class Connections {
  readonly #options: ConnectionsOptions;
  #active: ActiveConnection | undefined;

  constructor(options: ConnectionsOptions) {
    this.#options = { ...options };
  }

  get profiles(): ProfileStore {
    return this.#options.profiles;
  }

  /** Connects with a saved profile: `secret` as just entered, else the one kept for it (see `connectWith`). */
  async connect(profileId: string, secret?: string, request: RequestOptions = {}): Promise<ConnectResult> {
    const { profiles } = this.#options;
    this.#drop();
    const profile = profiles.get(profileId);
    if (profile === undefined) return this.#fail('unknownProfile', 'connect.error.unknownProfile');
    const clientSecret = secret ?? profiles.secret(profileId);
    if (clientSecret === undefined || clientSecret === '')
      return this.#fail('secretMissing', 'connect.error.secretMissing', { name: profile.name });
    return this.connectWith(profile, clientSecret, request);
  }

  /**
   * Connects with a profile as entered (new, or a saved one changed) and its secret. Nothing is stored before the
   * check succeeds: then the profile (with the companies reached) is saved and the secret kept as it says, and the
   * client becomes the active connection. A failed check leaves the saved profiles and secrets as they were.
   */
  async connectWith(profile: ConnectionProfile, clientSecret: string, request: RequestOptions = {}): Promise<ConnectResult> {
    const { profiles, language } = this.#options;
    this.#drop();
    const credentials = { ...this.#options.client, baseUrl: profile.baseUrl, clientId: profile.clientId, clientSecret, language };
    const check = await this.#checkWithin(credentials, request);
    if (check === GAVE_UP) return this.#fail('gaveUp', 'connect.error.gaveUp', { seconds: String(Math.ceil(this.#deadlineMs() / 1000)) });
    if (!check.ok)
      return { ok: false, problem: check.problem, message: check.message, ...(check.detail === undefined ? {} : { detail: check.detail }) };
    const connected: ConnectionProfile = { ...profile, companyIds: check.companyIds };
    profiles.save(connected, clientSecret);
    // The check left its token in the same cache under the same key: the client's first call reuses it.
    this.#active = { profile: connected, client: createClient(credentials), companyIds: check.companyIds };
    return { ok: true, connection: this.#active };
  }

  /**
   * The check, given up after the deadline (answers `GAVE_UP`); the caller's signal cancels it (rejects with the
   * abort), even while nothing answers (the probe takes no signal: the race ends the wait for it).
   */
  async #checkWithin(credentials: ConnectionCheckOptions, request: RequestOptions): Promise<ConnectionCheck | typeof GAVE_UP> {
    const attempt = linkedAbort(request.signal);
    const timer = setTimeout(() => attempt.abort(GAVE_UP), this.#deadlineMs());
    try {
      return await raceAbort(
        () => (this.#options.check ?? checkConnection)(credentials, { ...request, signal: attempt.signal }),
        attempt.signal,
      );
    } catch (error) {
      if (attempt.signal.reason === GAVE_UP && request.signal?.aborted !== true) return GAVE_UP;
      throw error;
    } finally {
      clearTimeout(timer);
      attempt.dispose();
    }
  }

  #deadlineMs(): number {
    return this.#options.deadlineMs ?? CONNECT_DEADLINE_MS;
  }

  /**
   * The language of messages and of the service's `Accept-Language`: the active client is rebuilt with it (same
   * credentials and token cache, so no new token is requested).
   */
  setLanguage(language: Language): void {
    this.#options.language = language;
    const active = this.#active;
    if (active === undefined) return;
    const clientSecret = this.#options.profiles.secret(active.profile.id);
    if (clientSecret === undefined) return;
    const { profile } = active;
    const client = createClient({ ...this.#options.client, baseUrl: profile.baseUrl, clientId: profile.clientId, clientSecret, language });
    this.#active = { ...active, client };
  }

  get language(): Language {
    return this.#options.language;
  }

  active(): ActiveConnection | undefined {
    return this.#active;
  }

  /** Forgets the secret (memory and storage) and the token of the profile (default: the active one). */
  signOut(profileId = this.#active?.profile.id): void {
    if (profileId === undefined) return;
    this.#options.profiles.forgetSecret(profileId);
    if (this.#active?.profile.id === profileId) this.#drop();
  }

  /** Notes in the workbook which profile (name and base URL only) the active connection is. */
  async rememberIn(workbook: WorkbookConnectionStore): Promise<void> {
    const active = this.#active;
    if (active === undefined) return;
    await workbook.set({ profileName: active.profile.name, baseUrl: active.profile.baseUrl });
  }

  /** Whether the open workbook was built from a profile on this computer (same name and base URL), or names one elsewhere. */
  async forWorkbook(workbook: WorkbookConnectionStore): Promise<WorkbookMatch> {
    const reading = await workbook.read();
    if (reading.status === 'none') return { status: 'none' };
    if (reading.status === 'refused') return { status: 'refused', profileName: reading.profileName, baseUrl: reading.baseUrl };
    const expected = reading.connection;
    const profiles = this.#options.profiles.list();
    // "ACME GmbH" for a saved "Acme GmbH" is the same company to a reader: the case does not hide a mismatch.
    const named = profiles.filter((p) => sameName(p.name, expected.profileName));
    const atAddress = named.filter((p) => sameBaseUrl(p.baseUrl, expected.baseUrl));
    const known = atAddress.find((p) => p.name === expected.profileName) ?? atAddress[0];
    if (known !== undefined) return { status: 'known', profile: known };
    const profile = named[0];
    return profile === undefined ? { status: 'unknown', expected } : { status: 'mismatch', expected, profile };
  }

  #drop(): void {
    this.#active?.client.forgetToken();
    this.#active = undefined;
  }

  #fail(problem: ConnectProblem, key: MessageKey, params: Record<string, string> = {}): ConnectResult {
    return { ok: false, problem, message: translate(this.#options.language, key, params) };
  }
}

function sameName(a: string, b: string): boolean {
  const key = (name: string): string => name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();
  return key(a) === key(b);
}

function sameBaseUrl(a: string, b: string): boolean {
  return (parseBaseUrl(a)?.href ?? a) === (parseBaseUrl(b)?.href ?? b);
}
