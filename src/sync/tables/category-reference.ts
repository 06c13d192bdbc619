/**
 * A category as users type it: the whole path from the root (`Ausgaben › Miete`, also `Ausgaben > Miete`), or a name
 * when only one category has it; case and spaces around the separators do not matter. A name several categories
 * share resolves to nothing but the candidates, so the caller can list their paths and ids: picking one would
 * silently compute or write the wrong category. Ids are the caller's business (a budget cell and a function argument
 * treat an unknown id differently).
 */

import type { Category } from '../../api';
import { categoryPaths, PATH_SEPARATOR } from './lookups';

type CategoryNode = Pick<Category, 'id' | 'parent' | 'name'>;

export interface CategoryCandidate {
  id: number;
  /** The path from the root, joined with ` › `. */
  path: string;
}

export type CategoryResolution =
  { ok: true; id: number } | { ok: false; problem: 'unknown' } | { ok: false; problem: 'ambiguous'; candidates: CategoryCandidate[] };

/** `Ausgaben › Miete`, also typed as `Ausgaben > Miete`: the names from the root down, lower case. */
function pathParts(text: string): string[] {
  return text
    .split(/\s*[›>]\s*/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
}

/** Resolves a name or a path; one text is a name (it matches the last part of every path), more parts a whole path. */
export function resolveCategory(
  text: string,
  categories: readonly CategoryNode[],
  paths: ReadonlyMap<number, string[]> = categoryPaths(categories),
): CategoryResolution {
  const wanted = pathParts(text);
  if (wanted.length === 0) return { ok: false, problem: 'unknown' };
  const lower = (id: number) => (paths.get(id) ?? []).map((p) => p.toLowerCase());
  const matches = categories.filter((c) => {
    const path = lower(c.id);
    return wanted.length === 1
      ? path[path.length - 1] === wanted[0]
      : path.length === wanted.length && path.every((p, i) => p === wanted[i]);
  });
  if (matches.length === 1 && matches[0]) return { ok: true, id: matches[0].id };
  if (matches.length === 0) return { ok: false, problem: 'unknown' };
  return {
    ok: false,
    problem: 'ambiguous',
    candidates: matches.map((c) => ({ id: c.id, path: (paths.get(c.id) ?? []).join(PATH_SEPARATOR) })),
  };
}

/** The candidates as a message shows them: `Ausgaben › Miete (12); Einnahmen › Miete (40)`. */
export function candidateList(candidates: readonly CategoryCandidate[]): string {
  return candidates.map((c) => `${c.path} (${c.id})`).join('; ');
}
