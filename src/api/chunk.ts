/** The service accepts at most 1000 items per create-transactions and category-change call. */
export const MAX_ITEMS_PER_CALL = 1000;

/** Splits a list into consecutive slices of at most `size` items (an empty list gives no slices). */
export function chunk<T>(items: readonly T[], size: number = MAX_ITEMS_PER_CALL): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
