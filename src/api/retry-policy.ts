/**
 * When to retry, and after how long. Pure: the clock and the random source are passed in.
 *
 * - Idempotent requests (GET, PUT, DELETE, and a POST without effects: the token request): retried after connection
 *   errors, timeouts, 429 and 5xx.
 * - POST and PATCH: retried after a 429 (the service refused the request before doing anything) and when nothing
 *   reached the server (`requestNotSent`, e.g. ECONNREFUSED); a 5xx answer, a timeout or a reset after sending may
 *   mean the change was applied, so the caller decides (the push looks before it writes again).
 * - `Retry-After` (seconds or an HTTP date) is honoured on whatever answer is retried; when it asks for longer than
 *   `maxRetryAfterMs` the error is given to the caller instead of waiting.
 * - A redirect the transport does not follow (`RedirectError`) is never retried.
 * - Otherwise exponential backoff with "equal jitter": half the step fixed, half random.
 * - `unlimited` (a request under a `RetryBudget`, retry-budget.ts: the requests of a pull): no count limit and no
 *   `maxRetryAfterMs`; the budget decides how long the waiting may go on, and how long each wait may last.
 */
import { ApiConnectionError, type ApiError, RedirectError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RetryOptions {
  /** Retries after the first attempt (0 = never retry). */
  limit: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest `Retry-After` the client waits for. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { limit: 2, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/** Why a request waits before its retry: the service asked us to (429), or it failed (5xx, no or no timely answer). */
export type RetryReason = 'rateLimited' | 'serviceError';

export function retryReason(error: ApiError): RetryReason {
  return error.status === 429 ? 'rateLimited' : 'serviceError';
}

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(['GET', 'PUT', 'DELETE']);

function isIdempotent(method: HttpMethod): boolean {
  return IDEMPOTENT.has(method);
}

/** Milliseconds to wait according to a `Retry-After` value, or undefined when it is unusable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

function backoffDelay(retryNumber: number, options: RetryOptions, random: () => number): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retryNumber - 1));
  return Math.round(step / 2 + (step / 2) * random());
}

function isRetryableFailure(repeatable: boolean, error: ApiError): boolean {
  if (error instanceof RedirectError) return false; // the same answer again: a redirect is the service's decision
  if (error instanceof ApiConnectionError) return repeatable || error.requestNotSent;
  if (error.status === undefined) return false; // abort, validation, client-side refusal
  if (error.status === 429) return true; // refused before anything was done, whatever the method
  return repeatable && error.status >= 500;
}

export interface RetryInput {
  method: HttpMethod;
  /** The request has no effect of its own, whatever its method (the token request): repeated like a GET. */
  withoutEffects?: boolean;
  error: ApiError;
  /** 1 for the first retry. */
  retryNumber: number;
  options: RetryOptions;
  now: () => number;
  random: () => number;
  /** Under a retry budget: neither `limit` nor `maxRetryAfterMs` apply (the budget ends the waiting). */
  unlimited?: boolean;
}

export function decideRetry(input: RetryInput): RetryDecision {
  const { method, error, retryNumber, options } = input;
  const unlimited = input.unlimited ?? false;
  const repeatable = isIdempotent(method) || input.withoutEffects === true;
  if ((!unlimited && retryNumber > options.limit) || !isRetryableFailure(repeatable, error)) return { retry: false };
  // Honoured on any answer retried (429, 503 and any other 5xx that sends one).
  const retryAfter = parseRetryAfter(error.retryAfter, input.now());
  if (retryAfter !== undefined) {
    return !unlimited && retryAfter > options.maxRetryAfterMs ? { retry: false } : { retry: true, delayMs: retryAfter };
  }
  return { retry: true, delayMs: backoffDelay(retryNumber, options, input.random) };
}
