/**
 * The pull's compact baseline (#30): what it keeps of each written row gives, slice by slice, exactly `baselineOf` of
 * the rows, for every pushable table (rows as arrays or records, hostile cells, rows without a numeric id), and the
 * slices are never longer than asked; the stores take it as they take rows in memory.
 */

import fc from 'fast-check';
import { baselineOf, baselineSlicesOf, MemoryBaselineStore } from '../../../src/sync/push/baseline';
import { CompactBaseline } from '../../../src/sync/push/compact-baseline';
import {
  FORECAST_BUDGETS_TABLE,
  GROUP_INVOICES_TABLE,
  INVOICES_TABLE,
  scenarioBudgetsTable,
  TRANSACTIONS_TABLE,
  type TableModel,
} from '../../../src/sync/tables';
import type { CoreRow, CoreValue } from '../../../src/sync/workbook-port';
import { hostileCell } from './random-cells';

const MODELS = [
  TRANSACTIONS_TABLE,
  INVOICES_TABLE,
  GROUP_INVOICES_TABLE,
  FORECAST_BUDGETS_TABLE,
  scenarioBudgetsTable(2),
] as readonly TableModel<never>[];

/** A row of the model: an id (mostly a number), hostile cells elsewhere; as an array or as a record. */
function rowOf(model: TableModel<never>): fc.Arbitrary<CoreRow> {
  const key = model.columns.findIndex((c) => c.key === model.keyColumn);
  return fc
    .tuple(
      fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 2 ** 40 }) }, { weight: 1, arbitrary: hostileCell }),
      fc.array(hostileCell, { minLength: model.columns.length, maxLength: model.columns.length }),
      fc.boolean(),
    )
    .map(([id, cells, asRecord]) => {
      const row: CoreValue[] = cells.map((c, i) => (i === key ? id : c));
      return asRecord ? Object.fromEntries(model.columns.map((c, i) => [c.key, row[i] ?? null])) : row;
    });
}

describe('CompactBaseline', () => {
  it.each(MODELS.map((m) => [m.tableName, m] as const))('gives baselineOf of the rows, slice by slice (%s)', (_name, model) => {
    fc.assert(
      fc.property(fc.array(rowOf(model), { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (rows, size) => {
        const compact = new CompactBaseline(model, size);
        for (const row of rows) compact.add(row);
        const slices = [...compact.slices()];
        expect(slices.every((slice) => slice.length >= 1 && slice.length <= size)).toBe(true);
        expect(slices.flat()).toEqual(baselineOf(model, rows));
        expect(compact.count).toBe(baselineOf(model, rows).length);
      }),
      { numRuns: 60, seed: 30 },
    );
  });

  it('keeps what it took when the port turns the rows into cells afterwards', () => {
    const row: CoreValue[] = TRANSACTIONS_TABLE.columns.map((c) => (c.key === 'id' ? 7 : 'x'));
    const expected = baselineOf(TRANSACTIONS_TABLE, [row]);
    const compact = new CompactBaseline(TRANSACTIONS_TABLE);
    compact.add(row);
    row.fill(null);
    expect([...compact.slices()].flat()).toEqual(expected);
  });

  it('is stored as rows in memory are (a store checks the count it was told)', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => TRANSACTIONS_TABLE.columns.map((c) => (c.key === 'id' ? i + 1 : null)));
    const compact = new CompactBaseline(TRANSACTIONS_TABLE, 5);
    for (const row of rows) compact.add(row);
    const store = new MemoryBaselineStore();
    await store.write('Transactions', compact);
    expect(await store.read('Transactions')).toEqual(baselineOf(TRANSACTIONS_TABLE, rows));
    expect([...baselineSlicesOf(baselineOf(TRANSACTIONS_TABLE, rows), 5)].map((s) => s.length)).toEqual([5, 5, 2]);
    await expect(store.write('Transactions', { count: 13, slices: () => compact.slices() })).rejects.toThrow(/12 rows, not 13/);
  });
});
