/**
 * Adopt (#28) on the memory push sheet: which pending rows it is for (a changed budget without an external ID the
 * paths can address, none typed), the suggested ID written into the External ID cell with the row's pending cells
 * still highlighted (so the next send carries it, as a typed ID), and the rows it refuses: an ID typed meanwhile, a
 * row no longer in the table, an ID another row holds. A table without external IDs has nothing to adopt.
 */

import {
  adoptRows,
  baselineOf,
  isAdoptable,
  MemoryBaselineStore,
  MemoryPushSheet,
  pendingChanges,
  type PendingRow,
} from '../../../src/sync/push';
import { FORECAST_BUDGETS_TABLE as MODEL, INVOICES_TABLE } from '../../../src/sync/tables';
import { cells } from './budget-rows';

const pulled = () => [
  cells({ id: 1, external_id: 'rent', name: 'Rent' }),
  cells({ id: 2, external_id: null, name: 'Cloud' }),
  cells({ id: 3, external_id: 'sap.4711', name: 'VAT' }),
  cells({ id: 4, external_id: null, name: 'Insurance' }),
  cells({ id: 5, external_id: null, name: 'Typed' }),
];

async function edited() {
  const rows = pulled();
  const baselines = new MemoryBaselineStore();
  await baselines.write(MODEL.tableName, baselineOf(MODEL, rows));
  const sheet = new MemoryPushSheet(MODEL, rows);
  for (const id of [1, 2, 3, 5]) sheet.set(sheet.find(id), 'amount', -100 * id);
  // Row 5: the user gave it an external ID of their own, which is their adoption.
  sheet.set(sheet.find(5), 'external_id', 'mine-5');
  const pending = await pendingChanges(MODEL, sheet, baselines, 'stored');
  return { sheet, baselines, pending };
}

const byId = (rows: readonly PendingRow[], id: number): PendingRow => {
  const row = rows.find((r) => r.ref.id === id);
  if (row === undefined) throw new Error(`no pending row ${id}`);
  return row;
};

test('Adopt is for changed rows without an addressable external ID and none typed: not an addressable row, not a typed one, not an unchanged one', async () => {
  const { pending } = await edited();
  expect(pending.rows.filter(isAdoptable).map((r) => r.ref.id)).toEqual([2, 3]);
});

test('the suggested ID goes into the External ID cell, the pending cells stay highlighted; the next check sees it as a rename', async () => {
  const { sheet, baselines, pending } = await edited();
  const outcome = await adoptRows(MODEL, sheet, pending.rows.filter(isAdoptable));
  expect(outcome).toEqual({
    adopted: [
      { id: 2, externalId: 'xl-2' },
      { id: 3, externalId: 'xl-3' },
    ],
    refused: [],
  });
  expect(sheet.cell(sheet.find(2), 'external_id')).toBe('xl-2');
  expect(sheet.cell(sheet.find(3), 'external_id')).toBe('xl-3');
  expect(sheet.rows[sheet.find(2)]?.highlight).toEqual(['amount', 'external_id']);
  // Nothing else of the row is touched: its amount is still the user's, its status untouched.
  expect(sheet.cell(sheet.find(2), 'amount')).toBe(-200);
  expect(sheet.updates.flat().every((u) => u.status === undefined)).toBe(true);
  // The rows untouched stay so.
  expect(sheet.cell(sheet.find(4), 'external_id')).toBeNull();
  expect(sheet.cell(sheet.find(5), 'external_id')).toBe('mine-5');

  const after = await pendingChanges(MODEL, sheet, baselines, 'stored');
  expect(byId(after.rows, 2).fields).toContainEqual({ field: 'external_id', column: 'External Id', before: null, after: 'xl-2' });
  expect(byId(after.rows, 3).fields).toContainEqual({ field: 'external_id', column: 'External Id', before: 'sap.4711', after: 'xl-3' });
  expect(after.rows.filter(isAdoptable)).toEqual([]);
});

test("refused: an ID typed meanwhile stays the user's, a row gone from the table, an ID another row holds; the others are adopted", async () => {
  const { sheet, pending } = await edited();
  const seen = pending.rows.filter(isAdoptable);
  sheet.set(sheet.find(1), 'external_id', 'xl-4');
  const insurance = { ref: { position: sheet.find(4), id: 4, externalId: null } };
  const gone = { ref: { position: 9, id: 99, externalId: null } };
  // After the check: the user types an ID into row 3's cell.
  sheet.set(sheet.find(3), 'external_id', 'vat-2026');

  const outcome = await adoptRows(MODEL, sheet, [...seen, insurance, gone]);
  expect(outcome.adopted).toEqual([{ id: 2, externalId: 'xl-2' }]);
  expect(outcome.refused).toEqual([
    { id: 3, reason: 'externalIdTyped' },
    { id: 4, reason: 'idInUse' },
    { id: 99, reason: 'notInTable' },
  ]);
  expect(sheet.cell(sheet.find(3), 'external_id')).toBe('vat-2026');
  expect(sheet.cell(sheet.find(4), 'external_id')).toBeNull();
});

test('a row deleted between the read and the write is refused, not written elsewhere', async () => {
  const { sheet, pending } = await edited();
  const update = sheet.update.bind(sheet);
  sheet.update = async (model, updates) => {
    sheet.rows.splice(sheet.find(2), 1);
    return update(model, updates);
  };
  const outcome = await adoptRows(MODEL, sheet, pending.rows.filter(isAdoptable));
  expect(outcome).toEqual({ adopted: [{ id: 3, externalId: 'xl-3' }], refused: [{ id: 2, reason: 'notInTable' }] });
  expect(sheet.rows.map((r) => r.cells[1])).toEqual(['rent', 'xl-3', null, 'mine-5']);
});

test('a table without external IDs (invoices) has nothing to adopt', async () => {
  const sheet = new MemoryPushSheet(INVOICES_TABLE, []);
  await expect(adoptRows(INVOICES_TABLE, sheet, [{ ref: { position: 0, id: 1, externalId: null } }])).rejects.toThrow(
    /no external ID column/,
  );
});
