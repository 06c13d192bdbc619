/** The category tree as paths: each category's names from the root down (`Ausgaben › Miete` when joined). */

import type { Category } from '../../api';

export const PATH_SEPARATOR = ' › ';

/** Paths of every category: names from the root down, joined with ` › `. A cycle ends the walk. */
export function categoryPaths(categories: readonly Pick<Category, 'id' | 'parent' | 'name'>[]): Map<number, string[]> {
  const byId = new Map(categories.map((c) => [c.id, c] as const));
  const paths = new Map<number, string[]>();
  const pathOf = (id: number): string[] => {
    // Trees are shallow: walk each path up on its own; a cycle (bad data) ends the walk where it closes.
    const chain: string[] = [];
    const seen = new Set<number>();
    let current = byId.get(id);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      chain.unshift(current.name);
      current = current.parent === null ? undefined : byId.get(current.parent);
    }
    paths.set(id, chain);
    return chain;
  };
  for (const c of categories) pathOf(c.id);
  return paths;
}
