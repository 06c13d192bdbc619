/**
 * The categories as the filter's picker shows them: in tree order (each parent followed by its children, in the
 * service's `order`), each with its path from the top ("Operating › Personnel › Salaries") and its depth, as the service nests
 * them by `parent`. Obsolete categories are left out, but a kept child still names an obsolete parent in its path.
 */

import type { Category } from '../../api';

export interface CategoryChoice {
  id: number;
  name: string;
  /** The names from the top category down to this one. */
  path: string[];
  /** The ids above it, nearest first: a filter on any of them already includes it (the service's `category`). */
  ancestors: number[];
}

export const PATH_SEPARATOR = ' › ';

export function categoryTree(categories: readonly Pick<Category, 'id' | 'name' | 'parent' | 'order' | 'is_obsolete'>[]): CategoryChoice[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const children = new Map<number | null, Array<Pick<Category, 'id' | 'name' | 'parent' | 'order' | 'is_obsolete'>>>();
  for (const c of categories) {
    // A parent the list does not hold makes its child a top category (never lost from the picker).
    const parent = c.parent !== null && byId.has(c.parent) ? c.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: CategoryChoice[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, path: string[], ancestors: number[]): void => {
    const level = [...(children.get(parent) ?? [])].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name) || a.id - b.id);
    for (const c of level) {
      if (seen.has(c.id)) continue; // a cycle in the service's data: each category once
      seen.add(c.id);
      const own = [...path, c.name];
      if (!c.is_obsolete) out.push({ id: c.id, name: c.name, path: own, ancestors });
      visit(c.id, own, [c.id, ...ancestors]);
    }
  };
  visit(null, [], []);
  return out;
}
