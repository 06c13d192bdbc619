/** Section 4: DELETE /invoices/ selectors, on a sandbox of its own (the last tests delete everything). */
import { addDays, unique, useSandbox, type PageBody } from './support';
import type { Invoice } from './resources';

const h = useSandbox({ transactions: 300 });

async function create(fields: Record<string, unknown> = {}): Promise<Invoice> {
  const reply = await h.request('POST', '/invoices/', {
    json: { reference: unique('DEL-'), name: 'to delete', amount: 100, due_date: addDays(h.clock.today(), 30), ...fields },
  });
  if (reply.status !== 200 && reply.status !== 201) throw new Error(`POST /invoices/: ${reply.status} ${reply.text}`);
  return reply.body as Invoice;
}

async function exists(id: number): Promise<boolean> {
  const status = (await h.get(`/invoices/${id}/`)).status;
  if (status !== 200 && status !== 404) throw new Error(`GET /invoices/${id}/: ${status}`);
  return status === 200;
}

async function count(query: Record<string, string> = {}): Promise<number> {
  return ((await h.get('/invoices/', { ...query, page_size: 1 })).body as PageBody).count;
}

describe('DELETE /invoices/', () => {
  test('by id: 204 without body, the invoice is gone, others stay', async () => {
    const a = await create();
    const b = await create();
    const reply = await h.request('DELETE', '/invoices/', { query: { id: a.id } });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect(await exists(a.id)).toBe(false);
    expect(await exists(b.id)).toBe(true);
  });

  test('by reference: exact match, repeatable', async () => {
    const stem = unique('DelRef');
    const one = await create({ reference: `${stem}-1` });
    const ten = await create({ reference: `${stem}-10` });
    const two = await create({ reference: `${stem}-2` });
    const reply = await h.request('DELETE', '/invoices/', { query: { reference: [`${stem}-1`, `${stem}-2`] } });
    expect(reply.status).toBe(204);
    expect(await exists(one.id)).toBe(false);
    expect(await exists(two.id)).toBe(false);
    expect(await exists(ten.id)).toBe(true);
  });

  test('by source_id together with source', async () => {
    const all = (await h.all('/invoices/')) as Invoice[];
    const target = all.find((i) => i.source_id && all.filter((x) => x.source_id === i.source_id && x.source === i.source).length === 1);
    if (!target) throw new Error('no invoice with a source_id');
    const total = await count();
    const reply = await h.request('DELETE', '/invoices/', { query: { source_id: target.source_id ?? '', source: target.source } });
    expect(reply.status).toBe(204);
    expect(await exists(target.id)).toBe(false);
    expect(await count()).toBe(total - 1);
  });

  test('a selector that matches nothing still deletes nothing', async () => {
    const total = await count();
    const reply = await h.request('DELETE', '/invoices/', { query: { reference: unique('NOPE-') } });
    expect(reply.status).toBe(204);
    expect(await count()).toBe(total);
  });

  test('without a selector, list filters narrow the deletion', async () => {
    await create({ amount: -20 });
    await create({ amount: 20 });
    const receivable = await count({ type: 'receivable' });
    expect(receivable).toBeGreaterThan(0);
    const reply = await h.request('DELETE', '/invoices/', { query: { type: 'payable' } });
    expect(reply.status).toBe(204);
    expect(await count({ type: 'payable' })).toBe(0);
    expect(await count({ type: 'receivable' })).toBe(receivable);
  });

  test('without any selector every invoice is deleted and 204 is still returned', async () => {
    await create();
    expect(await count()).toBeGreaterThan(0);
    const reply = await h.request('DELETE', '/invoices/');
    expect(reply.status).toBe(204);
    expect(await count()).toBe(0);
  });
});
