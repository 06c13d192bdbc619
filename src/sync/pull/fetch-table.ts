/**
 * Fetches everything one table needs (the resource's pages and the lookups that flatten it) and turns each page
 * into rows as it arrives, so 100,000 transactions never sit in memory as parsed objects all at once.
 * Nothing here touches the workbook: a cancelled or failed fetch leaves the table as it was.
 */

import type { CashflowClient, CompletenessExpectation, PageProgress, PaginateOptions } from '../../api';
import {
  ACCOUNTS_TABLE,
  ALL_BUDGETS_TABLE,
  BALANCE_SUMMARY_TABLE,
  balanceRows,
  BANKS_TABLE,
  buildLookups,
  CATEGORIES_TABLE,
  FORECAST_BUDGETS_TABLE,
  INVOICES_TABLE,
  PLANS_TABLE,
  scenarioBudgetsTable,
  toRow,
  TRANSACTIONS_TABLE,
  type LookupNeed,
  type Lookups,
  type LookupSources,
  type TableModel,
} from '../tables';
import type { PullTarget, TransactionPullFilters } from './pull-target';
import { dedupeByKey, sortByDateDescThenKey, type Row } from './rows';

export interface FetchOptions {
  client: CashflowClient;
  pageSize: number;
  concurrency: number;
  signal?: AbortSignal;
  onPage?: (progress: PageProgress) => void;
}

export interface FetchedTable {
  model: TableModel<unknown>;
  rows: Row[];
  /** Records received (before de-duplication). */
  received: number;
  /** Transactions: `count` and `sum` of `/transactions/extended/` at the first page. */
  expected?: CompletenessExpectation;
  /** Further tables filled from the same answer (the balance summary beside the accounts). */
  extra: { model: TableModel<unknown>; rows: Row[] }[];
}

function paginate(options: FetchOptions): PaginateOptions {
  return {
    pageSize: options.pageSize,
    concurrency: options.concurrency,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onPage === undefined ? {} : { onProgress: options.onPage }),
  };
}

function requestOptions(options: FetchOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}

/** Starts the lookups a model needs; the promise is awaited when the first page is converted. */
export function fetchLookups(needs: readonly LookupNeed[], options: FetchOptions): Promise<Lookups> {
  const sources: Promise<LookupSources>[] = [];
  if (needs.includes('categories')) sources.push(options.client.categories.list(requestOptions(options)).then((categories) => ({ categories })));
  if (needs.includes('accounts')) sources.push(options.client.accounts.summary(requestOptions(options)).then((summary) => ({ accounts: summary.accounts })));
  const all = Promise.all(sources).then((parts) => buildLookups(Object.assign({}, ...parts) as LookupSources));
  all.catch(() => undefined); // awaited later; a failure surfaces there
  return all;
}

async function pagedRows<T>(model: TableModel<T>, items: AsyncIterable<T>, lookups: Promise<Lookups>): Promise<{ rows: Row[]; received: number }> {
  const rows: Row[] = [];
  let resolved: Lookups | undefined;
  for await (const item of items) {
    resolved ??= await lookups;
    rows.push(toRow(model, item, resolved));
  }
  if (resolved === undefined) await lookups; // a failed lookup fails the pull even without rows
  const keyIndex = model.columns.findIndex((c) => c.key === model.keyColumn);
  return { rows: dedupeByKey(rows, keyIndex), received: rows.length };
}

export function transactionOrder(rows: Row[]): Row[] {
  const columns = TRANSACTIONS_TABLE.columns;
  return sortByDateDescThenKey(
    rows,
    columns.findIndex((c) => c.key === 'value_date'),
    columns.findIndex((c) => c.key === 'id'),
  );
}

/** Full transactions: every page of `/transactions/extended/`; its first page's `count`/`sum` verify the rows for free. */
async function fetchTransactions(filters: TransactionPullFilters, options: FetchOptions): Promise<FetchedTable> {
  const model = TRANSACTIONS_TABLE;
  const lookups = fetchLookups(model.needs, options);
  const pages = options.client.transactions.extendedPages(filters, paginate(options));
  let expected: CompletenessExpectation | undefined;
  const items = {
    async *[Symbol.asyncIterator]() {
      for await (const page of pages) {
        expected ??= { count: page.count, sum: page.sum };
        yield* page.results;
      }
    },
  };
  const { rows, received } = await pagedRows(model, items, lookups);
  return { model: model as TableModel<unknown>, rows: transactionOrder(rows), received, expected: expected ?? { count: 0, sum: 0 }, extra: [] };
}

export async function fetchTable(target: PullTarget, options: FetchOptions): Promise<FetchedTable> {
  const { client } = options;
  const simple = async <T>(model: TableModel<T>, items: AsyncIterable<T>): Promise<FetchedTable> => {
    const { rows, received } = await pagedRows(model, items, fetchLookups(model.needs, options));
    return { model: model as TableModel<unknown>, rows, received, extra: [] };
  };
  switch (target.resource) {
    case 'transactions':
      return fetchTransactions(target.filters ?? {}, options);
    case 'invoices':
      return simple(INVOICES_TABLE, client.invoices.pages(target.filters ?? {}, paginate(options)).items());
    case 'forecastBudgets':
      return simple(FORECAST_BUDGETS_TABLE, client.forecastBudgets.pages({ ...target.filters, all_budgets: false }, paginate(options)).items());
    case 'allBudgets':
      return simple(ALL_BUDGETS_TABLE, client.forecastBudgets.pages({ ...target.filters, all_budgets: true }, paginate(options)).items());
    case 'scenarioBudgets':
      return simple(scenarioBudgetsTable(target.scenarioId), client.scenarioBudgets(target.scenarioId).pages(target.filters ?? {}, paginate(options)).items());
    case 'banks':
      return simple(BANKS_TABLE, client.banks.pages({}, paginate(options)).items());
    case 'categories': {
      const categories = await client.categories.list(requestOptions(options));
      const lookups = buildLookups({ categories });
      const rows = categories.map((c) => toRow(CATEGORIES_TABLE, c, lookups));
      return { model: CATEGORIES_TABLE as TableModel<unknown>, rows, received: categories.length, extra: [] };
    }
    case 'plans': {
      const plans = await client.plans.list(requestOptions(options));
      return { model: PLANS_TABLE as TableModel<unknown>, rows: plans.map((p) => toRow(PLANS_TABLE, p, buildLookups())), received: plans.length, extra: [] };
    }
    case 'accounts': {
      const summary = await client.accounts.summary(requestOptions(options));
      const lookups = buildLookups();
      return {
        model: ACCOUNTS_TABLE as TableModel<unknown>,
        rows: summary.accounts.map((a) => toRow(ACCOUNTS_TABLE, a, lookups)),
        received: summary.accounts.length,
        extra: [{ model: BALANCE_SUMMARY_TABLE as TableModel<unknown>, rows: balanceRows(summary).map((r) => toRow(BALANCE_SUMMARY_TABLE, r, lookups)) }],
      };
    }
  }
}
