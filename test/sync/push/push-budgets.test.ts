/**
 * The push of budget tables against the sandbox (#17), with the table in a memory sheet: what each edit sends, what
 * the service then holds, what the sheet and the baseline say afterwards, and that a second push sends nothing.
 */

import { PushRefusedError } from '../../../src/sync/push';
import { addressable, rowWhere, setUpPush, type PushHarness } from './push-support';

let h: PushHarness;
afterEach(async () => {
  await h?.close();
});

const EXTERNAL = '/budgets/external/';

describe('changed rows', () => {
  it('PATCH by external ID carries exactly the changed fields; the service holds them; the row is clean; pushing again sends nothing', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    const id = h.sheet.cell(at, 'id') as number;
    const ext = h.sheet.cell(at, 'external_id') as string;
    h.sheet.set(at, 'amount', -1234.5);
    h.sheet.set(at, 'description', 'New lease');
    h.takeWrites();

    const result = await h.push();
    const writes = h.takeWrites();
    expect(writes).toHaveLength(1);
    const plans = await h.other.plans.list();
    const forecast = plans.find((p) => p.type === 'FORECAST');
    expect(writes[0]).toMatchObject({ method: 'PATCH', path: `/plans/${forecast?.id}${EXTERNAL}${ext}/`, body: { amount: '-1234.50', description: 'New lease' } });
    expect(Object.keys(writes[0]?.body as object).sort()).toEqual(['amount', 'description']);
    expect(result.counts.landed).toBe(1);
    expect(result.rows).toEqual([expect.objectContaining({ key: `id:${id}`, op: 'patch', outcome: 'landed', columns: ['Amount', 'Description'] })]);

    const service = (await h.service()).get(id);
    expect(service).toMatchObject({ amount: -1234.5, description: 'New lease' });
    expect(h.sheet.rows[at]?.status).toMatch(/^Pushed /);
    expect(h.sheet.rows[at]?.highlight).toEqual([]);
    const stored = (await h.baselines.read('ForecastBudgets'))?.find((b) => b.id === id);
    expect(stored?.fields).toMatchObject({ amount: -1234.5, description: 'New lease' });

    const again = await h.push();
    expect(h.takeWrites()).toEqual([]);
    expect(again.rows).toEqual([]);
  });

  it('clearing follows the spec: description and frequency send "", account sends "" (null); clearing the name is a problem on the row and sends nothing for it', async () => {
    h = await setUpPush({
      before: async (other) => {
        const [account] = (await other.accounts.summary()).accounts;
        const forecast = (await other.plans.list()).find((p) => p.type === 'FORECAST');
        await other.planBudgets(forecast?.id ?? 0).updateByExternalId('fc-miete', { description: 'Office', account: account?.id ?? null });
      },
    });
    const a = rowWhere(h, (e) => e === 'fc-miete');
    const b = rowWhere(h, (e) => e === 'fc-gehaelter');
    expect(h.sheet.cell(a, 'account_id')).not.toBeNull();
    h.sheet.set(a, 'description', null);
    h.sheet.set(a, 'account_id', null);
    h.sheet.set(a, 'frequency', '');
    h.sheet.set(b, 'name', null);
    h.takeWrites();

    const result = await h.push();
    const writes = h.takeWrites();
    expect(writes.map((w) => [w.method, w.path.endsWith('/fc-miete/'), w.body])).toEqual([['PATCH', true, { description: '', frequency: '', account: '' }]]);
    const service = await h.service();
    expect(service.get(h.sheet.cell(a, 'id') as number)).toMatchObject({ description: '', frequency: '', account: null });
    const blocked = result.rows.find((r) => r.ref.position === b);
    expect(blocked).toMatchObject({ outcome: 'blocked', columns: ['Name'] });
    expect(blocked?.message).toBe('Not pushed: Name: this value cannot be emptied. Enter a value, or undo the change in this cell.');
    expect(h.sheet.rows[b]?.status).toBe(blocked?.message);
    expect(h.sheet.rows[b]?.highlight).toEqual(['name']);
    expect(service.get(h.sheet.cell(b, 'id') as number)?.name).toBe('Gehälter');
    // The blocked row keeps its edit and stays pending: the next push tries it again (and blocks it again).
    expect(h.sheet.cell(b, 'name')).toBeNull();
    await h.push();
    expect(h.takeWrites()).toEqual([]);
  });

  it('changing the external ID renames the budget: old ID in the path, new one in the body', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    const id = h.sheet.cell(at, 'id') as number;
    const old = h.sheet.cell(at, 'external_id') as string;
    h.sheet.set(at, 'external_id', 'renamed-1');
    h.takeWrites();
    await h.push();
    const [write] = h.takeWrites();
    expect(write?.path.endsWith(`${EXTERNAL}${old}/`)).toBe(true);
    expect(write?.body).toEqual({ external_id: 'renamed-1' });
    expect((await h.service()).get(id)?.external_id).toBe('renamed-1');
    expect((await h.baselines.read('ForecastBudgets'))?.find((b) => b.id === id)?.externalId).toBe('renamed-1');
    await h.push();
    expect(h.takeWrites()).toEqual([]);
  });

  it('a scenario row goes to /scenarios/{id}/budgets/external/{ext}/', async () => {
    h = await setUpPush({ scenario: true });
    const at = rowWhere(h, addressable);
    const ext = h.sheet.cell(at, 'external_id') as string;
    h.sheet.set(at, 'amount', 99);
    h.takeWrites();
    const result = await h.push();
    expect(result.counts.landed).toBe(1);
    const [write] = h.takeWrites();
    expect(h.target.kind).toBe('scenario');
    expect(write?.path).toBe(`/scenarios/${h.target.kind === 'scenario' ? h.target.scenarioId : 0}${EXTERNAL}${ext}/`);
    expect(write?.body).toEqual({ amount: '99.00' });
  });

  it('a sorted table: rows are matched by id, not by position', async () => {
    h = await setUpPush();
    h.sheet.rows.reverse();
    const at = rowWhere(h, addressable);
    const id = h.sheet.cell(at, 'id') as number;
    h.sheet.set(at, 'name', 'Renamed after sorting');
    h.takeWrites();
    const result = await h.push();
    expect(h.takeWrites()).toHaveLength(1);
    expect(result.rows.map((r) => r.ref.id)).toEqual([id]);
    expect((await h.service()).get(id)?.name).toBe('Renamed after sorting');
  });
});

describe('refusals', () => {
  it('a table without a stored baseline is refused and sends nothing', async () => {
    h = await setUpPush();
    h.sheet.set(0, 'amount', 1);
    h.takeWrites();
    await expect(h.push({}, { baselineState: 'missing' })).rejects.toThrow(PushRefusedError);
    await h.baselines.remove('ForecastBudgets');
    await expect(h.push()).rejects.toMatchObject({ reason: 'noBaseline' });
    expect(h.takeWrites()).toEqual([]);
  });

  it('a committed plan is refused with its name, before anything is sent', async () => {
    h = await setUpPush({ scenario: true });
    h.hook.current = async (request, forward) => {
      if (request.path !== '/plans/') return undefined;
      const plans = (await (await forward()).json()) as Array<{ id: number; is_committed: boolean }>;
      return Response.json(plans.map((p) => ({ ...p, is_committed: true })));
    };
    h.sheet.set(0, 'amount', 1);
    h.takeWrites();
    const refusal = h.push();
    await expect(refusal).rejects.toMatchObject({ reason: 'committed' });
    await expect(refusal).rejects.toThrow(/committed/);
    expect(h.takeWrites()).toEqual([]);
  });
});
