/**
 * The jobs of one batch for one kind of call, keyed by their normalized arguments: equal keys are one job; a key the
 * cache holds (fresh, or in flight in an earlier batch) is no job at all, its callers wait for that promise. The jobs
 * left (`fresh`) are what the batch must compute; settling one settles every caller of its key and keeps a value
 * in the cache for the TTL (a failure is not kept). Settling twice is a no-op.
 */

import type { FigureError } from './figure-error';
import type { TtlCache } from './ttl-cache';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A caller: one call of a function. */
export interface Waiter<T> {
  resolve(value: T): void;
  reject(error: FigureError): void;
}

/** One job to compute and its settling. */
export interface Work<J, T> {
  key: string;
  job: J;
  settle(outcome: Outcome<T>): void;
}

export class KeyedJobs<J, T> {
  readonly #fresh = new Map<string, Work<J, T>>();

  constructor(
    private readonly cache: TtlCache<T>,
    private readonly toError: (error: unknown) => FigureError,
  ) {}

  /** Adds a caller of `key`: a new job, a caller of a job of this batch, or of a cached or in-flight result. */
  add(key: string, job: J, waiter: Waiter<T>): void {
    let promise = this.cache.get(key);
    if (promise === undefined) {
      let settle: (outcome: Outcome<T>) => void = () => undefined;
      const work = new Promise<T>((resolve, reject) => {
        settle = (outcome) => (outcome.ok ? resolve(outcome.value) : reject(outcome.error));
      });
      this.#fresh.set(key, { key, job, settle });
      promise = this.cache.track(key, work);
    }
    promise.then(waiter.resolve, (error: unknown) => waiter.reject(this.toError(error)));
  }

  /** The jobs this batch must compute, in the order their keys first came. */
  get fresh(): Work<J, T>[] {
    return [...this.#fresh.values()];
  }

  /** Settles every job not settled yet with the failure (the batch's deadline passed, a shared read failed). */
  failAll(error: unknown): void {
    for (const work of this.#fresh.values()) work.settle({ ok: false, error });
  }
}

/** Runs `serve` over the works and settles each; whatever `serve` leaves unsettled or throws fails them. */
export async function settleWorks<J, T>(
  works: readonly Work<J, T>[],
  serve: (works: readonly Work<J, T>[]) => Promise<void>,
): Promise<void> {
  if (works.length === 0) return;
  try {
    await serve(works);
    for (const work of works) work.settle({ ok: false, error: new Error(`not computed: ${work.key}`) });
  } catch (error) {
    for (const work of works) work.settle({ ok: false, error });
  }
}
