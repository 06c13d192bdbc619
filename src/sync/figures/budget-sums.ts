/**
 * A budget list (the forecast's `/forecast/budgets/` or a scenario's `/scenarios/{id}/budgets/`) as a summed list for
 * PLANNED's one-time budgets (`recurrent=false`): `sum` of `amount` over every one-time budget whose `settlement_date`
 * lies in the range, as the list totals it (a one-time budget pays once, on that day). Recurring budgets pay more than
 * once, maybe before and after: `recurring-budgets.ts` expands them. Pages are asked `-settlement_date` (newest first,
 * as the plan expects; the service breaks ties by id).
 */

import {
  type Budget,
  type BudgetListParams,
  type BudgetPage,
  MAX_PAGE_SIZE,
  MAX_REQUEST_LINE_BYTES,
  type PageParams,
  type PaginateOptions,
  type RequestOptions,
} from '../../api';
import type { SumFilter, SumPage, SumSource } from './sum-source';

/** What PLANNED needs of a budget list (`ForecastBudgetsResource`, `ScenarioBudgetsResource`). */
export interface BudgetList {
  readonly path: string;
  page(params: BudgetListParams & PageParams, options?: RequestOptions): Promise<BudgetPage>;
  pages(filters: BudgetListParams, options?: PaginateOptions): AsyncIterable<BudgetPage>;
  requestLine(filters: BudgetListParams, pageSize?: number, page?: number): string;
}

const PAGE_CONCURRENCY = 3;
const NEWEST_FIRST = '-settlement_date';

function filters({ categories, from, to }: SumFilter): BudgetListParams {
  return { min_date: from, max_date: to, recurrent: false, ...(categories === undefined ? {} : { category: categories }) };
}

function sumPage(page: BudgetPage): SumPage {
  return {
    count: page.count,
    sum: page.sum,
    hasNext: page.next !== null,
    rows: page.results.budgets.map((b: Budget) => ({ id: b.id, category: b.category.id, date: b.settlement_date, amount: b.amount })),
  };
}

/**
 * The summed list of one plan's one-time budgets. Nothing bounds a plan's budget count without a request, so page 1 of a
 * batch's union is always asked: a batch costs at most the pages of the union (never more than paging the plan's
 * budgets once), and more than one request per call only when page 1 answers none and the union spans more pages
 * than there are calls.
 */
export function budgetSums(list: BudgetList): SumSource {
  return {
    list: list.path,
    total: async (filter, signal) => sumPage(await list.page({ ...filters(filter), page: 1, page_size: 1 }, { signal })),
    pages: (filter, signal) =>
      (async function* () {
        for await (const page of list.pages(
          { ...filters(filter), ordering: NEWEST_FIRST },
          { pageSize: MAX_PAGE_SIZE, concurrency: PAGE_CONCURRENCY, signal },
        ))
          yield sumPage(page);
      })(),
    fits: (filter) => list.requestLine({ ...filters(filter), ordering: NEWEST_FIRST }, MAX_PAGE_SIZE, 1).length <= MAX_REQUEST_LINE_BYTES,
    probeIsCheap: () => Promise.resolve(true),
  };
}
