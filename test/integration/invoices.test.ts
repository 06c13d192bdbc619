/** Invoices through the client: company level (`/invoices/`) and group level (`/companies/{id}/invoices/`). */
import { groupCompanyIds, type InvoiceDeleteSelector, InvalidRequestError, NotFoundError, PermissionDeniedError } from '../../src/api';
import { apiCalls, clientFor, isoDay, rejectionOf, type Sandbox, start } from './support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start();
});
afterAll(async () => {
  await sandbox.close();
});

describe('company-level invoices', () => {
  it('lists all pages; count, sum and totals are consistent', async () => {
    const { client } = clientFor(sandbox);
    const first = await client.invoices.page({ page_size: 7 });
    const all = await client.invoices.pages({}, { pageSize: 7 }).all();
    expect(all).toHaveLength(first.count);
    expect(new Set(all.map((i) => i.id)).size).toBe(first.count);
    const cents = all.reduce((s, i) => s + Math.round(i.amount * 100), 0);
    expect(Math.round(first.sum * 100)).toBe(cents);
    expect(Math.round(first.results.total * 100)).toBe(cents);
    expect(Math.round(first.results.amount_due * 100)).toBe(all.reduce((s, i) => s + Math.round(i.amount_due * 100), 0));
    expect(new Set(all.map((i) => i.status)).size).toBe(11);
  });

  it('filters: type, status, paid, reference (substring), ids, ordering', async () => {
    const { client } = clientFor(sandbox);
    const receivable = await client.invoices.pages({ type: 'receivable' }, { pageSize: 5 }).all();
    expect(receivable.length).toBeGreaterThan(5);
    expect(receivable.every((i) => i.type === 'RE')).toBe(true);
    const paid = await client.invoices.pages({ paid: true }).all();
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((i) => i.status === 'PD')).toBe(true);
    const overdue = await client.invoices.pages({ status: 'OD', ordering: '-amount' }).all();
    expect(overdue.every((i) => i.status === 'OD')).toBe(true);
    expect(overdue.map((i) => i.amount)).toEqual([...overdue.map((i) => i.amount)].sort((a, b) => b - a));
    const re1 = await client.invoices.pages({ reference: 're-1' }).all();
    expect(re1.map((i) => i.reference)).toEqual(expect.arrayContaining(['RE-1', 'RE-10', 'RE-100']));
    const exact = re1.filter((i) => i.reference === 'RE-1');
    expect(exact).toHaveLength(1);
    const byIds = await client.invoices.page({ ids: [exact[0]?.id ?? 0] });
    expect(byIds.results.invoices.map((i) => i.reference)).toEqual(['RE-1']);
  });

  it.each(['=HYPERLINK("http://x","y")', '+41 44 000 00 00', '-1500', 'A&B #1 ?x=1 100%'])(
    'reference %s survives the query string (list and exact PATCH)',
    async (reference) => {
      const { client } = clientFor(sandbox);
      const existing = (await client.invoices.pages({ reference }).all()).filter((i) => i.reference === reference);
      if (existing.length === 0) await client.invoices.create({ reference, name: 'Sonderzeichen', amount: 1, due_date: isoDay(3) });
      const found = (await client.invoices.pages({ reference }).all()).filter((i) => i.reference === reference);
      expect(found).toHaveLength(1);
      const [updated] = await client.invoices.update([{ reference, notes: 'exact key' }]);
      expect(updated).toMatchObject({ id: found[0]?.id, notes: 'exact key' });
    },
  );

  it('gets one invoice by id; an unknown id is a NotFoundError', async () => {
    const { client } = clientFor(sandbox);
    const [listed] = (await client.invoices.page({ page_size: 1 })).results.invoices;
    if (!listed) throw new Error('no invoices');
    const one = await client.invoices.get(listed.id);
    expect(one).toEqual(listed);
    expect(await rejectionOf(client.invoices.get(987_654_321))).toBeInstanceOf(NotFoundError);
  });

  it('creates with defaults, updates by id and by reference, deletes by id', async () => {
    const { client } = clientFor(sandbox);
    const due = isoDay(20);
    const created = await client.invoices.create({ reference: 'IT-2001', name: 'Integration AG', amount: 1234.5, due_date: due });
    expect(created).toMatchObject({
      reference: 'IT-2001',
      name: 'Integration AG',
      amount: 1234.5,
      paid_amount: 0,
      amount_due: 1234.5,
      type: 'RE', // positive amount
      due_date: due,
      expected_date: due, // defaults to the due date
      source: 'direct_api',
      notes: '',
      category: null,
      is_archived: false,
    });
    const payable = await client.invoices.create({ reference: 'IT-2002', name: 'Lieferant', amount: '-10', due_date: isoDay(-5) });
    expect(payable).toMatchObject({ type: 'PA', expected_date: isoDay(0) }); // past due date: expected today

    const byId = await client.invoices.update([{ id: created.id, notes: 'changed by id', status: 'PR' }]);
    expect(byId).toHaveLength(1);
    expect(byId[0]).toMatchObject({ id: created.id, notes: 'changed by id', status: 'PR', name: 'Integration AG' });
    const byReference = await client.invoices.update([
      { reference: 'IT-2002', paid_amount: -10, status: 'PD' },
      { reference: 'does-not-exist', notes: 'skipped' },
    ]);
    expect(byReference.map((i) => [i.id, i.status, i.amount_due])).toEqual([[payable.id, 'PD', 0]]);

    const before = (await client.invoices.page({ page_size: 1 })).count;
    await client.invoices.delete({ id: created.id });
    expect(await rejectionOf(client.invoices.get(created.id))).toBeInstanceOf(NotFoundError);
    expect((await client.invoices.page({ page_size: 1 })).count).toBe(before - 1);
    await client.invoices.delete({ reference: 'IT-2002' });
    expect((await client.invoices.page({ page_size: 1 })).count).toBe(before - 2);
  });

  it('updates and deletes by source_id + source; deletes several references at once', async () => {
    const { client } = clientFor(sandbox);
    const all = await client.invoices.pages().all();
    const withSource = all.find((i) => i.source_id !== '' && all.filter((x) => x.source_id === i.source_id).length === 1);
    if (!withSource) throw new Error('no invoice with a source_id');
    const [updated] = await client.invoices.update([{ source_id: withSource.source_id, source: withSource.source, notes: 'by source' }]);
    expect(updated).toMatchObject({ id: withSource.id, notes: 'by source' });
    const byIds = await client.invoices.page({ source_ids: [withSource.source_id] });
    expect(byIds.results.invoices.map((i) => i.id)).toEqual([withSource.id]);
    await client.invoices.delete({ source_id: withSource.source_id, source: withSource.source });
    expect(await rejectionOf(client.invoices.get(withSource.id))).toBeInstanceOf(NotFoundError);

    await client.invoices.create({ reference: 'MULTI-1', name: 'm', amount: 1, due_date: isoDay(1) });
    await client.invoices.create({ reference: 'MULTI-2', name: 'm', amount: 1, due_date: isoDay(1) });
    const before = (await client.invoices.page({ page_size: 1 })).count;
    await client.invoices.delete({ reference: ['MULTI-1', 'MULTI-2'] });
    expect((await client.invoices.page({ page_size: 1 })).count).toBe(before - 2);
    expect(await client.invoices.pages({ reference: 'MULTI-' }).all()).toEqual([]);
  });

  it('DELETE without a selector throws before any request; the sandbox keeps every invoice', async () => {
    const { client, sent } = clientFor(sandbox);
    const before = (await client.invoices.page({ page_size: 1 })).count;
    const callsBefore = sent.length;
    const selectors = [{}, { reference: [] }, { reference: '' }, { id: 0 }, { source_id: 'x' }] as unknown as InvoiceDeleteSelector[];
    for (const selector of selectors) {
      expect(await rejectionOf(client.invoices.delete(selector))).toBeInstanceOf(InvalidRequestError);
      expect(await rejectionOf(client.groupInvoices(sandbox.companyIds.demo).delete(selector))).toBeInstanceOf(InvalidRequestError);
    }
    expect(sent.length).toBe(callsBefore);
    expect(apiCalls(sent).filter((s) => s.method === 'DELETE')).toEqual([]);
    expect((await client.invoices.page({ page_size: 1 })).count).toBe(before);
  });
});

describe('group-level invoices', () => {
  it('company credentials get 403 billing_plan_permission_denied', async () => {
    const { client } = clientFor(sandbox);
    for (const id of [sandbox.companyIds.demo, ...sandbox.companyIds.group]) {
      const error = await rejectionOf(client.groupInvoices(id).page());
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect((error as PermissionDeniedError).code).toBe('billing_plan_permission_denied');
      expect((error as PermissionDeniedError).isBillingPlanPermissionDenied).toBe(true);
    }
  });

  it.each([0, 1])('group credentials work for group company #%i: list, create, update, delete', async (index) => {
    const companyId = sandbox.companyIds.group[index] ?? 0;
    const { client } = clientFor(sandbox, sandbox.credentials.group);
    const invoices = client.groupInvoices(companyId);
    const all = await invoices.pages({}, { pageSize: 3 }).all();
    const first = await invoices.page({ page_size: 1 });
    expect(all).toHaveLength(first.count);
    const created = await invoices.create({ reference: `GRP-${companyId}`, name: 'Gruppe', amount: -50, due_date: isoDay(10), type: 'PA' });
    expect(created).toMatchObject({ type: 'PA', source: 'direct_api' });
    const [updated] = await invoices.update([{ id: created.id, name: 'Gruppe (geändert)' }]);
    expect(updated?.name).toBe('Gruppe (geändert)');
    expect((await invoices.page({ page_size: 1 })).count).toBe(first.count + 1);
    await invoices.delete({ id: created.id });
    expect((await invoices.page({ page_size: 1 })).count).toBe(first.count);
    // the other company of the group does not see this one's invoices
    const other = client.groupInvoices(sandbox.companyIds.group[1 - index] ?? 0);
    const otherIds = new Set((await other.pages().all()).map((i) => i.id));
    expect(all.some((i) => otherIds.has(i.id))).toBe(false);
  });

  it('groupCompanyIds: the owners of the banks, distinct and ascending (group: its companies; a company: itself)', async () => {
    const group = clientFor(sandbox, sandbox.credentials.group);
    expect(await groupCompanyIds(group.client)).toEqual([5101, 5102]);
    expect(await groupCompanyIds(group.client)).toEqual(sandbox.companyIds.group);
    expect(apiCalls(group.sent).every((s) => new URL(s.url).pathname === '/banks/')).toBe(true);
    expect(await groupCompanyIds(clientFor(sandbox).client)).toEqual([sandbox.companyIds.demo]);
  });

  it('group credentials on a company that is not in the group: NotFoundError', async () => {
    const { client } = clientFor(sandbox, sandbox.credentials.group);
    expect(await rejectionOf(client.groupInvoices(sandbox.companyIds.demo).page())).toBeInstanceOf(NotFoundError);
  });
});
