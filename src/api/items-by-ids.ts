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
 * the path and query are percent-encoded, so characters are bytes).
 */
export function idBatches(ids: readonly number[], lineOf: (batch: readonly number[]) => string, limits: IdBatchLimits = {}): number[][] {
  const maxIds = limits.maxIds ?? MAX_ITEMS_PER_CALL;
  const maxBytes = limits.maxRequestLineBytes ?? MAX_REQUEST_LINE_BYTES;
  const batches: number[][] = [];
  let batch: number[] = [];
  for (const id of [...new Set(ids)]) {
    const candidate = [...batch, id];
    if (candidate.length <= maxIds && lineOf(candidate).length <= maxBytes) {
      batch = candidate;
      continue;
    }
    if (batch.length === 0) throw new RangeError(`A request for id ${id} alone is longer than ${maxBytes} bytes.`);
    batches.push(batch);
    batch = [id];
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
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
