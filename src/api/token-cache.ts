/**
 * Access tokens, cached per credential pair (base URL + client ID + client secret). A token is used
 * until `skewMs` before it expires; concurrent callers that find no usable token share one token
 * request. The cache holds secrets only as map keys in memory and never prints them.
 */
export interface CachedToken {
  accessToken: string;
  /** Clock value (ms) at which the service stops accepting the token. */
  expiresAtMs: number;
  /** Lifetime the service announced, in ms (used to keep the skew below half of it). */
  lifetimeMs: number;
}

interface Entry {
  token?: CachedToken;
  pending?: Promise<CachedToken>;
}

export interface TokenRequest {
  key: string;
  now: () => number;
  skewMs: number;
  /** Requests a fresh token; called at most once at a time per key. */
  fetchToken: () => Promise<CachedToken>;
}

export function credentialKey(baseUrl: string, clientId: string, clientSecret: string): string {
  return JSON.stringify([baseUrl, clientId, clientSecret]);
}

export class TokenCache {
  readonly #entries = new Map<string, Entry>();

  /** A usable token for the key: the cached one, the one being fetched, or a new one. */
  get(request: TokenRequest): Promise<CachedToken> {
    const entry = this.#entries.get(request.key) ?? {};
    this.#entries.set(request.key, entry);
    if (entry.token && this.#usable(entry.token, request)) return Promise.resolve(entry.token);
    if (entry.pending) return entry.pending;
    const pending = request.fetchToken().then(
      (token) => {
        if (entry.pending === pending) {
          entry.token = token;
          delete entry.pending;
        }
        return token;
      },
      (error: unknown) => {
        if (entry.pending === pending) delete entry.pending;
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  }

  /** Drops `accessToken` if it is still the cached one (a 401 showed the service no longer takes it). */
  invalidate(key: string, accessToken: string): void {
    const entry = this.#entries.get(key);
    if (entry?.token?.accessToken === accessToken) delete entry.token;
  }

  /**
   * Forgets everything held for the key (sign out): the token, and a token request still in flight no longer
   * lands in the cache.
   */
  forget(key: string): void {
    this.#entries.delete(key);
  }

  /** The cached access tokens (for redaction in error messages). */
  tokensFor(key: string): string[] {
    const token = this.#entries.get(key)?.token;
    return token ? [token.accessToken] : [];
  }

  clear(): void {
    this.#entries.clear();
  }

  #usable(token: CachedToken, request: TokenRequest): boolean {
    const skew = Math.min(request.skewMs, token.lifetimeMs / 2);
    return request.now() < token.expiresAtMs - skew;
  }
}

/** Shared by all clients that are not given their own cache. */
export const defaultTokenCache = new TokenCache();
