/**
 * The grid's row heights from the sheet's (`SimulatedWorkbook.rowHeights`, in points): Excel's standard row of 15 pt
 * is the grid's 24 px, and a row the sheet sets taller or shorter is drawn in proportion (at least 8 px, so a row set
 * very low stays visible). A sheet that sets none keeps one height for every row (glide's fast path).
 */

/** Excel's standard row height, in points. */
export const STANDARD_ROW_POINTS = 15;

export function gridRowHeights(heights: ReadonlyMap<number, number>, standardPx: number): number | ((row: number) => number) {
  if (heights.size === 0) return standardPx;
  const set = new Map([...heights].map(([row, points]) => [row, Math.max(8, Math.round((points * standardPx) / STANDARD_ROW_POINTS))]));
  return (row: number): number => set.get(row) ?? standardPx;
}
