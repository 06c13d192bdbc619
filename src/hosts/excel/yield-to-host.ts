/**
 * Giving the page's thread back during long loops over a table's rows (#30). The pane runs on the thread that also
 * handles the user's clicks and paints the pane (and, in the preview, the simulated workbook): turning 100,000 rows
 * into cells or back into rows in one go held it for 100-200 ms. The loops that do so (the baseline's block built
 * and read back, a pushable table read back) run in slices of `ROWS_PER_TURN` rows with a macrotask between slices,
 * so input and rendering get their turn; what they compute is the same.
 */

/** Gives the thread back for one turn and resumes after it. */
export type YieldToHost = () => Promise<void>;

/** Rows a loop handles between two turns at most: a few milliseconds of work per slice. */
export const ROWS_PER_TURN = 2_000;

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * A macrotask later: `scheduler.yield()` where the browser has it (the continuation goes first once input and
 * rendering ran), else a MessageChannel message (no timer clamping), else a 0 ms timer.
 */
export const yieldToHost: YieldToHost = () => {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
};

export interface TurnOptions {
  /** Rows per slice (default `ROWS_PER_TURN`). */
  rows?: number;
  /** How the thread is given back (default `yieldToHost`; tests count the turns). */
  yieldToHost?: YieldToHost;
}

/**
 * Runs `work` over the rows [0, count) in slices, in order, giving the thread back between two slices (not before
 * the first nor after the last). `work` returning false stops the loop (nothing more to do).
 */
export async function inTurns(count: number, work: (from: number, to: number) => boolean | void, options: TurnOptions = {}): Promise<void> {
  const size = Math.max(1, options.rows ?? ROWS_PER_TURN);
  const turn = options.yieldToHost ?? yieldToHost;
  for (let from = 0; from < count; from += size) {
    if (from > 0) await turn();
    if (work(from, Math.min(count, from + size)) === false) return;
  }
}
