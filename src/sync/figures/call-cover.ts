/**
 * How the calls of a batch relate to each other, read from their filters alone (before any request):
 *
 * - `exactCover`: calls whose row sets split the union of the batch exactly (per topmost category, calls on that
 *   category whose ranges tile the union's range end to end). The union's `sum` minus all but one of them is the
 *   last one: page 1 of the union then always answers a call.
 * - `containmentGroups`: calls inside another call's filter (its category subtree and its range). Page 1 of the
 *   outer call's filter is that call's own figure and tells how many rows its group spans.
 */

import type { CategoryTree } from './category-tree';
import type { SumCall } from './sum-source';

const DAY_MS = 86_400_000;

/** The day after a `YYYY-MM-DD` date, computed in UTC. */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Calls whose ranges tile `from`…`to` end to end (one way of it), or undefined. */
function tile(calls: readonly SumCall[], from: string, to: string): SumCall[] | undefined {
  const byStart = new Map<string, SumCall[]>();
  for (const call of calls) byStart.set(call.from, [...(byStart.get(call.from) ?? []), call]);
  const deadEnds = new Set<string>();
  // Iterative depth-first search: a daily grid tiles a year in 365 steps, too deep for recursion to be comfortable.
  const stack: { start: string; options: SumCall[]; next: number }[] = [{ start: from, options: byStart.get(from) ?? [], next: 0 }];
  const chosen: SumCall[] = [];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const call = frame.options[frame.next];
    frame.next += 1;
    if (call === undefined) {
      deadEnds.add(frame.start);
      stack.pop();
      chosen.pop();
      continue;
    }
    if (call.to > to) continue;
    if (call.to === to) return [...chosen, call];
    const start = nextDay(call.to);
    if (deadEnds.has(start)) continue;
    chosen.push(call);
    stack.push({ start, options: byStart.get(start) ?? [], next: 0 });
  }
  return undefined;
}

/**
 * Calls whose filters split the union (`roots` × `from`…`to`) into disjoint parts covering all of it, or undefined.
 * The roots are disjoint subtrees (none is below another), so per root the calls on exactly that category must tile
 * the range; a call on a subcategory never completes a root.
 */
export function exactCover(calls: readonly SumCall[], roots: readonly number[], from: string, to: string): SumCall[] | undefined {
  const cover: SumCall[] = [];
  for (const root of roots) {
    const tiles = tile(
      calls.filter((call) => call.category === root),
      from,
      to,
    );
    if (tiles === undefined) return undefined;
    cover.push(...tiles);
  }
  return cover;
}

/**
 * Groups of at least two calls that lie inside the group's first call (the outer one); the calls in no such group
 * alone. Greedy: outer calls holding the most others first. Quadratic in the calls, without requests.
 */
export function containmentGroups(calls: readonly SumCall[], tree: CategoryTree): { groups: SumCall[][]; singles: SumCall[] } {
  const inside = (outer: SumCall, inner: SumCall) =>
    outer !== inner && outer.from <= inner.from && inner.to <= outer.to && tree.chain(inner.category).includes(outer.category);
  const members = new Map(calls.map((outer) => [outer, calls.filter((inner) => inside(outer, inner))] as const));
  const byReach = [...calls].sort((a, b) => (members.get(b)?.length ?? 0) - (members.get(a)?.length ?? 0));
  const assigned = new Set<SumCall>();
  const groups: SumCall[][] = [];
  for (const outer of byReach) {
    if (assigned.has(outer)) continue;
    const group = (members.get(outer) ?? []).filter((inner) => !assigned.has(inner));
    if (group.length === 0) continue;
    for (const call of [outer, ...group]) assigned.add(call);
    groups.push([outer, ...group]);
  }
  return { groups, singles: calls.filter((call) => !assigned.has(call)) };
}
