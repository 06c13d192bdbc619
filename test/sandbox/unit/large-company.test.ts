import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index';
import { getJson, tokenFor, type TransactionPage } from './sandbox-client';

describe('a 200,000-transaction company', () => {
  let sandbox: RunningSandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ transactions: 200_000 });
    token = await tokenFor(sandbox);
  }, 120_000);
  afterAll(() => sandbox.close());

  it('serves 1000-row pages in the default order with links and a consistent sum', async () => {
    const first = await getJson<TransactionPage>(sandbox, token, '/transactions/extended/?page_size=1000');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(200_000);
    expect(first.body.results).toHaveLength(1000);
    expect(first.body.next).toBe(`${sandbox.url}/transactions/extended/?page=2&page_size=1000`);
    const second = await getJson<TransactionPage>(sandbox, token, '/transactions/extended/?page=2&page_size=1000');
    const rows = [...first.body.results, ...second.body.results];
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      expect(a.value_date > b.value_date || (a.value_date === b.value_date && a.id < b.id)).toBe(true);
    }
    const last = await getJson<TransactionPage>(sandbox, token, '/transactions/extended/?page=200&page_size=1000');
    expect(last.body.results).toHaveLength(1000);
    expect(last.body.next).toBeNull();
    expect(last.body.sum).toBe(first.body.sum);
  }, 60_000);

  it('serves a filtered and re-ordered listing', async () => {
    const page = await getJson<TransactionPage>(
      sandbox,
      token,
      '/transactions/?type=incomes&ordering=-reporting_amount&page_size=1000&page=3',
    );
    expect(page.status).toBe(200);
    const amounts = page.body.results.map((r) => r.reporting_amount);
    expect(amounts.every((a) => a > 0)).toBe(true);
    expect([...amounts].sort((x, y) => y - x)).toEqual(amounts);
  }, 60_000);
});
