/** Section 4: GET /invoices/{id}/ and the company-level invoice operations (POST, GET list, PATCH). */
import { addDays, isRecord, sortedIds, unique, useSandbox, type PageBody, type Query } from './support';
import { INVOICE, shapeProblems } from './field-types';
import { CategoryTree, type Invoice } from './resources';

const h = useSandbox({ transactions: 800 });
let tree: CategoryTree;
let demo: Invoice[] = [];

beforeAll(async () => {
  tree = await CategoryTree.load(h);
  demo = (await h.all('/invoices/')) as Invoice[];
});

async function create(fields: Record<string, unknown>): Promise<Invoice> {
  const reply = await h.request('POST', '/invoices/', {
    json: { reference: unique('INV-'), name: 'Conformance', amount: 100, due_date: addDays(h.clock.today(), 30), ...fields },
  });
  if (reply.status !== 200 && reply.status !== 201) throw new Error(`POST /invoices/: ${reply.status} ${reply.text}`);
  return reply.body as Invoice;
}

async function getInvoice(id: number): Promise<Invoice> {
  const reply = await h.get(`/invoices/${id}/`);
  if (reply.status !== 200) throw new Error(`GET /invoices/${id}/: ${reply.status}`);
  return reply.body as Invoice;
}

async function list(query: Query): Promise<Invoice[]> {
  return (await h.all('/invoices/', query)) as Invoice[];
}

async function count(query: Query = {}): Promise<number> {
  return ((await h.get('/invoices/', { ...query, page_size: 1 })).body as PageBody).count;
}

describe('GET /invoices/{id}/', () => {
  test('returns the invoice with that internal id', async () => {
    const inv = demo[0];
    if (!inv) throw new Error('no invoices');
    const reply = await h.get(`/invoices/${inv.id}/`);
    expect(reply.status).toBe(200);
    expect((reply.body as Invoice).id).toBe(inv.id);
    expect((reply.body as Invoice).reference).toBe(inv.reference);
  });

  test.each(['PUT', 'PATCH', 'DELETE'])('%s /invoices/{id}/ is not available (404 or 405)', async (method) => {
    const inv = await create({ notes: 'stays' });
    const reply = await h.request(method, `/invoices/${inv.id}/`, { json: method === 'DELETE' ? undefined : { notes: 'changed' } });
    expect([404, 405]).toContain(reply.status);
    expect((await getInvoice(inv.id)).notes).toBe('stays');
  });

  test('an unknown id gives 404 with detail', async () => {
    const reply = await h.get('/invoices/987654321/');
    expect(reply.status).toBe(404);
    expect(isRecord(reply.body) && typeof reply.body.detail).toBe('string');
  });
});

describe('POST /invoices/', () => {
  test('creates an invoice from the required fields and returns the Invoice', async () => {
    const reference = unique('POST-');
    const due = addDays(h.clock.today(), 20);
    const reply = await h.request('POST', '/invoices/', { json: { reference, name: 'Created', amount: 250.5, due_date: due } });
    expect([200, 201]).toContain(reply.status);
    expect(shapeProblems(reply.body, INVOICE, 'invoice')).toEqual([]);
    const inv = reply.body as Invoice;
    expect(inv.reference).toBe(reference);
    expect(inv.name).toBe('Created');
    expect(inv.amount).toBe(250.5);
    expect(inv.due_date).toBe(due);
    expect((await getInvoice(inv.id)).reference).toBe(reference);
  });

  test.each(['reference', 'name', 'amount', 'due_date'])('%s is required', async (field) => {
    const body: Record<string, unknown> = { reference: unique('REQ-'), name: 'n', amount: 1, due_date: h.clock.today() };
    delete body[field];
    const reply = await h.request('POST', '/invoices/', { json: body });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain(field);
  });

  test('source is direct_api', async () => {
    expect((await create({})).source).toBe('direct_api');
  });

  test('without type, a positive amount gives RE', async () => {
    expect((await create({ amount: 10 })).type).toBe('RE');
  });

  test('without type, a negative amount gives PA', async () => {
    expect((await create({ amount: -10 })).type).toBe('PA');
  });

  test('an explicit type is kept', async () => {
    expect((await create({ amount: 10, type: 'PA' })).type).toBe('PA');
  });

  test('without expected_date, a future due date becomes the expected date', async () => {
    const due = addDays(h.clock.today(), 40);
    expect((await create({ due_date: due })).expected_date).toBe(due);
  });

  test('without expected_date, a past due date gives today as expected date', async () => {
    expect((await create({ due_date: '2020-02-03' })).expected_date).toBe(h.clock.today());
  });

  test('an explicit expected_date is kept', async () => {
    const expected = addDays(h.clock.today(), 9);
    expect((await create({ expected_date: expected })).expected_date).toBe(expected);
  });

  test('without date, the invoice date is a date (the day of creation), never null', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('NODATE-'), name: 'n', amount: 5, due_date: h.clock.today() },
    });
    expect(shapeProblems(reply.body, INVOICE, 'invoice')).toEqual([]);
    expect((reply.body as Invoice).date).toBe(h.clock.today());
  });

  test('date null is refused on create and in PATCH (the field is typed date, not nullable)', async () => {
    const created = await h.request('POST', '/invoices/', {
      json: { reference: unique('NULLDATE-'), name: 'n', amount: 5, due_date: h.clock.today(), date: null },
    });
    expect(created.status).toBe(400);
    expect(Object.keys(created.body as object)).toEqual(['date']);
    const inv = await create({});
    const patched = await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, date: null }] });
    expect(patched.status).toBe(400);
    expect((await getInvoice(inv.id)).date).toBe(inv.date);
  });

  test('optional fields date, notes, category, paid_amount are stored', async () => {
    const leaf = tree.usableLeaf();
    const inv = await create({ date: '2024-01-15', notes: 'a note', category: leaf.id, paid_amount: '12.50', tags: 'rent office' });
    expect(inv.date).toBe('2024-01-15');
    expect(inv.notes).toBe('a note');
    expect(inv.category).toBe(leaf.id);
    expect(inv.paid_amount).toBe(12.5);
  });

  test('amount with 10 digits is accepted', async () => {
    expect((await create({ amount: '99999999.99' })).amount).toBe(99999999.99);
  });

  test('amount with 11 digits gives 400', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('BIG-'), name: 'n', amount: '999999999.99', due_date: h.clock.today() },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('amount');
  });

  test('amount with 3 decimal places gives 400', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('DEC-'), name: 'n', amount: '1.234', due_date: h.clock.today() },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('amount');
  });

  test('paid_amount with 11 digits gives 400', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('BIGP-'), name: 'n', amount: 1, paid_amount: '999999999.99', due_date: h.clock.today() },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('paid_amount');
  });

  test('a type other than RE or PA gives 400', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('TYPE-'), name: 'n', amount: 1, type: 'XX', due_date: h.clock.today() },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain('type');
  });

  test('a non-numeric amount gives 400', async () => {
    const reply = await h.request('POST', '/invoices/', {
      json: { reference: unique('NAN-'), name: 'n', amount: 'twelve', due_date: h.clock.today() },
    });
    expect(reply.status).toBe(400);
  });
});

describe('GET /invoices/ filters', () => {
  test('reference is a case-insensitive substring match (RE-1 also matches RE-10)', async () => {
    const stem = unique('SubRef');
    const a = await create({ reference: `${stem}-1` });
    const b = await create({ reference: `${stem}-10` });
    await create({ reference: `${stem}-2` });
    const got = await list({ reference: `${stem.toLowerCase()}-1` });
    expect(sortedIds(got)).toEqual(sortedIds([a, b]));
  });

  test('ids selects exactly the listed invoices', async () => {
    const chosen = demo.slice(0, 3);
    expect(sortedIds(await list({ ids: chosen.map((i) => i.id).join(',') }))).toEqual(sortedIds(chosen));
  });

  test('source_ids selects invoices by exact source_id', async () => {
    const withSource = demo.filter((i) => i.source_id);
    const chosen = [...new Set(withSource.slice(0, 2).map((i) => i.source_id as string))];
    expect(chosen.length).toBeGreaterThan(0);
    const expected = demo.filter((i) => i.source_id !== null && chosen.includes(i.source_id));
    expect(sortedIds(await list({ source_ids: chosen.join(',') }))).toEqual(sortedIds(expected));
  });

  test('type=receivable gives RE, type=payable gives PA', async () => {
    const all = await list({});
    expect(sortedIds(await list({ type: 'receivable' }))).toEqual(sortedIds(all.filter((i) => i.type === 'RE')));
    expect(sortedIds(await list({ type: 'payable' }))).toEqual(sortedIds(all.filter((i) => i.type === 'PA')));
  });

  test('paid=true and paid=false split the invoices; PD invoices are paid', async () => {
    const all = await list({});
    const paid = await list({ paid: 'true' });
    const unpaid = await list({ paid: 'false' });
    const paidIds = new Set(paid.map((i) => i.id));
    for (const i of unpaid) expect(paidIds.has(i.id)).toBe(false);
    expect(paid.length + unpaid.length).toBe(all.length);
    for (const i of all.filter((x) => x.status === 'PD')) expect(paidIds.has(i.id)).toBe(true);
    for (const i of paid) expect(i.status === 'PD' || i.amount_due === 0).toBe(true);
  });

  test('overdue=true gives invoices due before today (and OD invoices)', async () => {
    const overdue = await list({ overdue: 'true' });
    expect(overdue.length).toBeGreaterThan(0);
    for (const i of overdue) expect(i.status === 'OD' || i.due_date < h.clock.today()).toBe(true);
    const notOverdue = new Set((await list({ overdue: 'false' })).map((i) => i.id));
    for (const i of overdue) expect(notOverdue.has(i.id)).toBe(false);
  });

  test('matched=true gives invoices with matched transactions', async () => {
    const all = await list({});
    expect(sortedIds(await list({ matched: 'true' }))).toEqual(sortedIds(all.filter((i) => i.transactions.length > 0)));
    expect(sortedIds(await list({ matched: 'false' }))).toEqual(sortedIds(all.filter((i) => i.transactions.length === 0)));
  });

  test('status selects one status code', async () => {
    const all = await list({});
    for (const status of ['PD', 'OD', 'HD']) {
      expect(sortedIds(await list({ status }))).toEqual(sortedIds(all.filter((i) => i.status === status)));
    }
  });

  test('status_include and status_exclude with one code', async () => {
    const all = await list({});
    expect(sortedIds(await list({ status_include: 'PP' }))).toEqual(sortedIds(all.filter((i) => i.status === 'PP')));
    expect(sortedIds(await list({ status_exclude: 'PP' }))).toEqual(sortedIds(all.filter((i) => i.status !== 'PP')));
  });

  test('filters are reflected in count and sum', async () => {
    const payable = await list({ type: 'payable' });
    const body = (await h.get('/invoices/', { type: 'payable' })).body as PageBody;
    expect(body.count).toBe(payable.length);
  });
});

describe('GET /invoices/ ordering', () => {
  test('the default ordering equals status_predefined,-expected_date', async () => {
    const byDefault = await list({});
    const explicit = await list({ ordering: 'status_predefined,-expected_date' });
    expect(byDefault.map((i) => i.id)).toEqual(explicit.map((i) => i.id));
  });

  test('the default ordering groups statuses and sorts expected_date descending within a status', async () => {
    const all = await list({});
    const seen = new Set<string>();
    for (let i = 0; i < all.length; i++) {
      const cur = all[i] as Invoice;
      const prev = all[i - 1];
      if (prev && prev.status === cur.status) {
        expect(prev.expected_date >= cur.expected_date).toBe(true);
      } else {
        expect(seen.has(cur.status)).toBe(false);
        seen.add(cur.status);
      }
    }
  });

  test('ordering=amount and -amount', async () => {
    const asc = (await list({ ordering: 'amount' })).map((i) => i.amount);
    const desc = (await list({ ordering: '-amount' })).map((i) => i.amount);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  test('ordering=due_date,-amount (comma-separated)', async () => {
    const got = await list({ ordering: 'due_date,-amount' });
    for (let i = 1; i < got.length; i++) {
      const a = got[i - 1] as Invoice;
      const b = got[i] as Invoice;
      expect(a.due_date < b.due_date || (a.due_date === b.due_date && a.amount >= b.amount)).toBe(true);
    }
  });

  test('ordering=-expected_date', async () => {
    const got = (await list({ ordering: '-expected_date' })).map((i) => i.expected_date);
    expect(got).toEqual([...got].sort().reverse());
  });
});

describe('PATCH /invoices/', () => {
  test('a single object instead of an array gives 400', async () => {
    const inv = await create({});
    const reply = await h.request('PATCH', '/invoices/', { json: { id: inv.id, notes: 'single' } });
    expect(reply.status).toBe(400);
    expect((await getInvoice(inv.id)).notes).not.toBe('single');
  });

  test('by id: only the fields sent change', async () => {
    const inv = await create({ notes: 'before', date: '2024-03-01' });
    const reply = await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, notes: 'after' }] });
    expect(reply.status).toBe(200);
    const body = reply.body as Invoice[];
    expect(body.map((i) => i.id)).toEqual([inv.id]);
    expect(body[0]?.notes).toBe('after');
    const after = await getInvoice(inv.id);
    const keep = (i: Invoice): unknown[] => [
      i.reference,
      i.name,
      i.amount,
      i.type,
      i.date,
      i.due_date,
      i.expected_date,
      i.status,
      i.category,
      i.paid_amount,
      i.source,
    ];
    expect(after.notes).toBe('after');
    expect(keep(after)).toEqual(keep(inv));
  });

  test('name is not required in an item', async () => {
    const inv = await create({});
    const reply = await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, amount: '300.10' }] });
    expect(reply.status).toBe(200);
    expect((await getInvoice(inv.id)).amount).toBe(300.1);
  });

  test('status accepts every status code', async () => {
    const inv = await create({});
    for (const status of ['OD', 'PL', 'OR', 'PD', 'PP', 'IN', 'HD', 'PR', 'DP', 'CA', 'IP']) {
      const reply = await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, status }] });
      expect([status, reply.status]).toEqual([status, 200]);
      expect((await getInvoice(inv.id)).status).toBe(status);
    }
  });

  test('an unknown status code gives 400', async () => {
    const inv = await create({});
    const reply = await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, status: 'ZZ' }] });
    expect(reply.status).toBe(400);
  });

  test('by source_id together with source when the first item has source_id', async () => {
    const target = demo.find((i) => i.source_id && demo.filter((x) => x.source_id === i.source_id && x.source === i.source).length === 1);
    if (!target) throw new Error('no invoice with a source_id');
    const reply = await h.request('PATCH', '/invoices/', {
      json: [{ source_id: target.source_id, source: target.source, notes: 'by source' }],
    });
    expect(reply.status).toBe(200);
    expect((reply.body as Invoice[]).map((i) => i.id)).toEqual([target.id]);
    expect((await getInvoice(target.id)).notes).toBe('by source');
  });

  test('by reference (exact match) when the first item has neither id nor source_id', async () => {
    const stem = unique('PatRef');
    const a = await create({ reference: `${stem}-1`, notes: 'n' });
    const b = await create({ reference: `${stem}-10`, notes: 'n' });
    const reply = await h.request('PATCH', '/invoices/', { json: [{ reference: `${stem}-1`, notes: 'by reference' }] });
    expect(reply.status).toBe(200);
    expect((reply.body as Invoice[]).map((i) => i.id)).toEqual([a.id]);
    expect((await getInvoice(a.id)).notes).toBe('by reference');
    expect((await getInvoice(b.id)).notes).toBe('n');
  });

  test('items mixing keys give 400', async () => {
    const a = await create({});
    const b = await create({});
    const reply = await h.request('PATCH', '/invoices/', {
      json: [
        { id: a.id, notes: 'mixed' },
        { reference: b.reference, notes: 'mixed' },
      ],
    });
    expect(reply.status).toBe(400);
  });

  test('items that match no invoice are skipped; the response has only the updated ones', async () => {
    const a = await create({});
    const reply = await h.request('PATCH', '/invoices/', {
      json: [
        { id: 987654321, notes: 'ghost' },
        { id: a.id, notes: 'real' },
      ],
    });
    expect(reply.status).toBe(200);
    expect((reply.body as Invoice[]).map((i) => i.id)).toEqual([a.id]);
  });

  test('PATCH never creates an invoice', async () => {
    const before = await count();
    const reference = unique('NEVER-');
    const reply = await h.request('PATCH', '/invoices/', { json: [{ reference, name: 'n', amount: 5, due_date: h.clock.today() }] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
    expect(await count()).toBe(before);
    expect(await count({ reference })).toBe(0);
  });

  test('a past expected_date becomes the current date', async () => {
    const inv = await create({});
    await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, status: 'PL' }] });
    const reply = await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, expected_date: '2021-06-01' }] });
    expect(reply.status).toBe(200);
    expect((await getInvoice(inv.id)).expected_date).toBe(h.clock.today());
  });

  test('a past expected_date is kept when the invoice status is PD', async () => {
    const inv = await create({});
    await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, status: 'PD' }] });
    const reply = await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, expected_date: '2021-06-01' }] });
    expect(reply.status).toBe(200);
    expect((await getInvoice(inv.id)).expected_date).toBe('2021-06-01');
  });

  test('a future expected_date is kept', async () => {
    const inv = await create({});
    const future = addDays(h.clock.today(), 12);
    await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, expected_date: future }] });
    expect((await getInvoice(inv.id)).expected_date).toBe(future);
  });

  test('item validation errors come back as one error object per item', async () => {
    const a = await create({});
    const b = await create({});
    const reply = await h.request('PATCH', '/invoices/', {
      json: [
        { id: a.id, notes: 'fine' },
        { id: b.id, amount: 'not a number' },
      ],
    });
    expect(reply.status).toBe(400);
    const body = reply.body as unknown[];
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(2);
    expect(isRecord(body[1]) && Object.keys(body[1])).toContain('amount');
  });

  test('a non-leaf category in an item gives 400', async () => {
    const inv = await create({});
    const reply = await h.request('PATCH', '/invoices/', { json: [{ id: inv.id, category: tree.nonLeaf().id }] });
    expect(reply.status).toBe(400);
  });
});

describe('PATCH /invoices/: how many items', () => {
  test('more than 1000 items are taken (the spec limits transactions per call, not invoices)', async () => {
    const inv = await create({ notes: 'before' });
    const items = [{ id: inv.id, notes: 'one of many' }, ...Array.from({ length: 1000 }, (_v, i) => ({ id: 900_000_000 + i, notes: 'x' }))];
    const reply = await h.request('PATCH', '/invoices/', { json: items });
    expect(reply.status).toBe(200);
    expect((reply.body as Invoice[]).map((i) => i.id)).toEqual([inv.id]);
    expect((await getInvoice(inv.id)).notes).toBe('one of many');
  });
});
