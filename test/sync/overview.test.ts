import { groupCompanyIds } from '../../src/api/group-companies';
import { loadOverview } from '../../src/sync/overview';
import { apiCalls, clientFor, start, type Sandbox } from '../integration/support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start({ transactions: 200 });
});
afterAll(async () => {
  await sandbox.close();
});

const cents = (n: number) => Math.round(n * 100);

async function unpaidDue(list: AsyncIterable<{ amount_due: number }>): Promise<number> {
  let sum = 0;
  for await (const invoice of list) sum += cents(invoice.amount_due);
  return sum;
}

describe('the overview', () => {
  test('balances at every horizon with limits from GET /accounts/, open receivables and payables as amount_due of the unpaid lists', async () => {
    const { client, sent } = clientFor(sandbox);
    const overview = await loadOverview({ client });
    const summary = await client.accounts.summary();
    expect(overview.balanceToday).toBe(summary.total);
    expect(overview.horizons.map((h) => h.horizon)).toEqual(['today', 'currentMonth', 'nextMonth', 'in3Months', 'fiscalYearEnd']);
    expect(overview.horizons[2]).toEqual({ horizon: 'nextMonth', balance: summary.next_month_balance, limit: summary.next_month_limit });
    expect(overview.accountCount).toBe(summary.accounts.length);

    const receivables = await unpaidDue(client.invoices.items({ type: 'receivable', paid: false }));
    const payables = await unpaidDue(client.invoices.items({ type: 'payable', paid: false }));
    expect(receivables).toBeGreaterThan(0);
    expect(cents(overview.openReceivables)).toBe(receivables);
    expect(cents(overview.openPayables)).toBe(payables);
    // One row per invoice list is enough: the sum covers every match.
    const invoiceCalls = apiCalls(sent)
      .filter((s) => s.url.includes('/invoices/'))
      .slice(0, 2);
    for (const call of invoiceCalls) expect(new URL(call.url).searchParams.get('page_size')).toBe('1');
  });

  test("a group sums each company's open invoices through /companies/{id}/invoices/", async () => {
    const { client, sent } = clientFor(sandbox, sandbox.credentials.group);
    const companies = await groupCompanyIds(client);
    expect(companies.length).toBeGreaterThan(1);
    const overview = await loadOverview({ client, groupCompanyIds: companies });
    let expected = 0;
    for (const id of companies) expected += await unpaidDue(client.groupInvoices(id).items({ type: 'receivable', paid: false }));
    expect(cents(overview.openReceivables)).toBe(expected);
    expect(sent.some((s) => new URL(s.url).pathname.endsWith(`/companies/${companies[0]}/invoices/`))).toBe(true);
    expect(sent.some((s) => new URL(s.url).pathname.endsWith('/invoices/') && !s.url.includes('/companies/'))).toBe(false);
  });
});
