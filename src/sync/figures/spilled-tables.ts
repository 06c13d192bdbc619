/**
 * The spilled tables of TRANSACTIONS, INVOICES, BUDGETS, CATEGORIES and ACCOUNTS: a header row, then one row per
 * record, made by the pulled tables' own models (`src/sync/tables`) and the pull's own cell conversion
 * (`toCellValue`): the same headers, the same columns, dates as Excel serial numbers, empty values as `""`. Texts
 * stay the strings the service sent (nothing is prepended; a function's result is never read as a formula). An empty
 * result is the header row alone.
 *
 * Paged lists are read at 1000 a page, duplicates (a record that moved to a later page meanwhile) dropped by id, and
 * checked like a pull: distinct records = `count`, their amounts add up to the list's `sum`, every page telling the
 * same; a read that does not add up is repeated once, then fails as `changing`.
 */

import {
  type Account,
  type Budget,
  type BudgetListParams,
  type CashflowClient,
  CompletenessTally,
  type CompletenessExpectation,
  type Invoice,
  type InvoiceListParams,
  MAX_PAGE_SIZE,
  toCents,
  type Transaction,
  type TransactionFilters,
} from '../../api';
import type { Language } from '../../i18n/catalog';
import { formatCount } from '../../i18n/format-count';
import { cellText } from '../cell-text-limit';
import { type CellValue, toCellValue } from '../cell-values';
import { ACCOUNTS_TABLE } from '../tables/accounts-tables';
import { FORECAST_BUDGETS_TABLE, scenarioBudgetsTable } from '../tables/budgets-table';
import { CATEGORIES_TABLE } from '../tables/catalog-tables';
import { INVOICES_TABLE } from '../tables/invoices-table';
import type { Lookups } from '../tables/lookups';
import { type TableModel, toRow } from '../tables/table-model';
import { TRANSACTIONS_TABLE } from '../tables/transactions-table';
import { runBounded } from '../bounded-pool';
import { FigureError } from './figure-error';
import type { Work } from './keyed-jobs';
import { planKey, type PlanRef } from './plan-argument';
import type { LoadedReferences } from './references';

/** A cell of a spilled table: what Excel takes as a value (`""` is an empty cell). */
export type SpilledCell = string | number | boolean;
/** Header row first, then one row per record. */
export type SpilledTable = SpilledCell[][];

export type TableQuery =
  | { table: 'transactions'; filters: TransactionFilters }
  | { table: 'invoices'; filters: InvoiceListParams }
  | { table: 'budgets'; plan: PlanRef; filters: BudgetListParams }
  | { table: 'categories' }
  | { table: 'accounts' };

export interface TableJob {
  query: TableQuery;
  /** The batch's reference lists: the lookups that flatten the rows, the categories' and the accounts' own rows. */
  references: LoadedReferences;
}

export type TableClient = Pick<CashflowClient, 'transactions' | 'invoices' | 'forecastBudgets' | 'scenarioBudgets'>;

export interface TableContext {
  client: TableClient;
  signal: AbortSignal;
  language: Language;
}

const PAGE_CONCURRENCY = 3;
/** Tables read at once: each may be many pages. */
const TABLE_CONCURRENCY = 2;

/** The normalized query: equal keys are one read. The filters are built in a fixed order, so their JSON is stable. */
export function tableKey(query: TableQuery): string {
  switch (query.table) {
    case 'transactions':
    case 'invoices':
      return `table|${query.table}|${JSON.stringify(query.filters)}`;
    case 'budgets':
      return `table|budgets|${planKey(query.plan)}|${JSON.stringify(query.filters)}`;
    case 'categories':
    case 'accounts':
      return `table|${query.table}`;
  }
}

/** The header row: the model's column names, as the pull writes them. */
export function headerRow<R>(model: TableModel<R>): SpilledCell[] {
  return model.columns.map((c) => c.header);
}

/**
 * One record as the pull writes it: the model's values, converted per column type (`null` → `""`), a text longer than
 * a cell holds cut with the mark (a function's result cell holds no more than any other: uncut, Excel shows `#VALUE!`).
 */
export function spillRow<R>(model: TableModel<R>, record: R, lookups: Lookups): CellValue[] {
  return toRow(model, record, lookups).map((value, i) => {
    const cell = toCellValue(model.columns[i] as (typeof model.columns)[number], value);
    return typeof cell === 'string' ? cellText(cell) : cell;
  });
}

/**
 * The most rows a spilled table gives: a function has a minute to settle, and each 1,000 rows are a request; a table
 * bigger than this is the pane's to load (a pull streams it into a sheet's table, up to the sheet's million rows).
 */
export const SPILL_ROW_LIMIT = 100_000;

function tooManyRows(count: number, language: Language): FigureError {
  return FigureError.unavailable(language, 'functions.error.tooManyRows', {
    count: formatCount(count, language),
    limit: formatCount(SPILL_ROW_LIMIT, language),
  });
}

interface Page<R> {
  figures: CompletenessExpectation;
  items: readonly R[];
}

/** Every page read, checked, de-duplicated and turned into rows; one repeat when it did not add up. */
async function readRows<R>(
  pages: () => AsyncIterable<Page<R>>,
  model: TableModel<R>,
  lookups: Lookups,
  field: { id: (record: R) => number; amount: (record: R) => number },
  language: Language,
): Promise<SpilledTable> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const tally = new CompletenessTally();
    const rows: SpilledTable = [headerRow(model)];
    let expected: CompletenessExpectation | undefined;
    let changed = false;
    for await (const page of pages()) {
      if (expected === undefined) {
        expected = page.figures;
        // Told by the first page: a table too big to spill is refused before its other pages are read.
        if (expected.count > SPILL_ROW_LIMIT) throw tooManyRows(expected.count, language);
      } else if (page.figures.count !== expected.count || toCents(page.figures.sum) !== toCents(expected.sum)) changed = true;
      for (const record of page.items) if (tally.add(field.id(record), field.amount(record))) rows.push(spillRow(model, record, lookups));
    }
    if (!changed && tally.report(expected ?? { count: 0, sum: 0 }).ok) return rows;
  }
  throw FigureError.changing(language);
}

async function* mapPages<P, R>(pages: AsyncIterable<P>, page: (p: P) => Page<R>): AsyncGenerator<Page<R>> {
  for await (const p of pages) yield page(p);
}

function build(job: TableJob, context: TableContext): Promise<SpilledTable> {
  const { client, signal, language } = context;
  const paging = { pageSize: MAX_PAGE_SIZE, concurrency: PAGE_CONCURRENCY, signal };
  const lookups = job.references.lookups();
  const query = job.query;
  switch (query.table) {
    case 'transactions':
      return readRows(
        () =>
          mapPages(client.transactions.extendedPages(query.filters, paging), (p) => ({
            figures: { count: p.count, sum: p.sum },
            items: p.results,
          })),
        TRANSACTIONS_TABLE,
        lookups,
        { id: (t: Transaction) => t.id, amount: (t) => t.reporting_amount },
        language,
      );
    case 'invoices':
      return readRows(
        () =>
          mapPages(client.invoices.pages(query.filters, paging), (p) => ({
            figures: { count: p.count, sum: p.sum },
            items: p.results.invoices,
          })),
        INVOICES_TABLE,
        lookups,
        { id: (i: Invoice) => i.id, amount: (i) => i.amount },
        language,
      );
    case 'budgets': {
      const plan = query.plan;
      const list =
        plan === 'forecast'
          ? client.forecastBudgets.pages({ ...query.filters, all_budgets: false }, paging)
          : client.scenarioBudgets(plan.scenario).pages(query.filters, paging);
      return readRows(
        () => mapPages(list, (p) => ({ figures: { count: p.count, sum: p.sum }, items: p.results.budgets })),
        plan === 'forecast' ? FORECAST_BUDGETS_TABLE : scenarioBudgetsTable(plan.scenario),
        lookups,
        { id: (b: Budget) => b.id, amount: (b) => b.amount },
        language,
      );
    }
    case 'categories':
      return Promise.resolve([
        headerRow(CATEGORIES_TABLE),
        ...job.references.categories().list.map((c) => spillRow(CATEGORIES_TABLE, c, lookups)),
      ]);
    case 'accounts':
      return Promise.resolve([
        headerRow(ACCOUNTS_TABLE),
        ...job.references.accounts().map((a: Account) => spillRow(ACCOUNTS_TABLE, a, lookups)),
      ]);
  }
}

/** Settles every table work of a batch. */
export async function serveTables(works: readonly Work<TableJob, SpilledTable>[], context: TableContext): Promise<void> {
  await runBounded(works, TABLE_CONCURRENCY, async ({ job, settle }) => {
    try {
      settle({ ok: true, value: await build(job, context) });
    } catch (error) {
      settle({ ok: false, error });
    }
  });
}
