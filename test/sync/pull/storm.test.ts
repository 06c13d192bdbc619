/**
 * A pull in a storm (issue #19): the pull's requests share one retry budget. A page that fails waits (Retry-After on
 * 429, jittered backoff on 5xx) and retries while the other pages go on; only that page is asked again; the pull
 * gives up when the service has been failing for a minute (configurable) without one success, with a localized
 * message saying the previous table is unchanged; and progress tells the user when and why it waits.
 * Counts and outcomes only: the sleep returns at once and the budget counts the waits as time.
 */

import { translate } from '../../../src/i18n/translate';
import { PullServiceDownError, type PullProgress } from '../../../src/sync/pull';
import { apiCalls, harness, sheetState, startService, type FetchHook, type Harness, type Sandbox } from './support';

let sandbox: Sandbox;
let h: Harness;
beforeAll(async () => {
  sandbox = await startService({ transactions: 1500 });
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.setFaults({});
  h.uninstall();
});

const PAGES = 15; // 1500 transactions in pages of 100

function setUp(overrides: Parameters<typeof harness>[1] = {}): void {
  h = harness(sandbox, {
    ...overrides,
    client: { random: () => 0.5, ...overrides.client },
    puller: { pageSize: 100, ...overrides.puller },
  });
}

const pageOf = (query: URLSearchParams): number => Number(query.get('page') ?? '1');

/** Answers the first `times` requests for `page` of the transaction pull with `reply`, then lets them through. */
function failPage(page: number, times: number, reply: () => Response): FetchHook {
  let failed = 0;
  return (request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/transactions/extended/' || pageOf(url.searchParams) !== page || failed >= times) return undefined;
    failed += 1;
    return reply();
  };
}
const tooMany = (seconds: number) => () =>
  new Response(JSON.stringify({ detail: 'Request was throttled.' }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'Retry-After': String(seconds) },
  });
const serverError = () => new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } });

describe('a storm of 500s and 429s', () => {
  it.each([1, 2, 3])(
    '20 %% non-JSON 500s and 20 %% 429s (fault seed %i): the pull completes, verified, and asks again only for what failed',
    async (seed) => {
      setUp();
      await h.client.plans.list(); // the token first (the token endpoint never sees faults)
      sandbox.setFaults({ error500Rate: 0.2, rate429: 0.2, retryAfterSeconds: 1, seed });
      const result = await h.puller.pull({ resource: 'transactions' });
      expect(result.rowCount).toBe(1500);
      expect(result.verification).toMatchObject({ ok: true, expectedCount: 1500, actualCount: 1500 });

      const calls = apiCalls(h.sent).filter((s) => s.path !== '/plans/');
      const faults = calls.filter((s) => s.status === 500 || s.status === 429);
      expect(faults.length).toBeGreaterThan(0);
      // Every page and the lookups (categories, accounts) answered exactly once; everything else was a retry of a fault.
      const answered = calls.filter((s) => s.status === 200);
      expect(
        answered
          .filter((s) => s.path === '/transactions/extended/')
          .map((s) => pageOf(s.query))
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
      expect(answered.filter((s) => s.path === '/categories/')).toHaveLength(1);
      expect(answered.filter((s) => s.path === '/accounts/')).toHaveLength(1);
      expect(calls.length).toBe(PAGES + 2 + faults.length);
    },
  );
});

describe('one page waits, the others go on', () => {
  it('a 429 asking for 30 s on page 2: pages 3-15 are fetched during its wait; page 2 is asked twice, every other page once', async () => {
    let othersDuringWait = -1;
    setUp({
      client: {
        // The wait for page 2 lasts until the pages behind it have been fetched (or 2 s: the test then fails).
        sleep: async (ms) => {
          if (ms !== 30_000) return;
          const started = Date.now();
          const others = () =>
            apiCalls(h.sent).filter((s) => s.path === '/transactions/extended/' && s.status === 200 && pageOf(s.query) > 2).length;
          while (others() < PAGES - 2 && Date.now() - started < 2_000) await new Promise((resolve) => setTimeout(resolve, 5));
          othersDuringWait = others();
        },
      },
    });
    h.hook.current = failPage(2, 1, tooMany(30));
    const result = await h.puller.pull({ resource: 'transactions' });
    expect(result.rowCount).toBe(1500);
    expect(othersDuringWait).toBe(PAGES - 2);
    const pages = apiCalls(h.sent)
      .filter((s) => s.path === '/transactions/extended/')
      .map((s) => pageOf(s.query));
    expect(pages.filter((p) => p === 2)).toHaveLength(2);
    expect(pages).toHaveLength(PAGES + 1);
  });
});

describe('progress while waiting', () => {
  it('tells "the service asked us to wait 30 s" with `waiting`, until the service answers again; never on `done`', async () => {
    setUp();
    h.hook.current = failPage(1, 1, tooMany(30));
    const events: PullProgress[] = [];
    await h.puller.pull({ resource: 'transactions' }, { onProgress: (p) => events.push(p) });
    const waiting = events.filter((e) => e.waiting !== undefined);
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(waiting[0]).toMatchObject({
      phase: 'fetching',
      waiting: { reason: 'rateLimited', seconds: 30 },
      message: 'Transactions: the service asked us to wait 30 s',
    });
    // Once page 1 has arrived, no event says it waits.
    const firstPage = events.findIndex((e) => e.phase === 'fetching' && e.pagesDone === 1);
    expect(firstPage).toBeGreaterThan(events.indexOf(waiting[0] as PullProgress));
    expect(events.slice(firstPage).every((e) => e.waiting === undefined)).toBe(true);
    expect(events[events.length - 1]).toMatchObject({ phase: 'done' });
    expect(events[events.length - 1]?.waiting).toBeUndefined();
  });

  it.each([
    ['de', 'Transactions: Der Dienst antwortet gerade nicht richtig; neuer Versuch in 1 s'],
    ['en', 'Transactions: the service is not answering properly; trying again in 1 s'],
    ['it', 'Transactions: il servizio non risponde correttamente; nuovo tentativo tra 1 s'],
  ] as const)('a 500 shows the backoff as `serviceError`, in %s', async (language, message) => {
    setUp({ client: { language } });
    h.hook.current = failPage(3, 2, serverError);
    const events: PullProgress[] = [];
    await h.puller.pull({ resource: 'transactions' }, { onProgress: (p) => events.push(p) });
    const waits = events.filter((e) => e.waiting !== undefined).map((e) => e.waiting);
    // Two waits of the backoff (375 ms, 750 ms, shown as whole seconds), each told at least once.
    expect(waits).toContainEqual({ reason: 'serviceError', seconds: 1 });
    expect(events.find((e) => e.waiting !== undefined)?.message).toBe(message);
  });
});

describe('the service down for good', () => {
  async function previousTable(): Promise<{ state: unknown; pullState: unknown }> {
    await h.puller.pull({ resource: 'transactions' });
    return { state: sheetState(h.workbook, 'Transactions'), pullState: await h.store.get('Transactions') };
  }

  it('gives up after a minute without one success: the message says so, the previous table and its state are unchanged', async () => {
    setUp();
    const before = await previousTable();
    const sentBefore = h.sent.length;
    sandbox.setFaults({ error500Rate: 1 });
    const error = await h.puller.pull({ resource: 'transactions' }, { mode: 'full' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PullServiceDownError);
    expect(error).toMatchObject({ tableName: 'Transactions', failingForMs: 60_000, reason: 'serviceError', status: 500 });
    expect((error as Error).message).toBe(translate('en', 'pull.error.serviceDown', { table: 'Transactions', seconds: 60 }));
    expect((error as Error).message).toContain('The previous Transactions table is unchanged');
    expect(sheetState(h.workbook, 'Transactions')).toEqual(before.state);
    expect(await h.store.get('Transactions')).toEqual(before.pullState);
    // Page 1 and the lookups (categories, accounts), each at most 1 + 13 tries in the minute: the pull's requests are bounded.
    const tries = h.sent.slice(sentBefore);
    expect(tries.every((s) => s.status === 500)).toBe(true);
    expect(tries.length).toBeLessThanOrEqual(3 * 14);
    expect(new Set(tries.map((s) => `${s.path}?${pageOf(s.query)}`))).toEqual(
      new Set(['/transactions/extended/?1', '/categories/?1', '/accounts/?1']),
    );
  });

  it.each([
    ['de', 'Die bisherige Tabelle Transactions ist unverändert'],
    ['it', 'La tabella Transactions precedente è invariata'],
  ] as const)(
    "the give-up time is the puller's option (10 s), and the message is in the user's language (%s)",
    async (language, unchanged) => {
      setUp({ client: { language }, puller: { giveUpAfterMs: 10_000 } });
      sandbox.setFaults({ error500Rate: 1 });
      const error = await h.puller.pull({ resource: 'categories' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'PullServiceDownError', failingForMs: 10_000 });
      expect((error as Error).message).toBe(translate(language, 'pull.error.serviceDown', { table: 'Categories', seconds: 10 }));
      expect((error as Error).message).toContain(unchanged.replace('Transactions', 'Categories'));
    },
  );
});
