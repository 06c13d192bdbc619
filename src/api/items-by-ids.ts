/**
 * Reads the items with the given ids from a list endpoint that filters by `ids` (comma-separated), in as few
 * requests as the limits allow: at most 1000 ids per request (one page of 1000), and no request line over 4,094
 * bytes. The spec names no URL limit, but a common server default does (gunicorn's `limit_request_line`, which
 * answers a longer line with 400 "Request Line is too large"): 1,000 seven-digit ids make an 8 KB URL.
 */
import { MAX_ITEMS_PER_CALL } from './chunk';
import type { PagedList } from './paged-endpoint';
import type { PageInfo } from './paginate';
import type { RequestOptions } from './request-options';

export const MAX_REQUEST_LINE_BYTES = 4094;

export interface IdBatchLimits {
  maxIds?: number;
  maxRequestLineBytes?: number;
}

type IdFilters = { ids?: string | readonly number[] };

/**
 * Consecutive batches of the distinct ids, each within both limits; `lineOf` gives a batch's request line (ASCII:
 * the path and query are percent-encoded, so characters are bytes). A line only grows as ids are added, so each
 * batch is the longest run that fits, found by halving: about log2(1000) = 10 lines built per batch, where trying
 * one more id at a time built a line per id (1,050 ids: 1,050 lines of up to 4 KB, some 20 ms of a push's CPU).
 */
export function idBatches(ids: readonly number[], lineOf: (batch: readonly number[]) => string, limits: IdBatchLimits = {}): number[][] {
  const maxIds = limits.maxIds ?? MAX_ITEMS_PER_CALL;
  const maxBytes = limits.maxRequestLineBytes ?? MAX_REQUEST_LINE_BYTES;
  const distinct = [...new Set(ids)];
  const fits = (from: number, count: number): boolean => lineOf(distinct.slice(from, from + count)).length <= maxBytes;
  const batches: number[][] = [];
  for (let from = 0; from < distinct.length;) {
    if (!fits(from, 1)) throw new RangeError(`A request for id ${distinct[from]} alone is longer than ${maxBytes} bytes.`);
    const count = longestFit(Math.min(maxIds, distinct.length - from), (n) => fits(from, n));
    batches.push(distinct.slice(from, from + count));
    from += count;
  }
  return batches;
}

/** The largest n in 1..most for which `fits(n)` holds, given that `fits(1)` does and `fits` only turns false as n grows. */
function longestFit(most: number, fits: (n: number) => boolean): number {
  if (fits(most)) return most;
  let [low, high] = [1, most]; // fits(low), !fits(high)
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** The items of `list` with these ids (in the service's order, batch after batch); ids the service lacks are absent. */
export async function itemsByIds<F extends IdFilters, P extends PageInfo, T>(
  list: PagedList<F, P, T>,
  ids: readonly number[],
  filters: Omit<F, 'ids'> = {} as Omit<F, 'ids'>,
  options: RequestOptions & IdBatchLimits = {},
): Promise<T[]> {
  // One page of 1000 holds a whole batch: the iterator asks for page 1 only (`page=1` counted in the line).
  const pageSize = MAX_ITEMS_PER_CALL;
  const withIds = (batch: readonly number[]): F => ({ ...filters, ids: batch }) as unknown as F;
  const items: T[] = [];
  for (const batch of idBatches(ids, (b) => list.requestLine(withIds(b), pageSize, 1), options)) {
    for await (const item of list.items(withIds(batch), { pageSize, ...(options.signal === undefined ? {} : { signal: options.signal }) }))
      items.push(item);
  }
  return items;
}
