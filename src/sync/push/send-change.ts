/**
 * Sends one write and settles its outcome, never applying a change twice. The client already retries what is safe
 * to repeat (GET, PUT, DELETE after 5xx, 429 and connection errors; anything that never reached the server). A
 * PATCH or POST whose answer was lost (a reset, a timeout, a 5xx or 429 after it was sent) may have been applied:
 * the row is read back and compared with what was sent first, and sent again only when it is not there.
 * PUT and DELETE are read back too when the client gave up on them, so a change that landed is reported as such.
 * A create (`once`) is sent again only after the service answered (a 5xx or 429: whatever it did is done); after a
 * timeout or a dropped connection the first POST may still be committing, so a read-back that does not find it yet
 * leaves the outcome unknown (not confirmed) instead: the next send looks for it before creating anything.
 */

import { ApiConnectionError, ApiError, ApiTimeoutError, ApiUserAbortError, ResponseValidationError, ServiceDownError } from '../../api';

/** How a write ended. `unknown`: the service never confirmed it and reading it back did not settle it either. */
export type SendOutcome<T> =
  { kind: 'landed'; value: T } | { kind: 'failed'; error: ApiError } | { kind: 'unknown'; error: unknown } | { kind: 'cancelled' };

export interface SendSteps<T> {
  /** The request itself. */
  send(signal?: AbortSignal): Promise<T>;
  /**
   * Reads the target back: `landed` with what stands there when the change is applied, `absent` when it is not
   * (safe to send again). Throws when the read fails.
   */
  check(signal?: AbortSignal): Promise<{ landed: true; value: T } | { landed: false }>;
}

export interface SendOptions {
  signal?: AbortSignal;
  /** Sends after the first (default 2). */
  resends?: number;
  /**
   * A create, which a second send would make twice: sent again only after an answer of the service's own (5xx, 429),
   * never while the first may still be running (a timeout, a dropped connection, a cancel in flight).
   */
  once?: boolean;
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Whether the change may have been applied although no success came back. */
export function outcomeUnknown(error: unknown): boolean {
  if (error instanceof ApiUserAbortError) return true; // cancelled while in flight: it may have reached the service
  // The retry budget ran out: the last of the tries decides (a PUT whose answers were all lost may well be there).
  if (error instanceof ServiceDownError) return error.cause === undefined || outcomeUnknown(error.cause);
  if (error instanceof ApiConnectionError) return !error.requestNotSent;
  if (error instanceof ResponseValidationError) return true; // a 2xx whose body we could not read
  if (error instanceof ApiError) return error.status === 429 || (error.status !== undefined && error.status >= 500);
  return true;
}

/**
 * No answer of the service's own came: it may still be working on the request (it could land after a read-back misses
 * it). A gateway's 504 says the same: the gateway stopped waiting, the service did not.
 */
export function mayStillRun(error: unknown): boolean {
  if (error instanceof ServiceDownError) return error.cause === undefined || mayStillRun(error.cause);
  if (error instanceof ApiTimeoutError || error instanceof ApiUserAbortError) return true;
  if (error instanceof ApiConnectionError) return !error.requestNotSent;
  if (error instanceof ApiError) return error.status === 504;
  return true;
}

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

function waitFor(error: unknown, attempt: number): number {
  if (error instanceof ApiError && error.retryAfter !== undefined && /^\d+(\.\d+)?$/.test(error.retryAfter.trim())) {
    return Math.min(60_000, Math.round(Number(error.retryAfter.trim()) * 1000));
  }
  return Math.min(8_000, 500 * 2 ** attempt);
}

export async function sendChange<T>(steps: SendSteps<T>, options: SendOptions = {}): Promise<SendOutcome<T>> {
  const { signal } = options;
  const sleep = options.sleep ?? defaultSleep;
  const resends = options.resends ?? 2;
  let lastError: unknown;
  for (let attempt = 0; attempt <= resends; attempt += 1) {
    if (signal?.aborted) return lastError === undefined ? { kind: 'cancelled' } : { kind: 'unknown', error: lastError };
    try {
      return { kind: 'landed', value: await steps.send(signal) };
    } catch (error) {
      if (!outcomeUnknown(error)) return { kind: 'failed', error: error as ApiError };
      lastError = error;
    }
    if (signal?.aborted) return { kind: 'unknown', error: lastError };
    await sleep(waitFor(lastError, attempt), signal);
    try {
      const found = await steps.check(signal);
      if (found.landed) return { kind: 'landed', value: found.value };
      if (options.once === true && mayStillRun(lastError)) return { kind: 'unknown', error: lastError };
    } catch (error) {
      // The read-back failed too: the outcome stays unknown, and nothing is sent again blindly.
      return { kind: 'unknown', error: signal?.aborted ? lastError : error };
    }
  }
  return { kind: 'unknown', error: lastError };
}
