/** @jest-environment jsdom */
/**
 * The client core in a browser-like global (jsdom): no Node modules are reachable from `src/api`.
 * jsdom lacks fetch/Request/Response/TextEncoder/ReadableStream, which every browser has; the test
 * lends Node's own implementations (from the outer realm) before loading the client, and the
 * client is given `fetch` through its `fetch` option.
 */
import vm from 'node:vm';
import { TestServer } from './support/test-server';
import { CLIENT_ID, CLIENT_SECRET } from './support/test-server';
import { category, pageBody, transaction } from './support/fixtures';

type Api = typeof import('../../src/api');

const outer = vm.runInThisContext('globalThis') as Record<string, unknown>;
const browserGlobals = ['Request', 'Response', 'TextEncoder', 'TextDecoder', 'ReadableStream'] as const;

let server: TestServer;
let api: Api;

beforeAll(async () => {
  expect(typeof window).toBe('object'); // really running under jsdom
  const g = globalThis as Record<string, unknown>;
  for (const name of browserGlobals) g[name] ??= outer[name];
  api = await import('../../src/api');
  server = await TestServer.start();
  server.on('GET', '/categories/', { body: [category(1)] });
  server.on('GET', '/transactions/', (req) => ({
    body: pageBody(
      '/transactions/',
      Number(req.query.get('page')),
      2,
      3,
      req.query.get('page') === '1' ? [transaction(1), transaction(2)] : [transaction(3)],
    ),
  }));
});
afterAll(() => server.close());

test('the client works with an injected fetch in a jsdom window', async () => {
  const client = api.createClient({
    baseUrl: server.baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    language: 'it',
    fetch: outer['fetch'] as typeof fetch,
    tokenCache: new api.TokenCache(),
  });
  expect(await client.categories.list()).toHaveLength(1);
  const ids: number[] = [];
  for await (const t of client.transactions.items({ account: [1, 2] }, { pageSize: 2 })) ids.push(t.id);
  expect(ids).toEqual([1, 2, 3]);
  expect(server.requests.map((r) => r.headers['accept-language'])).toEqual(['it', 'it', 'it', 'it']);
  await expect(client.invoices.delete({} as never)).rejects.toBeInstanceOf(api.InvalidRequestError);
});
