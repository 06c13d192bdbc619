/**
 * Undo of the last push (#17), against the sandbox: the service gets its previous state back (changed rows, a rename,
 * created rows deleted, deleted rows created again with their external ID), rows changed since by someone else
 * are reported and not overwritten, the sheet and the baseline follow, and the journal records both pushes.
 */

import { PushRefusedError, undoLastPush } from '../../../src/sync/push';
import { addressable, rowWhere, setUpPush, type PushHarness } from './push-support';

let h: PushHarness;
afterEach(async () => {
  await h?.close();
});

const undo = (harness: PushHarness) =>
  undoLastPush(harness.model, harness.target, {
    client: harness.client,
    sheet: harness.sheet,
    baselines: harness.baselines,
    journal: harness.journal,
    language: 'en',
    sleep: async () => undefined,
  });

function newRow(harness: PushHarness, externalId: string): number {
  const leaf = harness.sheet.cell(
    rowWhere(harness, (e) => e === 'fc-miete'),
    'category_id',
  );
  harness.sheet.rows.push({ cells: harness.sheet.rows[0]?.cells.map(() => null) ?? [], status: '', highlight: [] });
  const at = harness.sheet.rows.length - 1;
  for (const [key, value] of Object.entries({
    external_id: externalId,
    name: 'To be undone',
    category_id: leaf,
    settlement_date: '2027-04-01',
    amount: -9,
  }))
    harness.sheet.set(at, key, value);
  return at;
}

test('undo restores the service, the sheet and the baseline; pushing afterwards sends nothing', async () => {
  h = await setUpPush();
  const changed = rowWhere(h, (e) => e === 'fc-miete');
  const renamed = rowWhere(h, (e) => e === 'fc-gehaelter');
  const deleted = rowWhere(h, (e) => e === 'fc-sozial');
  const ids = {
    changed: h.sheet.cell(changed, 'id') as number,
    renamed: h.sheet.cell(renamed, 'id') as number,
    deleted: h.sheet.cell(deleted, 'id') as number,
  };
  const before = await h.service();
  h.sheet.set(changed, 'amount', -1);
  h.sheet.set(changed, 'description', 'Pushed, then undone');
  h.sheet.set(renamed, 'external_id', 'gehaelter-new');
  newRow(h, 'undo-new-1');
  h.sheet.rows.splice(deleted, 1);
  const pushed = await h.push({ deletes: true });
  expect(pushed.counts.landed).toBe(4);
  const createdId = [...(await h.service()).values()].find((b) => b.external_id === 'undo-new-1')?.id;

  const result = await undo(h);
  expect(result.undid).toBe(pushed.journalId);
  expect(result.rows.map((r) => [r.op, r.outcome]).sort()).toEqual([
    ['create', 'restored'],
    ['delete', 'restored'],
    ['patch', 'restored'],
    ['patch', 'restored'],
  ]);

  const after = await h.service();
  expect(after.get(ids.changed)).toMatchObject({
    amount: before.get(ids.changed)?.amount,
    description: before.get(ids.changed)?.description,
  });
  expect(after.get(ids.renamed)?.external_id).toBe('fc-gehaelter');
  expect(createdId !== undefined && after.has(createdId)).toBe(false);
  const recreated = [...after.values()].filter((b) => b.external_id === 'fc-sozial');
  expect(recreated).toHaveLength(1);
  expect(recreated[0]).toMatchObject({ name: before.get(ids.deleted)?.name, amount: before.get(ids.deleted)?.amount });

  // The sheet shows the service's state again.
  expect(h.sheet.cell(h.sheet.find(ids.changed), 'amount')).toBe(before.get(ids.changed)?.amount);
  expect(h.sheet.cell(h.sheet.find(ids.renamed), 'external_id')).toBe('fc-gehaelter');
  expect(h.sheet.rows.some((r) => r.cells[1] === 'undo-new-1')).toBe(false);
  expect(h.sheet.find(recreated[0]?.id ?? -1)).toBeGreaterThanOrEqual(0);
  h.takeWrites();
  const again = await h.push({ deletes: true });
  expect(h.takeWrites()).toEqual([]);
  expect(again.rows).toEqual([]);

  // The journal holds the push (marked undone) and the undo; nothing is left to undo.
  const entries = await h.journal.list();
  expect(entries[0]?.undoes).toBe(pushed.journalId);
  expect(entries[1]).toMatchObject({ id: pushed.journalId, undoneBy: entries[0]?.id });
  expect((await undo(h)).rows).toEqual([]);
});

test('a row changed on the service since the push is reported and not overwritten; the others are undone', async () => {
  h = await setUpPush();
  const a = rowWhere(h, (e) => e === 'fc-miete');
  const b = rowWhere(h, (e) => e === 'fc-umsatz');
  const idA = h.sheet.cell(a, 'id') as number;
  const idB = h.sheet.cell(b, 'id') as number;
  const originalB = (await h.service()).get(idB)?.amount;
  h.sheet.set(a, 'amount', -11);
  h.sheet.set(b, 'amount', 22);
  await h.push();
  const forecast = (await h.other.plans.list()).find((p) => p.type === 'FORECAST');
  await h.other.planBudgets(forecast?.id ?? 0).updateByExternalId('fc-miete', { amount: '-33.00' });

  const result = await undo(h);
  expect(result.rows.find((r) => r.id === idA)).toMatchObject({
    outcome: 'changedSince',
    message: 'Not undone: changed on the service since it was sent (Amount). Nothing was overwritten.',
  });
  expect(result.rows.find((r) => r.id === idB)?.outcome).toBe('restored');
  const service = await h.service();
  expect(service.get(idA)?.amount).toBe(-33);
  expect(service.get(idB)?.amount).toBe(originalB);
});

test("a cell the user edited again after the push keeps the user's value when the push is undone", async () => {
  h = await setUpPush();
  const at = rowWhere(h, addressable);
  const id = h.sheet.cell(at, 'id') as number;
  h.sheet.set(at, 'amount', -10);
  h.sheet.set(at, 'name', 'Pushed name');
  await h.push();
  h.sheet.set(at, 'name', 'Typed after the push');
  await undo(h);
  expect(h.sheet.cell(h.sheet.find(id), 'name')).toBe('Typed after the push');
  expect(h.sheet.cell(h.sheet.find(id), 'amount')).toBe((await h.service()).get(id)?.amount);
  // The user's later edit is pending and goes with the next push.
  h.takeWrites();
  await h.push();
  expect(h.takeWrites().map((w) => w.body)).toEqual([{ name: 'Typed after the push' }]);
});

test('undo on a plan committed since the push is refused as a push is, with the same words, and sends nothing', async () => {
  h = await setUpPush({ scenario: true });
  h.sheet.set(rowWhere(h, addressable), 'amount', -12);
  await h.push();
  h.hook.current = async (request, forward) => {
    if (request.path !== '/plans/') return undefined;
    const plans = (await (await forward()).json()) as Array<{ id: number; is_committed: boolean }>;
    return Response.json(plans.map((p) => ({ ...p, is_committed: true })));
  };
  h.takeWrites();
  const refusal = undo(h);
  await expect(refusal).rejects.toBeInstanceOf(PushRefusedError);
  await expect(refusal).rejects.toMatchObject({ reason: 'committed' });
  const pushRefusal: unknown = await h.push().catch((error: unknown) => error);
  expect(pushRefusal).toBeInstanceOf(PushRefusedError);
  await expect(refusal).rejects.toThrow((pushRefusal as PushRefusedError).message);
  expect(h.takeWrites()).toEqual([]);
});

test('undo of a created row whose DELETE landed but whose answer was lost: the retry meets 404, the row is reported deleted and leaves the sheet', async () => {
  h = await setUpPush();
  newRow(h, 'undo-lost-delete');
  const pushed = await h.push();
  expect(pushed.counts.landed).toBe(1);
  let lost = 0;
  h.hook.current = async (request, forward) => {
    if (request.method !== 'DELETE' || lost > 0) return undefined;
    lost += 1;
    await forward();
    throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
  };
  const result = await undo(h);
  expect(result.rows.map((r) => [r.op, r.outcome])).toEqual([['create', 'restored']]);
  expect([...(await h.service()).values()].some((b) => b.external_id === 'undo-lost-delete')).toBe(false);
  expect(h.sheet.rows.some((r, i) => h.sheet.cell(i, 'external_id') === 'undo-lost-delete' && r.cells.some((c) => c !== null))).toBe(false);
});

test('undoing the delete of a budget whose external ID has a dot creates it again and says the ID could not come back', async () => {
  h = await setUpPush();
  const dotted = rowWhere(h, (e) => e !== null && !addressable(e));
  const externalId = h.sheet.cell(dotted, 'external_id') as string;
  const id = h.sheet.cell(dotted, 'id') as number;
  h.sheet.rows.splice(dotted, 1);
  expect((await h.push({ deletes: true })).counts.landed).toBe(1);
  const result = await undo(h);
  expect(result.rows).toHaveLength(1);
  const [row] = result.rows;
  expect(row).toMatchObject({ op: 'delete', outcome: 'restored' });
  expect(row?.message).toContain(`all its fields but its external ID "${externalId}"`);
  expect(row?.message).toContain(`it was ${id}`);
});
