/**
 * Where a refresh's changed records go in the table (#30): replaced in place, inserted where the service's order
 * `-value_date,id` puts them, or no plan (the table is written whole) when the table is not in that order, an id is
 * missing or repeated, a changed record moves, or new records fall in too many places.
 */

import { MAX_INSERT_PLACES, planPatch, type PlacingColumns } from '../../../src/sync/pull/patch-plan';
import type { Row } from '../../../src/sync/pull/rows';

const AT = { key: 0, date: 1, amount: 2 };

/** Old rows as the three columns, from `[id, date, amount]` triples. */
function columns(rows: readonly [number | null, string | null, number][]): PlacingColumns {
  return { ids: rows.map((r) => r[0]), dates: rows.map((r) => r[1]), amounts: rows.map((r) => r[2]) };
}

const OLD = columns([
  [5, '2024-03-01', 10],
  [2, '2024-02-01', 20],
  [7, '2024-02-01', 30],
  [1, '2024-01-01', 40],
  [9, null, 50],
]);

describe('planPatch', () => {
  it('replaces a changed record in its row and inserts new ones where the order puts them', () => {
    const changed: Row[] = [
      [7, '2024-02-01', 33, 'recategorized'],
      [3, '2024-02-01', 1, 'new between 2 and 7'],
      [8, '2025-01-01', 2, 'new, newest'],
      [4, '2024-02-01', 3, 'new between 3 and 7'],
      [6, null, 4, 'new, no date: before 9 (id order)'],
      [11, null, 5, 'new, no date: last'],
    ];
    const plan = planPatch(OLD, changed, AT);
    expect(plan?.patch.replace).toEqual([{ at: 2, row: changed[0] }]);
    expect(plan?.patch.insert).toEqual([
      { before: 0, rows: [changed[2]] },
      { before: 2, rows: [changed[1], changed[3]] },
      { before: 4, rows: [changed[4]] },
      { before: 5, rows: [changed[5]] },
    ]);
    expect(plan).toMatchObject({ replaced: 1, inserted: 5, rowCount: 10 });
    // Every row of the patched table once: the old ones (row 7 with its new amount) and the new ones.
    expect(plan?.tally.report({ count: 10, sum: 10 + 20 + 33 + 40 + 50 + 1 + 2 + 3 + 4 + 5 })).toMatchObject({ ok: true });
  });

  it('a record sent twice counts once, as its last version', () => {
    const plan = planPatch(
      OLD,
      [
        [2, '2024-02-01', 1],
        [2, '2024-02-01', 2],
      ],
      AT,
    );
    expect(plan?.patch.replace).toEqual([{ at: 1, row: [2, '2024-02-01', 2] }]);
    expect(plan?.tally.report({ count: 5, sum: 10 + 2 + 30 + 40 + 50 }).ok).toBe(true);
  });

  it('no changes: an empty patch, the old rows tallied', () => {
    const plan = planPatch(OLD, [], AT);
    expect(plan?.patch).toEqual({ replace: [], insert: [] });
    expect(plan?.tally.report({ count: 5, sum: 150 }).ok).toBe(true);
    expect(plan?.tally.report({ count: 5, sum: 151 }).ok).toBe(false);
  });

  it('an amount that is not a number cannot add up', () => {
    const plan = planPatch(columns([[1, '2024-01-01', 1]]), [], AT);
    expect(plan?.tally.report({ count: 1, sum: 1 }).ok).toBe(true);
    const edited = planPatch({ ids: [1], dates: ['2024-01-01'], amounts: ['12,00'] }, [], AT);
    expect(edited?.tally.report({ count: 1, sum: 12 })).toMatchObject({ ok: false, sumMatches: false });
  });

  it('no plan when a changed record moves (its date changed)', () => {
    expect(planPatch(OLD, [[2, '2024-02-02', 20]], AT)).toBeNull();
  });

  it('no plan when the table is not in the service order, or an id is missing or repeated', () => {
    expect(
      planPatch(
        columns([
          [2, '2024-01-01', 1],
          [5, '2024-03-01', 1],
        ]),
        [],
        AT,
      ),
    ).toBeNull(); // sorted by the user
    expect(
      planPatch(
        columns([
          [7, '2024-01-01', 1],
          [2, '2024-01-01', 1],
        ]),
        [],
        AT,
      ),
    ).toBeNull(); // ids descending
    expect(
      planPatch(
        columns([
          [2, '2024-01-01', 1],
          [2, '2024-01-01', 1],
        ]),
        [],
        AT,
      ),
    ).toBeNull(); // repeated
    expect(planPatch(columns([[null, '2024-01-01', 1]]), [], AT)).toBeNull(); // a row the user added
    expect(planPatch(OLD, [[null, '2024-01-01', 1]], AT)).toBeNull();
  });

  it(`no plan when new records fall in more than ${MAX_INSERT_PLACES} places`, () => {
    const old = columns(Array.from({ length: 200 }, (_, i) => [i * 2 + 2, '2024-01-01', 1] as [number, string, number]));
    const between = (n: number): Row[] => Array.from({ length: n }, (_, i) => [i * 2 + 3, '2024-01-01', 1]);
    expect(planPatch(old, between(MAX_INSERT_PLACES), AT)?.patch.insert).toHaveLength(MAX_INSERT_PLACES);
    expect(planPatch(old, between(MAX_INSERT_PLACES + 1), AT)).toBeNull();
  });
});
