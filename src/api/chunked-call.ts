/**
 * Runs a call per chunk of at most 1000 items, one after the other, and concatenates the answers.
 * If a chunk fails, the error says which chunk (`error.chunk`): items before `chunk.offset` were
 * accepted by the service; item indexes of per-item errors are positions in the caller's full array.
 */
import { chunk, MAX_ITEMS_PER_CALL } from './chunk';
import { ApiError } from './errors';

export async function callInChunks<T, R>(
  items: readonly T[],
  call: (slice: T[], offset: number) => Promise<R[]>,
  size: number = MAX_ITEMS_PER_CALL,
): Promise<R[]> {
  const results: R[] = [];
  const slices = chunk(items, size);
  for (const [index, slice] of slices.entries()) {
    const offset = index * size;
    try {
      results.push(...(await call(slice, offset)));
    } catch (error) {
      if (error instanceof ApiError && slices.length > 1) error.chunk = { index, offset, size: slice.length };
      throw error;
    }
  }
  return results;
}
