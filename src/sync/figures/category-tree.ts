/**
 * The category tree as the service's `category` filter reads it: a category stands for itself and all its
 * descendants. Local sums walk a transaction's category up to the root, so a transaction counts for every requested
 * category above it, as a filtered `sum` would count it.
 */

import type { Category } from '../../api';

export class CategoryTree {
  readonly #parent: ReadonlyMap<number, number | null>;
  readonly #chains = new Map<number, readonly number[]>();

  constructor(categories: readonly Pick<Category, 'id' | 'parent'>[]) {
    this.#parent = new Map(categories.map((c) => [c.id, c.parent] as const));
  }

  /** The category and its ancestors, nearest first. A cycle (bad data) ends the walk where it closes. */
  chain(id: number): readonly number[] {
    const known = this.#chains.get(id);
    if (known) return known;
    const chain: number[] = [];
    const seen = new Set<number>();
    for (
      let current: number | null | undefined = id;
      current !== null && current !== undefined && !seen.has(current);
      current = this.#parent.get(current)
    ) {
      seen.add(current);
      chain.push(current);
    }
    this.#chains.set(id, chain);
    return chain;
  }

  /** The ids none of whose ancestors is among them: the same filter with fewer parameters. */
  roots(ids: Iterable<number>): number[] {
    const set = new Set(ids);
    return [...set]
      .filter(
        (id) =>
          !this.chain(id)
            .slice(1)
            .some((ancestor) => set.has(ancestor)),
      )
      .sort((a, b) => a - b);
  }
}
