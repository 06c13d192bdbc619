/**
 * A table's relative period travels with its pull state (a refresh keeps it), the stored state refuses a period it
 * does not know, and the row count before a load is one `page_size=1` read with the pull's filters.
 */

import { parsePullState } from '../../../src/sync/pull';
import { rowCount } from '../../../src/sync/pull/row-count';
import { useService } from './support';

const suite = useService({ transactions: 300 });

test('the period is kept in the pull state and a refresh keeps it', async () => {
  await suite.h.puller.pull(
    { resource: 'forecastBudgets', filters: { min_date: '2026-01-01', max_date: '2026-12-31' } },
    { period: 'thisYear' },
  );
  expect((await suite.h.store.get('ForecastBudgets'))?.period).toBe('thisYear');
  await suite.h.puller.refresh('ForecastBudgets');
  expect((await suite.h.store.get('ForecastBudgets'))?.period).toBe('thisYear');
});

test('a pull without a period stores none', async () => {
  await suite.h.puller.pull({ resource: 'forecastBudgets' });
  expect((await suite.h.store.get('ForecastBudgets'))?.period).toBeUndefined();
});

test('a stored period of another version reads as none, the rest of the state is kept', () => {
  const text = JSON.stringify({
    version: 1,
    tableName: 'T',
    sheetName: 'T',
    target: { resource: 'transactions' },
    lastPullStartedAt: 'x',
    lastPullAt: 'x',
    lastMode: 'full',
    rowCount: 1,
    period: 'nextDecade',
  });
  const state = parsePullState(text);
  expect(state?.tableName).toBe('T');
  expect(state).not.toHaveProperty('period');
});

test('the row count is one page_size=1 read with the same filters', async () => {
  const all = await rowCount(suite.h.client, { resource: 'transactions' });
  const before = suite.h.sent.length;
  const some = await rowCount(suite.h.client, { resource: 'transactions', filters: { min_date: '2026-06-01' } });
  const reads = suite.h.sent.slice(before);
  expect(all).toBe(300);
  expect(some).toBeGreaterThan(0);
  expect(some).toBeLessThan(300);
  expect(reads.map((r) => [r.path, r.query.get('page_size'), r.query.get('min_date')])).toEqual([
    [expect.stringContaining('/transactions/'), '1', '2026-06-01'],
  ]);
  expect(await rowCount(suite.h.client, { resource: 'categories' })).toBeUndefined();
});
