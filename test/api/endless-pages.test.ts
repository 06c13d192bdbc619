/**
 * Pages that would not end (issue #25 item 10): the pagination stops with `EndlessPagesError` instead of following a
 * service's `next` links for ever, in sequential and concurrent mode, after a bounded number of page requests.
 */
import { EndlessPagesError, type PaginateOptions } from '../../src/api';
import { makeClient } from './support/make-client';
import { transaction } from './support/fixtures';
import type { RecordedRequest } from './support/test-server';
import { TestServer } from './support/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
});
afterEach(() => server.close());

const link = (page: number) => `http://api.example.test/transactions/?page=${page}&page_size=10`;
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => transaction(from + i, 1));

/** Page 1 holds rows 1-10 of `count`; every later page answers `later(page)`, always with a `next` link. */
function endless(count: number, later: (page: number) => unknown[]) {
  return (req: RecordedRequest) => {
    const page = Number(req.query.get('page') ?? '1');
    const results = page === 1 ? ids(1, 10) : later(page);
    return { body: { count, next: link(page + 1), previous: page > 1 ? link(page - 1) : null, results } };
  };
}

async function failure(options: PaginateOptions): Promise<EndlessPagesError> {
  const { client } = makeClient(server);
  const error: unknown = await client.transactions
    .pages({}, { pageSize: 10, ...options })
    .all()
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  if (!(error instanceof EndlessPagesError)) throw new Error(`expected EndlessPagesError, got ${String(error)}`);
  return error;
}

describe('pages that would not end', () => {
  test('an empty page with a next link stops the pagination there (sequential)', async () => {
    server.on(
      'GET',
      '/transactions/',
      endless(40, () => []),
    );
    const error = await failure({ concurrency: 1 });
    expect(error).toMatchObject({ reason: 'emptyPage', page: 2, count: 40, pagesAnnounced: 4, path: '/transactions/' });
    expect(error.message).toBe(
      'The service sent page 2 of /transactions/ without any records, yet with a link to a further page: its pages would not end, so reading stopped there.',
    );
    expect(server.apiRequests).toHaveLength(2);
  });

  test('an empty first page with a next link stops before any other request, even with concurrency', async () => {
    server.on('GET', '/transactions/', (req) => ({
      body: { count: 5000, next: link(Number(req.query.get('page')) + 1), previous: null, results: [] },
    }));
    const error = await failure({ concurrency: 4 });
    expect(error).toMatchObject({ reason: 'emptyPage', page: 1 });
    expect(server.apiRequests).toHaveLength(1);
  });

  test('a page repeating records of earlier pages with a next link stops there', async () => {
    server.on(
      'GET',
      '/transactions/',
      endless(40, () => ids(11, 10)),
    );
    const error = await failure({ concurrency: 1 });
    expect(error).toMatchObject({ reason: 'noNewRows', page: 3 });
    expect(server.apiRequests).toHaveLength(3);
  });

  test('new records beyond what count announced: no page past count / page size is asked for', async () => {
    server.on(
      'GET',
      '/transactions/',
      endless(40, (page) => ids(page * 10 - 9, 10)),
    );
    const error = await failure({ concurrency: 1 });
    expect(error).toMatchObject({ reason: 'beyondCount', page: 5, count: 40, pagesAnnounced: 4 });
    expect(server.apiRequests.map((r) => r.query.get('page'))).toEqual(['1', '2', '3', '4']);
  });

  test('a count that rises by a page with every page is held to what the first page announced, give or take a tenth', async () => {
    // Each page brings 10 new ids and announces one page more: never beyond its own count, always linking on.
    server.on('GET', '/transactions/', (req: RecordedRequest) => {
      const page = Number(req.query.get('page') ?? '1');
      return { body: { count: 100 + page * 10, next: link(page + 1), previous: null, results: ids(page * 10 - 9, 10) } };
    });
    const error = await failure({ concurrency: 1 });
    expect(error.reason).toBe('beyondCount');
    // 110 announced first, and a tenth more: 121 records, 13 pages; the 14th is never asked for.
    expect(server.apiRequests.length).toBe(13);
  });

  test('a count that grows a little while the pages are read (records added meanwhile) is followed', async () => {
    server.on('GET', '/transactions/', (req: RecordedRequest) => {
      const page = Number(req.query.get('page') ?? '1');
      const count = page === 1 ? 30 : 35;
      return { body: { count, next: page < 4 ? link(page + 1) : null, previous: null, results: ids(page * 10 - 9, page < 4 ? 10 : 5) } };
    });
    const { client } = makeClient(server);
    expect(await client.transactions.pages({}, { pageSize: 10, concurrency: 1 }).all()).toHaveLength(35);
  });

  test('with concurrency the requests stay within the pages count announced', async () => {
    server.on(
      'GET',
      '/transactions/',
      endless(100, () => ids(11, 10)),
    );
    const error = await failure({ concurrency: 4 });
    expect(error.reason).toBe('noNewRows');
    expect(server.apiRequests.length).toBeLessThanOrEqual(10);
  });

  test('the message is in the client language', async () => {
    server.on(
      'GET',
      '/transactions/',
      endless(40, () => []),
    );
    const { client } = makeClient(server, { language: 'de' });
    await expect(client.transactions.pages({}, { pageSize: 10, concurrency: 1 }).all()).rejects.toThrow(
      'Der Dienst hat Seite 2 von /transactions/ ohne Datensätze, aber mit einem Link auf eine weitere Seite geschickt',
    );
  });

  test('a last page without new records but without a next link ends normally', async () => {
    server.on('GET', '/transactions/', (req) => {
      const page = Number(req.query.get('page') ?? '1');
      return { body: { count: 20, next: page === 1 ? link(2) : null, previous: null, results: ids(1, 10) } };
    });
    const { client } = makeClient(server);
    await expect(client.transactions.pages({}, { pageSize: 10, concurrency: 1 }).all()).resolves.toHaveLength(20);
  });
});
