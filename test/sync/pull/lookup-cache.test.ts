/**
 * The lookups read once for a run of pulls (#30, "batch and de-duplicate"): pulls sharing a `LookupCache` ask the
 * service for the categories and the accounts once; without it every pull asks; an answer older than the cache's
 * age is read again, a failed read is not kept.
 */

import { LookupCache } from '../../../src/sync/pull';
import { harness, startService, type Harness, type Sandbox } from './support';

let sandbox: Sandbox;
let h: Harness;
beforeAll(async () => {
  sandbox = await startService({ transactions: 120 });
});
afterAll(() => sandbox.close());
afterEach(() => h.uninstall());

const lookupReads = (): [number, number] => [
  h.sent.filter((s) => s.method === 'GET' && s.path === '/categories/').length,
  h.sent.filter((s) => s.method === 'GET' && s.path === '/accounts/').length,
];

describe('LookupCache shared by a run of pulls', () => {
  it('asks for the categories and the accounts once for three pulls; each pull alone asks again', async () => {
    h = harness(sandbox, { puller: { lookupCache: new LookupCache() } });
    await h.puller.pull({ resource: 'transactions' });
    await h.puller.pull({ resource: 'forecastBudgets' });
    await h.puller.pull({ resource: 'invoices' });
    expect(lookupReads()).toEqual([1, 1]);
    h.uninstall();

    h = harness(sandbox);
    await h.puller.pull({ resource: 'transactions' });
    await h.puller.pull({ resource: 'forecastBudgets' });
    const [categories, accounts] = lookupReads();
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
    h = harness(sandbox);
  });
});
