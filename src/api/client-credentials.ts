/**
 * The OAuth 2.0 client-credentials grant against `POST /auth/token/` (JSON body), behind the token cache.
 * A 400 from the token endpoint becomes `InvalidCredentialsError` with our own localized message.
 */
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { ApiUserAbortError, BadRequestError, InvalidCredentialsError } from './errors';
import { type CachedToken, credentialKey, type TokenCache } from './token-cache';
import { TokenResponseSchema } from './token-schema';
import type { TokenSource, Transport } from './transport';

const TOKEN_PATH = '/auth/token/';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface ClientCredentialsOptions {
  transport: Transport;
  credentials: ClientCredentials;
  cache: TokenCache;
  now: () => number;
  /** Renew this long before expiry (default 30 s; capped at half the token lifetime). */
  skewMs: number;
}

/** Waits for `promise`, but gives up as soon as `signal` aborts (the shared promise goes on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort: () => Error): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(onAbort());
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

export class ClientCredentialsTokenSource implements TokenSource {
  readonly #options: ClientCredentialsOptions;
  readonly #key: string;

  constructor(options: ClientCredentialsOptions) {
    this.#options = options;
    this.#key = credentialKey(options.transport.baseUrl, options.credentials.clientId, options.credentials.clientSecret);
  }

  async token(signal?: AbortSignal, options: { once?: boolean } = {}): Promise<string> {
    const shared = this.#options.cache.get({
      key: this.#key,
      now: this.#options.now,
      skewMs: this.#options.skewMs,
      // Not tied to one caller's signal: other callers may be waiting for the same request.
      fetchToken: () => this.#fetchToken(options.once !== true),
    });
    const { language } = this.#options.transport;
    const token = await untilAborted(shared, signal, () => {
      return new ApiUserAbortError({
        message: translate(language, 'api.error.aborted', { method: 'POST', path: TOKEN_PATH }),
        method: 'POST',
        path: TOKEN_PATH,
      });
    });
    return token.accessToken;
  }

  invalidate(token: string): void {
    this.#options.cache.invalidate(this.#key, token);
  }

  /** Forgets the cached token of these credentials (sign out). */
  forget(): void {
    this.#options.cache.forget(this.#key);
  }

  /** Tokens currently cached for these credentials (for redaction). */
  currentTokens(): string[] {
    return this.#options.cache.tokensFor(this.#key);
  }

  async #fetchToken(retried: boolean): Promise<CachedToken> {
    const { transport, credentials, now } = this.#options;
    const requestedAt = now();
    try {
      const response = await transport.request(
        {
          method: 'POST',
          path: TOKEN_PATH,
          authenticated: false,
          // Asking for a token changes nothing at the service: a 5xx or a lost answer is asked again (unless the
          // caller retries itself: a request under a retry budget).
          withoutEffects: retried,
          body: { grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret },
        },
        TokenResponseSchema,
      );
      const lifetimeMs = response.expires_in * 1000;
      return { accessToken: response.access_token, expiresAtMs: requestedAt + lifetimeMs, lifetimeMs };
    } catch (error) {
      if (error instanceof BadRequestError) {
        throw new InvalidCredentialsError({
          message: credentialsMessage(transport.language, error),
          status: error.status,
          method: error.method,
          path: error.path,
          detail: error.detail,
          code: error.code,
          fieldErrors: error.fieldErrors,
        });
      }
      throw error;
    }
  }
}

/**
 * Wrong credentials in the user's words, then the service's own (its `non_field_errors`, localized by
 * `Accept-Language`; already without the secret), when it gave any.
 */
function credentialsMessage(language: Language, error: BadRequestError): string {
  const ours = translate(language, 'api.error.invalidCredentials');
  const said = (error.fieldErrors['non_field_errors'] ?? []).join(' ').trim() || (error.detail ?? '').trim();
  return said === '' ? ours : `${ours} ${translate(language, 'api.error.serviceSaid', { message: said })}`;
}
