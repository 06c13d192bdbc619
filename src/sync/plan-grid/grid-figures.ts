/**
 * The figures of a planning grid (#31), from what `readGridSources` read, in cents: per leaf category and month the
 * actuals (transactions by value date) and the plan (every occurrence of the plan's budgets in the month, as
 * `budget-occurrences.ts` reads a budget), the grid's own budget of each cell (`grid-<category>-<month>`), the open
 * invoices expected in each month after today, and each month's closing balance: for a month that ended before
 * today, today's total less the transactions valued after its end; for the others, today's total plus the budgets'
 * occurrences and the open invoices after today up to its end — the service's forecast balance, read the same way
 * (test/sync/plan-grid/plan-grid.test.ts holds the two together: the grid's balance at each month end against the
 * sandbox's balance summary).
 */

import type { Budget, Invoice } from '../../api';
import { budgetOccurrences } from '../figures/budget-occurrences';
import type { BudgetTarget } from '../push/service-row';
import { cellKey, gridCellOf } from './grid-external-id';
import { gridMonths, lastDayOf, monthOf, type GridHorizon } from './grid-month';
import { planEndOf, type GridSources } from './grid-sources';

/** A grid budget of one cell and what it pays in its month. */
export interface OwnBudget {
  budget: Budget;
  cents: number;
}

export interface GridFigures {
  months: readonly string[];
  /** The month of today: months before it show actuals, it and the later ones the plan. */
  current: string;
  today: string;
  /** Leaf category id → cents per month (index of `months`). */
  actual: ReadonlyMap<number, readonly number[]>;
  /** Leaf category id → cents per month: every budget of the plan, the grid's own included. */
  planned: ReadonlyMap<number, readonly number[]>;
  /** `cellKey` → the grid's own budget of that cell. */
  own: ReadonlyMap<string, OwnBudget>;
  /** `cellKey` → every budget paying in that cell's month and what it pays there (what makes up a plan cell). */
  parts: ReadonlyMap<string, readonly OwnBudget[]>;
  /** `cellKey` → how many transactions make up an actual cell. */
  bookings: ReadonlyMap<string, number>;
  /** Open invoices expected after today, per month (0 in past months). */
  openInvoices: readonly number[];
  /** Closing balance per month. */
  balance: readonly number[];
}

const OPEN_DONE = new Set(['PD', 'CA']);

export const toCents = (amount: number): number => Math.sign(amount) * Math.round(Math.abs(amount) * 100);

/** Whether the budget counts in the target's plan: a scenario-only budget (`base` `S`) is not the forecast's. */
export function countsIn(budget: Pick<Budget, 'base'>, target: BudgetTarget): boolean {
  return target.kind === 'forecast' ? budget.base !== 'S' : budget.base !== 'F';
}

export function gridFigures(sources: GridSources, horizon: GridHorizon, today: string, target: BudgetTarget): GridFigures {
  const months = gridMonths(horizon);
  const index = new Map(months.map((m, i) => [m, i] as const));
  const empty = (): number[] => months.map(() => 0);
  const perCategory = (map: Map<number, number[]>, id: number): number[] => {
    const known = map.get(id);
    if (known) return known;
    const made = empty();
    map.set(id, made);
    return made;
  };

  const actual = new Map<number, number[]>();
  const bookings = new Map<string, number>();
  for (const t of sources.transactions) {
    const at = index.get(monthOf(t.value_date));
    if (at === undefined || t.value_date > today) continue;
    perCategory(actual, t.category.id)[at]! += toCents(t.reporting_amount);
    const key = cellKey({ categoryId: t.category.id, month: monthOf(t.value_date) });
    bookings.set(key, (bookings.get(key) ?? 0) + 1);
  }

  const first = `${months[0]}-01`;
  const last = lastDayOf(months[months.length - 1] as string);
  const afterToday = empty();
  /** Flows after today and before the grid's first month (a grid that starts later): its balances start with them. */
  let lead = 0;
  const planned = new Map<number, number[]>();
  const own = new Map<string, OwnBudget>();
  const parts = new Map<string, OwnBudget[]>();
  const planEnd = planEndOf(sources.plan);
  for (const budget of sources.budgets) {
    if (!countsIn(budget, target)) continue;
    const end = planEnd !== undefined && planEnd < budget.settlement_date ? budget.settlement_date : planEnd;
    const cell = gridCellOf(budget.external_id);
    for (const { date, cents } of budgetOccurrences(budget, { from: first < today ? first : today, to: last }, end)) {
      const at = index.get(monthOf(date));
      if (at === undefined) {
        // Between today and a grid that starts later: not a cell, but the balances carry it.
        if (date > today && date < first) lead += cents;
        continue;
      }
      if (date >= first) {
        perCategory(planned, budget.category.id)[at]! += cents;
        addPart(parts, cellKey({ categoryId: budget.category.id, month: monthOf(date) }), budget, cents);
      }
      if (date > today) afterToday[at]! += cents;
      if (cell !== null && cell.categoryId === budget.category.id && cell.month === monthOf(date)) {
        const key = cellKey(cell);
        own.set(key, { budget, cents: (own.get(key)?.cents ?? 0) + cents });
      }
    }
    if (cell !== null && !own.has(cellKey(cell)) && cell.categoryId === budget.category.id && index.has(cell.month))
      own.set(cellKey(cell), { budget, cents: 0 });
  }

  const openInvoices = openInvoicesByMonth(sources.invoices, index, months.length, today);
  for (const invoice of sources.invoices)
    if (isOpen(invoice) && invoice.expected_date > today && invoice.expected_date < first)
      lead += toCents(invoice.amount) - toCents(invoice.paid_amount);
  const current = monthOf(today);
  const balance = closingBalances(sources, months, today, afterToday, openInvoices, lead);
  return { months, current, today, actual, planned, own, parts, bookings, openInvoices, balance };
}

function addPart(parts: Map<string, OwnBudget[]>, key: string, budget: Budget, cents: number): void {
  const list = parts.get(key) ?? [];
  const known = list.find((p) => p.budget === budget);
  if (known) known.cents += cents;
  else list.push({ budget, cents });
  parts.set(key, list);
}

function isOpen(invoice: Invoice): boolean {
  return !OPEN_DONE.has(invoice.status) && !invoice.is_archived;
}

function openInvoicesByMonth(invoices: readonly Invoice[], index: ReadonlyMap<string, number>, count: number, today: string): number[] {
  const out = new Array<number>(count).fill(0);
  for (const invoice of invoices) {
    if (!isOpen(invoice) || invoice.expected_date <= today) continue;
    const at = index.get(monthOf(invoice.expected_date));
    if (at !== undefined) out[at]! += toCents(invoice.amount) - toCents(invoice.paid_amount);
  }
  return out;
}

function closingBalances(
  sources: GridSources,
  months: readonly string[],
  today: string,
  afterToday: readonly number[],
  openInvoices: readonly number[],
  lead: number,
): number[] {
  const total = toCents(sources.balance);
  let ahead = lead;
  return months.map((month, i) => {
    const end = lastDayOf(month);
    if (end < today) {
      let later = 0;
      for (const t of sources.transactions) if (t.value_date > end && t.value_date <= today) later += toCents(t.reporting_amount);
      return total - later;
    }
    ahead += (afterToday[i] ?? 0) + (openInvoices[i] ?? 0);
    return total + ahead;
  });
}
