/**
 * The lookups read once for a run of pulls (#30, "batch and de-duplicate"): pulls sharing a `LookupCache` ask the
 * service for the categories and the accounts once; without it every pull asks; an answer older than the cache's
 * age is read again, a failed read is not kept.
 */

import { LookupCache } from '../../../src/sync/pull';
import { harness, startService, type Harness, type Sandbox } from './support';

let sandbox: Sandbox;
let h: Harness | undefined;
beforeAll(async () => {
  sandbox = await startService({ transactions: 120 });
});
afterAll(() => sandbox.close());
afterEach(() => {
  h?.uninstall();
  h = undefined;
});

const lookupReads = (harnessed: Harness): [number, number] => [
  harnessed.sent.filter((s) => s.method === 'GET' && s.path === '/categories/').length,
  harnessed.sent.filter((s) => s.method === 'GET' && s.path === '/accounts/').length,
];

describe('LookupCache shared by a run of pulls', () => {
  it('asks for the categories and the accounts once for three pulls; each pull alone asks again', async () => {
    const shared = harness(sandbox, { puller: { lookupCache: new LookupCache() } });
    h = shared;
    await shared.puller.pull({ resource: 'transactions' });
    await shared.puller.pull({ resource: 'forecastBudgets' });
    await shared.puller.pull({ resource: 'invoices' });
    expect(lookupReads(shared)).toEqual([1, 1]);
    shared.uninstall();

    const alone = harness(sandbox);
    h = alone;
    await alone.puller.pull({ resource: 'transactions' });
    await alone.puller.pull({ resource: 'forecastBudgets' });
    const [categories, accounts] = lookupReads(alone);
    expect(categories).toBe(2);
    expect(accounts).toBe(2);
  });

  it('reads again once the answer is older than its age, and never keeps a failed read', async () => {
    let now = 0;
    const cache = new LookupCache({ maxAgeMs: 1_000, now: () => now });
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 1) throw new Error('the service failed');
      return [];
    };
    await expect(cache.categories(read)).rejects.toThrow('the service failed');
    await expect(cache.categories(read)).resolves.toEqual([]);
    await cache.categories(read);
    expect(reads).toBe(2);
    now = 1_001;
    await cache.categories(read);
    expect(reads).toBe(3);
  });
});
