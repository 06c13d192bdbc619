/**
 * Number formats of the pulled columns as they are sent: one scalar per run of columns with the same format
 * (Office.js applies a single value to every cell of the range), not a rows × columns matrix, so a block's
 * formats cost a few bytes instead of one string per cell.
 */

/** Consecutive columns sharing a number format: `[first column, width, format]`. */
export type FormatRun = [number, number, string];

export function formatRuns(formats: readonly string[]): FormatRun[] {
  const runs: FormatRun[] = [];
  formats.forEach((format, column) => {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[2] === format) last[1] += 1;
    else runs.push([column, 1, format]);
  });
  return runs;
}

/**
 * Sets one number format on every cell of the range. Documented Office.js behaviour ("When setting number format
 * to a range, the value argument can be either a single value (string) or a two-dimensional array. If the
 * argument is a single value, it will be applied to all cells in the range."); the typings only declare the
 * matrix form.
 */
export function fillNumberFormat(range: Excel.Range, format: string): void {
  (range as unknown as { numberFormat: string }).numberFormat = format;
}
