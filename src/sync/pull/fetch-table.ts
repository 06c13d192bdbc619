/**
 * Fetches what one table needs (the resource's pages and the lookups that flatten it) and turns each page into
 * rows as it arrives, so 100,000 transactions never sit in memory as parsed objects all at once.
 *
 * - `fetchTable`: the tables that come in one answer (the incremental refresh reads its own way).
 * - `streamTable`: the paged resources as a stream of row batches, one per page, read ahead of the writer, so
 *   the workbook is written while later pages are still on the way (a group's invoices: the companies' pages
 *   in turn, group-invoice-pages.ts). Duplicates (a record that moved to a later page while the pull ran) are
 *   dropped by key as they come; several records under one id on the same page are the service's mistake: the
 *   first stays, and the id and number of records are noted (id-clashes.ts). Transactions are tallied for the
 *   `count`/`sum` check of `/transactions/extended/` without keeping the rows, and a later page telling other
 *   figures than page 1 (the service changed during the pull) fails the check, as `pullVerified` does.
 * - Both cut texts longer than an Excel cell holds and note where (text-cuts.ts).
 * Nothing here touches the workbook.
 */

import {
  CompletenessTally,
  IdSet,
  toCents,
  type CashflowClient,
  type CompletenessExpectation,
  type CompletenessReport,
  type PageProgress,
  type PaginateOptions,
} from '../../api';
import {
  ACCOUNTS_TABLE,
  ALL_BUDGETS_TABLE,
  BALANCE_SUMMARY_TABLE,
  balanceRows,
  BANKS_TABLE,
  buildLookups,
  CATEGORIES_TABLE,
  FORECAST_BUDGETS_TABLE,
  GROUP_INVOICES_TABLE,
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
import { groupInvoiceBatches } from './group-invoice-pages';
import { IdClashes, type IdClash } from './id-clashes';
import { companiesOf, type OneAnswerTarget, type PagedTarget } from './pull-target';
import { readAhead } from './read-ahead';
import { sortByDateDescThenKey, type Row } from './rows';
import { TextCuts } from './text-cuts';
import type { LookupCache } from './lookup-cache';

export interface FetchOptions {
  client: CashflowClient;
  pageSize: number;
  concurrency: number;
  /** The company's currency as the user chose it; default: the one most accounts have (`company-currency.ts`). */
  companyCurrency?: string;
  signal?: AbortSignal;
  onPage?: (progress: PageProgress) => void;
  /** The lookups' sources shared by a run of pulls (Refresh all), read once (`lookup-cache.ts`). */
  lookupCache?: LookupCache;
}

export interface FetchedTable {
  model: TableModel<unknown>;
  /** The lookups the rows were made with: `tableSpec(model, { lookups })` gives the amounts their currencies. */
  lookups: Lookups;
  rows: Row[];
  /** Records received. */
  received: number;
  /** Further tables filled from the same answer (the balance summary beside the accounts). */
  extra: { model: TableModel<unknown>; rows: Row[] }[];
  /** Texts of the main table cut to fit a cell. */
  textCuts: TextCuts;
}

/** The rows of a table that comes in one answer, their over-long texts cut (and noted). */
function rowsOf<R>(model: TableModel<R>, records: readonly R[], lookups: Lookups): { rows: Row[]; textCuts: TextCuts } {
  const textCuts = new TextCuts(model as TableModel<unknown>);
  const rows = records.map((record) => {
    const row = toRow(model, record, lookups);
    textCuts.visit(row);
    return row;
  });
  return { rows, textCuts };
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
  const { client, lookupCache: cache } = options;
  if (needs.includes('categories')) {
    const read = () => client.categories.list(requestOptions(options));
    sources.push((cache ? cache.categories(read) : read()).then((categories) => ({ categories })));
  }
  if (needs.includes('accounts')) {
    const read = () => client.accounts.summary(requestOptions(options));
    sources.push((cache ? cache.accountsSummary(read) : read()).then((summary) => ({ accounts: summary.accounts })));
  }
  const base: LookupSources = {
    language: options.client.language,
    ...(options.companyCurrency === undefined ? {} : { companyCurrency: options.companyCurrency }),
  };
  const all = Promise.all(sources).then((parts) => buildLookups(Object.assign(base, ...parts) as LookupSources));
  all.catch(() => undefined); // awaited later; a failure surfaces there
  return all;
}

export function transactionOrder(rows: Row[]): Row[] {
  const columns = TRANSACTIONS_TABLE.columns;
  return sortByDateDescThenKey(
    rows,
    columns.findIndex((c) => c.key === 'value_date'),
    columns.findIndex((c) => c.key === 'id'),
  );
}

/** The tables that come in one answer (categories, plans, accounts). */
export async function fetchTable(target: OneAnswerTarget, options: FetchOptions): Promise<FetchedTable> {
  const { client } = options;
  switch (target.resource) {
    case 'categories': {
      const categories = await client.categories.list(requestOptions(options));
      const lookups = buildLookups({ categories });
      return {
        model: CATEGORIES_TABLE as TableModel<unknown>,
        lookups,
        ...rowsOf(CATEGORIES_TABLE, categories, lookups),
        received: categories.length,
        extra: [],
      };
    }
    case 'plans': {
      const plans = await client.plans.list(requestOptions(options));
      const lookups = buildLookups();
      return {
        model: PLANS_TABLE as TableModel<unknown>,
        lookups,
        ...rowsOf(PLANS_TABLE, plans, lookups),
        received: plans.length,
        extra: [],
      };
    }
    case 'accounts': {
      const summary = await client.accounts.summary(requestOptions(options));
      // The accounts' own answer tells the company's currency (the balance summary's).
      const lookups = buildLookups({
        accounts: summary.accounts,
        ...(options.companyCurrency === undefined ? {} : { companyCurrency: options.companyCurrency }),
      });
      return {
        model: ACCOUNTS_TABLE as TableModel<unknown>,
        lookups,
        ...rowsOf(ACCOUNTS_TABLE, summary.accounts, lookups),
        received: summary.accounts.length,
        extra: [
          {
            model: BALANCE_SUMMARY_TABLE as TableModel<unknown>,
            rows: balanceRows(summary).map((r) => toRow(BALANCE_SUMMARY_TABLE, r, lookups)),
          },
        ],
      };
    }
  }
}

/** A paged table as it streams: the batches (each consumed once), then the figures once they have ended. */
export interface StreamedTable {
  model: TableModel<unknown>;
  /**
   * The lookups the rows are made with, asked for at once (beside the pages): `tableSpec(model, { lookups })` gives the
   * amounts their currencies, so the write starts once they are there.
   */
  lookups: Promise<Lookups>;
  batches: AsyncIterable<Row[]>;
  /** After the batches have ended: records received (duplicates included). */
  received(): number;
  /** Transactions, after the batches have ended: the rows passed on against `count`/`sum` of page 1. */
  verification(): CompletenessReport | undefined;
  /**
   * Transactions, after the batches have ended: the check failed only because records shared an id on a page (the
   * left-out records make up exactly the missing count and sum, and no later page told other figures).
   */
  mismatchExplainedByClashes(): boolean;
  /** Ids several records of one page had. */
  idClashes(): IdClash[];
  /** Texts cut to fit a cell, and the warnings naming them. */
  textCuts: TextCuts;
}

interface PageOf<T> {
  results: readonly T[];
  /** Transactions (`/transactions/extended/`): the service's figures for the whole filter. */
  expected?: CompletenessExpectation;
}

const batchesOf = <T>(batches: AsyncIterable<readonly T[]>): AsyncIterable<PageOf<T>> => ({
  async *[Symbol.asyncIterator]() {
    for await (const results of batches) yield { results };
  },
});

/** Pages ahead of the writer at most (1000 rows each). */
const READ_AHEAD_PAGES = 32;

function streamPages<T>(
  model: TableModel<T>,
  pages: (signal: AbortSignal) => AsyncIterable<PageOf<T>>,
  options: FetchOptions,
  tally: CompletenessTally | undefined,
): StreamedTable {
  const columns = model.columns;
  const keyIndex = columns.findIndex((c) => c.key === model.keyColumn);
  const amountIndex = columns.findIndex((c) => c.key === 'reporting_amount');
  let received = 0;
  let expected: CompletenessExpectation | undefined;
  /** A later page told another `count`/`sum` than page 1: the service changed while the pull ran. */
  let changed = false;
  let ended = false;
  const seen = new IdSet();
  const clashes = new IdClashes();
  /** Cents of the transactions left out because an earlier record of their page had their id. */
  let clashCents = 0;
  const textCuts = new TextCuts(model as TableModel<unknown>);
  const lookups = fetchLookups(model.needs, options);
  async function* produce(signal: AbortSignal): AsyncGenerator<Row[]> {
    let resolved: Lookups | undefined;
    for await (const page of pages(signal)) {
      if (expected === undefined) expected = page.expected;
      else if (page.expected !== undefined && !sameFigures(expected, page.expected)) changed = true;
      resolved ??= await lookups;
      const batch: Row[] = [];
      /** The page's keys so far: a key seen before is a clash if it is among them (rare; a scan then). */
      const onPage: CoreValueKey[] = [];
      for (const item of page.results) {
        received += 1;
        const row = toRow(model, item, resolved);
        const key = row[keyIndex] ?? null;
        const amount = row[amountIndex];
        const fresh =
          tally === undefined
            ? seen.add(key)
            : tally.add(typeof key === 'number' ? key : Number.NaN, typeof amount === 'number' ? amount : Number.NaN);
        // A key twice on one page is a key seen before (the tally and `seen` hold every key so far).
        if (!fresh && onPage.includes(key)) {
          clashes.add(key);
          if (typeof amount === 'number' && Number.isFinite(amount)) clashCents += toCents(amount);
        }
        onPage.push(key);
        if (!fresh) continue;
        textCuts.visit(row);
        batch.push(row);
      }
      if (batch.length > 0) yield batch;
    }
    if (resolved === undefined) await lookups; // a failed lookup fails the pull even without rows
    ended = true;
  }
  const signal = options.signal;
  const verification = (): CompletenessReport | undefined => {
    if (tally === undefined || !ended) return undefined;
    const report = tally.report(expected ?? { count: 0, sum: 0 });
    return changed ? { ...report, ok: false } : report;
  };
  return {
    model: model as TableModel<unknown>,
    lookups,
    batches: readAhead(produce, { highWater: READ_AHEAD_PAGES, ...(signal === undefined ? {} : { signal }) }),
    received: () => received,
    verification,
    mismatchExplainedByClashes: () => {
      const report = verification();
      if (report === undefined || report.ok || changed || clashes.extraRecords === 0) return false;
      return (
        report.expectedCount === report.actualCount + clashes.extraRecords && report.expectedSumCents === report.actualSumCents + clashCents
      );
    },
    idClashes: () => clashes.list(),
    textCuts,
  };
}

type CoreValueKey = Row[number];

function sameFigures(a: CompletenessExpectation, b: CompletenessExpectation): boolean {
  return a.count === b.count && toCents(a.sum) === toCents(b.sum);
}

/** The paged resources as streams. */
export function streamTable(target: PagedTarget, options: FetchOptions): StreamedTable {
  const { client } = options;
  const paging = (signal: AbortSignal): PaginateOptions => paginate({ ...options, signal });
  switch (target.resource) {
    case 'transactions':
      return streamPages(
        TRANSACTIONS_TABLE,
        async function* (signal) {
          for await (const page of client.transactions.extendedPages(target.filters ?? {}, paging(signal))) {
            yield { results: page.results, expected: { count: page.count, sum: page.sum } };
          }
        },
        options,
        new CompletenessTally(),
      );
    case 'invoices':
      return streamPages(
        INVOICES_TABLE,
        (signal) => batchesOf(client.invoices.pages(target.filters ?? {}, paging(signal)).batches()),
        options,
        undefined,
      );
    case 'groupInvoices': {
      const companies = groupInvoiceBatches(client, companiesOf(target), target.filters ?? {});
      return streamPages(GROUP_INVOICES_TABLE, (signal) => batchesOf(companies(paging(signal))), options, undefined);
    }
    case 'forecastBudgets':
      return streamPages(
        FORECAST_BUDGETS_TABLE,
        (signal) => batchesOf(client.forecastBudgets.pages({ ...target.filters, all_budgets: false }, paging(signal)).batches()),
        options,
        undefined,
      );
    case 'allBudgets':
      return streamPages(
        ALL_BUDGETS_TABLE,
        (signal) => batchesOf(client.forecastBudgets.pages({ ...target.filters, all_budgets: true }, paging(signal)).batches()),
        options,
        undefined,
      );
    case 'scenarioBudgets':
      return streamPages(
        scenarioBudgetsTable(target.scenarioId),
        (signal) =>
          batchesOf(
            client
              .scenarioBudgets(target.scenarioId)
              .pages(target.filters ?? {}, paging(signal))
              .batches(),
          ),
        options,
        undefined,
      );
    case 'banks':
      return streamPages(BANKS_TABLE, (signal) => batchesOf(client.banks.pages({}, paging(signal)).batches()), options, undefined);
  }
}
