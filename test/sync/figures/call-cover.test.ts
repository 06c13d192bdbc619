/** Which calls split a batch's union exactly, and which lie inside another call: read from the filters alone. */

import { CategoryTree, containmentGroups, exactCover, type SumCall } from '../../../src/sync/figures';

// 1 Ausgaben › 10 Betriebskosten › 12 Miete; 2 Einnahmen.
const tree = new CategoryTree([
  { id: 1, parent: null },
  { id: 10, parent: 1 },
  { id: 12, parent: 10 },
  { id: 2, parent: null },
]);
const call = (category: number, from: string, to: string): SumCall => ({
  key: `${category}|${from}|${to}`,
  category,
  from,
  to,
  account: undefined,
});

describe('exactCover', () => {
  test('months of each root tiling the year split the union; subcategory cells are left out', () => {
    const months = [1, 2].flatMap((root) => [
      call(root, '2024-01-01', '2024-01-31'),
      call(root, '2024-02-01', '2024-02-29'),
      call(root, '2024-03-01', '2024-12-31'),
    ]);
    const calls = [...months, call(12, '2024-01-01', '2024-01-31')];
    expect(
      exactCover(calls, [1, 2], '2024-01-01', '2024-12-31')
        ?.map((c) => c.key)
        .sort(),
    ).toEqual(months.map((c) => c.key).sort());
  });

  test('a gap, an overlap or a root without its own calls: no cover', () => {
    expect(
      exactCover([call(1, '2024-01-01', '2024-01-30'), call(1, '2024-02-01', '2024-12-31')], [1], '2024-01-01', '2024-12-31'),
    ).toBeUndefined();
    expect(
      exactCover([call(1, '2024-01-01', '2024-06-30'), call(1, '2024-06-01', '2024-12-31')], [1], '2024-01-01', '2024-12-31'),
    ).toBeUndefined();
    expect(
      exactCover([call(1, '2024-01-01', '2024-12-31'), call(12, '2024-01-01', '2024-12-31')], [1, 2], '2024-01-01', '2024-12-31'),
    ).toBeUndefined();
  });

  test('a dead end is left for another way through', () => {
    // Days of the year but 2024-01-11; 01-01…01-10 leads nowhere, the way through takes 01-05…01-12.
    const days = Array.from({ length: 366 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10))
      .filter((d) => d !== '2024-01-11')
      .map((d) => call(1, d, d));
    const deadEnd = call(1, '2024-01-01', '2024-01-10');
    const bridge = call(1, '2024-01-05', '2024-01-12');
    const cover = exactCover([deadEnd, bridge, ...days], [1], '2024-01-01', '2024-12-31');
    expect(cover).toBeDefined();
    expect(cover).toContain(bridge);
    expect(cover).not.toContain(deadEnd);
    expect(cover?.reduce((n, c) => n + (Date.parse(c.to) - Date.parse(c.from)) / 86_400_000 + 1, 0)).toBe(366);
  });
});

describe('containmentGroups', () => {
  test('calls inside another call group under it; the rest stay alone', () => {
    const outer = call(1, '2024-01-01', '2024-12-31');
    const inner = [call(10, '2024-03-01', '2024-03-31'), call(12, '2024-05-01', '2024-05-31'), call(1, '2024-12-31', '2024-12-31')];
    const alone = [call(2, '2024-01-01', '2024-12-31'), call(12, '2023-12-01', '2024-01-31')];
    const { groups, singles } = containmentGroups([...alone, ...inner, outer], tree);
    expect(groups).toEqual([[outer, ...inner]]);
    expect(singles).toEqual(alone);
  });
});
