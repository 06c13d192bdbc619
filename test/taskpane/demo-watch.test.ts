import { DemoWatch, type DemoProbe } from '../../src/taskpane/state/demo-watch';

/** A probe answering from a script of results, recording the time-out of each ask. */
function scriptedProbe(results: boolean[]): { probe: DemoProbe; timeouts: number[] } {
  const timeouts: number[] = [];
  return {
    timeouts,
    probe: async (timeoutMs) => {
      timeouts.push(timeoutMs);
      return results.shift() ?? false;
    },
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 30));

describe('the demo watch', () => {
  test('a sandbox that answers at once is offered at once, and nothing is asked again', async () => {
    const { probe, timeouts } = scriptedProbe([true]);
    const found = jest.fn();
    const watch = new DemoWatch({ probe, onFound: found, wanted: () => true, delaysMs: [1, 1] });
    expect(await watch.first()).toBe(true);
    await settle();
    expect(timeouts).toEqual([1_500]);
    expect(found).not.toHaveBeenCalled();
  });

  test('a sandbox too slow for the first ask is offered once a later ask finds it (late, not never)', async () => {
    const { probe, timeouts } = scriptedProbe([false, false, true]);
    const found = jest.fn();
    const watch = new DemoWatch({ probe, onFound: found, wanted: () => true, delaysMs: [1, 1, 1, 1] });
    expect(await watch.first()).toBe(false);
    await settle();
    expect(found).toHaveBeenCalledTimes(1);
    expect(timeouts).toEqual([1_500, 5_000, 5_000]);
  });

  test('asking ends after the last pause, once nobody needs the demo, and on stop', async () => {
    const never = scriptedProbe([]);
    const watch = new DemoWatch({ probe: never.probe, onFound: jest.fn(), wanted: () => true, delaysMs: [1, 1] });
    await watch.first();
    await settle();
    expect(never.timeouts).toHaveLength(3);

    const connected = scriptedProbe([]);
    await new DemoWatch({ probe: connected.probe, onFound: jest.fn(), wanted: () => false, delaysMs: [1, 1] }).first();
    await settle();
    expect(connected.timeouts).toHaveLength(1);

    const stopped = scriptedProbe([false, true]);
    const found = jest.fn();
    const watch2 = new DemoWatch({ probe: stopped.probe, onFound: found, wanted: () => true, delaysMs: [20] });
    await watch2.first();
    watch2.stop();
    await settle();
    expect(stopped.timeouts).toHaveLength(1);
    expect(found).not.toHaveBeenCalled();
  });
});
