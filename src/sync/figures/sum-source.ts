/**
 * A list the service sums for us: `/transactions/extended/` (`sum` of `reporting_amount`) and the budget lists (`sum` of
 * `amount`). Both filter by category (subcategories included) and a date range, tell `count` and `sum` of every match
 * on each page, and page their rows newest first. The batch plan (`summed-plan.ts`) only speaks this interface.
 */

/** One distinct call: the sum of a category subtree's rows in a date range (optionally of one account). */
export interface SumCall {
  /** The normalized call: equal keys are one computation. */
  key: string;
  category: number;
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
  account: number | undefined;
}

export interface SumFilter {
  /** Categories filtered on (each with its subcategories), or undefined for all. */
  categories: readonly number[] | undefined;
  from: string;
  to: string;
  account: number | undefined;
}

export interface SumRow {
  id: number;
  category: number;
  /** The date the filter's range applies to (`value_date`, `settlement_date`). */
  date: string;
  amount: number;
}

export interface SumPage {
  /** Matches of the whole filter. */
  count: number;
  /** The service's sum over every match of the filter. */
  sum: number;
  hasNext: boolean;
  rows: readonly SumRow[];
}

export interface SumSource {
  /** The list's path, for reports. */
  readonly list: string;
  /** The figures of one filter: a request for a page of one row. */
  total(filter: SumFilter, signal: AbortSignal): Promise<SumPage>;
  /** Every page of the filter, 1000 rows each, newest date first. Nothing is requested before `next()`; `return()` stops. */
  pages(filter: SumFilter, signal: AbortSignal): AsyncIterator<SumPage>;
  /** False when a page request with this filter would exceed the request line servers accept. */
  fits(filter: SumFilter): boolean;
  /**
   * True when page 1 of the union of `calls` distinct calls is known to cost no more than one request per call
   * whatever it answers: the list cannot hold more than 1000 × `calls` matches (for transactions: the accounts'
   * `transaction_count`). False when unknown.
   */
  probeIsCheap(calls: number, account: number | undefined): Promise<boolean>;
}
