/**
 * A service whose pages misbehave cannot hang or silently break a pull (issue #25 items 10 and 12), against the
 * sandbox's page faults through the Excel host on the simulation:
 * - pages that never end (empty with a `next` link, or the same records again) stop the pull after a bounded number
 *   of requests with a message naming the table, and the previous table stays as it was;
 * - several records under one id on a page are named (id, number of records) in the result and its warnings, for
 *   invoices (which dropped one silently) and transactions (which blamed a change during the pull).
 */

import { PullEndlessPagesError } from '../../../src/sync/pull';
import { apiCalls, sheetState, tableCells, useService, rejectionOf } from './support';

const suite = useService({ transactions: 1500 });

/** The pull's page requests to `path` since `from` (an index into the recorded requests). */
const pageRequests = (path: string, from: number) =>
  apiCalls(suite.h.sent.slice(from)).filter((s) => s.path === path && s.method === 'GET');

describe('pages that never end', () => {
  it('empty pages with a next link: the pull stops at the first of them, the previous table unchanged', async () => {
    const h = suite.use({ puller: { pageSize: 100, concurrency: 1 } });
    await h.puller.pull({ resource: 'transactions' });
    const before = sheetState(h.workbook, 'Transactions');
    const from = h.sent.length;
    suite.sandbox.setFaults({ endlessEmptyPages: { path: '/transactions/extended/', fromPage: 4 } });

    const error = await rejectionOf(h.puller.pull({ resource: 'transactions' }, { mode: 'full' }));

    expect(error).toBeInstanceOf(PullEndlessPagesError);
    expect(error).toMatchObject({ tableName: 'Transactions', reason: 'emptyPage', page: 4 });
    expect(error.message).toBe(
      'Loading Transactions was stopped at page 4: the service sent it without any records, yet with a link to a further page, so its pages would never have ended. The previous Transactions table is unchanged.',
    );
    expect(pageRequests('/transactions/extended/', from).map((s) => s.query.get('page'))).toEqual(['1', '2', '3', '4']);
    expect(sheetState(h.workbook, 'Transactions')).toEqual(before);
  });

  it('with the default concurrency the requests stay within the pages count announced', async () => {
    const h = suite.use({ puller: { pageSize: 100 } });
    const from = h.sent.length;
    suite.sandbox.setFaults({ endlessEmptyPages: { path: '/transactions/extended/', fromPage: 2 } });
    const error = await rejectionOf(h.puller.pull({ resource: 'transactions' }));
    expect(error).toMatchObject({ reason: 'emptyPage', page: 2 });
    // 1,500 records in pages of 100: page 1, then at most the 14 pages that count announced, never more.
    const pages = pageRequests('/transactions/extended/', from);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(15);
    expect(h.workbook.tables().map((t) => t.name)).not.toContain('Transactions'); // a first pull leaves no table
  });

  it('the same records again and again: the pull stops at the first page that brings nothing new', async () => {
    const h = suite.use({ puller: { pageSize: 10, concurrency: 1, language: 'it' } });
    await h.puller.pull({ resource: 'invoices' });
    const before = sheetState(h.workbook, 'Invoices');
    const from = h.sent.length;
    suite.sandbox.setFaults({ repeatedPage: { path: '/invoices/', page: 2 } });

    const error = await rejectionOf(h.puller.pull({ resource: 'invoices' }));

    expect(error).toMatchObject({ tableName: 'Invoices', reason: 'noNewRows', page: 3 });
    expect(error.message).toBe(
      "Lo scaricamento di Invoices è stato interrotto alla pagina 3: il servizio l'ha inviata solo con record di pagine precedenti, ma con un link a un'altra pagina, quindi le sue pagine non sarebbero mai finite. La tabella Invoices precedente è invariata.",
    );
    expect(pageRequests('/invoices/', from)).toHaveLength(3);
    expect(sheetState(h.workbook, 'Invoices')).toEqual(before);
  });
});

describe('several records under one id on a page', () => {
  it('invoices: the pull names the id and the number of records instead of dropping one silently', async () => {
    const h = suite.h;
    const count = (await h.client.invoices.page({ page_size: 1 })).count;
    const first = (await h.client.invoices.page({ page: 1, page_size: 1000 })).results.invoices[0];
    if (first === undefined) throw new Error('the demo company has invoices');
    suite.sandbox.setFaults({ duplicateId: { path: '/invoices/', page: 1 } });

    const result = await h.puller.pull({ resource: 'invoices' });

    expect(result.fetchedRows).toBe(count);
    expect(result.rowCount).toBe(count - 1);
    expect(result.idClashes).toEqual([{ id: first.id, records: 2 }]);
    expect(result.warnings).toEqual([
      `Invoices: the service sent 2 records with the same id ${first.id} on one page; only the first of them is in the table.`,
    ]);
    const state = await h.store.get('Invoices');
    expect(state).toMatchObject({ complete: false, warnings: result.warnings });
    const { headers, rows } = tableCells(h.workbook, 'Invoices');
    expect(rows.filter((r) => r[headers.indexOf('Id')] === first.id)).toHaveLength(1);
  });

  it('transactions: the pull names the id, not a change of the service during the pull', async () => {
    const h = suite.use({ puller: { language: 'de' } });
    const first = (await h.client.transactions.extendedPage({ page: 1, page_size: 1000 })).results[0];
    if (first === undefined) throw new Error('the demo company has transactions');
    suite.sandbox.setFaults({ duplicateId: { path: '/transactions/extended/', page: 1 } });

    const result = await h.puller.pull({ resource: 'transactions' });

    expect(result.idClashes).toEqual([{ id: first.id, records: 2 }]);
    expect(result.warnings).toEqual([
      `Transactions: Der Dienst hat auf einer Seite 2 Datensätze mit derselben ID ${first.id} geschickt; nur der erste davon steht in der Tabelle.`,
    ]);
    expect(result.verification).toMatchObject({ ok: false, expectedCount: 1500, actualCount: 1499 });
    expect(result.rowCount).toBe(1499);
  });

  it('transactions: when the service also changed during the pull, both are said', async () => {
    const h = suite.use({ puller: { pageSize: 500, concurrency: 1 } });
    suite.sandbox.setFaults({ duplicateId: { path: '/transactions/extended/', page: 1 }, concurrentEditRate: 1 });
    const result = await h.puller.pull({ resource: 'transactions' }, { mode: 'full' });
    expect(result.idClashes).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^Transactions: the service changed during the pull/);
    expect(result.warnings[1]).toMatch(/^Transactions: the service sent 2 records with the same id \d+ on one page/);
  });
});
