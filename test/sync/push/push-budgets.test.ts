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
    expect(writes[0]).toMatchObject({
      method: 'PATCH',
      path: `/plans/${forecast?.id}${EXTERNAL}${ext}/`,
      body: { amount: '-1234.50', description: 'New lease' },
    });
    expect(Object.keys(writes[0]?.body as object).sort()).toEqual(['amount', 'description']);
    expect(result.counts.landed).toBe(1);
    expect(result.rows).toEqual([
      expect.objectContaining({ key: `id:${id}`, op: 'patch', outcome: 'landed', columns: ['Amount', 'Description'] }),
    ]);

    const service = (await h.service()).get(id);
    expect(service).toMatchObject({ amount: -1234.5, description: 'New lease' });
    expect(h.sheet.rows[at]?.status).toMatch(/^Sent /);
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
    expect(writes.map((w) => [w.method, w.path.endsWith('/fc-miete/'), w.body])).toEqual([
      ['PATCH', true, { description: '', frequency: '', account: '' }],
    ]);
    const service = await h.service();
    expect(service.get(h.sheet.cell(a, 'id') as number)).toMatchObject({ description: '', frequency: '', account: null });
    const blocked = result.rows.find((r) => r.ref.position === b);
    expect(blocked).toMatchObject({ outcome: 'blocked', columns: ['Name'] });
    expect(blocked?.message).toBe('Not sent: Name: this value cannot be emptied. Enter a value, or undo the change in this cell.');
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

/** A budget row as a user types it under the table: no id, the fields a create needs. */
function typeNewRow(harness: PushHarness, overrides: Record<string, string | number | boolean | null> = {}): number {
  const template = harness.sheet.rows[0]?.cells.map(() => null) ?? [];
  harness.sheet.rows.push({ cells: template, status: '', highlight: [] });
  const at = harness.sheet.rows.length - 1;
  const leaf = harness.sheet.cell(
    rowWhere(harness, (e) => e === 'fc-miete'),
    'category_id',
  );
  const values = { name: 'New budget', category_id: leaf, settlement_date: '2027-01-15', amount: -300, ...overrides };
  for (const [key, value] of Object.entries(values)) harness.sheet.set(at, key, value);
  return at;
}

describe('new rows', () => {
  it('POST with the typed external ID; the service id and defaults come back into the row and the baseline', async () => {
    h = await setUpPush();
    const at = typeNewRow(h, { external_id: 'typed-1', description: 'Typed in Excel' });
    h.takeWrites();
    const result = await h.push();
    const [write, ...others] = h.takeWrites();
    expect(others).toEqual([]);
    expect(write).toMatchObject({ method: 'POST', path: '/forecast/budgets/' });
    expect(write?.body).toMatchObject({
      name: 'New budget',
      settlement_date: '2027-01-15',
      amount: '-300.00',
      external_id: 'typed-1',
      description: 'Typed in Excel',
    });
    expect(result.rows).toEqual([expect.objectContaining({ change: 'new', op: 'create', outcome: 'landed' })]);
    const id = h.sheet.cell(at, 'id');
    expect(typeof id).toBe('number');
    const created = (await h.service()).get(id as number);
    expect(created).toMatchObject({ external_id: 'typed-1', name: 'New budget', amount: -300 });
    // Defaults the service chose are in the row now.
    expect(h.sheet.cell(at, 'base')).toBe(created?.base);
    expect(h.sheet.cell(at, 'category_path')).not.toBeNull();
    expect((await h.baselines.read('ForecastBudgets'))?.some((b) => b.id === id && b.externalId === 'typed-1')).toBe(true);
    await h.push();
    expect(h.takeWrites()).toEqual([]);
  });

  it('a new row without an external ID gets one generated, written into the sheet before the POST is sent', async () => {
    h = await setUpPush();
    const at = typeNewRow(h);
    let sheetHeldIt: unknown = null;
    h.hook.current = (request) => {
      if (request.method === 'POST' && request.path === '/forecast/budgets/') sheetHeldIt = h.sheet.cell(at, 'external_id');
      return undefined;
    };
    h.takeWrites();
    await h.push({}, { newExternalId: () => 'xl-generated01' });
    const [write] = h.takeWrites();
    expect(write?.body).toMatchObject({ external_id: 'xl-generated01' });
    expect(sheetHeldIt).toBe('xl-generated01');
    expect(h.sheet.cell(at, 'external_id')).toBe('xl-generated01');
  });

  it('a new row whose external ID already exists on the service is a conflict, never a duplicate; both choices settle it', async () => {
    h = await setUpPush();
    await h.other.forecastBudgets.create({
      name: 'Made elsewhere',
      category: h.sheet.cell(0, 'category_id') as number,
      settlement_date: '2027-02-01',
      amount: -10,
      external_id: 'shared-1',
    });
    const at = typeNewRow(h, { external_id: 'shared-1', amount: -20 });
    h.takeWrites();
    const first = await h.push();
    expect(first.rows[0]).toMatchObject({ outcome: 'conflict', conflict: 'existsOnService', key: 'ext:shared-1' });
    expect(first.rows[0]?.conflicts).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'amount', mine: -20, theirs: -10 })]),
    );
    const budgets = [...(await h.service()).values()].filter((b) => b.external_id === 'shared-1');
    expect(budgets).toHaveLength(1);
    expect(h.sheet.cell(at, 'id')).toBeNull();

    const mine = await h.push({ resolutions: new Map([['ext:shared-1', 'mine']]) });
    expect(mine.rows[0]).toMatchObject({ outcome: 'landed' });
    const after = [...(await h.service()).values()].filter((b) => b.external_id === 'shared-1');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ amount: -20, name: 'New budget' });
    expect(h.sheet.cell(at, 'id')).toBe(after[0]?.id);
  });

  it('a bad new row sends nothing; the good rows still go', async () => {
    h = await setUpPush();
    const bad = typeNewRow(h, { external_id: 'bad-1', category_id: 999999, settlement_date: '2027-13-45' });
    const good = rowWhere(h, addressable);
    h.sheet.set(good, 'amount', 42);
    h.takeWrites();
    const result = await h.push();
    const writes = h.takeWrites();
    expect(writes.map((w) => w.method)).toEqual(['PATCH']);
    const row = result.rows.find((r) => r.ref.position === bad);
    expect(row?.outcome).toBe('blocked');
    expect(row?.problems?.map((p) => p.column).sort()).toEqual(['Category Id', 'Settlement date']);
    expect(h.sheet.rows[bad]?.status).toContain('Settlement date');
  });
});

describe('deleted rows', () => {
  it('wait for confirmation, then go by external ID (or by id when the ID cannot be addressed)', async () => {
    h = await setUpPush();
    const byExternal = rowWhere(h, addressable);
    const byId = rowWhere(h, (e) => e !== null && !addressable(e));
    const ids = [h.sheet.cell(byExternal, 'id') as number, h.sheet.cell(byId, 'id') as number];
    const ext = h.sheet.cell(byExternal, 'external_id') as string;
    h.sheet.rows = h.sheet.rows.filter((_, i) => i !== byExternal && i !== byId);
    h.takeWrites();

    const waiting = await h.push();
    expect(h.takeWrites()).toEqual([]);
    expect(waiting.counts.needsDeleteConfirmation).toBe(2);

    const result = await h.push({ deletes: true });
    const writes = h.takeWrites();
    expect(writes.map((w) => `${w.method} ${w.path}`).sort()).toEqual(
      [
        expect.stringMatching(new RegExp(`^DELETE /plans/\\d+/budgets/${ids[1]}/$`)),
        expect.stringMatching(new RegExp(`^DELETE /plans/\\d+/budgets/external/${ext}/$`)),
      ].sort(),
    );
    expect(result.counts.landed).toBe(2);
    const service = await h.service();
    expect(ids.map((id) => service.has(id))).toEqual([false, false]);
    const baseline = await h.baselines.read('ForecastBudgets');
    expect(baseline?.some((b) => ids.includes(b.id))).toBe(false);
    await h.push({ deletes: true });
    expect(h.takeWrites()).toEqual([]);
  });

  it('confirmed by id: only the rows the confirmation named go; a row deleted after it was asked waits', async () => {
    h = await setUpPush();
    const [first, second] = [rowWhere(h, addressable), rowWhere(h, (e) => e !== null && !addressable(e))];
    const named = h.sheet.cell(first, 'id') as number;
    const later = h.sheet.cell(second, 'id') as number;
    h.sheet.rows = h.sheet.rows.filter((_, i) => i !== first && i !== second);
    h.takeWrites();

    const result = await h.push({ deletes: new Set([named]) });
    expect(h.takeWrites().map((w) => w.method)).toEqual(['DELETE']);
    expect(result.counts.landed).toBe(1);
    expect(result.counts.needsDeleteConfirmation).toBe(1);
    expect(result.rows.find((r) => r.outcome === 'needsDeleteConfirmation')?.ref.id).toBe(later);
    const service = await h.service();
    expect([service.has(named), service.has(later)]).toEqual([false, true]);
  });
});

describe('rows the external-ID paths cannot address', () => {
  it('a row without an external ID waits for the Replace confirmation, then goes by PUT with the whole row', async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e === null);
    const id = h.sheet.cell(at, 'id') as number;
    h.sheet.set(at, 'amount', -77);
    h.takeWrites();
    const waiting = await h.push();
    expect(waiting.rows[0]).toMatchObject({ outcome: 'needsReplace' });
    expect(h.takeWrites()).toEqual([]);

    const result = await h.push({ replace: new Set([id]) });
    const [write] = h.takeWrites();
    expect(write).toMatchObject({ method: 'PUT', path: expect.stringMatching(new RegExp(`^/plans/\\d+/budgets/${id}/$`)) });
    expect(write?.body).toMatchObject({ amount: '-77.00', name: h.sheet.cell(at, 'name'), category: h.sheet.cell(at, 'category_id') });
    expect(result.rows[0]).toMatchObject({ outcome: 'landed', op: 'replace' });
    expect((await h.service()).get(id)?.amount).toBe(-77);
  });

  it('adoption: giving such a row an external ID sends it by PUT with that ID; afterwards it goes by PATCH', async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e !== null && !addressable(e));
    const id = h.sheet.cell(at, 'id') as number;
    h.sheet.set(at, 'external_id', `xl-${id}`);
    h.takeWrites();
    await h.push({ replace: new Set([id]) });
    const [put] = h.takeWrites();
    expect(put?.method).toBe('PUT');
    expect(put?.body).toMatchObject({ external_id: `xl-${id}` });
    expect((await h.service()).get(id)?.external_id).toBe(`xl-${id}`);

    h.sheet.set(at, 'amount', 5);
    await h.push();
    const [patch] = h.takeWrites();
    expect(patch).toMatchObject({ method: 'PATCH', body: { amount: '5.00' } });
    expect(patch?.path.endsWith(`/external/xl-${id}/`)).toBe(true);
  });

  it('the Replace row action on an addressable row sends the whole row by PUT', async () => {
    h = await setUpPush();
    const at = rowWhere(h, addressable);
    const id = h.sheet.cell(at, 'id') as number;
    h.sheet.set(at, 'name', 'Replaced');
    h.takeWrites();
    await h.push({ replace: new Set([id]) });
    const [write] = h.takeWrites();
    expect(write?.method).toBe('PUT');
    expect(write?.body).toMatchObject({
      name: 'Replaced',
      external_id: h.sheet.cell(at, 'external_id'),
      category: h.sheet.cell(at, 'category_id'),
    });
  });
});

describe('conflicts', () => {
  async function changeOnService(harness: PushHarness, externalId: string, patch: Record<string, unknown>): Promise<void> {
    const forecast = (await harness.other.plans.list()).find((p) => p.type === 'FORECAST');
    await harness.other.planBudgets(forecast?.id ?? 0).updateByExternalId(externalId, patch);
  }

  it('a field changed on both sides is not written and shows both values; "keep mine" sends mine', async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e === 'fc-miete');
    const id = h.sheet.cell(at, 'id') as number;
    await changeOnService(h, 'fc-miete', { amount: '-5000.00' });
    h.sheet.set(at, 'amount', -4000);
    h.takeWrites();
    const first = await h.push();
    expect(h.takeWrites()).toEqual([]);
    expect(first.rows[0]).toMatchObject({
      outcome: 'conflict',
      conflicts: [expect.objectContaining({ field: 'amount', column: 'Amount', base: -4500, mine: -4000, theirs: -5000 })],
    });
    expect(h.sheet.rows[at]?.status).toBe(
      'Conflict: changed on the service too. Amount: yours -4000, service -5000. Choose "keep mine" or "take theirs" in the Changes view.',
    );
    expect(h.sheet.rows[at]?.highlight).toEqual(['amount']);
    expect(h.sheet.cell(at, 'amount')).toBe(-4000);
    expect((await h.service()).get(id)?.amount).toBe(-5000);

    await h.push({ resolutions: new Map([[`id:${id}`, 'mine']]) });
    expect(h.takeWrites().map((w) => w.body)).toEqual([{ amount: '-4000.00' }]);
    expect((await h.service()).get(id)?.amount).toBe(-4000);
  });

  it('"take theirs" brings the service value into the sheet and sends nothing', async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e === 'fc-miete');
    const id = h.sheet.cell(at, 'id') as number;
    await changeOnService(h, 'fc-miete', { amount: '-5000.00' });
    h.sheet.set(at, 'amount', -4000);
    await h.push();
    h.takeWrites();
    const result = await h.push({ resolutions: new Map([[`id:${id}`, 'theirs']]) });
    expect(h.takeWrites()).toEqual([]);
    expect(result.rows[0]?.outcome).toBe('landed');
    expect(h.sheet.cell(at, 'amount')).toBe(-5000);
    expect(h.sheet.rows[at]?.highlight).toEqual([]);
    await h.push();
    expect(h.takeWrites()).toEqual([]);
  });

  it('a field changed only on the service is not overwritten: it is brought into the sheet while mine is sent', async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e === 'fc-miete');
    const id = h.sheet.cell(at, 'id') as number;
    await changeOnService(h, 'fc-miete', { description: 'Changed by a colleague' });
    h.sheet.set(at, 'amount', -4100);
    h.takeWrites();
    await h.push();
    expect(h.takeWrites().map((w) => w.body)).toEqual([{ amount: '-4100.00' }]);
    expect((await h.service()).get(id)).toMatchObject({ amount: -4100, description: 'Changed by a colleague' });
    expect(h.sheet.cell(at, 'description')).toBe('Changed by a colleague');
    await h.push();
    expect(h.takeWrites()).toEqual([]);
  });

  it('a budget deleted on the service: conflict; "keep mine" creates it again, "take theirs" removes the row', async () => {
    h = await setUpPush();
    const a = rowWhere(h, (e) => e === 'fc-miete');
    const b = rowWhere(h, (e) => e === 'fc-gehaelter');
    const forecast = (await h.other.plans.list()).find((p) => p.type === 'FORECAST');
    await h.other.planBudgets(forecast?.id ?? 0).deleteByExternalId('fc-miete');
    await h.other.planBudgets(forecast?.id ?? 0).deleteByExternalId('fc-gehaelter');
    const [idA, idB] = [h.sheet.cell(a, 'id') as number, h.sheet.cell(b, 'id') as number];
    h.sheet.set(a, 'amount', -1);
    h.sheet.set(b, 'amount', -2);
    const first = await h.push();
    expect(first.rows.map((r) => [r.key, r.outcome, r.conflict])).toEqual([
      [`id:${idA}`, 'conflict', 'deletedOnService'],
      [`id:${idB}`, 'conflict', 'deletedOnService'],
    ]);
    h.takeWrites();
    await h.push({
      resolutions: new Map([
        [`id:${idA}`, 'mine'],
        [`id:${idB}`, 'theirs'],
      ]),
    });
    expect(h.takeWrites().map((w) => `${w.method} ${w.path}`)).toEqual(['POST /forecast/budgets/']);
    const service = [...(await h.service()).values()];
    expect(service.filter((x) => x.external_id === 'fc-miete').map((x) => x.amount)).toEqual([-1]);
    expect(h.sheet.find(idB)).toBe(-1);
    expect(h.sheet.rows.some((r) => r.cells[1] === 'fc-miete' && typeof r.cells[0] === 'number' && r.cells[0] !== idA)).toBe(true);
    await h.push();
    expect(h.takeWrites()).toEqual([]);
  });

  it('deleting a row someone changed meanwhile is a conflict; "take theirs" puts the row back', async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e === 'fc-miete');
    const id = h.sheet.cell(at, 'id') as number;
    await changeOnService(h, 'fc-miete', { name: 'Miete neu' });
    h.sheet.rows.splice(at, 1);
    const first = await h.push({ deletes: true });
    expect(first.rows[0]).toMatchObject({ outcome: 'conflict', conflict: 'changedOnService' });
    expect((await h.service()).has(id)).toBe(true);
    await h.push({ deletes: true, resolutions: new Map([[`id:${id}`, 'theirs']]) });
    const back = h.sheet.find(id);
    expect(back).toBeGreaterThanOrEqual(0);
    expect(h.sheet.cell(back, 'name')).toBe('Miete neu');
    h.takeWrites();
    await h.push({ deletes: true });
    expect(h.takeWrites()).toEqual([]);
  });
});

describe('what the push leaves behind', () => {
  it('the journal records when, which table, per row the values before and sent, and the outcome', async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e === 'fc-miete');
    const id = h.sheet.cell(at, 'id') as number;
    const amount = h.sheet.cell(at, 'amount');
    h.sheet.set(at, 'amount', -4321);
    h.sheet.set(
      rowWhere(h, (e) => e === 'fc-umsatz'),
      'name',
      null,
    );
    const result = await h.push();
    const [entry] = await h.journal.list();
    expect(entry).toMatchObject({
      id: result.journalId,
      tableName: 'ForecastBudgets',
      rows: [{ op: 'patch', id, externalId: 'fc-miete', before: { amount }, sent: { amount: -4321 }, outcome: 'landed' }],
    });
    expect(Number.isNaN(Date.parse(entry?.at ?? ''))).toBe(false);
  });

  it("a conflict brings in what only the service changed, and never overwrites the user's pending rename", async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e === 'fc-miete');
    const forecast = (await h.other.plans.list()).find((p) => p.type === 'FORECAST');
    await h.other.planBudgets(forecast?.id ?? 0).updateByExternalId('fc-miete', { amount: '-1.00', description: 'From a colleague' });
    h.sheet.set(at, 'amount', -2);
    h.sheet.set(at, 'external_id', 'miete-renamed');
    const result = await h.push();
    expect(result.rows[0]).toMatchObject({ outcome: 'conflict' });
    expect(h.sheet.cell(at, 'external_id')).toBe('miete-renamed');
    expect(h.sheet.cell(at, 'description')).toBe('From a colleague');
    expect(h.sheet.cell(at, 'amount')).toBe(-2);
    expect(h.sheet.rows[at]?.highlight).toEqual(['amount', 'external_id']);
  });
});

describe('the category cell', () => {
  it('takes the path as the Category column shows it: the budget gets that category by id', async () => {
    h = await setUpPush();
    const at = rowWhere(h, (e) => e === 'fc-miete');
    const other = rowWhere(h, (e) => e === 'fc-gehaelter');
    const path = h.sheet.cell(other, 'category_path') as string;
    const id = h.sheet.cell(other, 'category_id') as number;
    expect(path).toContain(' › ');
    h.sheet.set(at, 'category_id', path);
    h.takeWrites();
    const result = await h.push();
    expect(h.takeWrites().map((w) => w.body)).toEqual([{ category: id }]);
    expect(result.rows[0]?.outcome).toBe('landed');
    expect(h.sheet.cell(at, 'category_id')).toBe(id);
    expect(h.sheet.cell(at, 'category_path')).toBe(path);
  });
});

describe("a row's status describes its state now (#25 item 9)", () => {
  it('"Not sent" on a row the user typed back goes at the next send; so does an older status of a row this send did not touch', async () => {
    h = await setUpPush();
    const failed = rowWhere(h, addressable);
    const other = h.sheet.rows.findIndex((_, i) => i !== failed && addressable(h.sheet.cell(i, 'external_id') as string | null));
    const pulled = h.sheet.cell(failed, 'amount');
    h.sheet.set(failed, 'amount', -1);
    h.hook.current = (request) =>
      request.method === 'PATCH'
        ? new Response('{"amount":["Too small."]}', { status: 400, headers: { 'content-type': 'application/json' } })
        : undefined;
    await h.push();
    expect(h.sheet.rows[failed]?.status).toMatch(/^Not sent: Amount: Too small\./);
    h.hook.current = undefined;

    // Typed back; another row is sent.
    h.sheet.set(failed, 'amount', pulled);
    h.sheet.set(other, 'amount', -2);
    await h.push();
    expect(h.sheet.rows[other]?.status).toMatch(/^Sent /);
    expect(h.sheet.rows[failed]?.status).toBe('');
    expect(h.sheet.rows[failed]?.highlight).toEqual([]);

    // The next send of a third row: the earlier "Sent" of `other` no longer belongs to the latest send.
    h.sheet.set(failed, 'amount', -3);
    await h.push();
    expect(h.sheet.rows[failed]?.status).toMatch(/^Sent /);
    expect(h.sheet.rows[other]?.status).toBe('');
  });
});
