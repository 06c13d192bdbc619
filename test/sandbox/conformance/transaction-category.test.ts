/** Section 4: PATCH /transactions/ and PATCH /transactions/{id}/; section 7: incremental sync by min_date_updated. */
import { isRecord, useSandbox, type PageBody } from './support';
import { CategoryTree, type Tx } from './resources';

const h = useSandbox({ transactions: 1500 });
let tree: CategoryTree;
let txs: Tx[] = [];

beforeAll(async () => {
  tree = await CategoryTree.load(h);
  txs = (await h.all('/transactions/')) as Tx[];
});

function tx(i: number): Tx {
  const t = txs[i];
  if (!t) throw new Error(`no transaction #${i}`);
  return t;
}

async function getTx(id: number): Promise<Tx> {
  const body = (await h.get('/transactions/', { ids: String(id) })).body as { results: Tx[] };
  const t = body.results[0];
  if (!t) throw new Error(`transaction ${id} not found`);
  return t;
}

describe('PATCH /transactions/ (bulk)', () => {
  test('an array of {id, category} changes the categories and returns the updated transactions', async () => {
    const leaf = tree.usableLeaf(1);
    const chosen = [tx(0), tx(1), tx(2)];
    const reply = await h.request('PATCH', '/transactions/', { json: chosen.map((t) => ({ id: t.id, category: leaf.id })) });
    expect(reply.status).toBe(200);
    const body = reply.body as Tx[];
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((t) => t.id).sort()).toEqual(chosen.map((t) => t.id).sort());
    for (const t of body) expect(t.category.id).toBe(leaf.id);
    for (const t of chosen) expect((await getTx(t.id)).category.id).toBe(leaf.id);
  });

  test('items with an unknown id are skipped silently', async () => {
    const leaf = tree.usableLeaf(2);
    const reply = await h.request('PATCH', '/transactions/', {
      json: [
        { id: 987654321, category: leaf.id },
        { id: tx(5).id, category: leaf.id },
      ],
    });
    expect(reply.status).toBe(200);
    expect((reply.body as Tx[]).map((t) => t.id)).toEqual([tx(5).id]);
  });

  test('a category id sent as a numeric string is accepted', async () => {
    const leaf = tree.usableLeaf(3);
    const reply = await h.request('PATCH', '/transactions/', { json: [{ id: tx(6).id, category: String(leaf.id) }] });
    expect(reply.status).toBe(200);
    expect((await getTx(tx(6).id)).category.id).toBe(leaf.id);
  });

  test('a non-leaf category gives 400 and changes nothing', async () => {
    const before = (await getTx(tx(7).id)).category.id;
    const reply = await h.request('PATCH', '/transactions/', { json: [{ id: tx(7).id, category: tree.nonLeaf().id }] });
    expect(reply.status).toBe(400);
    expect((await getTx(tx(7).id)).category.id).toBe(before);
  });

  test('a non-leaf category in the second item gives 400 with one error object per item', async () => {
    const reply = await h.request('PATCH', '/transactions/', {
      json: [
        { id: tx(8).id, category: tree.usableLeaf().id },
        { id: tx(9).id, category: tree.nonLeaf().id },
      ],
    });
    expect(reply.status).toBe(400);
    const body = reply.body as unknown[];
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(2);
    expect(isRecord(body[0]) && Object.keys(body[0]).length).toBe(0);
    expect(isRecord(body[1]) && Object.keys(body[1])).toContain('category');
  });

  test('more than 1000 items give 400', async () => {
    const leaf = tree.usableLeaf();
    const items = Array.from({ length: 1001 }, (_v, i) => ({ id: tx(i).id, category: leaf.id }));
    const reply = await h.request('PATCH', '/transactions/', { json: items });
    expect(reply.status).toBe(400);
  });

  test('exactly 1000 items are accepted', async () => {
    const leaf = tree.usableLeaf();
    const items = Array.from({ length: 1000 }, (_v, i) => ({ id: tx(i + 100).id, category: leaf.id }));
    const reply = await h.request('PATCH', '/transactions/', { json: items });
    expect(reply.status).toBe(200);
    expect(reply.body as unknown[]).toHaveLength(1000);
  });
});

describe('PATCH /transactions/{id}/', () => {
  test('changes the category and returns the updated transaction', async () => {
    const leaf = tree.usableLeaf(4);
    const reply = await h.request('PATCH', `/transactions/${tx(20).id}/`, { json: { category: leaf.id } });
    expect(reply.status).toBe(200);
    const body = reply.body as Tx;
    expect(body.id).toBe(tx(20).id);
    expect(body.category.id).toBe(leaf.id);
    expect(body.category.name).toBe(leaf.name);
  });

  test('a non-leaf category gives 400 with a category error', async () => {
    const reply = await h.request('PATCH', `/transactions/${tx(21).id}/`, { json: { category: tree.nonLeaf().id } });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('category');
  });

  test('a default (system) category cannot be mapped: 400', async () => {
    const def = tree.all.find((c) => c.is_default);
    if (!def) throw new Error('no default category');
    const reply = await h.request('PATCH', `/transactions/${tx(23).id}/`, { json: { category: def.id } });
    expect(reply.status).toBe(400);
  });

  test('an unknown category gives 400', async () => {
    const reply = await h.request('PATCH', `/transactions/${tx(21).id}/`, { json: { category: 987654321 } });
    expect(reply.status).toBe(400);
  });

  test('an unknown transaction gives 404 with detail', async () => {
    const reply = await h.request('PATCH', '/transactions/987654321/', { json: { category: tree.usableLeaf().id } });
    expect(reply.status).toBe(404);
    expect(isRecord(reply.body) && typeof reply.body.detail).toBe('string');
  });

  test('only the category changes', async () => {
    const before = await getTx(tx(22).id);
    const leaf = tree.usableLeaves().find((c) => c.id !== before.category.id);
    if (!leaf) throw new Error('no other leaf');
    await h.request('PATCH', `/transactions/${before.id}/`, { json: { category: leaf.id } });
    const after = await getTx(before.id);
    const keep = (t: Tx): unknown[] => [
      t.account,
      t.value_date,
      t.amount,
      t.reporting_amount,
      t.purpose,
      t.counterpart_name,
      t.tags,
      t.invoice,
    ];
    expect(after.category.id).toBe(leaf.id);
    expect(keep(after)).toEqual(keep(before));
  });
});

describe('incremental sync (min_date_updated)', () => {
  test('after a PATCH, min_date_updated = the time just before returns the changed transaction', async () => {
    const before = h.clock.now();
    h.clock.advanceSeconds(2);
    const t = tx(30);
    const leaf = tree.usableLeaves().find((c) => c.id !== t.category.id);
    if (!leaf) throw new Error('no other leaf');
    expect((await h.request('PATCH', `/transactions/${t.id}/`, { json: { category: leaf.id } })).status).toBe(200);
    const since = (await h.all('/transactions/', { min_date_updated: before.toISOString() })) as Tx[];
    expect(since.map((x) => x.id)).toContain(t.id);
    expect(since.length).toBeLessThan(txs.length);
    const until = (await h.get('/transactions/', { max_date_updated: before.toISOString(), ids: String(t.id) })).body as PageBody;
    expect(until.count).toBe(0);
  });

  test('min_date_updated accepts an ISO 8601 timestamp with an offset', async () => {
    h.clock.advanceSeconds(5);
    const before = h.clock.now();
    h.clock.advanceSeconds(2);
    const t = tx(35);
    const leaf = tree.usableLeaves().find((c) => c.id !== t.category.id);
    if (!leaf) throw new Error('no other leaf');
    await h.request('PATCH', `/transactions/${t.id}/`, { json: { category: leaf.id } });
    const shifted = new Date(before.getTime() + 2 * 3600 * 1000).toISOString().replace(/\.\d+Z$/, '+02:00');
    const utc = (await h.all('/transactions/', { min_date_updated: before.toISOString().replace(/\.\d+Z$/, 'Z') })) as Tx[];
    const offset = (await h.all('/transactions/', { min_date_updated: shifted })) as Tx[];
    expect(utc.map((x) => x.id)).toContain(t.id);
    expect(offset.map((x) => x.id).sort()).toEqual(utc.map((x) => x.id).sort());
  });

  test('after a bulk PATCH, min_date_updated returns exactly the changed transactions', async () => {
    h.clock.advanceSeconds(5);
    const before = h.clock.now();
    h.clock.advanceSeconds(2);
    const chosen = [tx(40), tx(41)];
    const leaf = tree.usableLeaves().find((c) => chosen.every((t) => t.category.id !== c.id));
    if (!leaf) throw new Error('no other leaf');
    await h.request('PATCH', '/transactions/', { json: chosen.map((t) => ({ id: t.id, category: leaf.id })) });
    const since = (await h.all('/transactions/', { min_date_updated: before.toISOString() })) as Tx[];
    expect(since.map((x) => x.id).sort()).toEqual(chosen.map((t) => t.id).sort());
  });
});
