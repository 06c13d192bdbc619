/** Progress on stderr: a bar redrawn in place at a terminal, plain lines (started, waits, done) elsewhere. */
import { progressReport } from '../../../src/cli/workbook/progress-report';
import type { PullProgress } from '../../../src/sync/pull';

const event = (rows: number, extra: Partial<PullProgress> = {}): PullProgress => ({
  tableName: 'Transactions',
  phase: 'writing',
  pagesDone: 1,
  pagesTotal: 2,
  rows,
  total: 1000,
  message: 'Transactions: writing',
  ...extra,
});

function run(isTTY: boolean): string {
  let text = '';
  const report = progressReport({ write: (t: string) => (text += t), isTTY, columns: 100 });
  report.started('Transactions');
  report.progress(event(500));
  report.progress(event(500, { waiting: { reason: 'serviceError', seconds: 2 }, message: 'Transactions: trying again in 2 s' }));
  report.progress(event(1000));
  report.finished('Transactions', '1,000 rows, complete');
  return text;
}

test('at a terminal the bar redraws in place and ends as one finished line, whole however long', () => {
  const text = run(true);
  expect(text).toContain('\rTransactions  [############------------]  500 / 1,000  writing\x1b[K');
  expect(text).toContain('Transactions: trying again in 2 s');
  expect(text.endsWith('\rTransactions  [########################]  1,000 rows, complete\x1b[K\n')).toBe(true);
  expect(text.split('\n')).toHaveLength(2);

  let narrow = '';
  const report = progressReport({ write: (t: string) => (narrow += t), isTTY: true, columns: 40 });
  report.started('Transactions');
  report.finished('Transactions', 'incremental, 5,004 rows (27 replaced, 2 inserted), complete');
  expect(
    narrow.endsWith('\rTransactions  [########################]  incremental, 5,004 rows (27 replaced, 2 inserted), complete\x1b[K\n'),
  ).toBe(true);
});

test('elsewhere: one line when a table starts, one per wait, one when it is done; no control characters', () => {
  expect(run(false)).toBe('Transactions: started\nTransactions: trying again in 2 s\nTransactions: 1,000 rows, complete\n');
});
