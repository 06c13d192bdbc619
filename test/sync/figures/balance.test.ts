/**
 * BALANCE against the sandbox: today's and the forecast balances equal the balance summary `GET /accounts/` returns
 * (fetched through a separate client), and every call of a tick shares one `/accounts/` read with the other functions
 * that need it.
 */

import type { BalanceSummary, CashflowClient } from '../../../src/api';
import { FigureError } from '../../../src/sync/figures';
import { BALANCE_HORIZONS } from '../../../src/sync/tables';
import { cents, clientFor, figureHarness, startService, type Sandbox } from './support';

let sandbox: Sandbox;
let reference: CashflowClient;
let summary: BalanceSummary;

beforeAll(async () => {
  sandbox = await startService({ transactions: 500 });
  reference = clientFor(sandbox, 'en');
  summary = await reference.accounts.summary();
});

afterAll(async () => {
  await sandbox.close();
});

const EXPECTED: Record<(typeof BALANCE_HORIZONS)[number], (s: BalanceSummary) => number | null> = {
  today: (s) => s.total,
  current_month_end: (s) => s.current_month_balance,
  next_month_end: (s) => s.next_month_balance,
  in_3_months: (s) => s.in_3_months_balance,
  fiscal_year_end: (s) => s.fiscal_year_ending_balance,
};

describe('BALANCE', () => {
  test('today and every horizon equal the balance summary; names in any case, left out = today', async () => {
    const h = figureHarness(sandbox);
    const figures = await Promise.all(BALANCE_HORIZONS.map((horizon) => h.engine.balance(horizon)));
    for (const [i, horizon] of BALANCE_HORIZONS.entries()) {
      const expected = EXPECTED[horizon](summary);
      expect(expected).not.toBeNull();
      expect(cents(figures[i] ?? NaN)).toBe(cents(expected ?? NaN));
    }
    // The forecast balances differ from today's, or the horizons are not told apart.
    expect(new Set(figures).size).toBeGreaterThan(1);
    expect(
      await Promise.all([h.engine.balance(), h.engine.balance(null), h.engine.balance(''), h.engine.balance(' Fiscal_Year_END ')]),
    ).toEqual([figures[0], figures[0], figures[0], figures[4]]);
  });

  test('20 identical calls, every horizon, ACTUALS with an account and ACCOUNTS() in one tick: one /accounts/ read', async () => {
    const h = figureHarness(sandbox);
    const account = summary.accounts[0]?.name ?? '';
    const [balances, horizons, actual, table] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => h.engine.balance('in_3_months'))),
      Promise.all(BALANCE_HORIZONS.map((horizon) => h.engine.balance(horizon.toUpperCase()))),
      h.engine.actuals('Ausgaben', '2025-01-01', '2025-12-31', account),
      h.engine.accounts(),
    ]);
    expect(new Set(balances).size).toBe(1);
    expect(horizons).toHaveLength(5);
    expect(typeof actual).toBe('number');
    expect(table).toHaveLength(summary.accounts.length + 1);
    expect(h.requestsTo('/accounts/')).toHaveLength(1);
  });

  test('cached within the TTL; recomputed after it and after invalidate()', async () => {
    let now = 1_000;
    const h = figureHarness(sandbox, { now: () => now, cacheTtlMs: 60_000 });
    const figure = await h.engine.balance('next_month_end');
    now += 59_000;
    expect(await h.engine.balance('next_month_end')).toBe(figure);
    expect(h.requestsTo('/accounts/')).toHaveLength(1);
    now += 1_000;
    expect(await h.engine.balance('next_month_end')).toBe(figure);
    expect(h.requestsTo('/accounts/')).toHaveLength(2);
    h.engine.invalidate();
    expect(await h.engine.balance('next_month_end')).toBe(figure);
    expect(h.requestsTo('/accounts/')).toHaveLength(3);
  });

  test.each(['en', 'de'] as const)(
    "without a current forecast the forecast balances are unavailable (%s); today's still comes",
    async (language) => {
      const h = figureHarness(sandbox, { language });
      h.hook.current = async (request) => {
        if (new URL(request.url).pathname !== '/accounts/') return undefined;
        const body = (await (await fetch(request)).json()) as Record<string, unknown>;
        return Response.json({
          ...body,
          current_month_balance: null,
          next_month_balance: null,
          in_3_months_balance: null,
          fiscal_year_ending_balance: null,
        });
      };
      const [today, later] = await Promise.allSettled([h.engine.balance(), h.engine.balance('in_3_months')]);
      expect(today).toEqual({ status: 'fulfilled', value: summary.total });
      const error = (later as PromiseRejectedResult).reason as FigureError;
      expect(error).toBeInstanceOf(FigureError);
      expect(error.kind).toBe('unavailable');
      expect(error.message).toBe(
        language === 'en'
          ? 'The company has no current forecast, so the service tells no balance at in_3_months.'
          : 'Das Unternehmen hat keine aktuelle Prognose, daher nennt der Dienst keinen Saldo zu in_3_months.',
      );
    },
  );
});
