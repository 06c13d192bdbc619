/**
 * ACTUALS against the sandbox: the figures equal the service's own `/transactions/extended/` `sum` for the same
 * filters, and the requests stay within the batching target (counted with a recording `fetch`).
 */

import type { CashflowClient, Category } from '../../../src/api';
import {
  categoriesByPath,
  cents,
  clientFor,
  figureHarness,
  monthEnd,
  monthStart,
  serviceSum,
  startService,
  TRANSACTIONS,
  type Sandbox,
} from './support';

const serial = (date: string): number => (Date.parse(`${date}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

let sandbox: Sandbox;
let reference: CashflowClient;
let categories: Category[];
let byPath: Map<string, Category>;
/** The last full calendar year of the demo data (three years up to today). */
const YEAR = new Date().getUTCFullYear() - 1;
const YEAR_FROM = `${YEAR}-01-01`;
const YEAR_TO = `${YEAR}-12-31`;
const LIST = '/transactions/extended/';

beforeAll(async () => {
  sandbox = await startService({ transactions: TRANSACTIONS });
  reference = clientFor(sandbox, 'en');
  ({ list: categories, byPath } = await categoriesByPath(reference));
});

afterAll(async () => {
  await sandbox.close();
});

function category(path: string): Category {
  const found = byPath.get(path);
  if (!found) throw new Error(`no category ${path}`);
  return found;
}

describe('ACTUALS', () => {
  test("equals the service's sum for the same filters: leaves, a parent with subcategories, an account, a range", async () => {
    const h = figureHarness(sandbox);
    const accounts = (await reference.accounts.summary()).accounts;
    const account = accounts.find((a) => a.transaction_count > 0) ?? accounts[0];
    if (!account) throw new Error('no account');
    const personal = category('Ausgaben › Personal');
    expect(categories.some((c) => c.parent === personal.id)).toBe(true);
    const cases = [
      { category: personal.id, from: YEAR_FROM, to: YEAR_TO },
      { category: category('Ausgaben').id, from: `${YEAR}-03-15`, to: `${YEAR + 1}-02-10` },
      { category: category('Einnahmen › Umsatzerlöse › Umsatz Inland').id, from: YEAR_FROM, to: `${YEAR}-06-30` },
      { category: category('Einnahmen').id, from: `${YEAR - 1}-12-01`, to: `${YEAR}-01-31`, account: account.id },
      { category: category('Ausgaben › Betriebskosten').id, from: `${YEAR}-05-05`, to: `${YEAR}-05-05` },
    ];
    const figures = await Promise.all(cases.map((c) => h.engine.actuals(c.category, c.from, c.to, c.account)));
    for (const [i, c] of cases.entries()) {
      const expected = await serviceSum(reference, {
        category: c.category,
        min_date: c.from,
        max_date: c.to,
        ...(c.account ? { account: c.account } : {}),
      });
      expect(cents(figures[i] ?? NaN)).toBe(Math.round(expected.sum * 100));
      expect(Number.isInteger(Math.round((figures[i] ?? 0) * 100))).toBe(true);
    }
    // Arguments as users type them give the same figures: a path, a name, serial dates, the account by name.
    const typed = await Promise.all([
      h.engine.actuals('Ausgaben › Personal', serial(YEAR_FROM), serial(YEAR_TO)),
      h.engine.actuals('personal', YEAR_FROM, String(serial(YEAR_TO))),
      h.engine.actuals('Einnahmen', `${YEAR - 1}-12-01`, `${YEAR}-01-31`, account.name),
    ]);
    expect(typed).toEqual([figures[0], figures[0], figures[3]]);
  });

  test('a single cell costs one request, plus the categories and the token', async () => {
    const h = figureHarness(sandbox);
    const figure = await h.engine.actuals('Ausgaben › Personal', YEAR_FROM, YEAR_TO);
    expect(cents(figure)).toBe(
      Math.round(
        (await serviceSum(reference, { category: category('Ausgaben › Personal').id, min_date: YEAR_FROM, max_date: YEAR_TO })).sum * 100,
      ),
    );
    expect(h.sent.map((s) => s.path)).toEqual(['/auth/token/', '/categories/', '/transactions/extended/']);
    expect(h.sent[2]?.query.get('page_size')).toBe('1');
    expect(h.plans).toEqual([
      { list: LIST, account: undefined, calls: 1, plan: 'single', requests: 1, answeredByFirstPage: 0, answeredBySum: 0 },
    ]);
  });

  test('a 12-month × 40-category grid for one year costs no more than paging the year at 1000, plus the categories and the token', async () => {
    const h = figureHarness(sandbox);
    // The demo company has 31 categories: the grid's 40 columns are all of them by id, then 9 of them again by path.
    expect(categories.length).toBeGreaterThanOrEqual(31);
    const paths = [...byPath.keys()];
    const columns: (number | string)[] = [...categories.map((c) => c.id), ...paths.slice(0, 40 - categories.length)];
    expect(columns).toHaveLength(40);
    const cells: { column: number | string; from: string; to: string; figure: Promise<number> }[] = [];
    for (let month = 1; month <= 12; month += 1) {
      for (const column of columns) {
        // Dates as Excel passes a date cell (its serial) for half the grid, as text for the other half.
        const from = monthStart(YEAR, month);
        const to = monthEnd(YEAR, month);
        const figure = month % 2 === 0 ? h.engine.actuals(column, serial(from), serial(to)) : h.engine.actuals(column, from, to);
        cells.push({ column, from, to, figure });
      }
    }
    const figures = await Promise.all(cells.map((c) => c.figure));
    expect(figures).toHaveLength(480);

    const year = await serviceSum(reference, { min_date: YEAR_FROM, max_date: YEAR_TO });
    const yearPages = Math.ceil(year.count / 1000);
    expect(yearPages).toBeGreaterThanOrEqual(2); // several pages, or the target proves nothing
    const transactionRequests = h.transactionRequests();
    expect(transactionRequests).toBeLessThanOrEqual(yearPages);
    expect(h.sent).toHaveLength(transactionRequests + 2); // + categories + token
    expect(h.sent.filter((s) => s.path === '/categories/')).toHaveLength(1);
    expect(h.plans).toEqual([
      {
        list: LIST,
        account: undefined,
        calls: 12 * categories.length,
        plan: 'pages',
        requests: transactionRequests,
        answeredByFirstPage: 0,
        answeredBySum: 0,
      },
    ]);

    // Every distinct cell equals the service's sum (asked through the uncounted reference client).
    const idOf = (column: number | string) => (typeof column === 'number' ? column : category(column).id);
    for (const [i, cell] of cells.entries()) {
      if (typeof cell.column === 'string') {
        expect(figures[i]).toBe(figures[cells.findIndex((c) => c.from === cell.from && c.column === idOf(cell.column))]);
        continue;
      }
      const expected = await serviceSum(reference, { category: cell.column, min_date: cell.from, max_date: cell.to });
      expect(cents(figures[i] ?? NaN)).toBe(Math.round(expected.sum * 100));
    }
    // And the year of the roots adds up to the year's sum: nothing lost between pages.
    const rootTotal = categories
      .filter((c) => c.parent === null)
      .reduce((sum, c) => sum + figures.filter((_, i) => cells[i]?.column === c.id).reduce((s, f) => s + cents(f), 0), 0);
    expect(rootTotal).toBe(Math.round(year.sum * 100));
  });

  test("few calls spanning many pages: calls after page 1's oldest date come from page 1, of two that split the union one is its sum", async () => {
    const h = figureHarness(sandbox);
    const today = new Date().toISOString().slice(0, 10);
    const first = `${YEAR - 2}-01-01`;
    const calls = [
      { category: category('Ausgaben').id, from: first, to: today },
      { category: category('Einnahmen').id, from: first, to: today },
      { category: category('Ausgaben').id, from: today, to: today }, // within the newest 1000 rows
    ];
    const figures = await Promise.all(calls.map((c) => h.engine.actuals(c.category, c.from, c.to)));
    for (const [i, c] of calls.entries()) {
      expect(cents(figures[i] ?? NaN)).toBe(
        Math.round((await serviceSum(reference, { category: c.category, min_date: c.from, max_date: c.to })).sum * 100),
      );
    }
    expect(h.plans).toEqual([
      { list: LIST, account: undefined, calls: 3, plan: 'perCall', requests: 2, answeredByFirstPage: 1, answeredBySum: 1 },
    ]);
    // Page 1 of the union (income and expenses since the start), then one long call: the other is the union's sum minus it.
    expect(h.transactionRequests()).toBe(2);
  });

  test('long calls that page 1 of their union does not answer cost no more than one request per call (no probe first)', async () => {
    const h = figureHarness(sandbox);
    // Overlapping ranges (no call is the union, and no calls tile it), each older than the union's newest 1000 rows.
    const calls = [
      { category: category('Ausgaben').id, from: `${YEAR - 2}-01-01`, to: `${YEAR}-06-30` },
      { category: category('Ausgaben').id, from: `${YEAR - 1}-01-01`, to: YEAR_TO },
      { category: category('Einnahmen').id, from: `${YEAR - 2}-03-01`, to: `${YEAR}-11-30` },
    ];
    const union = await serviceSum(reference, {
      category: [category('Ausgaben').id, category('Einnahmen').id],
      min_date: `${YEAR - 2}-01-01`,
      max_date: YEAR_TO,
    });
    expect(Math.ceil(union.count / 1000)).toBeGreaterThan(calls.length); // paging the union would cost more than asking each
    const figures = await Promise.all(calls.map((c) => h.engine.actuals(c.category, c.from, c.to)));
    for (const [i, c] of calls.entries()) {
      expect(cents(figures[i] ?? NaN)).toBe(
        Math.round((await serviceSum(reference, { category: c.category, min_date: c.from, max_date: c.to })).sum * 100),
      );
    }
    expect(h.transactionRequests()).toBeLessThanOrEqual(calls.length);
    // Every transaction request was one call's own figure: no page-1 probe of the union.
    expect(h.sent.filter((s) => s.path.startsWith('/transactions/')).map((s) => s.query.get('page_size'))).toEqual(['1', '1', '1']);
  });

  test("a total beside its parts over years: page 1's sum is the total, the parts are asked one by one", async () => {
    const h = figureHarness(sandbox);
    const today = new Date().toISOString().slice(0, 10);
    const first = `${YEAR - 2}-01-01`;
    const calls = [
      { category: category('Ausgaben').id, from: first, to: today },
      { category: category('Ausgaben › Personal').id, from: first, to: today },
    ];
    const figures = await Promise.all(calls.map((c) => h.engine.actuals(c.category, c.from, c.to)));
    for (const [i, c] of calls.entries()) {
      expect(cents(figures[i] ?? NaN)).toBe(
        Math.round((await serviceSum(reference, { category: c.category, min_date: c.from, max_date: c.to })).sum * 100),
      );
    }
    expect(h.plans).toEqual([
      { list: LIST, account: undefined, calls: 2, plan: 'perCall', requests: 2, answeredByFirstPage: 0, answeredBySum: 1 },
    ]);
  });

  test('pages that do not add up (the data changed while paging) are not trusted: the calls are asked one by one', async () => {
    const h = figureHarness(sandbox);
    h.hook.current = async (request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/transactions/extended/' || url.searchParams.get('page') !== '2') return undefined;
      const page = (await (await fetch(request)).json()) as { count: number };
      return Response.json({ ...page, count: page.count + 1 }); // someone added a transaction meanwhile
    };
    const calls: { category: number; from: string; to: string }[] = [];
    for (let month = 1; month <= 12; month += 1) {
      for (const root of ['Einnahmen', 'Ausgaben'])
        calls.push({ category: category(root).id, from: monthStart(YEAR, month), to: monthEnd(YEAR, month) });
    }
    const figures = await Promise.all(calls.map((c) => h.engine.actuals(c.category, c.from, c.to)));
    const [plan] = h.plans;
    expect(plan).toMatchObject({ calls: 24, plan: 'perCall', fallback: 'changedWhilePaging' });
    expect(h.transactionRequests()).toBe(plan?.requests);
    for (const [i, c] of calls.entries()) {
      expect(cents(figures[i] ?? NaN)).toBe(
        Math.round((await serviceSum(reference, { category: c.category, min_date: c.from, max_date: c.to })).sum * 100),
      );
    }
  });

  test('the same call 10 times in a tick is computed once, and every caller gets the figure', async () => {
    const h = figureHarness(sandbox);
    const same = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? h.engine.actuals('Ausgaben › Personal', YEAR_FROM, YEAR_TO)
        : h.engine.actuals(category('Ausgaben › Personal').id, serial(YEAR_FROM), YEAR_TO),
    );
    const figures = await Promise.all(same);
    expect(new Set(figures).size).toBe(1);
    expect(h.plans).toEqual([
      { list: LIST, account: undefined, calls: 1, plan: 'single', requests: 1, answeredByFirstPage: 0, answeredBySum: 0 },
    ]);
    expect(h.transactionRequests()).toBe(1);
  });

  test('the batch window is injectable: a scheduler that flushes at once makes one batch per call, and every call settles', async () => {
    const h = figureHarness(sandbox, { schedule: (flush) => flush() });
    const figures = await Promise.all([
      h.engine.actuals('Einnahmen', YEAR_FROM, `${YEAR}-01-31`),
      h.engine.actuals('Ausgaben', YEAR_FROM, `${YEAR}-01-31`),
      h.engine.actuals('Einnahmen', YEAR_FROM, `${YEAR}-01-31`),
    ]);
    expect(figures[0]).toBe(figures[2]);
    expect(h.plans.map((p) => p.plan)).toEqual(['single', 'single']); // the repeated call shares the first one's work
    expect(h.transactionRequests()).toBe(2);
  });

  test('cached within the TTL, recomputed after it and after invalidate(); concurrent batches share work in flight', async () => {
    let now = 1_000_000;
    const h = figureHarness(sandbox, { now: () => now, cacheTtlMs: 60_000 });
    const ask = () => h.engine.actuals('Einnahmen', YEAR_FROM, YEAR_TO);
    const figure = await ask();
    expect(h.transactionRequests()).toBe(1);

    now += 59_000;
    expect(await ask()).toBe(figure);
    expect(h.transactionRequests()).toBe(1); // a hit: no request

    now += 1_000;
    expect(await ask()).toBe(figure);
    expect(h.transactionRequests()).toBe(2); // expired: computed again (the categories still fresh: fetched at the first call)

    h.reset();
    h.engine.invalidate();
    expect(await ask()).toBe(figure);
    expect(h.calls().map((s) => s.path)).toEqual(['/categories/', '/transactions/extended/']); // everything again

    // Two batches (two ticks) while the first is still in flight: one request.
    h.reset();
    h.engine.invalidate();
    const first = ask();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = ask();
    expect(await Promise.all([first, second])).toEqual([figure, figure]);
    expect(h.transactionRequests()).toBe(1);
    expect(h.plans).toHaveLength(1);
  });
});
