/**
 * Work over many items with a bounded number in flight: kind to the service, still quick. The one pool of the sync
 * layer: the push's writes, the figures' calls, the benchmarks and the tests' seeding all run through it.
 */

/**
 * Runs `work` for every item in order of the list, at most `limit` at a time (at least one); resolves when all have
 * run. `work` handles its own failures: one that throws rejects the whole run (the workers still in flight finish).
 */
export async function runBounded<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) await work(items[index] as T, index);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, Math.floor(limit)), items.length) }, worker));
}
