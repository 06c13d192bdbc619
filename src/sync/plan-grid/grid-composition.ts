/**
 * What makes up one cell of a planning grid (#31), from the figures it was built from, without asking the service
 * again: a plan cell lists every budget paying in that month, what each pays there, whether it is the grid's own and
 * whether it recurs; an actual cell says how many transactions it sums. A parent or a line below the tree has no
 * composition (null).
 */

import type { GridFigures } from './grid-figures';
import { cellKey, gridCellOf } from './grid-external-id';
import type { PlanGrid } from './grid-rows';

export interface ComposingBudget {
  id: number;
  name: string;
  externalId: string | null;
  cents: number;
  /** The grid's own budget of this cell. */
  own: boolean;
  recurring: boolean;
}

export interface CellComposition {
  categoryId: number;
  category: string;
  month: string;
  kind: 'plan' | 'actual';
  /** The cell's figure, cents. */
  cents: number;
  /** A plan cell: its budgets, the largest first. */
  budgets: ComposingBudget[];
  /** An actual cell: how many transactions it sums. */
  transactions: number;
}

/** The composition of the cell at the grid's row and month index, or null where the cell has none. */
export function cellComposition(grid: PlanGrid, figures: GridFigures, row: number, monthIndex: number): CellComposition | null {
  const line = grid.rows[row];
  const month = grid.months[monthIndex];
  if (line?.kind !== 'leaf' || line.categoryId === null || month === undefined) return null;
  const key = cellKey({ categoryId: line.categoryId, month });
  const base = { categoryId: line.categoryId, category: line.name, month, cents: line.values[monthIndex] ?? 0 };
  if (monthIndex < grid.firstPlanMonth) return { ...base, kind: 'actual', budgets: [], transactions: figures.bookings.get(key) ?? 0 };
  const budgets = (figures.parts.get(key) ?? []).map(({ budget, cents }) => {
    const cell = gridCellOf(budget.external_id);
    return {
      id: budget.id,
      name: budget.name,
      externalId: budget.external_id,
      cents,
      own: cell !== null && cellKey(cell) === key,
      recurring: budget.frequency !== '',
    };
  });
  budgets.sort((a, b) => Math.abs(b.cents) - Math.abs(a.cents) || a.id - b.id);
  return { ...base, kind: 'plan', budgets, transactions: 0 };
}
