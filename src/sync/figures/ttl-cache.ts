/**
 * Promises shared per key: while one is in flight every caller gets it (concurrent batches share the work), once
 * fulfilled it is kept for the TTL by the injected clock, and a failure is dropped at once so the next call tries
 * again. `clear()` forgets everything; work still in flight then settles for its callers but is not kept.
 */

interface Entry<T> {
  promise: Promise<T>;
  /** Undefined while in flight. */
  expiresAt: number | undefined;
}

export class TtlCache<T> {
  readonly #entries = new Map<string, Entry<T>>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  /** The in-flight or still fresh promise of the key, if any. */
  get(key: string): Promise<T> | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt !== undefined && this.now() >= entry.expiresAt) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.promise;
  }

  /** Keeps `promise` under the key: shared while in flight, kept for the TTL once fulfilled. */
  track(key: string, promise: Promise<T>): Promise<T> {
    const entry: Entry<T> = { promise, expiresAt: undefined };
    this.#entries.set(key, entry);
    const current = () => this.#entries.get(key) === entry;
    promise.then(
      () => {
        if (current()) entry.expiresAt = this.now() + this.ttlMs;
      },
      () => {
        if (current()) this.#entries.delete(key);
      },
    );
    return promise;
  }

  /** The key's promise, or `work()` started and tracked. */
  share(key: string, work: () => Promise<T>): Promise<T> {
    return this.get(key) ?? this.track(key, work());
  }

  clear(): void {
    this.#entries.clear();
  }
}
