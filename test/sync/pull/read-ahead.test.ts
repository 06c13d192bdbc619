/**
 * The read-ahead between the pages and the writer: items in order, the producer running ahead up to the
 * high-water mark while the consumer is busy, its error after the items before it, and a consumer that stops
 * (or an outer abort) stopping the producer.
 */

import { readAhead } from '../../../src/sync/pull/read-ahead';

const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function counter(count: number, options: { failAfter?: number } = {}) {
  const state = { produced: 0, signal: undefined as AbortSignal | undefined, finished: false };
  const produce = async function* (signal: AbortSignal): AsyncGenerator<number> {
    state.signal = signal;
    try {
      for (let i = 0; i < count; i += 1) {
        if (options.failAfter === i) throw new Error(`failed after ${i}`);
        await tick();
        signal.throwIfAborted();
        state.produced += 1;
        yield i;
      }
    } finally {
      state.finished = true;
    }
  };
  return { state, produce };
}

describe('readAhead', () => {
  it('hands over every item in order', async () => {
    const { produce } = counter(50);
    const seen: number[] = [];
    for await (const item of readAhead(produce, { highWater: 4 })) seen.push(item);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('runs ahead of a busy consumer, up to the high-water mark', async () => {
    const { state, produce } = counter(100);
    const iterator = readAhead(produce, { highWater: 5 })[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: 0 });
    await tick(100); // the consumer is busy
    expect(state.produced).toBeGreaterThanOrEqual(5);
    expect(state.produced).toBeLessThanOrEqual(1 + 5 + 1);
    await iterator.return?.();
  });

  it('passes the producer error on after the items before it', async () => {
    const { produce } = counter(10, { failAfter: 3 });
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(produce)) seen.push(item);
      })(),
    ).rejects.toThrow('failed after 3');
    expect(seen).toEqual([0, 1, 2]);
  });

  it('a consumer that stops early aborts the producer', async () => {
    const { state, produce } = counter(1000);
    for await (const item of readAhead(produce, { highWater: 3 })) if (item === 2) break;
    await tick(20);
    expect(state.signal?.aborted).toBe(true);
    expect(state.finished).toBe(true);
    expect(state.produced).toBeLessThan(20);
  });

  it('an outer abort reaches the producer and the consumer', async () => {
    const { state, produce } = counter(1000);
    const controller = new AbortController();
    const iterator = readAhead(produce, { signal: controller.signal, highWater: 2 })[Symbol.asyncIterator]();
    await iterator.next();
    controller.abort();
    await expect(
      (async () => {
        for (;;) if ((await iterator.next()).done) return;
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.signal?.aborted).toBe(true);
  });
});
