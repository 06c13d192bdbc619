/**
 * Every HTTP call of the client goes through `Transport.request`: ky does the call (prefixUrl, headers,
 * JSON body, searchParams, timeout, signal) with its own retry switched off; this module adds the
 * trailing slash, the bearer token (renewed once after a 401), the retry policy and the mapping of
 * every failure into the `ApiError` hierarchy. Nothing here logs, and nothing here keeps headers.
 *
 * A transport with a retry budget (`withRetryBudget`, the requests of one pull) retries without a count limit and
 * reports every answer and every wait to the budget, which ends the waiting (`ServiceDownError`) once the service
 * has failed for its time without one success. A failed token request is then this request's failure too.
 */
import { queryText } from './search-params';
import ky, { type KyInstance, TimeoutError } from 'ky';
import type { z } from 'zod';
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { isRequestNotSent } from './connection-failure';
import { createApiError, createRedirectError, type RedirectAnswer } from './create-api-error';
import { ApiConnectionError, ApiError, ApiTimeoutError, ApiUserAbortError, ServiceDownError } from './errors';
import { parseResponse } from './parse-response';
import { redactSecrets } from './redact-secrets';
import type { RetryBudget } from './retry-budget';
import { decideRetry, retryReason, type HttpMethod, type RetryOptions } from './retry-policy';
import type { Sleep } from './sleep';

export interface TransportOptions {
  baseUrl: string;
  language: Language;
  fetch?: typeof fetch | undefined;
  timeoutMs: number;
  retry: RetryOptions;
  now: () => number;
  sleep: Sleep;
  random: () => number;
  /** Values that must never appear in errors (client secret, current tokens). */
  secrets: () => readonly string[];
  /** Shared by the requests of one job (a pull): see retry-budget.ts. Without it, `retry.limit` applies. */
  budget?: RetryBudget | undefined;
}

/** Supplies bearer tokens; `invalidate` drops a token the service rejected with 401. */
export interface TokenSource {
  /**
   * `once`: a failed token request is not retried by the source (a request under a retry budget retries itself, and
   * the token request's failure is its failure: retries would stack).
   */
  token(signal?: AbortSignal, options?: { once?: boolean }): Promise<string>;
  invalidate(token: string): void;
}

export interface RequestSpec {
  method: HttpMethod;
  /** Path relative to the base URL; a missing trailing slash is added (a 301 would drop the body). */
  path: string;
  query?: URLSearchParams | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** False only for the token endpoint: no bearer token, and no redirect is ever followed. */
  authenticated?: boolean;
  /** A request without effects whatever its method (the token request): retried after failures like a GET. */
  withoutEffects?: boolean;
  /** Added to item indexes of array-body errors (chunked requests). */
  itemIndexOffset?: number;
}

/** `transactions/extended` -> `/transactions/extended/`. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  return `/${trimmed.endsWith('/') ? trimmed : `${trimmed}/`}`;
}

/** `https://host/api` and `https://host/api/` both become `https://host/api/`. */
function normalizeBaseUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/`;
}

/** Most same-origin redirects of one GET the client follows. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * The redirect `response` is, if any. Node (undici) hands a `redirect: 'manual'` redirect over as it came, status and
 * `Location`; a browser gives an `opaqueredirect` answer (status 0, no headers) that hides where it pointed.
 */
function redirectOf(response: Response, requestUrl: URL): RedirectAnswer | undefined {
  if (response.type === 'opaqueredirect') return { status: undefined, location: undefined };
  if (!REDIRECT_STATUSES.has(response.status)) return undefined;
  const location = response.headers.get('Location');
  let resolved: URL | undefined;
  try {
    resolved = location === null ? undefined : new URL(location, response.url === '' ? requestUrl : response.url);
  } catch {
    resolved = undefined;
  }
  return { status: response.status, location: resolved };
}

interface Answer {
  status: number;
  text: string;
  retryAfter?: string;
}

/** One attempt: the answer or the failure, with the token it was sent with. */
type Attempt = { answer: Answer; token: string | undefined } | { error: ApiError; token: string | undefined };

/** An answer with the token its request carried (redacted from whatever the answer makes). */
interface Delivered {
  answer: Answer;
  token: string | undefined;
}

/** The answer's body did not arrive within the attempt's time-out (its headers did). */
class BodyTimeout extends Error {
  constructor(ms: number) {
    super(`The answer's body did not arrive within ${ms} ms.`);
  }
}

export class Transport {
  readonly language: Language;
  readonly baseUrl: string;
  readonly #options: TransportOptions;
  readonly #ky: KyInstance;
  #tokens: TokenSource | undefined;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.language = options.language;
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    const timeout = options.timeoutMs > 0 && Number.isFinite(options.timeoutMs) ? options.timeoutMs : false;
    this.#ky = ky.create({
      prefixUrl: this.baseUrl,
      retry: 0,
      timeout,
      // Redirects are the client's decision, never fetch's: see #attempt.
      redirect: 'manual',
      throwHttpErrors: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      headers: { Accept: 'application/json', 'Accept-Language': options.language },
    });
  }

  /** `text` without the client secret and the cached tokens (for texts made outside a request: page links). */
  redact(text: string): string {
    return redactSecrets(text, this.#options.secrets());
  }

  setTokenSource(tokens: TokenSource): void {
    this.#tokens = tokens;
  }

  /** The same transport (base URL, tokens, options) whose requests share `budget` instead of a retry limit. */
  withRetryBudget(budget: RetryBudget): Transport {
    const budgeted = new Transport({ ...this.#options, budget });
    if (this.#tokens) budgeted.setTokenSource(this.#tokens);
    return budgeted;
  }

  /** Sends the request and validates the JSON answer against `schema`. */
  async request<S extends z.ZodType>(spec: RequestSpec, schema: S): Promise<z.infer<S>> {
    const { answer, token } = await this.#send(spec);
    const path = normalizePath(spec.path);
    const ctx = { method: spec.method, path, status: answer.status, language: this.language, secrets: this.#secrets(token) };
    let data: unknown;
    try {
      data = JSON.parse(answer.text);
    } catch {
      return parseResponse(schema, undefined, ctx);
    }
    return parseResponse(schema, data, ctx);
  }

  /** Sends a request whose answer has no body of interest (204 on delete). */
  async requestNoContent(spec: RequestSpec): Promise<void> {
    await this.#send(spec);
  }

  async #send(spec: RequestSpec): Promise<Delivered> {
    const path = normalizePath(spec.path);
    const authenticated = spec.authenticated ?? true;
    const { budget } = this.#options;
    let renewedAfter401 = false;
    for (let retryNumber = 1; ;) {
      this.#throwIfAborted(spec, path);
      const attempt = await this.#tryOnce(spec, path, authenticated);
      if ('answer' in attempt) {
        budget?.succeeded();
        return attempt;
      }
      const { error, token } = attempt;
      // An invalid or expired token: renew once and repeat, whatever the method (the service did nothing).
      if (error.status === 401 && token !== undefined && !renewedAfter401 && !error.isBillingPlanPermissionDenied) {
        renewedAfter401 = true;
        this.#tokens?.invalidate(token);
        continue;
      }
      const decision = decideRetry({
        method: spec.method,
        withoutEffects: spec.withoutEffects === true,
        error,
        retryNumber,
        options: this.#options.retry,
        now: this.#options.now,
        random: this.#options.random,
        unlimited: budget !== undefined,
      });
      if (!decision.retry) throw error;
      retryNumber += 1;
      if (budget === undefined) {
        await this.#options.sleep(decision.delayMs, spec.signal);
        continue;
      }
      const wait = { reason: retryReason(error), delayMs: decision.delayMs, method: spec.method, path, status: error.status };
      const { now, sleep } = this.#options;
      if (!(await budget.wait(wait, { now, sleep, signal: spec.signal }))) throw this.#serviceDown(error, budget, spec, path);
    }
  }

  /** The token, then the request; every failure as an `ApiError`. */
  async #tryOnce(spec: RequestSpec, path: string, authenticated: boolean): Promise<Attempt> {
    let token: string | undefined;
    if (authenticated) {
      try {
        token = await this.#token(spec.signal, this.#options.budget !== undefined);
      } catch (thrown) {
        // Without a budget a failed token request ends the call as it failed (it had its own retries). Under a
        // budget it is this request's failure: a service that is down is down for its token endpoint too.
        if (this.#options.budget === undefined || !(thrown instanceof ApiError)) throw thrown;
        return { error: thrown, token: undefined };
      }
    }
    try {
      const answer = await this.#attempt(spec, path, token);
      if (answer.status < 400) return { answer, token };
      const error = createApiError(
        { status: answer.status, bodyText: answer.text, retryAfter: answer.retryAfter },
        { method: spec.method, path, language: this.language, secrets: this.#secrets(token), itemIndexOffset: spec.itemIndexOffset ?? 0 },
      );
      return { error, token };
    } catch (thrown) {
      return { error: this.#wrapFailure(thrown, spec, path, token), token };
    }
  }

  /** The budget ran out: the last failure, wrapped with how long the service had been failing. */
  #serviceDown(last: ApiError, budget: RetryBudget, spec: RequestSpec, path: string): ServiceDownError {
    const failingForMs = budget.failingForMs(this.#options.now);
    return new ServiceDownError({
      message: translate(this.language, 'api.error.serviceDown', { seconds: Math.round(failingForMs / 1000), last: last.message }),
      status: last.status,
      method: spec.method,
      path,
      detail: last.detail,
      bodyText: last.bodyText,
      retryAfter: last.retryAfter,
      failingForMs,
      reason: retryReason(last),
      cause: last,
    });
  }

  /**
   * One request as ky sends it, with `redirect: 'manual'`: a redirect is never followed by fetch, so nothing (the
   * token request's client ID and secret, a bearer token, a body) goes anywhere the client did not choose. The client
   * then follows a redirect itself only for a GET on the base URL's own origin whose `Location` it can see, at most
   * MAX_REDIRECTS times; any other redirect (every one of the token request) is a `RedirectError`.
   */
  async #attempt(spec: RequestSpec, path: string, token: string | undefined): Promise<Answer> {
    // The attempt's own signal: the user's cancel passed on, and the body's time-out able to stop the read.
    const attempt = new AbortController();
    const passOn = (): void => attempt.abort(spec.signal?.reason);
    if (spec.signal?.aborted === true)
      passOn(); // cancelled already (while the token came): nothing is sent
    else spec.signal?.addEventListener('abort', passOn, { once: true });
    try {
      return await this.#exchange(spec, path, token, attempt);
    } finally {
      spec.signal?.removeEventListener('abort', passOn);
    }
  }

  async #exchange(spec: RequestSpec, path: string, token: string | undefined, attempt: AbortController): Promise<Answer> {
    const tokenRequest = spec.authenticated === false;
    let target: string | URL = path.slice(1);
    let requestUrl = new URL(target, this.baseUrl);
    for (let hops = 0; ; hops += 1) {
      const response = await this.#ky(target, {
        method: spec.method,
        ...(hops === 0 && spec.query && [...spec.query.keys()].length > 0 ? { searchParams: queryText(spec.query) } : {}),
        ...(spec.body === undefined ? {} : { json: spec.body }),
        signal: attempt.signal,
        ...(token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } }),
      });
      const redirect = redirectOf(response, requestUrl);
      if (redirect === undefined) {
        const text = await this.#bodyText(response, spec.signal, attempt);
        const retryAfter = response.headers.get('Retry-After') ?? undefined;
        return { status: response.status, text, ...(retryAfter === undefined ? {} : { retryAfter }) };
      }
      await response.body?.cancel().catch(() => undefined);
      const next = redirect.location;
      const follow =
        !tokenRequest && spec.method === 'GET' && next !== undefined && next.origin === requestUrl.origin && hops < MAX_REDIRECTS;
      if (!follow || next === undefined) {
        const ctx = { method: spec.method, path, language: this.language, secrets: this.#secrets(token), tokenRequest };
        throw createRedirectError(redirect, ctx);
      }
      target = next;
      requestUrl = next;
    }
  }

  /**
   * The answer's body, read within the attempt's time-out: ky's covers the wait for the headers only, and a service
   * that sends its headers and then stalls would hold the call (a pull, a script) for ever. When it runs out the body
   * is cancelled and the attempt fails as timed out (retried like any time-out).
   */
  async #bodyText(response: Response, signal: AbortSignal | undefined, attempt: AbortController): Promise<string> {
    const ms = this.#options.timeoutMs;
    if (!(ms > 0 && Number.isFinite(ms))) return response.text();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // The user's cancel stays theirs; only the stalled read becomes a time-out. Aborting stops it and its socket.
        if (!signal?.aborted) reject(new BodyTimeout(ms));
        attempt.abort();
      }, ms);
    });
    try {
      return await Promise.race([response.text(), stalled]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #token(signal: AbortSignal | undefined, once: boolean): Promise<string> {
    if (!this.#tokens) throw new Error('Transport has no token source');
    return this.#tokens.token(signal, { once });
  }

  #secrets(token: string | undefined): readonly string[] {
    const secrets = [...this.#options.secrets()];
    if (token !== undefined) secrets.push(token);
    return secrets;
  }

  #throwIfAborted(spec: RequestSpec, path: string): void {
    if (spec.signal?.aborted) throw this.#abortError(spec, path);
  }

  #abortError(spec: RequestSpec, path: string): ApiUserAbortError {
    return new ApiUserAbortError({
      message: translate(this.language, 'api.error.aborted', { method: spec.method, path }),
      method: spec.method,
      path,
    });
  }

  /** ky/fetch failures -> our classes. ky objects are not kept (they hold the request headers). */
  #wrapFailure(thrown: unknown, spec: RequestSpec, path: string, _token: string | undefined): ApiError {
    if (thrown instanceof ApiError) return thrown;
    if (spec.signal?.aborted) return this.#abortError(spec, path);
    const base = { method: spec.method, path };
    if (thrown instanceof TimeoutError || thrown instanceof BodyTimeout) {
      return new ApiTimeoutError({
        ...base,
        message: translate(this.language, 'api.error.timeout', base),
        requestNotSent: false,
      });
    }
    const cause = thrown instanceof Error ? thrown.cause : undefined;
    return new ApiConnectionError({
      ...base,
      message: translate(this.language, 'api.error.connection', base),
      requestNotSent: isRequestNotSent(thrown),
      cause: cause instanceof Error ? cause : undefined,
    });
  }
}
