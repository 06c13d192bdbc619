/** Work over many items with a bounded number in flight: kind to the service, still quick. */

/** Runs `work` for every item, at most `limit` at a time; resolves when all have run (`work` handles its own failures). */
export async function runBounded<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) await work(items[index] as T, index);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
