/**
 * Pending changes without the service (#17): what the Changes view lists, discard (the pulled values come back) and a
 * refresh that keeps the user's edits on top of the refreshed rows (none dropped silently); an invoice's fields by
 * the Invoices table's column names (#28).
 */

import {
  applyKeptEdits,
  baselineOf,
  discardChanges,
  highlightUpdates,
  keepEdits,
  MemoryBaselineStore,
  MemoryPushSheet,
  pendingChanges,
} from '../../../src/sync/push';
import { FORECAST_BUDGETS_TABLE as MODEL, INVOICES_TABLE } from '../../../src/sync/tables';
import { cells } from './budget-rows';

const pulled = () => [
  cells({ id: 1, external_id: 'a', name: 'Rent' }),
  cells({ id: 2, external_id: 'b', name: 'Salaries', amount: -9000 }),
  cells({ id: 3, external_id: null, name: 'Cloud' }),
];

async function setUp() {
  const rows = pulled();
  const baselines = new MemoryBaselineStore();
  await baselines.write(MODEL.tableName, baselineOf(MODEL, rows));
  const sheet = new MemoryPushSheet(MODEL, rows);
  return { sheet, baselines };
}

function edit(sheet: MemoryPushSheet): void {
  sheet.set(sheet.find(1), 'amount', -100);
  sheet.set(sheet.find(1), 'external_id', 'a2');
  sheet.rows.splice(sheet.find(2), 1);
  sheet.rows.push({ cells: cells({ id: null, external_id: 'new', name: 'Typed', tags: 'x, y' }), status: '', highlight: [] });
}

test('lists changed rows with each field before and after, new rows with their values, deleted rows by name', async () => {
  const { sheet, baselines } = await setUp();
  edit(sheet);
  const pending = await pendingChanges(MODEL, sheet, baselines, 'stored');
  expect(pending.counts).toEqual({ changed: 1, new: 1, deleted: 1 });
  const changed = pending.rows.find((r) => r.kind === 'changed');
  expect(changed).toMatchObject({ name: 'Rent', ref: { id: 1, externalId: 'a2' } });
  expect(changed?.fields).toEqual([
    { field: 'amount', column: 'Amount', before: -2500, after: -100 },
    { field: 'external_id', column: 'External Id', before: 'a', after: 'a2' },
  ]);
  expect(pending.rows.find((r) => r.kind === 'deleted')).toMatchObject({ name: 'Salaries', ref: { id: 2 } });
  expect(pending.rows.find((r) => r.kind === 'new')?.fields).toEqual(
    expect.arrayContaining([{ field: 'tags', column: 'Tags', before: null, after: ['x', 'y'] }]),
  );
  expect((await pendingChanges(MODEL, sheet, baselines, 'missing')).comparable).toBe(false);
});

test('discard brings the pulled values back: nothing is pending afterwards', async () => {
  const { sheet, baselines } = await setUp();
  edit(sheet);
  const count = await discardChanges(MODEL, sheet, baselines, await pendingChanges(MODEL, sheet, baselines, 'stored'));
  expect(count).toBe(3);
  const after = await pendingChanges(MODEL, sheet, baselines, 'stored');
  expect(after.rows).toEqual([]);
  expect(sheet.cell(sheet.find(1), 'external_id')).toBe('a');
  expect(sheet.cell(sheet.find(2), 'name')).toBe('Salaries');
});

test('discard of one row leaves the others pending', async () => {
  const { sheet, baselines } = await setUp();
  edit(sheet);
  await discardChanges(MODEL, sheet, baselines, await pendingChanges(MODEL, sheet, baselines, 'stored'), new Set(['id:1']));
  expect((await pendingChanges(MODEL, sheet, baselines, 'stored')).counts).toEqual({ changed: 0, new: 1, deleted: 1 });
});

test('a refresh keeps the edits on top of the refreshed rows; an edited budget the service deleted comes back as a new row', async () => {
  const { sheet, baselines } = await setUp();
  sheet.set(sheet.find(3), 'name', 'Cloud, edited');
  edit(sheet);
  const kept = keepEdits(MODEL, await pendingChanges(MODEL, sheet, baselines, 'stored'));

  // The refresh: the service changed budget 1's description and deleted budget 3.
  const refreshed = [
    cells({ id: 1, external_id: 'a', name: 'Rent', description: 'From the service' }),
    cells({ id: 2, external_id: 'b', name: 'Salaries', amount: -9000 }),
  ];
  await baselines.write(MODEL.tableName, baselineOf(MODEL, refreshed));
  sheet.rows = refreshed.map((c) => ({ cells: [...c], status: '', highlight: [] }));

  const { orphaned } = await applyKeptEdits(MODEL, sheet, kept);
  expect(orphaned).toBe(1);
  const pending = await pendingChanges(MODEL, sheet, baselines, 'stored');
  expect(pending.counts).toEqual({ changed: 1, new: 2, deleted: 1 });
  const one = sheet.find(1);
  expect([sheet.cell(one, 'amount'), sheet.cell(one, 'external_id'), sheet.cell(one, 'description')]).toEqual([
    -100,
    'a2',
    'From the service',
  ]);
  expect(sheet.rows[one]?.highlight.sort()).toEqual(['amount', 'external_id']);
  expect(sheet.rows.map((r) => r.cells[MODEL.columns.findIndex((c) => c.key === 'name')])).toEqual(
    expect.arrayContaining(['Typed', 'Cloud, edited']),
  );
});

test('a row the last send landed and the user edited again loses its "Sent" status at the check; other pending rows keep theirs (#25 item 9)', () => {
  const pending = {
    tableName: 'ForecastBudgets',
    comparable: true,
    rows: [
      {
        kind: 'changed' as const,
        ref: { position: 0, id: 1, externalId: 'a' },
        name: 'A',
        fields: [{ field: 'amount', column: 'Amount', before: 1, after: 2 }],
      },
      {
        kind: 'changed' as const,
        ref: { position: 1, id: 2, externalId: 'b' },
        name: 'B',
        fields: [{ field: 'amount', column: 'Amount', before: 1, after: 3 }],
      },
    ],
    counts: { changed: 2, new: 0, deleted: 0 },
    problems: 0,
  };
  const updates = highlightUpdates(MODEL, pending, [], new Set([1]));
  expect(updates.find((u) => u.id === 1)).toMatchObject({ status: '', highlight: ['amount'] });
  expect(updates.find((u) => u.id === 2)).not.toHaveProperty('status');
});

test('the check clears a waiting status of a row with nothing pending (typed back, even after a reload), keeps a "Sent" one and those of pending rows (#25 item 9)', async () => {
  const { sheet, baselines } = await setUp();
  const [typedBack, sent, pendingRow] = sheet.rows;
  if (!typedBack || !sent || !pendingRow) throw new Error('three rows');
  typedBack.status = 'Nicht gesendet: Betrag: zu klein.';
  sent.status = 'Sent 2026-11-25 10:42.';
  pendingRow.status = 'Not sent: Amount: Too small.';
  sheet.set(2, 'amount', 123.45);
  const pending = await pendingChanges(MODEL, sheet, baselines, 'stored');
  await sheet.update(MODEL, highlightUpdates(MODEL, pending));
  expect(sheet.rows.map((r) => r.status)).toEqual(['', 'Sent 2026-11-25 10:42.', 'Not sent: Amount: Too small.']);
});

test("an invoice's changed fields are named by the Invoices table's columns", async () => {
  const invoice = (fields: Record<string, unknown>) => INVOICES_TABLE.columns.map((c) => (fields[c.key] ?? null) as never);
  const rows = [invoice({ id: 7, reference: 'RE-1', name: 'Zürcher AG', status: 'OD', expected_date: '2026-12-15', paid_amount: 0 })];
  const baselines = new MemoryBaselineStore();
  await baselines.write(INVOICES_TABLE.tableName, baselineOf(INVOICES_TABLE, rows));
  const sheet = new MemoryPushSheet(INVOICES_TABLE, rows);
  sheet.set(0, 'status', 'PR');
  sheet.set(0, 'expected_date', '2027-01-07');
  sheet.set(0, 'paid_amount', 100);
  const pending = await pendingChanges(INVOICES_TABLE, sheet, baselines, 'stored');
  expect(pending.rows[0]?.fields.map((f) => f.column).sort()).toEqual(['Expected date', 'Paid amount', 'Status']);
});
