/**
 * A retry budget shared by the requests of one long job (a pull; `client.withRetryBudget(budget)`). Instead of a
 * fixed number of retries per request, a request that fails in a way worth retrying (retry-policy.ts) waits and
 * tries again, for as long as the service has not been failing for `giveUpAfterMs` without one success in between.
 * Every request of the job reports to the same budget, so:
 * - one success anywhere gives every waiting request its time back (the service is working, just busy);
 * - requests in flight do not give up one by one: they all see the same deadline;
 * - a wait never outlasts the deadline: a request that would wait past it wakes at it, and gives up unless another
 *   request has succeeded meanwhile (then it waits out the rest of its wait).
 *
 * Time is the client's clock, but never behind where the waits have brought it: a wait of 8 s counts as 8 s even
 * when an injected sleep returns at once (tests, the fault soak), and waits side by side count once, not added up.
 */
import type { RetryReason } from './retry-policy';
import type { Sleep } from './sleep';

/** Nothing succeeded for this long: the job gives up (one minute). */
export const DEFAULT_GIVE_UP_AFTER_MS = 60_000;

/** A request about to wait before its retry. */
export interface RetryWait {
  reason: RetryReason;
  /** How long it waits. */
  delayMs: number;
  method: string;
  path: string;
  /** The status that made it wait; undefined when no answer came (connection failure, timeout). */
  status: number | undefined;
}

export interface RetryBudgetOptions {
  /** Give up once the service has been failing this long without one success (default one minute). */
  giveUpAfterMs?: number;
  /** Told each time a request starts waiting before a retry (not for a wait of 0). */
  onWait?: (wait: RetryWait) => void;
}

/** The transport's clock, sleep and the request's signal, for one wait. */
export interface WaitContext {
  now: () => number;
  sleep: Sleep;
  signal?: AbortSignal | undefined;
}

export class RetryBudget {
  readonly giveUpAfterMs: number;
  readonly #onWait: ((wait: RetryWait) => void) | undefined;
  /** The budget's time: the client's clock, or the end of the latest wait if that is later. */
  #time = Number.NEGATIVE_INFINITY;
  /** When the current run of failures began (the first failure after the last success); undefined: none. */
  #failingSince: number | undefined;

  constructor(options: RetryBudgetOptions = {}) {
    this.giveUpAfterMs = Math.max(0, options.giveUpAfterMs ?? DEFAULT_GIVE_UP_AFTER_MS);
    this.#onWait = options.onWait;
  }

  /** A request got its answer: the service works, and every waiting request has the full time again. */
  succeeded(): void {
    this.#failingSince = undefined;
  }

  /** True from a failure until the next success: someone is (or was last) waiting for the service. */
  get failing(): boolean {
    return this.#failingSince !== undefined;
  }

  /** How long the service has been failing with no success in between (0 when it is not failing). */
  failingForMs(now: () => number): number {
    return this.#failingSince === undefined ? 0 : this.#clock(now) - this.#failingSince;
  }

  /**
   * A request failed in a way worth retrying and is to wait `wait.delayMs` first. Resolves true when it may retry,
   * false when the budget is spent: the service has been failing for `giveUpAfterMs` with no success, already or by
   * the end of the wait. An abort of the signal ends the wait early (true: the caller checks its signal).
   */
  async wait(wait: RetryWait, context: WaitContext): Promise<boolean> {
    const now = this.#clock(context.now);
    this.#failingSince ??= now;
    if (this.#spent(now)) return false;
    if (wait.delayMs > 0) this.#onWait?.(wait); // `Retry-After: 0` is no wait to tell
    let remaining = Math.max(0, wait.delayMs);
    while (remaining > 0) {
      const start = this.#clock(context.now);
      const slice = Math.min(remaining, this.#deadline() - start);
      if (slice <= 0) return false; // the deadline came, and nothing succeeded meanwhile
      await context.sleep(slice, context.signal);
      if (context.signal?.aborted) return true;
      this.#time = Math.max(this.#time, start + slice);
      remaining -= slice;
    }
    return !this.#spent(this.#clock(context.now));
  }

  #clock(now: () => number): number {
    this.#time = Math.max(this.#time, now());
    return this.#time;
  }

  #deadline(): number {
    return this.#failingSince === undefined ? Number.POSITIVE_INFINITY : this.#failingSince + this.giveUpAfterMs;
  }

  #spent(now: number): boolean {
    return now >= this.#deadline();
  }
}
