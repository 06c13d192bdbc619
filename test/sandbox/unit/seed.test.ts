import { seedState } from '../../../src/sandbox/seed';

const NOW = Date.parse('2025-06-15T10:00:00Z');

describe('seed', () => {
  it('is deterministic from the seed and the date', () => {
    const a = seedState({ seed: 42, transactions: 3000, now: NOW, accountLimit: 25 });
    const b = seedState({ seed: 42, transactions: 3000, now: NOW, accountLimit: 25 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = seedState({ seed: 43, transactions: 3000, now: NOW, accountLimit: 25 });
    expect(JSON.stringify(c.transactions)).not.toBe(JSON.stringify(a.transactions));
  });

  it('has the documented demo facts', () => {
    const s = seedState({ seed: 42, transactions: 3000, now: NOW, accountLimit: 25 });
    const demo = s.transactions.filter((t) => t.companyId === 4711);
    expect(demo).toHaveLength(3000);
    expect(demo.every((t) => t.valueDate <= '2025-06-15' && t.valueDate >= '2022-06-15')).toBe(true);
    const statuses = new Set(s.accounts.filter((a) => a.companyId === 4711).map((a) => a.status));
    for (const status of ['UPDATED', 'API', 'DISCONNECTED', 'OFFLINE']) expect(statuses.has(status as never)).toBe(true);
    expect(s.accounts.some((a) => a.companyId === 4711 && a.currency === 'CHF')).toBe(true);
    const invoiceStatuses = new Set(s.invoices.filter((i) => i.companyId === 4711).map((i) => i.status));
    expect(invoiceStatuses.size).toBe(11);
    const plans = s.plans.filter((p) => p.companyId === 4711);
    expect(plans.map((p) => p.type).sort()).toEqual(['FORECAST', 'REGULAR', 'REGULAR', 'SCENARIO', 'SCENARIO']);
    expect(plans.some((p) => p.isCommitted)).toBe(true);
    expect(plans.some((p) => p.updateStatus === 'IN_PROGRESS')).toBe(true);
    const externalIds = s.budgets.map((b) => b.externalId);
    expect(externalIds.some((id) => id === null)).toBe(true);
    expect(externalIds.some((id) => id?.includes('.'))).toBe(true);
    expect(externalIds.some((id) => id?.includes('/'))).toBe(true);
    expect(demo.some((t) => t.purpose === '=HYPERLINK("http://x","y")')).toBe(true);
    expect(demo.some((t) => t.predictedCategoryId !== null)).toBe(true);
    expect(demo.some((t) => t.invoiceId !== null)).toBe(true);
  });

  it('generates 200,000 transactions in a few seconds', () => {
    const started = Date.now();
    const s = seedState({ seed: 1, transactions: 200_000, now: NOW, accountLimit: 25 });
    expect(s.transactions.length).toBeGreaterThan(200_000);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
