/**
 * Reading budgets by id in bulk (the push reads the service's current values before it writes): batches of at
 * most 1000 ids and no request line over 4,094 bytes, however many ids and however long they are.
 */
import { idBatches, itemsByIds, MAX_REQUEST_LINE_BYTES } from '../../src/api';
import { clientFor, start, type Sandbox } from './support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start({ transactions: 10 });
});
afterAll(async () => {
  await sandbox.close();
});

test('idBatches keeps every line within the limit and every batch within 1000 ids, each id once', () => {
  const line = (batch: readonly number[]) => `GET /forecast/budgets/?ids=${batch.join(',')}&page_size=1000 HTTP/1.1`;
  const ids = Array.from({ length: 2500 }, (_, i) => 1_000_000 + i);
  const batches = idBatches([...ids, ...ids.slice(0, 10)], line);
  expect(batches.flat()).toEqual(ids);
  for (const batch of batches) expect(line(batch).length).toBeLessThanOrEqual(MAX_REQUEST_LINE_BYTES);
  expect(batches.length).toBeGreaterThanOrEqual(5); // 2,500 seven-digit ids and their commas: ~20,000 bytes of query
  expect(idBatches([1, 2, 3], line, { maxIds: 2 })).toEqual([[1, 2], [3]]);
  expect(() => idBatches([1], () => 'x'.repeat(5000))).toThrow(RangeError);
});

test('idBatches builds a few request lines per batch, not one per id (a push of 1,050 rows built 1,050 lines of up to 4 KB)', () => {
  const built: number[] = [];
  const line = (batch: readonly number[]) => {
    built.push(batch.length);
    return `GET /forecast/budgets/?ids=${batch.join(',')}&page=1&page_size=1000 HTTP/1.1`;
  };
  const ids = Array.from({ length: 1050 }, (_, i) => 10_000 + i);
  const batches = idBatches(ids, line);
  expect(built.length).toBeLessThanOrEqual(2 * 11); // two batches of ~10 halvings each; was a line per id (1,050)
  // The same batches as adding one id at a time: each the longest run from where the last ended that fits.
  expect(batches.flat()).toEqual(ids);
  batches.forEach((batch, i) => {
    expect(line(batch).length).toBeLessThanOrEqual(MAX_REQUEST_LINE_BYTES);
    const next = batches[i + 1]?.[0];
    if (next !== undefined) expect(line([...batch, next]).length).toBeGreaterThan(MAX_REQUEST_LINE_BYTES);
  });
  expect(batches.map((b) => b.length)).toEqual([672, 378]);
});

test('itemsByIds reads 1,000 seven-digit ids from the sandbox without a refused request, and finds the ones that exist', async () => {
  const { client, sent } = clientFor(sandbox);
  const real: number[] = [];
  for await (const budget of client.forecastBudgets.items()) real.push(budget.id);
  expect(real.length).toBeGreaterThan(5);
  const wanted = [...real.slice(0, 5), ...Array.from({ length: 995 }, (_, i) => 9_000_000 + i)];
  const budgets = await itemsByIds(client.forecastBudgets, wanted);
  expect(budgets.map((b) => b.id).sort()).toEqual(real.slice(0, 5).sort());
  const reads = sent.filter((s) => new URL(s.url).searchParams.has('ids'));
  expect(reads.length).toBeGreaterThan(1);
  for (const read of reads) {
    const url = new URL(read.url);
    expect(read.status).toBe(200);
    expect(`GET ${url.pathname}${url.search} HTTP/1.1`.length).toBeLessThanOrEqual(MAX_REQUEST_LINE_BYTES);
  }
});
