import { runBounded } from '../../src/sync/bounded-pool';

/** A work item that waits until the test lets it go, counting how many are in flight. */
function gate() {
  let inFlight = 0;
  let most = 0;
  const started: number[] = [];
  const release: Array<() => void> = [];
  const work = async (item: number) => {
    started.push(item);
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise<void>((resolve) => release.push(resolve));
    inFlight -= 1;
  };
  return { work, started, release, most: () => most };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('runBounded', () => {
  it('runs every item in list order with at most `limit` in flight', async () => {
    const g = gate();
    const run = runBounded([0, 1, 2, 3, 4], 2, g.work);
    await settle();
    expect(g.started).toEqual([0, 1]);
    while (g.release.length > 0) {
      g.release.shift()?.();
      await settle();
    }
    await run;
    expect(g.started).toEqual([0, 1, 2, 3, 4]);
    expect(g.most()).toBe(2);
  });

  it('passes each item its index and runs one at a time when the limit is below one', async () => {
    const seen: string[] = [];
    await runBounded(['a', 'b', 'c'], 0, async (item, index) => {
      seen.push(`${index}:${item}`);
    });
    expect(seen).toEqual(['0:a', '1:b', '2:c']);
  });

  it('rejects with the first failure of a work item', async () => {
    await expect(
      runBounded([1, 2, 3], 3, async (item) => {
        if (item === 2) throw new Error('two failed');
      }),
    ).rejects.toThrow('two failed');
  });
});
