/**
 * PLANNED's recurring budgets (#31): a recurring budget pays on every occurrence of its series
 * (`budget-occurrences.ts`), also in a range its settlement date lies before, so the budget list's `sum` (which counts
 * each budget once, by settlement date) cannot tell it. Per plan and batch, every recurring budget settled by the
 * batch's last day is read (`recurrent=true`, `max_date`; a plan holds few: one page mostly) and each call sums the
 * occurrences in its range of the budgets in its category subtree, in cents.
 */

import { MAX_PAGE_SIZE, type Budget } from '../../api';
import { budgetOccurrences } from './budget-occurrences';
import type { BudgetList } from './budget-sums';
import type { CategoryTree } from './category-tree';
import type { SumCall } from './sum-source';

const PAGE_CONCURRENCY = 3;

export interface RecurringBudgets {
  /** The occurrences in the call's range of the budgets in its category subtree, in cents. */
  cents(call: SumCall): number;
}

/** Every recurring budget of the list settled on or before `to`. */
export async function recurringBudgets(list: BudgetList, to: string, tree: CategoryTree, signal: AbortSignal): Promise<RecurringBudgets> {
  const budgets: Budget[] = [];
  for await (const page of list.pages(
    { recurrent: true, max_date: to },
    { pageSize: MAX_PAGE_SIZE, concurrency: PAGE_CONCURRENCY, signal },
  ))
    budgets.push(...page.results.budgets);
  return {
    cents: (call) => {
      let sum = 0;
      for (const budget of budgets) {
        if (!tree.chain(budget.category.id).includes(call.category)) continue;
        for (const occurrence of budgetOccurrences(budget, { from: call.from, to: call.to })) sum += occurrence.cents;
      }
      return sum;
    },
  };
}
