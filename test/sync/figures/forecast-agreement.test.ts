/**
 * The client's reading of budgets per day (#31, `budget-occurrences.ts`) against the service's forecast balances: the
 * balance summary of `GET /accounts/` (today's total, end of this month, end of next month, three months on, the
 * fiscal year's end) equals today's total plus every forecast budget's occurrences after today up to that day (as the
 * client reads them from the budget list) plus the open invoice amounts expected by then. The demo company's budgets
 * and a set covering every frequency, multiplier and sequence type, a series that started years ago, one that ends
 * with the plan, and a scenario-only budget the forecast leaves out.
 */

import type { Budget, BudgetInput, CashflowClient, Invoice } from '../../../src/api';
import { budgetOccurrences } from '../../../src/sync/figures/budget-occurrences';
import { clientFor, startService, type Sandbox } from './support';

const NOW = new Date('2026-11-26T10:00:00Z');
const TODAY = '2026-11-26';

let sandbox: Sandbox;
let client: CashflowClient;

beforeAll(async () => {
  sandbox = await startService({ transactions: 200, now: () => NOW });
  client = clientFor(sandbox, 'en');
});
afterAll(() => sandbox.close());

async function leafCategory(): Promise<number> {
  const leaf = (await client.categories.list()).find((c) => c.is_category && !c.is_default);
  if (leaf === undefined) throw new Error('the demo company has leaf categories');
  return leaf.id;
}

const dayAfter = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const cents = (amount: number): number => Math.sign(amount) * Math.round(Math.abs(amount) * 100);

/** What the forecast holds from the day after today to `until`, in cents, as the client reads its budgets and invoices. */
function planned(budgets: readonly Budget[], invoices: readonly Invoice[], until: string): number {
  let sum = 0;
  for (const budget of budgets) {
    if (budget.base === 'S') continue; // a scenario's own budget: not in the forecast
    for (const occurrence of budgetOccurrences(budget, { from: dayAfter(TODAY), to: until })) sum += occurrence.cents;
  }
  for (const invoice of invoices) {
    if (invoice.status === 'PD' || invoice.status === 'CA' || invoice.is_archived) continue;
    if (invoice.expected_date > TODAY && invoice.expected_date <= until) sum += cents(invoice.amount) - cents(invoice.paid_amount);
  }
  return sum;
}

describe('our budget occurrences and the service forecast balances', () => {
  it('agree at every horizon of the balance summary, for every frequency and sequence', async () => {
    const category = await leafCategory();
    const series: Omit<BudgetInput, 'name' | 'category'>[] = [
      {
        settlement_date: '2026-12-01',
        amount: -250,
        frequency: 'weekly',
        frequency_multiplier: 2,
        sequence_type: 'AP',
        d: -10,
        sequence_term_size: 2,
        is_indefinite: true,
      },
      { settlement_date: '2026-11-30', amount: 1000, frequency: 'monthly', sequence_type: 'GP', r: 1.05, is_indefinite: false },
      { settlement_date: '2026-10-31', amount: -800, frequency: 'monthly', sequence_type: 'HP', d: -0.0001, is_indefinite: true },
      { settlement_date: '2026-11-27', amount: -3.33, frequency: 'daily', frequency_multiplier: 3, is_indefinite: true },
      { settlement_date: '2024-02-29', amount: -1200, frequency: 'yearly', is_indefinite: true },
      { settlement_date: '2019-01-31', amount: 77.77, frequency: 'quarterly', is_indefinite: true },
      { settlement_date: '2026-12-24', amount: -999.99 },
      { settlement_date: '2026-12-15', amount: -5000, frequency: 'monthly', base: 'S', is_indefinite: true },
    ];
    for (const [i, fields] of series.entries())
      await client.forecastBudgets.create({ name: `Series ${i + 1}`, category, external_id: `agreement-${i + 1}`, ...fields });

    const summary = await client.accounts.summary();
    const budgets = await client.forecastBudgets.pages({}).all();
    const invoices = await client.invoices.pages({}).all();
    expect(budgets.filter((b) => b.external_id?.startsWith('agreement-'))).toHaveLength(series.length);
    const fiscalStart = sandbox.store.companies.get(4711)?.fiscalYearStartMonth ?? 1;
    expect(fiscalStart).toBe(1);
    const horizons: [number | null, string][] = [
      [summary.current_month_balance, '2026-11-30'],
      [summary.next_month_balance, '2026-12-31'],
      [summary.in_3_months_balance, '2027-02-28'],
      [summary.fiscal_year_ending_balance, '2026-12-31'],
    ];
    for (const [balance, until] of horizons) {
      expect([until, balance === null ? null : cents(balance)]).toEqual([until, cents(summary.total) + planned(budgets, invoices, until)]);
    }
    // The added series change the figures: the agreement is not the demo's budgets alone.
    const without = budgets.filter((b) => !b.external_id?.startsWith('agreement-'));
    expect(planned(without, invoices, '2027-02-28')).not.toBe(planned(budgets, invoices, '2027-02-28'));
  });
});
