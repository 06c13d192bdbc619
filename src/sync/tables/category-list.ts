/**
 * The categories a transaction's category cell offers (its in-cell list): the paths of the categories a transaction
 * can be mapped to, in the order of the category tree. A category is offered when it is a leaf (no category has it as
 * `parent`: api-spec.md section 1 rule 8), `is_category` is true, it is not a system category (`is_default`: "cannot
 * be mapped") and not archived (`is_obsolete`: a user picking today should not be offered what the company retired).
 *
 * Tree order: the roots, then each category's children before its next sibling, siblings by `order`, then id (the
 * service's display position). Two leaves with the same path are offered once (the path cannot tell them apart; the
 * writer's `resolveCategory` then lists both with their ids).
 */

import type { Category } from '../../api';
import { categoryPaths, PATH_SEPARATOR } from './category-paths';

type CategoryNode = Pick<Category, 'id' | 'parent' | 'name' | 'order' | 'is_category' | 'is_default' | 'is_obsolete'>;

/** Every category in tree order (depth first, siblings by `order` then id); a category in a cycle is left out. */
export function treeOrder<C extends CategoryNode>(categories: readonly C[]): C[] {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<number | null, C[]>();
  for (const c of categories) {
    // A parent the list does not hold makes a root (the walk would never reach it otherwise).
    const parent = c.parent !== null && ids.has(c.parent) ? c.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  for (const list of children.values()) list.sort((a, b) => a.order - b.order || a.id - b.id);
  const out: C[] = [];
  const stack = [...(children.get(null) ?? [])].reverse();
  const seen = new Set<number>();
  while (stack.length > 0) {
    const next = stack.pop() as C;
    if (seen.has(next.id)) continue;
    seen.add(next.id);
    out.push(next);
    stack.push(...[...(children.get(next.id) ?? [])].reverse());
  }
  return out;
}

/** Whether a transaction can be mapped to the category and a user should be offered it. */
export function offeredCategory(category: CategoryNode, parents: ReadonlySet<number>): boolean {
  return !parents.has(category.id) && category.is_category && !category.is_default && !category.is_obsolete;
}

/** The offered categories' paths (`Ausgaben › Miete`), in tree order, each path once. */
export function categoryChoices(categories: readonly CategoryNode[]): string[] {
  const parents = new Set(categories.flatMap((c) => (c.parent === null ? [] : [c.parent])));
  const paths = categoryPaths(categories);
  const out = new Set<string>();
  for (const category of treeOrder(categories)) {
    if (offeredCategory(category, parents)) out.add((paths.get(category.id) ?? [category.name]).join(PATH_SEPARATOR));
  }
  return [...out];
}
