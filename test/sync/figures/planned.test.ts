/**
 * PLANNED against the sandbox: the figures equal what the plan's budgets pay in the range (#31) — the budget list's own
 * total (`sum`, and `results.total`) of the one-time budgets settled in it, plus every payment of the recurring ones in
 * it as the sandbox's own reading counts them (`src/sandbox/budget-series.ts`) — of the forecast and of a scenario by
 * name or id, and a grid costs no more than paging the plan's budgets once and its recurring ones once (counted with a
 * recording `fetch`; the reference figures come through a separate client).
 */

import type { CashflowClient, Category, Plan } from '../../../src/api';
import {
  categoriesByPath,
  cents,
  clientFor,
  figureHarness,
  mappableLeaves,
  monthEnd,
  monthStart,
  servicePlanned,
  startService,
  type Sandbox,
} from './support';
import { runBounded } from '../../../src/sync/bounded-pool';

let sandbox: Sandbox;
let reference: CashflowClient;
let categories: Category[];
let byPath: Map<string, Category>;
let best: Plan;
let worst: Plan;
/** The year most forecast budgets settle in: the next calendar year. */
const YEAR = new Date().getUTCFullYear() + 1;
const YEAR_FROM = `${YEAR}-01-01`;
const YEAR_TO = `${YEAR}-12-31`;
const FORECAST = '/forecast/budgets/';
/** Budgets added to the forecast so that it spans two pages of 1000. */
const ADDED = 1100;

beforeAll(async () => {
  sandbox = await startService({ transactions: 500 });
  reference = clientFor(sandbox, 'en');
  ({ list: categories, byPath } = await categoriesByPath(reference));
  const plans = await reference.plans.list();
  const scenario = (name: string) => plans.find((p) => p.type === 'SCENARIO' && p.name === name) as Plan;
  best = scenario('Szenario Best Case');
  worst = scenario('Szenario Worst Case');
  const leaves = mappableLeaves(categories);
  await runBounded(
    Array.from({ length: ADDED }, (_, i) => i),
    16,
    (i) =>
      reference.forecastBudgets.create({
        name: `Einzelposten ${i}`,
        category: (leaves[i % leaves.length] as Category).id,
        settlement_date: new Date(Date.UTC(YEAR, 0, 1 + (i % 365))).toISOString().slice(0, 10),
        amount: ((i % 7) - 3) * 100 + i / 100,
      }),
  );
}, 60_000);

afterAll(async () => {
  await sandbox.close();
});

function category(path: string): Category {
  const found = byPath.get(path);
  if (!found) throw new Error(`no category ${path}`);
  return found;
}

describe('PLANNED', () => {
  test("equals what the budgets pay in the range (one-time ones by the list's total, recurring ones every time): forecast and scenarios, leaves and parents, by name and by id", async () => {
    const h = figureHarness(sandbox);
    const cases = [
      { category: category('Ausgaben').id, from: YEAR_FROM, to: YEAR_TO, plan: 'forecast' as const, scenario: undefined },
      { category: category('Einnahmen').id, from: `${YEAR}-03-01`, to: `${YEAR}-03-31`, plan: 'forecast' as const, scenario: 'Forecast' },
      {
        category: category('Ausgaben › Personal').id,
        from: `${YEAR - 1}-01-01`,
        to: `${YEAR + 1}-12-31`,
        plan: best.id,
        scenario: best.name,
      },
      { category: category('Ausgaben').id, from: `${YEAR - 1}-01-01`, to: `${YEAR + 1}-12-31`, plan: worst.id, scenario: worst.id },
      {
        category: category('Ausgaben').id,
        from: `${YEAR - 1}-01-01`,
        to: `${YEAR + 1}-12-31`,
        plan: best.id,
        scenario: `  ${best.name.toUpperCase()} `,
      },
      { category: category('Einnahmen').id, from: '2001-01-01', to: '2001-12-31', plan: 'forecast' as const, scenario: null }, // nothing planned: 0
    ];
    const figures = await Promise.all(cases.map((c) => h.engine.planned(c.category, c.from, c.to, c.scenario)));
    for (const [i, c] of cases.entries()) {
      expect(cents(figures[i] ?? NaN)).toBe(
        await servicePlanned(reference, sandbox, c.plan, { category: c.category, min_date: c.from, max_date: c.to }),
      );
    }
    expect(figures[5]).toBe(0);
    expect(figures.slice(0, 4).every((f) => f !== 0)).toBe(true); // the cases plan something, or they prove little
    // The scenario list is its own budgets only: a scenario's figure is not the forecast's.
    expect(figures[4]).not.toBe(await h.engine.planned(category('Ausgaben').id, `${YEAR - 1}-01-01`, `${YEAR + 1}-12-31`));
  });

  test("a single cell costs one request of one row to its plan's list and one page of its recurring budgets, plus the categories (and the plans for a scenario)", async () => {
    const h = figureHarness(sandbox);
    await h.engine.planned('Ausgaben › Personal', YEAR_FROM, YEAR_TO, best.name);
    expect(
      h
        .calls()
        .map((s) => s.path)
        .sort(),
    ).toEqual(['/categories/', '/plans/', `/scenarios/${best.id}/budgets/`, `/scenarios/${best.id}/budgets/`]);
    const [oneTime, recurring] = [false, true].map((r) => h.requestsTo('/scenarios/').find((s) => s.query.get('recurrent') === String(r)));
    expect(oneTime?.query.get('page_size')).toBe('1');
    expect([recurring?.query.get('max_date'), recurring?.query.get('min_date')]).toEqual([YEAR_TO, null]);
    h.reset();
    await h.engine.planned('Ausgaben', YEAR_FROM, YEAR_TO);
    expect(h.calls().map((s) => s.path)).toEqual([FORECAST, FORECAST]); // the categories still fresh
  });

  test("a 12-month × all-categories grid costs no more than paging the forecast's budgets once and its recurring ones once", async () => {
    const h = figureHarness(sandbox);
    const whole = await reference.forecastBudgets.page({ page: 1, page_size: 1 });
    const planPages = Math.ceil(whole.count / 1000);
    expect(planPages).toBeGreaterThanOrEqual(2); // several pages, or the target proves nothing
    const cells: { category: number; from: string; to: string; figure: Promise<number> }[] = [];
    for (let month = 1; month <= 12; month += 1) {
      for (const c of categories) {
        const from = monthStart(YEAR, month);
        const to = monthEnd(YEAR, month);
        cells.push({ category: c.id, from, to, figure: h.engine.planned(c.id, from, to) });
      }
    }
    const figures = await Promise.all(cells.map((c) => c.figure));
    const recurringPages = Math.ceil(
      (await reference.forecastBudgets.page({ recurrent: true, max_date: YEAR_TO, page: 1, page_size: 1 })).count / 1000,
    );
    expect(h.requestsTo(FORECAST).length).toBeLessThanOrEqual(planPages + recurringPages);
    expect(h.requestsTo(FORECAST).every((s) => s.query.get('page_size') === '1000')).toBe(true);
    expect(
      h
        .calls()
        .map((s) => s.path)
        .filter((p) => p !== FORECAST),
    ).toEqual(['/categories/']);
    expect(h.plans).toHaveLength(1);
    expect(h.plans[0]).toMatchObject({ list: FORECAST, calls: cells.length, plan: 'pages' });
    for (const [i, cell] of cells.entries()) {
      expect(cents(figures[i] ?? NaN)).toBe(
        await servicePlanned(reference, sandbox, 'forecast', { category: cell.category, min_date: cell.from, max_date: cell.to }),
      );
    }
    expect(figures.filter((f) => f !== 0).length).toBeGreaterThan(100);
  });

  test('the same call 10 times in a tick is one request and one page of recurring budgets; forecast and scenario calls are served per plan', async () => {
    const h = figureHarness(sandbox);
    const same = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.engine.planned(i % 2 === 0 ? 'Ausgaben' : category('Ausgaben').id, YEAR_FROM, YEAR_TO, i % 3 === 0 ? null : ''),
      ),
    );
    expect(new Set(same).size).toBe(1);
    expect(h.requestsTo(FORECAST)).toHaveLength(2);
    h.reset();
    const mixed = await Promise.all([
      h.engine.planned('Ausgaben', `${YEAR}-02-01`, `${YEAR}-02-28`),
      h.engine.planned('Ausgaben', `${YEAR}-02-01`, `${YEAR}-02-28`, best.id),
      h.engine.planned('Ausgaben', `${YEAR}-02-01`, `${YEAR}-02-28`, String(best.id)),
    ]);
    expect(mixed[1]).toBe(mixed[2]);
    expect(
      h
        .calls()
        .map((s) => s.path)
        .sort(),
    ).toEqual([FORECAST, FORECAST, '/plans/', `/scenarios/${best.id}/budgets/`, `/scenarios/${best.id}/budgets/`]);
    expect(h.plans.map((p) => p.list).sort()).toEqual([FORECAST, `/scenarios/${best.id}/budgets/`]);
  });

  test('cached within the TTL; invalidate() forgets the figures and the plans', async () => {
    let now = 5_000_000;
    const h = figureHarness(sandbox, { now: () => now, cacheTtlMs: 60_000 });
    const ask = () => h.engine.planned('Einnahmen', YEAR_FROM, YEAR_TO, best.name);
    const figure = await ask();
    now += 30_000;
    h.reset();
    expect(await ask()).toBe(figure);
    expect(h.calls()).toHaveLength(0);
    h.engine.invalidate();
    expect(await ask()).toBe(figure);
    expect(
      h
        .calls()
        .map((s) => s.path)
        .sort(),
    ).toEqual(['/categories/', '/plans/', `/scenarios/${best.id}/budgets/`, `/scenarios/${best.id}/budgets/`]);
  });
});
