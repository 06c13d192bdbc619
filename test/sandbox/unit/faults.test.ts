import { FaultInjector } from '../../../src/sandbox/faults';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index';
import { getJson, sendJson, tokenFor, type TransactionPage } from './sandbox-client';

/** A random source that replays fixed values (then repeats the last). */
function replay(values: number[]): () => number {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)] ?? 0.99;
}

describe('the answering faults: seeded, and each rate its share of all requests', () => {
  const tally = (injector: FaultInjector, n: number): Record<string, number> => {
    const counts: Record<string, number> = { drop: 0, '500': 0, '429': 0, none: 0 };
    for (let i = 0; i < n; i += 1) {
      const fault = injector.nextAnsweringFault() ?? 'none';
      counts[fault] = (counts[fault] ?? 0) + 1;
    }
    return counts;
  };
  const never = () => {
    throw new Error('the seed is used, not the fallback');
  };

  it('10 % 500s and 10 % 429s of 100,000 requests, within half a point each; nothing else', () => {
    const counts = tally(new FaultInjector({ error500Rate: 0.1, rate429: 0.1, seed: 3 }, never), 100_000);
    expect(Math.abs((counts['500'] ?? 0) / 100_000 - 0.1)).toBeLessThan(0.005);
    expect(Math.abs((counts['429'] ?? 0) / 100_000 - 0.1)).toBeLessThan(0.005);
    expect(counts.drop).toBe(0);
  });

  it('the same seed gives the same sequence; another seed another; set() with a seed restarts it', () => {
    const sequence = (injector: FaultInjector) => Array.from({ length: 200 }, () => injector.nextAnsweringFault() ?? '-').join(',');
    const options = { error500Rate: 0.1, rate429: 0.1, seed: 5 };
    const a = new FaultInjector(options, never);
    const first = sequence(a);
    expect(sequence(new FaultInjector(options, never))).toBe(first);
    expect(sequence(new FaultInjector({ ...options, seed: 6 }, never))).not.toBe(first);
    a.set(options);
    expect(sequence(a)).toBe(first);
  });

  it('draws nothing when no answering fault is set', () => {
    expect(new FaultInjector({ slowRate: 0 }, never).nextAnsweringFault()).toBeUndefined();
  });
});

describe('fault injection', () => {
  let sandbox: RunningSandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ transactions: 500 });
    token = await tokenFor(sandbox);
  });
  afterAll(() => sandbox.close());
  afterEach(() => sandbox.setFaults({}));

  it('answers a non-JSON 500', async () => {
    sandbox.setFaults({ error500Rate: 0.5, random: replay([0.1]) });
    const response = await fetch(`${sandbox.url}/categories/`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('text/html');
    const text = await response.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it('answers 429 with Retry-After and a localized detail', async () => {
    sandbox.setFaults({ rate429: 0.5, retryAfterSeconds: 7, random: replay([0.2]) });
    const response = await fetch(`${sandbox.url}/plans/`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toEqual({ detail: 'Request was throttled. Expected available in 7 seconds.' });
  });

  it('follows the random source: a roll above the rate passes', async () => {
    sandbox.setFaults({ error500Rate: 0.5, random: replay([0.9]) });
    expect((await getJson(sandbox, token, '/plans/')).status).toBe(200);
  });

  it('drops the connection', async () => {
    sandbox.setFaults({ dropRate: 1, random: replay([0]) });
    await expect(fetch(`${sandbox.url}/plans/`, { headers: { authorization: `Bearer ${token}` } })).rejects.toThrow();
  });

  it('delays slow answers', async () => {
    sandbox.setFaults({ slowRate: 1, slowMs: 150, random: replay([0]) });
    const started = Date.now();
    expect((await getJson(sandbox, token, '/plans/')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('never applies to the token endpoint', async () => {
    sandbox.setFaults({ error500Rate: 1, dropRate: 1, rate429: 1, random: replay([0]) });
    expect(await tokenFor(sandbox)).toMatch(/.{20,}/);
  });

  it('lets another user edit between page requests of a pull', async () => {
    const first = await getJson<TransactionPage>(sandbox, token, '/transactions/?page_size=100');
    const before = first.body.count;
    sandbox.setFaults({ concurrentEditRate: 1, random: replay([0, 0.3, 0.5, 0.7, 0.2, 0.4, 0.6, 0.8, 0.9]) });
    const second = await getJson<TransactionPage>(sandbox, token, '/transactions/?page_size=100&page=2');
    expect(second.status).toBe(200);
    expect(second.body.count).toBe(before + 1);
    sandbox.setFaults({});
    const changed = await getJson<TransactionPage>(
      sandbox,
      token,
      `/transactions/?min_date_updated=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
    );
    expect(changed.body.count).toBeGreaterThanOrEqual(2);
  });

  it('lets another user edit a budget a client reads by id (its read before writing), and no other', async () => {
    type BudgetPage = { results: { budgets: Array<{ id: number; amount: number; description: string }> } };
    const all = await getJson<BudgetPage>(sandbox, token, '/forecast/budgets/?page_size=1000');
    const [a, b] = all.body.results.budgets;
    sandbox.setFaults({ concurrentBudgetEditRate: 1, random: replay([0, 0]) }); // the roll, then the first id asked for
    // A list without ids is never a read before a write: untouched.
    await getJson<BudgetPage>(sandbox, token, '/forecast/budgets/?page_size=10');
    const read = await getJson<BudgetPage>(sandbox, token, `/forecast/budgets/?ids=${b?.id},${a?.id}`);
    sandbox.setFaults({});
    const byId = new Map(read.body.results.budgets.map((x) => [x.id, x]));
    expect(byId.get(b?.id ?? 0)).toMatchObject({ description: 'Edited by another user', amount: (b?.amount ?? 0) - 1 });
    expect(byId.get(a?.id ?? 0)).toMatchObject({ description: a?.description, amount: a?.amount });
  });

  describe('a write applied, then answered with a 500 or a dropped connection', () => {
    type Budget = { id: number; external_id: string | null; amount: number; description: string };
    const budgets = async () =>
      (await getJson<{ results: { budgets: Budget[] } }>(sandbox, token, '/forecast/budgets/?page_size=1000')).body.results.budgets;
    const forecastId = async () =>
      (await getJson<Array<{ id: number; type: string }>>(sandbox, token, '/plans/')).body.find((p) => p.type === 'FORECAST')?.id;

    it('a PATCH applied in full, its answer a non-JSON 500: the service holds the change; the fault is counted', async () => {
      const target = (await budgets()).find((b) => b.external_id === 'fc-miete');
      const plan = await forecastId();
      const before = sandbox.faultsMet().afterWrite500;
      sandbox.setFaults({ afterWrite500Rate: 0.5, random: replay([0.1]) });
      const answer = await fetch(`${sandbox.url}/plans/${plan}/budgets/external/fc-miete/`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'Applied, answer lost' }),
      });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toContain('text/html');
      sandbox.setFaults({});
      expect((await budgets()).find((b) => b.id === target?.id)?.description).toBe('Applied, answer lost');
      expect(sandbox.faultsMet().afterWrite500).toBe(before + 1);
    });

    it('a POST applied in full, its connection dropped: the client sees no answer, the budget exists once', async () => {
      sandbox.setFaults({ afterWriteDropRate: 0.5, random: replay([0.1]) });
      const sent = fetch(`${sandbox.url}/forecast/budgets/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Dropped after create',
          category: await leafCategory(),
          settlement_date: '2027-01-01',
          external_id: 'drop-1',
        }),
      });
      await expect(sent).rejects.toThrow();
      sandbox.setFaults({});
      expect((await budgets()).filter((b) => b.external_id === 'drop-1')).toHaveLength(1);
      expect(sandbox.faultsMet().afterWriteDrop).toBeGreaterThanOrEqual(1);
    });

    it('reads and refused writes draw nothing: a GET passes, a 400 stays a 400', async () => {
      sandbox.setFaults({ afterWrite500Rate: 1, afterWriteDropRate: 0, random: replay([0]) });
      expect((await getJson(sandbox, token, '/plans/')).status).toBe(200);
      const refused = await sendJson(sandbox, token, 'POST', '/forecast/budgets/', { name: 'No category' });
      expect(refused.status).toBe(400);
    });

    async function leafCategory(): Promise<number> {
      const categories = (
        await getJson<Array<{ id: number; parent: number | null; is_default: boolean; is_aggregating: boolean }>>(
          sandbox,
          token,
          '/categories/',
        )
      ).body;
      const parents = new Set(categories.map((c) => c.parent));
      const leaf = categories.find((c) => !parents.has(c.id) && !c.is_default && !c.is_aggregating);
      if (leaf === undefined) throw new Error('the demo data has leaf categories');
      return leaf.id;
    }
  });

  it('close() does not wait for a client that gave up on a slow answer', async () => {
    const own = await startSandbox({ transactions: 50, faults: { slowRate: 1, slowMs: 200 } });
    const ownToken = await tokenFor(own);
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 30);
    await expect(fetch(`${own.url}/plans/`, { signal: abort.signal, headers: { authorization: `Bearer ${ownToken}` } })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(1000); // was about 4 s per such client (its keep-alive), or longer
  });
});
