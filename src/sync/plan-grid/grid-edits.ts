/**
 * What typed figures in a planning grid mean for the grid's own budgets (#31). A figure typed into a plan cell is the
 * total the user wants for that category and month; the grid keeps one budget of its own per cell
 * (`grid-<category>-<month>`, one-time, settled on the day the user set) and gives it the amount that makes the
 * cell's total equal the figure: the figure less what every other budget pays in that month. Other budgets are never
 * changed. A cleared cell removes the grid's own budget (the cell then shows what the others pay). A figure equal to
 * what the others pay leaves no own budget. A cell that takes no figure (a past month, a parent, a category that
 * cannot take budgets, a committed plan) refuses it and the reason is given for that cell.
 */

import { BUDGET_AMOUNT } from '../../api/amount';
import { cellKey, gridExternalId, type GridCellKey } from './grid-external-id';
import type { GridFigures } from './grid-figures';
import type { PlanGrid } from './grid-rows';

/** A cell the user typed into: the figure in cents, or null for a cleared cell. */
export interface GridEdit extends GridCellKey {
  cents: number | null;
}

export type GridChange =
  | { kind: 'create'; cell: GridCellKey; externalId: string; cents: number }
  | { kind: 'update'; cell: GridCellKey; externalId: string; budgetId: number; cents: number }
  | { kind: 'delete'; cell: GridCellKey; externalId: string; budgetId: number };

export type GridRefusal = 'committed' | 'noPlan' | 'pastMonth' | 'notPlannable' | 'outsideGrid' | 'tooLarge';

export interface GridEditPlan {
  changes: GridChange[];
  /** Cells whose figure cannot be planned, with why. Nothing is sent for them. */
  refused: { cell: GridCellKey; reason: GridRefusal }[];
  /** Cells whose figure the plan already holds: nothing to send. */
  unchanged: GridCellKey[];
}

const MAX_CENTS = 10 ** BUDGET_AMOUNT.maxDigits! - 1;

export function planGridEdits(grid: PlanGrid, figures: GridFigures, edits: readonly GridEdit[]): GridEditPlan {
  const out: GridEditPlan = { changes: [], refused: [], unchanged: [] };
  const leaves = new Map(grid.rows.filter((r) => r.kind === 'leaf').map((r) => [r.categoryId, r] as const));
  const groups = new Set(grid.rows.filter((r) => r.kind === 'group').map((r) => r.categoryId));
  const seen = new Set<string>();
  for (const edit of edits) {
    const cell: GridCellKey = { categoryId: edit.categoryId, month: edit.month };
    if (seen.has(cellKey(cell))) throw new RangeError(`The cell ${cellKey(cell)} is edited twice.`);
    seen.add(cellKey(cell));
    const refusal =
      grid.readOnly ?? (groups.has(cell.categoryId) ? 'notPlannable' : refusalOf(grid, leaves.get(cell.categoryId)?.editable, cell));
    if (refusal !== null) out.refused.push({ cell, reason: refusal });
    else settle(out, figures, cell, edit.cents);
  }
  return out;
}

function refusalOf(grid: PlanGrid, editable: readonly boolean[] | undefined, cell: GridCellKey): GridRefusal | null {
  if (grid.readOnly !== null) return grid.readOnly;
  const at = grid.months.indexOf(cell.month);
  if (at < 0 || editable === undefined) return 'outsideGrid';
  if (at < grid.firstPlanMonth) return 'pastMonth';
  return editable[at] === true ? null : 'notPlannable';
}

function settle(out: GridEditPlan, figures: GridFigures, cell: GridCellKey, typed: number | null): void {
  const at = figures.months.indexOf(cell.month);
  const planned = figures.planned.get(cell.categoryId)?.[at] ?? 0;
  const own = figures.own.get(cellKey(cell));
  const others = planned - (own?.cents ?? 0);
  const externalId = gridExternalId(cell);
  const wanted = typed === null ? 0 : typed - others;
  if (typed !== null && Math.abs(wanted) > MAX_CENTS) {
    out.refused.push({ cell, reason: 'tooLarge' });
  } else if (own === undefined) {
    if (wanted === 0) out.unchanged.push(cell);
    else out.changes.push({ kind: 'create', cell, externalId, cents: wanted });
  } else if (wanted === 0) {
    out.changes.push({ kind: 'delete', cell, externalId, budgetId: own.budget.id });
  } else if (wanted === own.cents && own.budget.frequency === '') {
    out.unchanged.push(cell);
  } else {
    out.changes.push({ kind: 'update', cell, externalId, budgetId: own.budget.id, cents: wanted });
  }
}
