/** The sum works of a batch (ACTUALS, PLANNED) grouped per list and account filter, each group served by its plan. */

import type { CategoryTree } from './category-tree';
import type { Work } from './keyed-jobs';
import { computeGroup, type PlanReport } from './summed-plan';
import type { SumCall, SumSource } from './sum-source';

export interface SumWorksContext {
  tree: CategoryTree;
  signal: AbortSignal;
  onPlan?: ((report: PlanReport) => void) | undefined;
}

/** A list to sum over, and the part of a group key that tells it from the others. */
export interface ListOf {
  key: string;
  source: () => SumSource;
}

export async function serveSums<C extends SumCall>(
  works: readonly Work<C, number>[],
  listOf: (call: C) => ListOf,
  context: SumWorksContext,
): Promise<void> {
  const groups = new Map<string, { list: ListOf; works: Work<C, number>[] }>();
  for (const work of works) {
    const list = listOf(work.job);
    const key = `${list.key}|${work.job.account ?? ''}`;
    const group = groups.get(key) ?? { list, works: [] };
    group.works.push(work);
    groups.set(key, group);
  }
  await Promise.all(
    [...groups.values()].map(async ({ list, works: items }) => {
      try {
        const results = await computeGroup(
          items.map((w) => w.job),
          { source: list.source(), tree: context.tree, signal: context.signal, onPlan: context.onPlan },
        );
        for (const work of items) {
          const result = results.get(work.job.key);
          work.settle(
            result === undefined
              ? { ok: false, error: new Error(`not computed: ${work.key}`) }
              : result.ok
                ? { ok: true, value: result.cents }
                : result,
          );
        }
      } catch (error) {
        for (const work of items) work.settle({ ok: false, error });
      }
    }),
  );
}
