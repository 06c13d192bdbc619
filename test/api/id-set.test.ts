import fc from 'fast-check';
import { IdSet } from '../../src/api/id-set';

/** Adds each key to an IdSet and to a Set; the answers, sizes and memberships must agree. */
function agreesWithSet(keys: readonly unknown[]): void {
  const ids = new IdSet();
  const plain = new Set<unknown>();
  const got: [boolean, number][] = [];
  const want: [boolean, number][] = [];
  for (const key of keys) {
    want.push([!plain.has(key), plain.add(key).size]);
    got.push([ids.add(key), ids.size]);
  }
  expect(got).toEqual(want);
  expect(keys.filter((key) => !ids.has(key))).toEqual([]);
}

describe('IdSet', () => {
  it('tells new ids from ids seen before, ascending, descending and scattered', () => {
    agreesWithSet([1_000_000, 1_000_001, 1_000_001, 999_999, 1_000_000, 5, 5, 1_050_000, 0, 0]);
    agreesWithSet(Array.from({ length: 20_000 }, (_, i) => 2_000_000 - i));
    agreesWithSet(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 12_007));
  });

  it('keeps other keys apart: text ids, null, NaN, negative, fractional and huge numbers', () => {
    agreesWithSet(['12', 12, null, null, Number.NaN, Number.NaN, -3, -3, 1.5, 1.5, 2 ** 60, 2 ** 60, '12', 12, undefined]);
  });

  it('counts an id once when it came before the bitmap reached it (ids more than the span apart)', () => {
    const far = 100_000_000;
    agreesWithSet([far, 1, far + 1, far - 2, 1 << 23, (1 << 24) - 1, (1 << 24) + 10, far, 1]);
    agreesWithSet([0, (1 << 24) + 5, (1 << 24) + 5, 1 << 23, (1 << 24) + 5, (1 << 24) + 40, (1 << 24) + 40]);
  });

  it('agrees with a Set on any keys', () => {
    const key = fc.oneof(
      fc.nat(5_000),
      fc.integer({ min: 0, max: 40_000_000 }),
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom(null, 'a', 1.5),
    );
    fc.assert(
      fc.property(fc.array(key, { maxLength: 300 }), (keys) => agreesWithSet(keys)),
      { numRuns: 200 },
    );
  });

  it('is empty after clear', () => {
    const ids = new IdSet();
    ids.add(7);
    ids.add('x');
    ids.clear();
    expect([ids.size, ids.has(7), ids.has('x'), ids.add(7), ids.add('x')]).toEqual([0, false, false, true, true]);
  });
});
