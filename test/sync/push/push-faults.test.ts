/**
 * Pushes that meet trouble (#17): lost answers, non-JSON 500s, 429s, an expired token, a cancel, a push cut off
 * before the sheet heard the outcome. Every row ends landed or pending with its reason; nothing is lost and
 * nothing is applied twice (creates would show as duplicates; every write is counted).
 */

import { rowWhere, setUpPush, addressable, type PushHarness, type SentRequest } from './push-support';

let h: PushHarness;
afterEach(async () => {
  await h?.close();
});

const html500 = () => new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } });
const lostAnswer = () => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
};
const isWrite = (r: SentRequest) => r.method !== 'GET' && !r.path.endsWith('/auth/token/');

function newRow(harness: PushHarness, externalId: string, amount: number): number {
  const leaf = harness.sheet.cell(
    rowWhere(harness, (e) => e === 'fc-miete'),
    'category_id',
  );
  harness.sheet.rows.push({ cells: harness.sheet.rows[0]?.cells.map(() => null) ?? [], status: '', highlight: [] });
  const at = harness.sheet.rows.length - 1;
  for (const [key, value] of Object.entries({
    external_id: externalId,
    name: `New ${externalId}`,
    category_id: leaf,
    settlement_date: '2027-03-01',
    amount,
  }))
    harness.sheet.set(at, key, value);
  return at;
}

async function withExternalId(harness: PushHarness, externalId: string) {
  return [...(await harness.service()).values()].filter((b) => b.external_id === externalId);
}

describe('lost answers are read back, never sent blindly again', () => {
  it('a PATCH that landed but whose answer was lost: read back, found, sent once', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    h.sheet.set(at, 'amount', -321);
    h.hook.current = async (request, forward) => {
      if (request.method !== 'PATCH') return undefined;
      await forward();
      return lostAnswer();
    };
    h.takeWrites();
    const result = await h.push();
    expect(h.takeWrites().map((w) => w.method)).toEqual(['PATCH']);
    expect(result.rows[0]?.outcome).toBe('landed');
    expect((await h.service()).get(h.sheet.cell(at, 'id') as number)?.amount).toBe(-321);
  });

  it('a POST that landed but whose answer was lost: found by its external ID, one budget, its id in the row', async () => {
    h = await setUpPush();
    const at = newRow(h, 'lost-answer-1', -11);
    h.hook.current = async (request, forward) => {
      if (request.method !== 'POST' || !request.path.includes('/budgets/')) return undefined;
      await forward();
      return lostAnswer();
    };
    h.takeWrites();
    const result = await h.push();
    expect(h.takeWrites().map((w) => w.method)).toEqual(['POST']);
    expect(result.rows[0]?.outcome).toBe('landed');
    const created = await withExternalId(h, 'lost-answer-1');
    expect(created).toHaveLength(1);
    expect(h.sheet.cell(at, 'id')).toBe(created[0]?.id);
  });

  it('a PATCH answered with a non-JSON 500 before it was applied: read back, not there, sent again, applied once', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    h.sheet.set(at, 'amount', -654);
    let failed = 0;
    h.hook.current = (request) => {
      if (request.method === 'PATCH' && failed === 0) {
        failed += 1;
        return html500();
      }
      return undefined;
    };
    h.takeWrites();
    const result = await h.push();
    expect(h.takeWrites().map((w) => `${w.method} ${w.status}`)).toEqual(['PATCH 500', 'PATCH 200']);
    expect(result.rows[0]?.outcome).toBe('landed');
  });

  it('a 429 on a POST: the client waits for Retry-After and sends it again (a 429 is refused before anything is done)', async () => {
    h = await setUpPush();
    newRow(h, 'after-429', -5);
    const waits: number[] = [];
    let limited = false;
    h.hook.current = (request) => {
      if (request.method === 'POST' && request.path === '/forecast/budgets/' && !limited) {
        limited = true;
        return Response.json({ detail: 'Request was throttled.' }, { status: 429, headers: { 'Retry-After': '3' } });
      }
      return undefined;
    };
    h.takeWrites();
    const result = await h.push({}, { sleep: async (ms) => void waits.push(ms) });
    expect(h.takeWrites().map((w) => `${w.method} ${w.status}`)).toEqual(['POST 429', 'POST 201']);
    expect(h.sleeps).toEqual([3000]); // the client's wait; the push had nothing to read back
    expect(waits).toEqual([]);
    expect(result.rows[0]?.outcome).toBe('landed');
    expect(await withExternalId(h, 'after-429')).toHaveLength(1);
  });

  it('when the service stays broken the row stays pending with the reason, and the next push sends it', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    h.sheet.set(at, 'amount', -987);
    h.hook.current = (request) => (request.method === 'PATCH' ? html500() : undefined);
    const failed = await h.push();
    expect(failed.rows[0]).toMatchObject({ outcome: 'unknown' });
    expect(h.sheet.rows[at]?.status).toMatch(
      /^Not confirmed: the service did not confirm this change and reading it back did not tell either \(.+\)\. Send again/,
    );
    expect(h.sheet.rows[at]?.highlight).toEqual(['amount']);
    expect(h.sheet.cell(at, 'amount')).toBe(-987);
    h.hook.current = undefined;
    h.takeWrites();
    const again = await h.push();
    expect(again.rows[0]?.outcome).toBe('landed');
    expect(h.takeWrites().map((w) => w.method)).toEqual(['PATCH']);
  });

  it('an expired token mid-push: renewed once, the change lands', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    h.sheet.set(at, 'name', 'After renewal');
    let rejected = false;
    h.hook.current = (request) => {
      if (request.method === 'PATCH' && !rejected) {
        rejected = true;
        return Response.json({ detail: 'Invalid token.' }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
      }
      return undefined;
    };
    await h.client.plans.list(); // the client holds a token now
    const tokensBefore = h.sent.filter((s) => s.path.endsWith('/auth/token/')).length;
    const result = await h.push();
    expect(result.rows[0]?.outcome).toBe('landed');
    expect(h.sent.filter((s) => s.path.endsWith('/auth/token/')).length).toBe(tokensBefore + 1);
  });

  it('a validation error from the service: the row keeps its value and says what the service said, by column', async () => {
    h = await setUpPush({ language: 'de' });
    const at = rowWhere(h, addressable);
    h.sheet.set(at, 'amount', -1);
    h.hook.current = (request) =>
      request.method === 'PATCH' ? Response.json({ amount: ['Stellen überschritten.'] }, { status: 400 }) : undefined;
    const result = await h.push();
    expect(result.rows[0]).toMatchObject({ outcome: 'failed', message: 'Nicht gesendet: Amount: Stellen überschritten.' });
    expect(h.sheet.cell(at, 'amount')).toBe(-1);
  });
});

describe('a push cut off resumes without applying anything twice', () => {
  it('cancelled after some writes: the rest wait; pushing again completes; each create exists once', async () => {
    h = await setUpPush();
    for (let i = 0; i < 6; i += 1) newRow(h, `cut-${i}`, -10 - i);
    const controller = new AbortController();
    let posts = 0;
    h.hook.current = async (request, forward) => {
      if (request.method !== 'POST' || !request.path.includes('/budgets/')) return undefined;
      posts += 1;
      const answer = await forward();
      if (posts === 2) controller.abort();
      return answer;
    };
    const first = await h.push({}, { signal: controller.signal, concurrency: 1 });
    expect(first.counts.landed).toBeGreaterThanOrEqual(1);
    expect(first.counts.cancelled + first.counts.unknown).toBeGreaterThanOrEqual(1);
    expect(first.counts.landed + first.counts.cancelled + first.counts.unknown).toBe(6);
    h.hook.current = undefined;
    const second = await h.push();
    expect(second.counts.landed).toBe(6 - first.counts.landed);
    for (let i = 0; i < 6; i += 1) expect(await withExternalId(h, `cut-${i}`)).toHaveLength(1);
    expect(h.sheet.rows.filter((r) => r.cells[0] === null)).toEqual([]);
    h.takeWrites();
    await h.push();
    expect(h.takeWrites()).toEqual([]);
  });

  it('the workbook closed before the outcome was written back: the next push finds what landed and sends nothing again', async () => {
    h = await setUpPush();
    const changed = rowWhere(h, addressable);
    h.sheet.set(changed, 'amount', -2222);
    newRow(h, 'closed-1', -1);
    // The first push's writes reach the service, but the sheet never hears of it (Excel closed): the update throws.
    const update = h.sheet.update.bind(h.sheet);
    let calls = 0;
    h.sheet.update = async (model, updates) => {
      calls += 1;
      if (calls === 1) throw new Error('Excel closed');
      return update(model, updates);
    };
    await expect(h.push()).rejects.toThrow('Excel closed');
    h.sheet.update = update;
    const firstWrites = h.takeWrites();
    expect(
      firstWrites
        .filter(isWrite)
        .map((w) => w.method)
        .sort(),
    ).toEqual(['PATCH', 'POST']);

    const again = await h.push();
    const writes = h.takeWrites();
    // The PATCH is not repeated (the service holds the sheet's value); the create answers "exists", is read and matches.
    expect(writes.map((w) => `${w.method} ${w.status}`)).toEqual(['POST 400']);
    expect(again.counts.landed).toBe(2);
    expect(await withExternalId(h, 'closed-1')).toHaveLength(1);
    await h.push();
    expect(h.takeWrites()).toEqual([]);
  });
});

describe("the sandbox's own faults", () => {
  it('another user edits a budget the push reads just before writing: a conflict on what both changed, their other change brought in, the other rows sent', async () => {
    h = await setUpPush();
    const rows = h.sheet.rows
      .map((_, i) => i)
      .filter((i) => addressable(h.sheet.cell(i, 'external_id') as string | null))
      .slice(0, 5);
    rows.forEach((at, n) => h.sheet.set(at, 'name', `Renamed ${n}`));
    const [first] = rows as [number];
    const id = h.sheet.cell(first, 'id') as number;
    const before = (await h.service()).get(id);
    h.sheet.set(first, 'amount', 123);
    // The sandbox's other user edits the first budget the push asks for (amount 1.00 less, a new description).
    h.sandbox.setFaults({ concurrentBudgetEditRate: 1, random: () => 0 });
    const result = await h.push();
    h.sandbox.setFaults({});
    const theirs = (await h.service()).get(id);
    expect(theirs).toMatchObject({ description: 'Edited by another user', amount: (before?.amount ?? 0) - 1, name: before?.name });
    expect(result.rows.find((r) => r.ref.id === id)).toMatchObject({
      outcome: 'conflict',
      conflicts: [expect.objectContaining({ field: 'amount', mine: 123, theirs: theirs?.amount })],
    });
    expect(h.sheet.cell(first, 'description')).toBe('Edited by another user');
    expect([h.sheet.cell(first, 'amount'), h.sheet.cell(first, 'name')]).toEqual([123, 'Renamed 0']);
    expect(result.counts).toMatchObject({ landed: 4, conflict: 1 });
  });

  it('with 20 % non-JSON 500s, 10 % 429s and 10 % dropped connections, pushing until nothing is pending leaves the service equal to the sheet', async () => {
    h = await setUpPush();
    const rows = h.sheet.rows
      .map((_, i) => i)
      .filter((i) => addressable(h.sheet.cell(i, 'external_id') as string | null))
      .slice(0, 20);
    rows.forEach((at, n) => h.sheet.set(at, 'amount', -100 - n));
    for (let i = 0; i < 5; i += 1) newRow(h, `storm-${i}`, -50 - i);
    h.sandbox.setFaults({ error500Rate: 0.2, rate429: 0.1, retryAfterSeconds: 1, dropRate: 0.1 });
    let pushes = 0;
    for (;;) {
      pushes += 1;
      const result = await h.push({}, { concurrency: 4 });
      const pending = result.rows.filter((r) => r.outcome !== 'landed').length;
      if (pending === 0) break;
      if (pushes > 25) throw new Error(`still ${pending} pending after 25 pushes`);
    }
    h.sandbox.setFaults({});
    const service = await h.service();
    for (const [n, at] of rows.entries()) expect(service.get(h.sheet.cell(at, 'id') as number)?.amount).toBe(-100 - n);
    for (let i = 0; i < 5; i += 1) expect(await withExternalId(h, `storm-${i}`)).toHaveLength(1);
    h.takeWrites();
    await h.push();
    expect(h.takeWrites()).toEqual([]);
  });
});

describe('write answers are read tolerantly (#25 item 7)', () => {
  it('a PATCH answered with amounts as numeric strings and an unknown field lands without a read-back', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    h.sheet.set(at, 'amount', -39000);
    h.hook.current = async (request, forward) => {
      if (request.method !== 'PATCH') return undefined;
      const answer = (await (await forward()).json()) as Record<string, unknown>;
      const stringly = { ...answer, amount: String(answer.amount), later_field: { kept: true } };
      return new Response(JSON.stringify(stringly), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    h.takeWrites();
    const before = h.sent.length;
    const result = await h.push();
    expect(result.rows[0]).toMatchObject({ outcome: 'landed' });
    expect(h.sheet.rows[at]?.status).toMatch(/^Sent /);
    const after = h.sent.slice(before);
    const patchAt = after.findIndex((r) => r.method === 'PATCH');
    expect(after.slice(patchAt + 1).filter((r) => r.method === 'GET')).toEqual([]);
  });
});

describe('the push rides out a storm on a retry budget, as the pull does (#25 item 8)', () => {
  it('plans and categories failing five times each before they answer: the push completes', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    h.sheet.set(at, 'amount', -4321);
    const failures = new Map<string, number>();
    h.hook.current = (request) => {
      if (request.method !== 'GET' || !['/plans/', '/categories/'].includes(request.path)) return undefined;
      const seen = failures.get(request.path) ?? 0;
      if (seen >= 5) return undefined;
      failures.set(request.path, seen + 1);
      return seen % 2 === 0
        ? html500()
        : new Response('{"detail":"slow down"}', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '2' } });
    };
    const result = await h.push();
    expect(result.rows[0]).toMatchObject({ outcome: 'landed' });
    expect([...failures.values()]).toEqual([5, 5]);
    expect((await h.service()).get(h.sheet.cell(at, 'id') as number)?.amount).toBe(-4321);
  });

  it('a service that stays down: the push gives up with the reason, sends nothing and keeps the edit', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    h.sheet.set(at, 'amount', -4321);
    h.hook.current = (request) => (request.path.endsWith('/auth/token/') ? undefined : html500());
    h.takeWrites();
    await expect(h.push()).rejects.toMatchObject({ name: 'ServiceDownError' });
    expect(h.takeWrites()).toEqual([]);
    expect(h.sheet.cell(at, 'amount')).toBe(-4321);
  });
});

describe('a whole-row PUT whose answer was lost (#25 item 4)', () => {
  it('is read back and found: every field it carried, those the sheet does not show too, is compared with the service', async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e !== null && !addressable(e));
    h.sheet.set(at, 'amount', -7777);
    h.hook.current = async (request, forward) => {
      if (request.method !== 'PUT') return undefined;
      await forward();
      return lostAnswer();
    };
    h.takeWrites();
    const result = await h.push({ wholeRows: true });
    expect(result.rows[0]).toMatchObject({ outcome: 'landed', op: 'replace' });
    // The client repeats a PUT (idempotent) until its retry budget is spent; every one carried the same whole row.
    const writes = h.takeWrites();
    expect(new Set(writes.map((w) => `${w.method} ${JSON.stringify(w.body)}`)).size).toBe(1);
    expect(writes[0]?.method).toBe('PUT');
    expect((await h.service()).get(h.sheet.cell(at, 'id') as number)?.amount).toBe(-7777);
  });
});
