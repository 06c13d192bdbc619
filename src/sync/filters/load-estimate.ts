/**
 * What a load will bring before it starts: the rows (one `page_size=1` read of the same list) and about how long
 * they take. The rate is what a full pull of the demo's 200,000 transactions reaches in the preview (about 15 s);
 * the figure is a rough guide for the confirmation, never a promise.
 */

export const ESTIMATED_ROWS_PER_SECOND = 13_000;

/** Whole seconds, at least 1. */
export function estimatedSeconds(rows: number): number {
  return Math.max(1, Math.round(rows / ESTIMATED_ROWS_PER_SECOND));
}

/** Whether a load of `rows` asks first: above the threshold (`undefined`: never asks). */
export function needsConfirmation(rows: number, threshold: number | undefined): boolean {
  return threshold !== undefined && rows > threshold;
}
