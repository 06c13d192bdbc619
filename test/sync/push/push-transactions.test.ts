/**
 * The transaction-category push (#28) against the sandbox: changed categories go in `PATCH /transactions/` arrays of
 * at most 1,000 `{id, category}` items; the cell takes the list's path, a path typed with `>`, a unique name or an id;
 * a category a transaction cannot take (a parent, a system category, none) waits with the reason and sends nothing;
 * added and removed rows are refused (the service creates and deletes no transactions from here); read-only cells are
 * never sent; the ids the service skipped say so; faults mid-write apply nothing twice; conflicts; undo.
 */

import { PATH_SEPARATOR } from '../../../src/sync/tables';
import { setUpTransactions, type TransactionHarness } from './transaction-support';

let h: TransactionHarness;
afterEach(async () => {
  await h?.close();
});

const idAt = (row: number): number => h.sheet.cell(row, 'id') as number;
const pathAt = (row: number): string => h.sheet.cell(row, 'category_path') as string;
/** A path of the list other than the row's own. */
const otherChoice = (row: number, skip = 0): string => h.choices.filter((c) => c !== pathAt(row))[skip] as string;
const patches = () => h.takeWrites().filter((w) => w.method === 'PATCH');

test('recategorized rows go in one PATCH /transactions/ of {id, category}; the service holds them, the rows say Sent and Category Id follows', async () => {
  h = await setUpTransactions();
  const [a, b, c] = [otherChoice(0), otherChoice(1, 1), otherChoice(2, 2)];
  h.sheet.set(0, 'category_path', a);
  h.sheet.set(1, 'category_path', b);
  h.sheet.set(2, 'category_path', c);
  const result = await h.push();
  expect(result.counts.landed).toBe(3);
  const writes = h.takeWrites();
  expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(['PATCH /transactions/']);
  expect(writes[0]?.body).toEqual([
    { id: idAt(0), category: h.idOf(a) },
    { id: idAt(1), category: h.idOf(b) },
    { id: idAt(2), category: h.idOf(c) },
  ]);
  const service = await h.service();
  expect(service.get(idAt(0))?.category.id).toBe(h.idOf(a));
  expect(service.get(idAt(2))?.category.id).toBe(h.idOf(c));
  expect(h.sheet.cell(1, 'category_id')).toBe(h.idOf(b));
  expect(h.sheet.rows[0]?.status).toMatch(/^Sent /);
  expect((await h.push()).rows).toEqual([]);
  expect(h.takeWrites()).toEqual([]);
});

test('the cell takes a path typed with ">", a name only one category has, or an id; the sheet then shows the path', async () => {
  h = await setUpTransactions();
  const [typed, named, byId] = [otherChoice(0), otherChoice(1, 1), otherChoice(2, 2)];
  const name = named.split(PATH_SEPARATOR).at(-1) as string;
  const unique = h.categories.filter((cat) => cat.name === name).length === 1;
  h.sheet.set(0, 'category_path', typed.split(PATH_SEPARATOR).join(' > ').toUpperCase());
  h.sheet.set(1, 'category_path', unique ? ` ${name} ` : named);
  h.sheet.set(2, 'category_path', String(h.idOf(byId)));
  const result = await h.push();
  expect(result.counts.landed).toBe(3);
  expect(h.takeWrites()[0]?.body).toEqual([
    { id: idAt(0), category: h.idOf(typed) },
    { id: idAt(1), category: h.idOf(named) },
    { id: idAt(2), category: h.idOf(byId) },
  ]);
  expect([pathAt(0), pathAt(1), pathAt(2)]).toEqual([typed, named, byId]);
});

test('a parent, a system category, an unknown name and an empty cell wait with their reasons; the good row goes alone', async () => {
  h = await setUpTransactions();
  const parents = new Set(h.categories.flatMap((c) => (c.parent === null ? [] : [c.parent])));
  const parent = h.categories.find((c) => parents.has(c.id)) as { id: number };
  const system = h.categories.find((c) => c.is_default && !parents.has(c.id));
  const good = otherChoice(4);
  h.sheet.set(0, 'category_path', h.lookups.categoryPath(parent.id));
  h.sheet.set(1, 'category_path', 'No such category');
  h.sheet.set(2, 'category_path', null);
  if (system) h.sheet.set(3, 'category_path', h.lookups.categoryPath(system.id));
  h.sheet.set(4, 'category_path', good);
  const result = await h.push();
  const outcome = (row: number) => result.rows.find((r) => r.ref.id === idAt(row));
  expect(outcome(0)).toMatchObject({ outcome: 'blocked', message: expect.stringContaining('has subcategories') });
  expect(outcome(1)).toMatchObject({ outcome: 'blocked', message: expect.stringContaining('there is no category "No such category"') });
  expect(outcome(2)).toMatchObject({ outcome: 'blocked', message: expect.stringContaining('always has a category') });
  if (system) expect(outcome(3)).toMatchObject({ outcome: 'blocked', message: expect.stringContaining('system category') });
  expect(outcome(4)?.outcome).toBe('landed');
  expect(patches().map((w) => w.body)).toEqual([[{ id: idAt(4), category: h.idOf(good) }]]);
  expect(h.sheet.rows[0]?.highlight).toEqual(['category_path']);
  expect(h.sheet.rows[0]?.status).toMatch(/Category: /);
  // The edits stay in the sheet.
  expect(h.sheet.cell(1, 'category_path')).toBe('No such category');
});

test('the reasons speak the user language (de)', async () => {
  h = await setUpTransactions({ language: 'de' });
  h.sheet.set(0, 'category_path', null);
  const result = await h.push();
  expect(result.rows[0]?.message).toContain('Ein Umsatz hat immer eine Kategorie');
});

test('read-only cells are never sent; a row added or removed is refused with the reason and nothing is sent', async () => {
  h = await setUpTransactions();
  h.sheet.set(0, 'purpose', 'Edited purpose');
  h.sheet.set(1, 'amount', 1);
  expect((await h.push()).rows).toEqual([]);
  const removed = idAt(2);
  h.sheet.rows.splice(2, 1);
  const added = h.sheet.rows.push({ cells: h.sheet.rows[0]?.cells.map(() => null) ?? [], status: '', highlight: [] }) - 1;
  h.sheet.set(added, 'category_path', otherChoice(0));
  const result = await h.push({ deletes: true });
  expect(result.rows.find((r) => r.ref.id === removed)).toMatchObject({
    outcome: 'blocked',
    message: expect.stringContaining('cannot be deleted from Excel'),
  });
  expect(result.rows.find((r) => r.ref.id === null)).toMatchObject({
    outcome: 'blocked',
    message: expect.stringContaining('cannot be added'),
  });
  expect(h.takeWrites()).toEqual([]);
  expect((await h.service()).has(removed)).toBe(true);
});

test('more than 1,000 recategorized rows go in PATCH arrays of at most 1,000', async () => {
  h = await setUpTransactions({ transactions: 1300 });
  expect(h.sheet.rows.length).toBeGreaterThan(1000);
  h.sheet.rows.forEach((_, i) => h.sheet.set(i, 'category_path', otherChoice(i)));
  const result = await h.push();
  expect(result.counts.landed).toBe(h.sheet.rows.length);
  const sent = patches();
  expect(sent.map((w) => (w.body as unknown[]).length)).toEqual([1000, h.sheet.rows.length - 1000]);
  const service = await h.service();
  expect(h.sheet.rows.every((_, i) => service.get(idAt(i))?.category.id === h.idOf(pathAt(i)))).toBe(true);
}, 60_000);

test('an id the service left out of its answer (skipped) says so on its row and stays pending; sent again, nothing is applied twice', async () => {
  h = await setUpTransactions();
  const [a, b] = [otherChoice(0), otherChoice(1)];
  h.sheet.set(0, 'category_path', a);
  h.sheet.set(1, 'category_path', b);
  const skipped = idAt(1);
  h.hook.current = async (request, forward) => {
    if (request.method !== 'PATCH') return undefined;
    const answer = (await (await forward()).json()) as Array<{ id: number }>;
    return Response.json(answer.filter((t) => t.id !== skipped));
  };
  const result = await h.push();
  expect(result.rows.find((r) => r.ref.id === skipped)).toMatchObject({
    outcome: 'failed',
    message: expect.stringContaining('skipped this transaction'),
  });
  expect(h.sheet.rows[1]?.highlight).toEqual(['category_path']);
  expect(h.sheet.cell(1, 'category_path')).toBe(b);
  h.hook.current = undefined;
  h.takeWrites();
  const again = await h.push();
  expect(again.rows.find((r) => r.ref.id === skipped)?.outcome).toBe('landed');
  expect(h.takeWrites()).toEqual([]);
});

test('an answer lost after the PATCH was applied is read back: the rows land and the PATCH is not sent again', async () => {
  h = await setUpTransactions();
  const [a, b] = [otherChoice(0), otherChoice(1)];
  h.sheet.set(0, 'category_path', a);
  h.sheet.set(1, 'category_path', b);
  let lost = 0;
  h.hook.current = async (request, forward) => {
    if (request.method !== 'PATCH' || lost > 0) return undefined;
    lost += 1;
    await forward();
    throw new TypeError('fetch failed');
  };
  const result = await h.push();
  expect(result.counts.landed).toBe(2);
  expect(patches()).toHaveLength(1);
  expect((await h.service()).get(idAt(1))?.category.id).toBe(h.idOf(b));
  expect((await h.service()).get(idAt(0))?.category.id).toBe(h.idOf(a));
});

test('a transaction recategorized on the service after the load is a conflict; take theirs brings its category in, sending nothing', async () => {
  h = await setUpTransactions();
  const theirs = otherChoice(0);
  const mine = otherChoice(0, 1);
  await h.other.transactions.updateCategory(idAt(0), h.idOf(theirs));
  h.sheet.set(0, 'category_path', mine);
  const result = await h.push();
  expect(result.rows[0]).toMatchObject({ outcome: 'conflict' });
  expect(patches()).toEqual([]);
  const resolved = await h.push({ resolutions: new Map([[result.rows[0]?.key as string, 'theirs']]) });
  expect(resolved.rows[0]?.outcome).toBe('landed');
  expect(h.sheet.rows[0]?.highlight).toEqual([]);
  expect(pathAt(0)).toBe(theirs);
  expect(patches()).toEqual([]);
});

test('undo puts the previous categories back; a row recategorized since is reported, not overwritten', async () => {
  h = await setUpTransactions();
  const before = [pathAt(0), pathAt(1)];
  h.sheet.set(0, 'category_path', otherChoice(0));
  h.sheet.set(1, 'category_path', otherChoice(1));
  await h.push();
  const since = h.choices.find((c) => c !== before[1] && c !== pathAt(1)) as string;
  await h.other.transactions.updateCategory(idAt(1), h.idOf(since));
  h.takeWrites();
  const undo = await h.undo();
  expect(undo.rows.map((r) => r.outcome)).toEqual(['restored', 'changedSince']);
  expect(patches().map((w) => w.body)).toEqual([[{ id: idAt(0), category: h.idOf(before[0] as string) }]]);
  const service = await h.service();
  expect(service.get(idAt(0))?.category.id).toBe(h.idOf(before[0] as string));
  expect(service.get(idAt(1))?.category.id).toBe(h.idOf(since));
  expect(pathAt(0)).toBe(before[0]);
});
