/**
 * Random batches of ACTUALS (categories anywhere in the tree, ranges anywhere in the data, with or without an account)
 * equal the service's own `sum` for each call's filters, whichever plan the batch chose.
 */

import fc from 'fast-check';
import type { Account, CashflowClient, Category } from '../../../src/api';
import { cents, clientFor, figureHarness, serviceSum, startService, TRANSACTIONS, type Sandbox } from './support';

let sandbox: Sandbox;
let reference: CashflowClient;
let categories: Category[];
let accounts: Account[];

const DAY = 86_400_000;
const LAST = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
/** The data spans three years up to today; a little before and after is covered too. */
const FIRST = LAST - 3 * 366 * DAY - 20 * DAY;
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  sandbox = await startService({ transactions: TRANSACTIONS });
  reference = clientFor(sandbox, 'en');
  categories = await reference.categories.list();
  accounts = (await reference.accounts.summary()).accounts;
});

afterAll(async () => {
  await sandbox.close();
});

test("random batches equal the service's sum per call", async () => {
  const call = fc.record({
    category: fc.nat(),
    start: fc.integer({ min: FIRST, max: LAST + 10 * DAY }),
    // Mostly short ranges (a grid's months), sometimes years.
    days: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 1200 })),
    // Most calls without an account (one plan for them all), some with one of two accounts.
    account: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 1 }), weight: 1 }),
  });
  await fc.assert(
    fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 40 }), async (batch) => {
      const h = figureHarness(sandbox);
      const calls = batch.map((c) => {
        const category = categories[c.category % categories.length] as Category;
        const account = c.account === null ? undefined : (accounts[c.account % accounts.length] as Account).id;
        const from = date(Math.floor(c.start / DAY) * DAY);
        return { category: category.id, from, to: date(Math.floor(c.start / DAY) * DAY + c.days * DAY), account };
      });
      const figures = await Promise.all(calls.map((c) => h.engine.actuals(c.category, c.from, c.to, c.account)));
      const distinct = new Set(calls.map((c) => JSON.stringify(c))).size;
      // Never more than one request per distinct call (summed-plan.ts), unless the data changed while paging (never here).
      expect(h.plans.some((p) => p.fallback !== undefined)).toBe(false);
      expect(h.transactionRequests()).toBeLessThanOrEqual(distinct);
      for (const [i, c] of calls.entries()) {
        const expected = await serviceSum(reference, {
          category: c.category,
          min_date: c.from,
          max_date: c.to,
          ...(c.account === undefined ? {} : { account: c.account }),
        });
        expect(cents(figures[i] ?? NaN)).toBe(Math.round(expected.sum * 100));
      }
    }),
    { numRuns: 25, endOnFailure: true },
  );
});
