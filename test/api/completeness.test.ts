import { checkCompleteness, CompletenessTally } from '../../src/api';
import { makeClient } from './support/make-client';
import { transaction } from './support/fixtures';
import { pagedRoute } from './support/paged-route';
import { TestServer } from './support/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
});
afterEach(() => server.close());

/** /transactions/extended/ over `rows`, announcing `count`/`sum` (defaults: the true ones). */
function extendedRoute(rows: Record<string, unknown>[], announced: { count?: number; sum?: number } = {}) {
  const route = pagedRoute('/transactions/extended/', () => rows, {
    extra: () => ({ sum: announced.sum ?? trueSum(rows), predicted_unmapped_transactions: false }),
  });
  return async (req: Parameters<typeof route>[0]) => {
    const reply = await route(req);
    if (announced.count !== undefined && reply.body) (reply.body as Record<string, unknown>)['count'] = announced.count;
    return reply;
  };
}
const trueSum = (rows: Record<string, unknown>[]) =>
  rows.reduce((s, r) => s + Math.round((r['reporting_amount'] as number) * 100), 0) / 100;

/** 0.1 and 0.2 alternate: a float sum drifts away from the cent-exact one. */
const floatRows = (n: number) => Array.from({ length: n }, (_, i) => transaction(i + 1, i % 2 === 0 ? 0.1 : 0.2));

describe('completeness against /transactions/extended/', () => {
  test('match: count and cent-exact sum agree even where a float sum would not', async () => {
    const rows = floatRows(2501);
    const floatSum = rows.reduce((s, r) => s + (r['reporting_amount'] as number), 0);
    expect(floatSum).not.toBe(375.1); // what naive float comparison would get wrong
    server.on('GET', '/transactions/extended/', extendedRoute(rows, { sum: 375.1 }));
    const { client } = makeClient(server);
    const { rows: pulled, report } = await client.transactions.pullVerified({ account: 3 });
    expect(report).toMatchObject({
      ok: true,
      countMatches: true,
      sumMatches: true,
      expectedCount: 2501,
      actualCount: 2501,
      expectedSum: '375.10',
      actualSum: '375.10',
      duplicateIds: [],
    });
    expect(pulled).toHaveLength(2501);
    // three pages of 1000, no extra request
    expect(server.apiRequests.map((r) => r.url)).toEqual([
      '/transactions/extended/?account=3&page=1&page_size=1000',
      '/transactions/extended/?account=3&page=2&page_size=1000',
      '/transactions/extended/?account=3&page=3&page_size=1000',
    ]);
  });

  test('count mismatch is reported', async () => {
    server.on('GET', '/transactions/extended/', extendedRoute(floatRows(10), { count: 11 }));
    const { client } = makeClient(server);
    const { report } = await client.transactions.pullVerified();
    expect(report).toMatchObject({ ok: false, countMatches: false, expectedCount: 11, actualCount: 10 });
  });

  test('sum mismatch by one cent is reported', async () => {
    server.on('GET', '/transactions/extended/', extendedRoute(floatRows(10), { sum: 1.51 }));
    const { client } = makeClient(server);
    const { report } = await client.transactions.pullVerified();
    expect(report).toMatchObject({
      ok: false,
      countMatches: true,
      sumMatches: false,
      expectedSumCents: 151,
      actualSumCents: 150,
      expectedSum: '1.51',
      actualSum: '1.50',
    });
  });

  test('duplicate ids are found, counted once, and the gap they hide shows as a mismatch', () => {
    const rows = [transaction(1, 0.1), transaction(2, 0.2), transaction(2, 0.2)] as { id: number; reporting_amount: number }[];
    const { report, rows: unique } = checkCompleteness(rows, { count: 3, sum: 0.5 });
    expect(unique.map((r) => r.id)).toEqual([1, 2]);
    expect(report).toMatchObject({ ok: false, rowsReceived: 3, actualCount: 2, duplicateIds: [2], actualSumCents: 30 });
    const clean = checkCompleteness(rows, { count: 2, sum: 0.3 });
    expect(clean.report).toMatchObject({ ok: true, duplicateIds: [2] });
  });

  test('verify(): existing rows against one cheap page_size=1 call with the same filters', async () => {
    const rows = floatRows(7);
    server.on('GET', '/transactions/extended/', extendedRoute(rows));
    const { client } = makeClient(server);
    const report = await client.transactions.verify(rows as { id: number; reporting_amount: number }[], {
      category: [4, 5],
      min_date: '2024-01-01',
    });
    expect(report.ok).toBe(true);
    expect(server.apiRequests.map((r) => r.url)).toEqual([
      '/transactions/extended/?category=4&category=5&min_date=2024-01-01&page=1&page_size=1',
    ]);
    const short = await client.transactions.verify(rows.slice(1) as { id: number; reporting_amount: number }[]);
    expect(short).toMatchObject({ ok: false, expectedCount: 7, actualCount: 6 });
  });

  test('negative amounts and large sums stay exact', () => {
    const rows = [
      { id: 1, reporting_amount: -1234567.89 },
      { id: 2, reporting_amount: 0.01 },
      { id: 3, reporting_amount: -0.3 },
    ];
    const { report } = checkCompleteness(rows, { count: 3, sum: -1234568.18 });
    expect(report.ok).toBe(true);
    expect(report.actualSum).toBe('-1234568.18');
  });
});

describe('CompletenessTally (the same check, row by row)', () => {
  test('agrees with checkCompleteness, duplicates counted once and reported', () => {
    const rows = [...floatRows(1001), ...floatRows(3)];
    const expected = { count: 1001, sum: trueSum(floatRows(1001)) };
    const tally = new CompletenessTally();
    const kept = rows.filter((r) => tally.add(r['id'] as number, r['reporting_amount'] as number));
    expect(kept).toHaveLength(1001);
    const report = tally.report(expected);
    expect(report).toEqual(checkCompleteness(rows as unknown as { id: number; reporting_amount: number }[], expected).report);
    expect(report).toMatchObject({ ok: true, rowsReceived: 1004, actualCount: 1001, duplicateIds: [1, 2, 3] });
  });

  test('a missing row, a changed amount and an unreadable amount are mismatches', () => {
    const missing = new CompletenessTally();
    missing.add(1, 10);
    expect(missing.report({ count: 2, sum: 10 })).toMatchObject({ ok: false, countMatches: false, sumMatches: true });
    const changed = new CompletenessTally();
    changed.add(1, 10.01);
    expect(changed.report({ count: 1, sum: 10 })).toMatchObject({ ok: false, countMatches: true, sumMatches: false, actualSum: '10.01' });
    const unreadable = new CompletenessTally();
    unreadable.add(1, Number.NaN);
    expect(unreadable.report({ count: 1, sum: 0 })).toMatchObject({ ok: false, countMatches: true, sumMatches: false });
  });
});
