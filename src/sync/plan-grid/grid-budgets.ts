/**
 * The grid's own budgets as a budget table the push knows (#31): `PlanGrid` for the forecast,
 * `Scenario_<id>_PlanGrid` for a scenario, the budget columns, its rows the grid's own budgets only. The grid sends
 * through the budget writer over this table (send-grid.ts): the same checks, conflicts, journal and undo as a
 * budget table's push; the baseline the grid stores when it is built is what a send compares with.
 */

import type { Budget } from '../../api';
import { baselineOf, type BaselineStore } from '../push/baseline';
import type { BaselineRow } from '../push/diff';
import type { BudgetTarget } from '../push/service-row';
import { BUDGET_COLUMNS } from '../tables/budgets-table';
import { columnIndex, toRow, type TableModel } from '../tables/table-model';
import type { Lookups } from '../tables/lookups';
import type { CoreValue } from '../workbook-port';
import type { GridFigures } from './grid-figures';
import { gridSettlementDate, type SettlementDay } from './grid-month';

export function gridBudgetsTable(target: BudgetTarget): TableModel<Budget> {
  const forecast = target.kind === 'forecast';
  return {
    tableName: forecast ? 'PlanGrid' : `Scenario_${target.scenarioId}_PlanGrid`,
    sheetName: forecast ? 'Plan' : `Scenario ${target.scenarioId} plan`,
    keyColumn: 'id',
    readOnly: false,
    needs: ['categories', 'accounts'],
    columns: BUDGET_COLUMNS,
  };
}

/** The grid's own budgets of the figures as rows of the table, in the order of their cells. */
export function ownBudgetRows(model: TableModel<Budget>, figures: GridFigures, lookups: Lookups): CoreValue[][] {
  const budgets = new Map<number, Budget>();
  for (const { budget } of figures.own.values()) budgets.set(budget.id, budget);
  return [...budgets.values()].map((b) => toRow(model, b, lookups));
}

/** Stores what the grid's own budgets are on the service as the grid is built: what its next send compares with. */
export async function storeGridBaseline(
  store: BaselineStore,
  model: TableModel<Budget>,
  figures: GridFigures,
  lookups: Lookups,
): Promise<BaselineRow[]> {
  const rows = baselineOf(model, ownBudgetRows(model, figures, lookups));
  await store.write(model.tableName, rows);
  return rows;
}

export interface NewGridBudget {
  externalId: string;
  name: string;
  categoryId: number;
  month: string;
  cents: number;
  day: SettlementDay;
  /** Today: a figure for the current month is settled after it (`gridSettlementDate`). */
  today: string;
}

/** The row of a grid budget to create: one-time, settled on the day set in its month (after today in the current month), the amount in cents as the figure. */
export function newGridBudgetRow(model: TableModel<Budget>, budget: NewGridBudget, lookups: Lookups): CoreValue[] {
  const row = new Array<CoreValue>(model.columns.length).fill(null);
  const set = (key: string, value: CoreValue): void => {
    row[columnIndex(model, key)] = value;
  };
  set('external_id', budget.externalId);
  set('name', budget.name);
  set('category_id', budget.categoryId);
  set('category_path', lookups.categoryPath(budget.categoryId));
  set('settlement_date', gridSettlementDate(budget.month, budget.day, budget.today));
  set('amount', budget.cents / 100);
  set('frequency', '');
  return row;
}
