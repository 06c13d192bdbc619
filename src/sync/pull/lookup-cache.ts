/**
 * The lookups' sources read once for a run of pulls (#30, "batch and de-duplicate"): *Refresh all* pulls table after
 * table, and each needs the categories and the accounts (for names and currencies), read seconds apart. With a cache
 * shared by the run's pulls the service is asked once for each. An answer is kept for `maxAgeMs` (60 s by default:
 * a long run reads them again, so a category renamed meanwhile is not missed for long), a failed or cancelled read
 * not at all (the next pull asks again).
 */

import type { BalanceSummary, Category } from '../../api';

export const LOOKUP_CACHE_MAX_AGE_MS = 60_000;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export class LookupCache {
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #categories: Entry<readonly Category[]> | undefined;
  #summary: Entry<BalanceSummary> | undefined;

  constructor(options: { maxAgeMs?: number; now?: () => number } = {}) {
    this.#maxAgeMs = options.maxAgeMs ?? LOOKUP_CACHE_MAX_AGE_MS;
    this.#now = options.now ?? (() => Date.now());
  }

  categories(read: () => Promise<readonly Category[]>): Promise<readonly Category[]> {
    this.#categories = this.#fresh(this.#categories, read, () => (this.#categories = undefined));
    return this.#categories.value;
  }

  accountsSummary(read: () => Promise<BalanceSummary>): Promise<BalanceSummary> {
    this.#summary = this.#fresh(this.#summary, read, () => (this.#summary = undefined));
    return this.#summary.value;
  }

  #fresh<T>(entry: Entry<T> | undefined, read: () => Promise<T>, forget: () => void): Entry<T> {
    const now = this.#now();
    if (entry !== undefined && now - entry.at <= this.#maxAgeMs) return entry;
    const made: Entry<T> = { at: now, value: read() };
    made.value.catch(() => {
      if (this.#categories === made || this.#summary === made) forget();
    });
    return made;
  }
}
