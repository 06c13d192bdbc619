/** Shared by the simulation's tests. */

import { SimError } from '../../../src/preview/excel-sim';

/** The SimError a promise rejects with (any other outcome fails the test). */
export async function rejection(promise: Promise<unknown>): Promise<SimError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SimError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** The SimError a synchronous read throws (any other outcome fails the test). */
export function thrown(read: () => unknown): SimError {
  try {
    read();
  } catch (error) {
    if (error instanceof SimError) return error;
    throw error;
  }
  throw new Error('expected a throw');
}
