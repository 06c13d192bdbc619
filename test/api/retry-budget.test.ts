/**
 * The retry budget of a long job (a pull): no count limit, Retry-After honoured whatever its length, backoff with
 * jitter on 5xx, one deadline shared by every request ("the service has failed for a minute with no success"), and
 * a success anywhere giving the others their time back. Counts and outcomes, never wall time: the clock is frozen
 * and the sleep returns at once, so the budget's time is what the waits add up to.
 */
import { InternalServerError, RateLimitError, RetryBudget, ServiceDownError, type RetryWait, type Sleep } from '../../src/api';
import { pageBody, transaction } from './support/fixtures';
import { makeClient } from './support/make-client';
import { type Reply, TestServer } from './support/test-server';

const wait = (delayMs: number, reason: RetryWait['reason'] = 'serviceError'): RetryWait => ({
  reason,
  delayMs,
  method: 'GET',
  path: '/x/',
  status: 500,
});

/** A frozen clock and a sleep that records and returns at once: time moves only by the waits. */
function frozen(): { now: () => number; sleep: Sleep; slept: number[] } {
  const slept: number[] = [];
  return { now: () => 1_000, sleep: async (ms) => void slept.push(ms), slept };
}

describe('RetryBudget (pure)', () => {
  test('waits count as time even when the sleep returns at once: 60 s of failing, then no more', async () => {
    const budget = new RetryBudget({ giveUpAfterMs: 60_000 });
    const context = frozen();
    const answers: boolean[] = [];
    for (let i = 0; i < 7; i += 1) answers.push(await budget.wait(wait(10_000), context));
    expect(answers).toEqual([true, true, true, true, true, false, false]);
    // Five full waits, the sixth cut at the deadline; the seventh does not wait at all.
    expect(context.slept).toEqual([10_000, 10_000, 10_000, 10_000, 10_000, 10_000]);
    expect(budget.failingForMs(context.now)).toBe(60_000);
  });

  test('a success gives the full time back', async () => {
    const budget = new RetryBudget({ giveUpAfterMs: 30_000 });
    const context = frozen();
    expect(await budget.wait(wait(25_000), context)).toBe(true);
    budget.succeeded();
    expect(budget.failingForMs(context.now)).toBe(0);
    expect(await budget.wait(wait(25_000), context)).toBe(true);
    expect(await budget.wait(wait(25_000), context)).toBe(false); // 50 s since the success: cut at 30 s
    expect(context.slept).toEqual([25_000, 25_000, 5_000]);
  });

  test('a wait longer than what is left is cut at the deadline; if another request succeeded meanwhile, it waits out the rest', async () => {
    const budget = new RetryBudget({ giveUpAfterMs: 60_000 });
    const slept: number[] = [];
    let successDuringSleep = true;
    const context = {
      now: () => 0,
      sleep: async (ms: number) => {
        slept.push(ms);
        if (successDuringSleep) budget.succeeded();
        successDuringSleep = false;
      },
    };
    // Asked to wait 90 s (Retry-After longer than the budget): cut at 60 s, another page succeeded meanwhile: 30 s more.
    expect(await budget.wait(wait(90_000, 'rateLimited'), context)).toBe(true);
    expect(slept).toEqual([60_000, 30_000]);
    // Again, with nobody succeeding: cut at the deadline, then given up.
    expect(await budget.wait(wait(90_000, 'rateLimited'), context)).toBe(false);
    expect(slept).toEqual([60_000, 30_000, 60_000]);
  });

  test('requests waiting side by side share one deadline and count their time once', async () => {
    const budget = new RetryBudget({ giveUpAfterMs: 10_000 });
    const release: (() => void)[] = [];
    const context = { now: () => 0, sleep: (): Promise<void> => new Promise<void>((resolve) => release.push(resolve)) };
    const a = budget.wait(wait(4_000), context);
    const b = budget.wait(wait(4_000), context);
    await Promise.resolve();
    release.splice(0).forEach((go) => go());
    expect(await Promise.all([a, b])).toEqual([true, true]);
    expect(budget.failingForMs(context.now)).toBe(4_000); // not 8 s: they waited at the same time
    // Both fail again and wait 8 s: the deadline (10 s) cuts both at 6 s, and both give up.
    const c = budget.wait(wait(8_000), context);
    const d = budget.wait(wait(8_000), context);
    await Promise.resolve();
    release.splice(0).forEach((go) => go());
    expect(await Promise.all([c, d])).toEqual([false, false]);
  });

  test('tells each wait, with its reason', async () => {
    const told: RetryWait[] = [];
    const budget = new RetryBudget({ onWait: (w) => told.push(w) });
    await budget.wait(wait(1_000, 'rateLimited'), frozen());
    await budget.wait(wait(500), frozen());
    expect(told.map((w) => [w.reason, w.delayMs])).toEqual([
      ['rateLimited', 1_000],
      ['serviceError', 500],
    ]);
  });

  test('an abort ends the wait early', async () => {
    const budget = new RetryBudget();
    const controller = new AbortController();
    const context = { now: () => 0, sleep: async () => controller.abort(), signal: controller.signal };
    expect(await budget.wait(wait(30_000), context)).toBe(true);
    expect(budget.failingForMs(context.now)).toBe(0); // the wait did not count: it was cut short
  });
});

describe('a client under a retry budget, over HTTP', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await TestServer.start();
  });
  afterEach(() => server.close());

  /** Each reply in turn, then the last one for ever. */
  function sequence(...replies: Reply[]) {
    let i = 0;
    return (): Reply => replies[Math.min(i++, replies.length - 1)] ?? { status: 500 };
  }
  const error500: Reply = { status: 500, text: '<h1>Server Error (500)</h1>', headers: { 'content-type': 'text/html' } };

  test('ten 500s in a row are not the end: retried with growing, jittered backoff until the answer comes', async () => {
    server.on('GET', '/categories/', sequence(...Array.from({ length: 10 }, () => error500), { body: [] }));
    const { client, sleeps } = makeClient(server);
    const budgeted = client.withRetryBudget(new RetryBudget());
    expect(await budgeted.categories.list()).toEqual([]);
    expect(server.apiRequests).toHaveLength(11);
    // random 0.5: three quarters of the step, the step doubling from 500 ms up to 8 s.
    expect(sleeps).toEqual([375, 750, 1_500, 3_000, 6_000, 6_000, 6_000, 6_000, 6_000, 6_000]);
  });

  test('Retry-After is honoured as often as the service asks, for as long as the budget allows (here 2 minutes)', async () => {
    const slow: Reply = { status: 429, body: { detail: 'Slow down.' }, headers: { 'Retry-After': '30' } };
    server.on('GET', '/categories/', sequence(slow, slow, slow, { body: [] }));
    const { client, sleeps } = makeClient(server);
    const told: RetryWait[] = [];
    await client.withRetryBudget(new RetryBudget({ giveUpAfterMs: 120_000, onWait: (w) => told.push(w) })).categories.list();
    expect(sleeps).toEqual([30_000, 30_000, 30_000]);
    expect(told.map((w) => [w.reason, w.delayMs, w.status])).toEqual(Array.from({ length: 3 }, () => ['rateLimited', 30_000, 429]));
  });

  test('a service that stays down: ServiceDownError after a minute of failing, localized, with the last failure as cause', async () => {
    server.on('GET', '/categories/', error500);
    const { client, sleeps } = makeClient(server, { language: 'de' });
    const error = await client
      .withRetryBudget(new RetryBudget())
      .categories.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceDownError);
    const down = error as ServiceDownError;
    expect(down).toMatchObject({ status: 500, method: 'GET', path: '/categories/', failingForMs: 60_000, reason: 'serviceError' });
    expect(down.cause).toBeInstanceOf(InternalServerError);
    expect(down.message).toMatch(/^Der Dienst hat 60 s lang keine Anfrage erfolgreich beantwortet/);
    // 375 + 750 + 1,500 + 3,000 + 8 × 6,000 = 53,625 ms; one more 6 s wait is cut at the minute.
    expect(sleeps).toEqual([375, 750, 1_500, 3_000, ...Array.from({ length: 9 }, () => 6_000), 375]);
    expect(server.apiRequests).toHaveLength(14);
  });

  test("the give-up time is the budget's: 10 s", async () => {
    server.on('GET', '/categories/', { status: 429, body: { detail: 'Slow down.' }, headers: { 'Retry-After': '4' } });
    const { client } = makeClient(server);
    const error = await client
      .withRetryBudget(new RetryBudget({ giveUpAfterMs: 10_000 }))
      .categories.list()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ServiceDownError', reason: 'rateLimited', failingForMs: 10_000, status: 429 });
    expect((error as ServiceDownError).cause).toBeInstanceOf(RateLimitError);
    expect(server.apiRequests).toHaveLength(3); // waits of 4 s, 4 s, then 2 s to the deadline
  });

  test('pages under one budget: a page failing a dozen times is retried alone, the others arrive once each', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => transaction(i + 1));
    let page2Failures = 0;
    server.on('GET', '/transactions/', (req) => {
      const page = Number(req.query.get('page') ?? '1');
      // Page 2 fails twelve times (53 s of backoff), then answers.
      if (page === 2 && page2Failures < 12) {
        page2Failures += 1;
        return error500;
      }
      return { body: pageBody('/transactions/', page, 10, rows.length, rows.slice((page - 1) * 10, page * 10)) };
    });
    const { client } = makeClient(server);
    const budgeted = client.withRetryBudget(new RetryBudget({ giveUpAfterMs: 60_000 }));
    const all = await budgeted.transactions.pages({}, { pageSize: 10, concurrency: 2 }).all();
    expect(all).toHaveLength(30);
    expect(page2Failures).toBe(12);
    const pages = server.apiRequests.map((r) => r.query.get('page'));
    expect(pages.filter((p) => p === '2')).toHaveLength(13);
    expect(pages.filter((p) => p !== '2')).toEqual(['1', '3']);
  });

  test('POST and PATCH keep their rule under a budget: a 500 is not retried', async () => {
    server.on('POST', '/invoices/', error500);
    const { client, sleeps } = makeClient(server);
    const budgeted = client.withRetryBudget(new RetryBudget());
    await expect(budgeted.invoices.create({ reference: 'R', name: 'N', amount: 1, due_date: '2024-01-01' })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(server.apiRequests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  test("the token endpoint down too: under a budget that is the request's failure, and it ends with ServiceDownError", async () => {
    server.tokenReply = error500;
    server.on('GET', '/categories/', { body: [] });
    const { client } = makeClient(server);
    const error = await client
      .withRetryBudget(new RetryBudget({ giveUpAfterMs: 5_000 }))
      .categories.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceDownError);
    expect(server.apiRequests).toHaveLength(0);
    // Waits of 375, 750, 1,500 ms, then one of 3 s cut at the 5 s: the token request is not retried on its own as well.
    expect(server.tokenRequests).toBe(4);
    // Without a budget the token request retries itself (it changes nothing at the service): 1 + the limit of 2.
    await expect(client.categories.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.tokenRequests).toBe(7);
  });

  test('the client it was made from keeps its fixed limit', async () => {
    server.on('GET', '/categories/', error500);
    const { client } = makeClient(server);
    client.withRetryBudget(new RetryBudget());
    await expect(client.categories.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.apiRequests).toHaveLength(3);
  });
});
