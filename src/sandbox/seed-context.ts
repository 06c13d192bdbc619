/** What every part of the demo-data generator shares: the random source, the clock and the growing state. */
import type { Random } from './prng';
import type { StoreState } from './model';

export interface SeedContext {
  random: Random;
  /** Server start time (ms); "today" is its UTC date. */
  now: number;
  today: string;
  state: StoreState;
  /** Next category and plan ids (not created through the API, so not part of the persisted counters). */
  nextCategoryId: number;
  nextPlanId: number;
}

export function takeId(context: SeedContext, kind: keyof StoreState['nextIds']): number {
  const id = context.state.nextIds[kind];
  context.state.nextIds[kind] = id + 1;
  return id;
}
