/**
 * The slices of a long loop over rows (#30): in order, each row once, a turn between two slices only, stopped when
 * the work says so; the default turn is a macrotask (timers and messages queued before it run first).
 */

import { inTurns, ROWS_PER_TURN, yieldToHost } from '../../../src/hosts/excel/yield-to-host';

describe('inTurns', () => {
  it('covers the rows once, in order, in slices, with a turn between each two', async () => {
    const events: string[] = [];
    await inTurns(5, (from, to) => void events.push(`${from}-${to}`), {
      rows: 2,
      yieldToHost: () => {
        events.push('turn');
        return Promise.resolve();
      },
    });
    expect(events).toEqual(['0-2', 'turn', '2-4', 'turn', '4-5']);
  });

  it('takes ROWS_PER_TURN rows a slice by default, no turn for no rows or one slice', async () => {
    const slices: number[][] = [];
    let turns = 0;
    const turn = (): Promise<void> => {
      turns += 1;
      return Promise.resolve();
    };
    await inTurns(0, () => void slices.push([]), { yieldToHost: turn });
    await inTurns(ROWS_PER_TURN, (from, to) => void slices.push([from, to]), { yieldToHost: turn });
    expect(turns).toBe(0);
    await inTurns(2 * ROWS_PER_TURN + 1, (from, to) => void slices.push([from, to]), { yieldToHost: turn });
    expect(slices).toEqual([
      [0, ROWS_PER_TURN],
      [0, ROWS_PER_TURN],
      [ROWS_PER_TURN, 2 * ROWS_PER_TURN],
      [2 * ROWS_PER_TURN, 2 * ROWS_PER_TURN + 1],
    ]);
    expect(turns).toBe(2);
  });

  it('stops when the work returns false', async () => {
    const seen: number[] = [];
    await inTurns(10, (from) => (seen.push(from), from < 4), { rows: 2, yieldToHost: () => Promise.resolve() });
    expect(seen).toEqual([0, 2, 4]);
  });
});

describe('yieldToHost', () => {
  it('resumes after a task queued before it, not within the same task', async () => {
    const order: string[] = [];
    const queued = new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        order.push('task queued before');
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
    await yieldToHost();
    order.push('resumed');
    await queued;
    expect(order).toEqual(['task queued before', 'resumed']);
  });
});
