/**
 * Part of `npm run bench functions` (#31): a 40 × 24 plan-vs-actual grid, each of 40 categories over the 24 months of
 * last year and this year with `CASHFLOW.ACTUALS` and `CASHFLOW.PLANNED` in every month (1,920 cells), through the
 * figure engine as the pane runs it; and the planning grid (Data › Plan grid) over the same 24 months. Both must cost
 * the period's pages and the lookups, not a request per cell: the transactions of the 24 months in pages of 1000, the
 * forecast's budget pages (PLANNED: the one-time budgets' list and the recurring ones; the grid: every budget once),
 * and the lookups (token, categories, plans; the grid also the invoices and the balance summary).
 */

import type { CashflowClient } from '../src/api';
import { FigureEngine } from '../src/sync/figures';
import { buildPlanGrid, MemoryPlanSheet } from '../src/sync/plan-grid';
import { MemoryBaselineStore } from '../src/sync/push';
import type { ResultRow } from './results';

export interface PlanVsActualInput {
  /** A client per measured run, its fetch counting requests into the map. */
  client(counts: Map<string, number>): CashflowClient;
  reference: CashflowClient;
  categories: readonly (number | string)[];
  year: number;
}

const sum = (counts: Map<string, number>): number => [...counts.values()].reduce((a, b) => a + b, 0);
const pagesOf = (count: number): number => Math.max(1, Math.ceil(count / 1000));

export async function planVsActual(input: PlanVsActualInput): Promise<ResultRow[]> {
  const { reference, year } = input;
  const from = `${year - 1}-01-01`;
  const to = `${year}-12-31`;
  const months = Array.from({ length: 24 }, (_, i) => {
    const y = year - 1 + Math.floor(i / 12);
    const m = (i % 12) + 1;
    return { from: `${y}-${String(m).padStart(2, '0')}-01`, to: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
  });
  const period = await reference.transactions.extendedPage({ min_date: from, max_date: to, page: 1, page_size: 1 });
  const budgets = await reference.forecastBudgets.page({ page: 1, page_size: 1 });
  const invoices = await reference.invoices.page({ page: 1, page_size: 1 });
  const txPages = pagesOf(period.count);
  const budgetPages = pagesOf(budgets.count);

  const counts = new Map<string, number>();
  const engine = new FigureEngine(input.client(counts));
  const started = performance.now();
  const cells = input.categories.flatMap((category) =>
    months.flatMap((m) => [engine.actuals(category, m.from, m.to), engine.planned(category, m.from, m.to)]),
  );
  await Promise.all(cells);
  const ms = performance.now() - started;
  // The transactions' pages, the one-time budgets' list and the recurring ones' pages, token, categories, plans.
  const functionsTarget = txPages + 2 * budgetPages + 3;

  const gridCounts = new Map<string, number>();
  const today = new Date().toISOString().slice(0, 10);
  const gridStarted = performance.now();
  const built = await buildPlanGrid(
    { client: input.client(gridCounts), port: new MemoryPlanSheet(), baselines: new MemoryBaselineStore(), language: 'en', today },
    { target: { kind: 'forecast' }, horizon: { from: `${year - 1}-01`, months: 24 }, day: 'last' },
  );
  const gridMs = performance.now() - gridStarted;
  const pastPages = pagesOf((await reference.transactions.extendedPage({ min_date: from, max_date: today, page: 1, page_size: 1 })).count);
  // The past months' transactions, every budget once, the invoices, token, categories, plans, balance summary.
  const gridTarget = pastPages + budgetPages + pagesOf(invoices.count) + 4;
  const gridCells = built.grid.rows.length * built.grid.months.length;

  console.log(
    `\nPlan vs actual: ${input.categories.length} categories × 24 months (${from} – ${to}), ACTUALS and PLANNED = ${cells.length} cells`,
  );
  console.log(
    `  ${sum(counts)} requests (${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}), ${(ms / 1000).toFixed(2)} s; target ≤ ${functionsTarget}`,
  );
  console.log(`Plan grid (Data › Plan grid): ${built.grid.rows.length} rows × 24 months = ${gridCells} cells`);
  console.log(
    `  ${sum(gridCounts)} requests (${[...gridCounts].map(([k, n]) => `${k} ${n}`).join(', ')}), ${(gridMs / 1000).toFixed(2)} s; target ≤ ${gridTarget}`,
  );
  return [
    {
      measure: `plan vs actual, ${input.categories.length} × 24 months, ACTUALS and PLANNED (${cells.length} cells): HTTP requests`,
      ours: String(sum(counts)),
      baseline: `${txPages} transaction pages + ${budgetPages}×2 budget pages + 3 lookups`,
      ratio: '–',
      target: `≤ ${functionsTarget}`,
      holds: sum(counts) <= functionsTarget,
    },
    {
      measure: `the planning grid, ${built.grid.rows.length} rows × 24 months (${gridCells} cells): HTTP requests`,
      ours: String(sum(gridCounts)),
      baseline: `${pastPages} transaction pages + ${budgetPages} budget pages + ${pagesOf(invoices.count)} invoice pages + 4 lookups`,
      ratio: '–',
      target: `≤ ${gridTarget}`,
      holds: sum(gridCounts) <= gridTarget,
    },
  ];
}
