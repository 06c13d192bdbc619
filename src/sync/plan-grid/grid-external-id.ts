/**
 * The grid's own budgets (#31): one per category and month, named by an external ID of the category and the month
 * (`grid-1017-2026-12`). Only budgets with such an ID are ever written by the grid; every other budget of the plan is
 * read, summed and left alone. The ID holds neither `.` nor `/`, so the external-ID paths address it (api-spec.md,
 * budget rule 5).
 */

const GRID_ID = /^grid-([1-9]\d{0,15})-(\d{4}-(?:0[1-9]|1[0-2]))$/;

export interface GridCellKey {
  categoryId: number;
  /** `YYYY-MM`. */
  month: string;
}

export function gridExternalId(cell: GridCellKey): string {
  if (!Number.isSafeInteger(cell.categoryId) || cell.categoryId <= 0) throw new RangeError(`Not a category id: ${cell.categoryId}`);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(cell.month)) throw new RangeError(`Not a month: ${cell.month}`);
  return `grid-${cell.categoryId}-${cell.month}`;
}

/** The cell a grid budget belongs to, or null for any other external ID (a budget the grid never writes). */
export function gridCellOf(externalId: string | null | undefined): GridCellKey | null {
  const match = typeof externalId === 'string' ? GRID_ID.exec(externalId) : null;
  if (!match) return null;
  const categoryId = Number(match[1]);
  return Number.isSafeInteger(categoryId) ? { categoryId, month: match[2] as string } : null;
}

/** The map key of a cell. */
export function cellKey(cell: GridCellKey): string {
  return `${cell.categoryId}|${cell.month}`;
}
