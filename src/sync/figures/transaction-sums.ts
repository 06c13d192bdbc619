/**
 * `/transactions/extended/` as a summed list for ACTUALS: `sum` of `reporting_amount` (company currency) per filter,
 * rows in the service's order `-value_date,id`. The accounts' `transaction_count` (of `GET /accounts/`, read anyway
 * for account arguments and BALANCE) bounds how many rows any filter can match.
 */

import {
  type ExtendedTransactionPage,
  MAX_PAGE_SIZE,
  MAX_REQUEST_LINE_BYTES,
  type TransactionFilters,
  type TransactionsResource,
} from '../../api';
import type { SumFilter, SumPage, SumSource } from './sum-source';

export type TransactionSource = Pick<TransactionsResource, 'extendedPage' | 'extendedPages' | 'requestLine'>;

/** Pages in flight once page 1 told the count. */
const PAGE_CONCURRENCY = 3;
/** `/transactions/extended/` is 9 bytes longer than the `/transactions/` path `requestLine` measures. */
const EXTENDED_PATH_EXTRA = 9;

function filters({ categories, from, to, account }: SumFilter): TransactionFilters {
  return {
    min_date: from,
    max_date: to,
    ...(categories === undefined ? {} : { category: categories }),
    ...(account === undefined ? {} : { account }),
  };
}

function sumPage(page: ExtendedTransactionPage): SumPage {
  return {
    count: page.count,
    sum: page.sum,
    hasNext: page.next !== null,
    rows: page.results.map((t) => ({ id: t.id, category: t.category.id, date: t.value_date, amount: t.reporting_amount })),
  };
}

/**
 * The summed list of transactions. `transactionCount` tells how many transactions the account (or, undefined, all
 * accounts) holds, or undefined when that is not known.
 */
export function transactionSums(
  transactions: TransactionSource,
  transactionCount: (account: number | undefined) => Promise<number | undefined>,
): SumSource {
  return {
    list: '/transactions/extended/',
    total: async (filter, signal) => sumPage(await transactions.extendedPage({ ...filters(filter), page: 1, page_size: 1 }, { signal })),
    pages: (filter, signal) =>
      (async function* () {
        for await (const page of transactions.extendedPages(filters(filter), {
          pageSize: MAX_PAGE_SIZE,
          concurrency: PAGE_CONCURRENCY,
          signal,
        }))
          yield sumPage(page);
      })(),
    fits: (filter) => transactions.requestLine(filters(filter), MAX_PAGE_SIZE, 1).length + EXTENDED_PATH_EXTRA <= MAX_REQUEST_LINE_BYTES,
    probeIsCheap: async (calls, account) => {
      const count = await transactionCount(account).catch(() => undefined);
      return count !== undefined && count <= calls * MAX_PAGE_SIZE;
    },
  };
}
