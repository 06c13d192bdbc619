/**
 * A patch gives the table the whole refresh would (#30): for random tables in the service's order and random changes
 * (records changed in place, new records anywhere, records sent twice), whenever `planPatch` plans, the old rows with
 * its replacements and inserts applied equal the whole refresh's rows (merged by id, ordered `-value_date,id`), and its
 * tally equals the whole refresh's count and sum.
 */

import fc from 'fast-check';
import { patchedBaseline } from '../../../src/sync/push';
import { planPatch } from '../../../src/sync/pull/patch-plan';
import { checkRows, mergeByKey, sortByDateDescThenKey, type Row } from '../../../src/sync/pull/rows';

const AT = { key: 0, date: 1, amount: 2 };
const DATES = ['2024-01-01', '2024-01-02', '2024-02-29', '2024-03-01', null] as const;

/** Rows `[id, date, amount, text]`, unique ids, in the service's order. */
const table = fc
  .uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 60 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc
          .record({ date: fc.constantFrom(...DATES), cents: fc.integer({ min: -100_000, max: 100_000 }) })
          .map(({ date, cents }): Row => [id, date, cents / 100, `old ${id}`]),
      ),
    ),
  )
  .map((rows) => sortByDateDescThenKey([...rows], AT.date, AT.key));

/** Changes: some of the table's records with a new amount (same date), new records, and a few sent twice. */
function changesOf(old: readonly Row[]): fc.Arbitrary<Row[]> {
  const inPlace = fc
    .subarray([...old])
    .map((rows) => rows.map((row): Row => [row[0] ?? null, row[1] ?? null, 1.5, `changed ${String(row[0])}`]));
  const fresh = fc
    .uniqueArray(fc.integer({ min: 401, max: 800 }), { maxLength: 20 })
    .chain((ids) => fc.tuple(...ids.map((id) => fc.constantFrom(...DATES).map((date): Row => [id, date, 2.25, `new ${id}`]))));
  return fc
    .tuple(inPlace, fresh)
    .chain(([a, b]) => fc.shuffledSubarray([...a, ...b], { minLength: a.length + b.length }).map((rows) => [...rows, ...rows.slice(0, 2)]));
}

describe('planPatch against the whole refresh', () => {
  it('the patched rows equal the merged and ordered rows, and the tally their count and sum', () => {
    fc.assert(
      fc.property(
        table.chain((old) => fc.tuple(fc.constant(old), changesOf(old))),
        ([old, changed]) => {
          const plan = planPatch(
            { ids: old.map((r) => r[0] ?? null), dates: old.map((r) => r[1] ?? null), amounts: old.map((r) => r[2] ?? null) },
            changed,
            AT,
          );
          const whole = sortByDateDescThenKey(mergeByKey(old, changed, AT.key).rows, AT.date, AT.key);
          // Dates kept and at most 20 new records: always a patch (fewer places than MAX_INSERT_PLACES).
          if (plan === null) throw new Error('no plan for a patchable change');
          // The patch applied to the old rows (`patchedBaseline` applies a patch to rows held in memory).
          const asBaseline = old.map((row) => ({ id: row[0] as number, externalId: null, fields: { row } }));
          const patched = patchedBaseline(asBaseline, {
            replace: plan.patch.replace.map((r) => ({
              at: r.at,
              row: { id: (r.row as Row)[0] as number, externalId: null, fields: { row: r.row as Row } },
            })),
            insert: plan.patch.insert.map((i) => ({
              before: i.before,
              rows: i.rows.map((row) => ({ id: (row as Row)[0] as number, externalId: null, fields: { row: row as Row } })),
            })),
          }).map((b) => b.fields['row'] as Row);
          expect(patched).toEqual(whole);
          const expected = checkRows(whole, AT.key, AT.amount, { count: whole.length, sum: 0 });
          expect(plan.tally.report({ count: whole.length, sum: expected.actualSumCents / 100 })).toMatchObject({
            ok: true,
            actualCount: whole.length,
          });
          expect(plan.rowCount).toBe(whole.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
