/**
 * The grid's flows over a Plan sheet (#31): build writes the cells and the layout, typed cells are read back as edits,
 * sent, and the sheet rebuilt from the service shows them; a figure that did not land (text that is no amount, a past
 * month, a refused write, a parent's cell, a computed row or Total) stays in its cell with why; a grid whose rows were
 * changed is not read.
 */

import type { CashflowClient } from '../../../src/api';
import {
  buildPlanGrid,
  GRID_TOTAL,
  GridLayoutChangedError,
  MemoryPlanSheet,
  NoGridError,
  sendPlanGrid,
  type PlanGridContext,
} from '../../../src/sync/plan-grid';
import { MemoryBaselineStore, MemoryPushJournal, type BudgetTarget } from '../../../src/sync/push';
import { recordingFetch } from '../figures/../push/push-support';
import { budgetsOf, clientFor, NOW, startService, TODAY, type Sandbox } from './grid-support';

let sandbox: Sandbox;
let client: CashflowClient;
let hook: ReturnType<typeof recordingFetch>['hook'];
let sent: ReturnType<typeof recordingFetch>['sent'];
let sheet: MemoryPlanSheet;
let context: PlanGridContext & { journal: MemoryPushJournal };
const forecast: BudgetTarget = { kind: 'forecast' };
const spec = { target: forecast, horizon: { from: '2026-09', months: 6 }, day: 'last' as const };

beforeEach(async () => {
  sandbox = await startService({ transactions: 300, now: () => NOW });
  const recording = recordingFetch();
  hook = recording.hook;
  sent = recording.sent;
  client = clientFor(sandbox, 'en', recording.fetch);
  sheet = new MemoryPlanSheet();
  context = { client, port: sheet, baselines: new MemoryBaselineStore(), journal: new MemoryPushJournal(), language: 'en', today: TODAY };
});
afterEach(() => sandbox.close());

async function plannableLeaf(): Promise<number> {
  const built = await buildPlanGrid(context, spec);
  const row = built.grid.rows.find((r) => r.kind === 'leaf' && r.editable.some(Boolean));
  if (!row?.categoryId) throw new Error('the demo company has a plannable leaf');
  return row.categoryId;
}

describe('the Plan sheet flows', () => {
  it('costs the period’s pages and the lookups, whatever the number of cells', async () => {
    const wide = { ...spec, horizon: { from: '2025-12', months: 24 } };
    const pages = (count: number): number => Math.max(1, Math.ceil(count / 1000));
    const transactions = await client.transactions.extendedPage({ min_date: '2025-12-01', max_date: TODAY, page_size: 1 });
    // Only the unpaid invoices can be open: the paid ones are not read.
    const invoices = await client.invoices.page({ page_size: 1, paid: false });
    const budgets = await client.forecastBudgets.page({ page_size: 1 });
    const before = sent.length;
    const built = await buildPlanGrid(context, wide);
    const reads = sent.slice(before).filter((r) => !r.path.endsWith('/auth/token/'));
    expect(built.grid.rows.length * built.grid.months.length).toBeGreaterThan(400);
    expect(reads.every((r) => r.method === 'GET')).toBe(true);
    expect(reads.filter((r) => r.path.startsWith('/invoices/')).every((r) => r.query.get('paid') === 'false')).toBe(true);
    const byPath = (prefix: string): number => reads.filter((r) => r.path.startsWith(prefix)).length;
    expect({
      categories: byPath('/categories/'),
      plans: byPath('/plans/'),
      accounts: byPath('/accounts/'),
      transactions: byPath('/transactions/'),
      invoices: byPath('/invoices/'),
      budgets: byPath('/forecast/budgets/'),
      all: reads.length,
    }).toEqual({
      categories: 1,
      plans: 1,
      accounts: 1,
      transactions: pages(transactions.count),
      invoices: pages(invoices.count),
      budgets: pages(budgets.count),
      all: 3 + pages(transactions.count) + pages(invoices.count) + pages(budgets.count),
    });
  });

  it('writes the grid, reads typed cells back as edits, sends them and shows them after a fresh build', async () => {
    const category = await plannableLeaf();
    expect(sheet.header.slice(0, 3)).toEqual(['Category', '2026-09', '2026-10']);
    sheet.type(category, '2026-12', -1500);
    sheet.type(category, '2027-01', '-2,000.50');
    sheet.type(category, '2027-02', 750.25);
    const sent = await sendPlanGrid(context, forecast);
    expect(sent.kept).toEqual([]);
    expect(sent.landed).toBeGreaterThanOrEqual(3);
    expect(['2026-12', '2027-01', '2027-02'].map((m) => sheet.cell(category, m))).toEqual([-1500, -2000.5, 750.25]);
    // Built again from the service alone: the same figures.
    const again = new MemoryPlanSheet();
    await buildPlanGrid({ ...context, port: again }, spec);
    expect(['2026-12', '2027-01', '2027-02'].map((m) => again.cell(category, m))).toEqual([-1500, -2000.5, 750.25]);
    expect((await context.journal.summaries())[0]).toMatchObject({ tableName: 'PlanGrid', landed: 3 });
  });

  it("a figure typed again over the grid's own budget someone made recurring: it becomes that month's one figure again", async () => {
    const category = await plannableLeaf();
    sheet.type(category, '2027-01', -1500);
    await sendPlanGrid(context, forecast);
    const plans = await client.plans.list();
    const forecastPlan = plans.find((p) => p.type === 'FORECAST');
    if (forecastPlan === undefined) throw new Error('the demo company has a forecast');
    const externalId = `grid-${category}-2027-01`;
    // Another user makes the grid's budget monthly and moves it to the 5th: it now counts in every month after it.
    const february = sheet.cell(category, '2027-02');
    await client.planBudgets(forecastPlan.id).updateByExternalId(externalId, { frequency: 'monthly', settlement_date: '2027-01-05' });
    await buildPlanGrid(context, spec);
    expect(sheet.cell(category, '2027-02')).not.toBe(february);
    sheet.type(category, '2027-01', -2000);
    await sendPlanGrid(context, forecast);
    // One-time again, on the grid's day of January; February as it was before.
    const budget = await client.forecastBudgets.getByExternalId(externalId);
    expect(budget).toMatchObject({ frequency: '', settlement_date: '2027-01-31' });
    const again = new MemoryPlanSheet();
    await buildPlanGrid({ ...context, port: again }, spec);
    expect([again.cell(category, '2027-01'), again.cell(category, '2027-02')]).toEqual([-2000, february]);
  });

  it("a figure for the current month on a day already past is settled after today: the month's balance moves with it", async () => {
    const fifteenth = { ...spec, day: 15 as const };
    const category = await plannableLeaf();
    await buildPlanGrid(context, fifteenth);
    const [planned, balance] = [sheet.cell(category, '2026-11'), sheet.cell('balance', '2026-11')];
    sheet.type(category, '2026-11', Number(planned) - 1000);
    await sendPlanGrid(context, forecast);
    const budget = await client.forecastBudgets.getByExternalId(`grid-${category}-2026-11`);
    expect(budget.settlement_date).toBe('2026-11-27');
    const again = new MemoryPlanSheet();
    await buildPlanGrid({ ...context, port: again }, fifteenth);
    expect(again.cell(category, '2026-11')).toBe(Number(planned) - 1000);
    expect(again.cell('balance', '2026-11')).toBeCloseTo(Number(balance) - 1000, 2);
  });

  it('keeps a figure that is no amount, one in a past month, and one the service refused, each with why', async () => {
    const category = await plannableLeaf();
    const before = await budgetsOf(client, forecast);
    const october = sheet.cell(category, '2026-10');
    sheet.type(category, '2026-12', 'lots');
    sheet.type(category, '2026-10', -10);
    sheet.type(category, '2027-01', -20);
    hook.current = async (request) =>
      request.method === 'POST' && request.path.includes('budgets')
        ? Response.json({ amount: ['Ensure that there are no more than 12 digits in total.'] }, { status: 400 })
        : undefined;
    const sent = await sendPlanGrid(context, forecast);
    hook.current = undefined;
    expect(sent.kept.map((k) => [k.month, k.typed])).toEqual([
      ['2026-12', 'lots'],
      ['2026-10', -10],
      ['2027-01', -20],
    ]);
    expect(sent.kept.map((k) => k.message)).toEqual([
      expect.stringMatching(/“lots” is not an amount/),
      expect.stringMatching(/past month/),
      expect.stringMatching(/12 digits/),
    ]);
    expect(['2026-12', '2026-10', '2027-01'].map((m) => sheet.cell(category, m))).toEqual(['lots', -10, -20]);
    expect(await budgetsOf(client, forecast)).toEqual(before);
    // Still edits: sent again once the service takes them.
    sheet.type(category, '2026-12', null);
    sheet.type(category, '2026-10', october);
    const again = await sendPlanGrid(context, forecast);
    expect([again.landed, again.kept]).toEqual([1, []]);
    expect(sheet.cell(category, '2027-01')).toBe(-20);
  });

  it('keeps a figure typed into a parent, a computed row or a Total in its cell with why; emptied, they are nothing typed', async () => {
    const built = await buildPlanGrid(context, spec);
    const group = built.grid.rows.find((r) => r.kind === 'group');
    const leaf = built.grid.rows.find((r) => r.kind === 'leaf' && r.editable.some(Boolean));
    if (!group?.categoryId || !leaf?.categoryId) throw new Error('the demo company has parents and plannable leaves');
    const before = await budgetsOf(client, forecast);
    const written = {
      subtotal: sheet.cell(group.categoryId, '2026-12'),
      balance: sheet.cell('balance', '2027-01'),
      total: sheet.cell(leaf.categoryId, GRID_TOTAL),
    };
    sheet.type(group.categoryId, '2026-12', 500);
    sheet.type('balance', '2027-01', 'about 90k');
    sheet.type(leaf.categoryId, GRID_TOTAL, 12_000);
    sheet.type('openInvoices', '2026-10', null); // an emptied computed cell: nothing typed

    const sent = await sendPlanGrid(context, forecast);
    expect(sent.kept.map((k) => [k.label, k.line, k.month, k.typed])).toEqual([
      [leaf.name, undefined, GRID_TOTAL, 12_000],
      ['Closing balance', 'balance', '2027-01', 'about 90k'],
      [group.name, undefined, '2026-12', 500],
    ]);
    expect(sent.kept.map((k) => k.message)).toEqual([
      expect.stringMatching(/^The total is computed/),
      expect.stringMatching(/^This row is computed/),
      expect.stringMatching(/takes no budgets/),
    ]);
    expect([sheet.cell(group.categoryId, '2026-12'), sheet.cell('balance', '2027-01'), sheet.cell(leaf.categoryId, GRID_TOTAL)]).toEqual([
      500,
      'about 90k',
      12_000,
    ]);
    expect(await budgetsOf(client, forecast)).toEqual(before);

    // Emptied, a parent's subtotal and the computed cells are nothing typed: nothing kept, the figures written back.
    sheet.type(group.categoryId, '2026-12', null);
    sheet.type('balance', '2027-01', '');
    sheet.type(leaf.categoryId, GRID_TOTAL, null);
    const again = await sendPlanGrid(context, forecast);
    expect([again.push, again.kept]).toEqual([undefined, []]);
    expect([sheet.cell(group.categoryId, '2026-12'), sheet.cell('balance', '2027-01'), sheet.cell(leaf.categoryId, GRID_TOTAL)]).toEqual([
      written.subtotal,
      written.balance,
      written.total,
    ]);
  });

  it('does not read a grid whose rows were moved, nor a workbook without a grid', async () => {
    await expect(sendPlanGrid(context, forecast)).rejects.toThrow(NoGridError);
    await plannableLeaf();
    sheet.body.reverse();
    await expect(sendPlanGrid(context, forecast)).rejects.toThrow(GridLayoutChangedError);
  });
});
