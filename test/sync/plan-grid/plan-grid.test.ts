/**
 * The planning grid against the sandbox (#31): its figures (actuals from the transactions, plan from the budgets'
 * occurrences, the closing balance the service's forecast balance), and typed figures sent as the grid's own budgets:
 * each cell equals what was typed after a fresh read, other budgets untouched field by field, undo restores, a
 * scenario's grid writes to that scenario, a committed plan's grid takes no figure and says why.
 */

import type { CashflowClient, Category } from '../../../src/api';
import { translate } from '../../../src/i18n/translate';
import { addMonths, cellComposition, lastYearActuals, planGridEdits } from '../../../src/sync/plan-grid';
import type { BudgetTarget } from '../../../src/sync/push';
import { budgetsOf, clientFor, GridSession, NOW, startService, type Sandbox } from './grid-support';

let sandbox: Sandbox;
let client: CashflowClient;
let leaves: Category[];

beforeEach(async () => {
  sandbox = await startService({ transactions: 600, now: () => NOW });
  client = clientFor(sandbox, 'en');
  const categories = await client.categories.list();
  const parents = new Set(categories.map((c) => c.parent));
  leaves = categories.filter((c) => c.is_category && !parents.has(c.id) && !c.is_obsolete);
});
afterEach(() => sandbox.close());

const HORIZON = { from: '2026-08', months: 12 };
const forecast: BudgetTarget = { kind: 'forecast' };

function leaf(i = 0): number {
  const c = leaves[i];
  if (c === undefined) throw new Error('the demo company has leaf categories');
  return c.id;
}

describe('the planning grid', () => {
  it('shows actuals before this month, the plan from it, and the service forecast balance at each month end', async () => {
    const session = new GridSession(client, forecast, HORIZON);
    const { grid } = await session.build();
    expect(grid.months[0]).toBe('2026-08');
    expect(grid.months[grid.firstPlanMonth]).toBe('2026-11');
    const summary = await client.accounts.summary();
    const balance = grid.rows.find((r) => r.kind === 'balance');
    const at = (month: string): number | null | undefined => balance?.values[grid.months.indexOf(month)];
    const cents = (n: number | null): number | null => (n === null ? null : Math.round(n * 100));
    expect([at('2026-11'), at('2026-12'), at('2027-02')]).toEqual([
      cents(summary.current_month_balance),
      cents(summary.next_month_balance),
      cents(summary.in_3_months_balance),
    ]);
    // A past month's actuals are the service's sum of that category's transactions in that month.
    const row = grid.rows.find((r) => r.kind === 'leaf' && r.values.slice(0, grid.firstPlanMonth).some((v) => v !== 0));
    if (!row || row.categoryId === null) throw new Error('the demo company has transactions in a leaf');
    const month = grid.months.find((_, i) => i < grid.firstPlanMonth && row.values[i] !== 0) as string;
    const extended = await client.transactions.extendedPage({
      category: row.categoryId,
      value_date_year: Number(month.slice(0, 4)),
      value_date_month: Number(month.slice(5)),
    });
    expect(row.values[grid.months.indexOf(month)]).toBe(Math.round(extended.sum * 100));
    const figures = session.built?.figures;
    if (!figures) throw new Error('built');
    const actual = cellComposition(grid, figures, grid.rows.indexOf(row), grid.months.indexOf(month));
    expect([actual?.kind, actual?.transactions, actual?.budgets]).toEqual(['actual', extended.count, []]);
  });

  it('a grid that starts after this month carries the flows before it into its balances', async () => {
    const session = new GridSession(client, forecast, { from: '2027-01', months: 2 });
    const { grid } = await session.build();
    const summary = await client.accounts.summary();
    const balance = grid.rows.find((r) => r.kind === 'balance');
    expect(balance?.values[1]).toBe(Math.round((summary.in_3_months_balance ?? NaN) * 100));
  });

  it('sends typed figures as its own budgets: each cell equals the figure, other budgets untouched, undo restores', async () => {
    const session = new GridSession(client, forecast, HORIZON);
    const { grid } = await session.build();
    const months = ['2026-12', '2027-01', '2027-02'];
    // A category other budgets plan in those months: its own budgets must make up the difference, not the figure.
    const planned = grid.rows.find((r) => r.kind === 'leaf' && r.editable.some(Boolean) && r.values[grid.months.indexOf('2026-12')] !== 0);
    const category = planned?.categoryId ?? -1;
    const othersInDecember = session.cell(category, '2026-12') ?? 0;
    expect(othersInDecember).not.toBe(0);
    const before = await budgetsOf(client, forecast);
    const typed = [-1_234_56, 5_000_00, 0];
    const result = await session.send(months.map((month, i) => ({ categoryId: category, month, cents: typed[i] as number })));
    expect(result.push.rows.filter((r) => r.outcome !== 'landed')).toEqual([]);

    await session.build();
    expect(months.map((m) => session.cell(category, m))).toEqual(typed);
    const after = await budgetsOf(client, forecast);
    for (const [id, budget] of before) expect(after.get(id)).toEqual(budget);
    const own = [...after.values()].filter((b) => !before.has(b.id));
    for (const b of own) {
      expect(b.external_id).toMatch(new RegExp(`^grid-${category}-(2026-12|2027-01|2027-02)$`));
      expect([b.frequency, b.category.id]).toEqual(['', category]);
    }
    const december = own.find((b) => b.external_id === `grid-${category}-2026-12`);
    expect([december?.settlement_date, december?.amount]).toEqual(['2026-12-31', (-1_234_56 - othersInDecember) / 100]);

    // What makes up December: the others and the grid's own, summing to the figure.
    const built = session.built;
    if (!built) throw new Error('built');
    const rowIndex = built.grid.rows.findIndex((r) => r.kind === 'leaf' && r.categoryId === category);
    const composition = cellComposition(built.grid, built.figures, rowIndex, built.grid.months.indexOf('2026-12'));
    expect(composition?.kind).toBe('plan');
    expect(composition?.budgets.reduce((sum, b) => sum + b.cents, 0)).toBe(-1_234_56);
    expect(composition?.budgets.filter((b) => b.own).map((b) => [b.externalId, b.cents])).toEqual([
      [`grid-${category}-2026-12`, -1_234_56 - othersInDecember],
    ]);
    expect(composition?.budgets.some((b) => !b.own)).toBe(true);

    const undone = await session.undo();
    expect(undone.rows.map((r) => r.outcome)).toEqual(['restored', 'restored', 'restored'].slice(0, undone.rows.length));
    expect(undone.rows.length).toBeGreaterThanOrEqual(2);
    expect(await budgetsOf(client, forecast)).toEqual(before);
  });

  it('changes its own budget when a cell is typed again, and removes it when the cell is cleared', async () => {
    const session = new GridSession(client, forecast, HORIZON);
    await session.build();
    const category = leaf(1);
    await session.send([{ categoryId: category, month: '2027-03', cents: -800_00 }], 15);
    await session.build();
    const created = session.ownBudget(category, '2027-03');
    expect(created?.settlement_date).toBe('2027-03-15');
    await session.send([{ categoryId: category, month: '2027-03', cents: -900_00 }]);
    await session.build();
    expect(session.cell(category, '2027-03')).toBe(-900_00);
    expect(session.ownBudget(category, '2027-03')?.id).toBe(created?.id);
    const others = (session.cell(category, '2027-03') ?? 0) - (session.built?.figures.own.get(`${category}|2027-03`)?.cents ?? 0);
    await session.send([{ categoryId: category, month: '2027-03', cents: null }]);
    await session.build();
    expect(session.ownBudget(category, '2027-03')).toBeUndefined();
    expect(session.cell(category, '2027-03')).toBe(others);
  });

  it('a grid budget someone changed since the grid was built is a conflict, not overwritten', async () => {
    const session = new GridSession(client, forecast, HORIZON);
    await session.build();
    const category = leaf();
    await session.send([{ categoryId: category, month: '2027-01', cents: 100_00 }]);
    await session.build();
    const forecastPlan = (await client.plans.list()).find((p) => p.type === 'FORECAST');
    await client.planBudgets(forecastPlan?.id ?? -1).updateByExternalId(`grid-${category}-2027-01`, { amount: 42 });
    const result = await session.send([{ categoryId: category, month: '2027-01', cents: 200_00 }]);
    expect(result.push.rows.map((r) => r.outcome)).toEqual(['conflict']);
    const budget = [...(await budgetsOf(client, forecast)).values()].find((b) => b.external_id === `grid-${category}-2027-01`);
    expect(budget?.amount).toBe(42);
  });

  it("a scenario's grid writes to that scenario, the forecast unchanged", async () => {
    const scenario = (await client.plans.list()).find((p) => p.type === 'SCENARIO');
    if (!scenario) throw new Error('the demo company has scenarios');
    const target: BudgetTarget = { kind: 'scenario', scenarioId: scenario.id };
    const forecastBefore = await budgetsOf(client, forecast);
    const session = new GridSession(client, target, HORIZON);
    await session.build();
    await session.send([{ categoryId: leaf(), month: '2027-01', cents: -300_00 }]);
    await session.build();
    expect(session.cell(leaf(), '2027-01')).toBe(-300_00);
    expect([...(await budgetsOf(client, target)).values()].some((b) => b.external_id === `grid-${leaf()}-2027-01`)).toBe(true);
    expect(await budgetsOf(client, forecast)).toEqual(forecastBefore);
  });

  it("a committed plan's grid takes no figure and says why", async () => {
    const plan = [...sandbox.store.plans.values()].find((p) => p.type === 'FORECAST');
    if (!plan) throw new Error('the demo company has a forecast');
    plan.isCommitted = true;
    const session = new GridSession(client, forecast, HORIZON);
    const { grid, figures } = await session.build();
    expect(grid.readOnly).toBe('committed');
    expect(grid.rows.every((r) => r.editable.every((e) => !e))).toBe(true);
    const plan2 = planGridEdits(grid, figures, [{ categoryId: leaf(), month: '2027-01', cents: 1 }]);
    expect(plan2).toEqual({
      changes: [],
      unchanged: [],
      refused: [{ cell: { categoryId: leaf(), month: '2027-01' }, reason: 'committed' }],
    });
    expect(translate('de', `grid.refused.${plan2.refused[0]?.reason ?? 'noPlan'}`)).toMatch(/festgeschrieben/);
  });

  it("reads a category's actuals of the same months a year earlier", async () => {
    const session = new GridSession(client, forecast, HORIZON);
    const { grid } = await session.build();
    const row = grid.rows.find((r) => r.kind === 'leaf' && r.values.slice(0, grid.firstPlanMonth).some((v) => v !== 0));
    const category = row?.categoryId ?? -1;
    const months = [
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
    ];
    const got = await lastYearActuals(client, category, months);
    const want = await Promise.all(
      months.map(async (m) => {
        const [year, month] = addMonths(m, -12).split('-').map(Number);
        const page = await client.transactions.extendedPage({ category, value_date_year: year, value_date_month: month, page_size: 1 });
        return Math.round(page.sum * 100);
      }),
    );
    expect(got).toEqual(want);
    expect(got.some((c) => c !== 0)).toBe(true);
  });

  it('refuses a past month and a parent category, and sends nothing for them', async () => {
    const session = new GridSession(client, forecast, HORIZON);
    const { grid, figures } = await session.build();
    const parent = grid.rows.find((r) => r.kind === 'group');
    const past = addMonths('2026-11', -1);
    const plan = planGridEdits(grid, figures, [
      { categoryId: leaf(), month: past, cents: 1 },
      { categoryId: parent?.categoryId ?? -1, month: '2027-01', cents: 1 },
    ]);
    expect(plan.refused.map((r) => r.reason)).toEqual(['pastMonth', 'notPlannable']);
    expect(plan.changes).toEqual([]);
  });
});
