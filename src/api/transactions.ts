import type { z } from 'zod';
import { toCents } from './amount';
import { callInChunks } from './chunked-call';
import { checkCompleteness, type CompletenessReport, type CompletenessRow } from './completeness';
import { type ListDefinition, PagedList } from './paged-endpoint';
import type { PageIterator, PaginateOptions } from './paginate';
import { pathId } from './path-segment';
import type { PageParams, RequestOptions } from './request-options';
import { type TransactionFilters, transactionQuery } from './transaction-filters';
import {
  type ExtendedTransactionPage,
  ExtendedTransactionPageSchema,
  type Transaction,
  TransactionListWriteAnswerSchema,
  type TransactionPage,
  TransactionPageSchema,
  TransactionWriteAnswerSchema,
} from './transaction-schema';
import type { Transport } from './transport';

export interface CategoryChange {
  id: number;
  /** A leaf category of the same company. */
  category: number;
}

export interface VerifiedPull {
  /** Distinct rows (duplicates by `id` removed, first occurrence kept). */
  rows: Transaction[];
  report: CompletenessReport;
  /**
   * A later page told another `count` or `sum` than the first: someone changed the data while it was being
   * pulled, so the rows mix two states. `ok` is then false too; pull again (or fetch by `min_date_updated`).
   */
  changedDuringPull: boolean;
}

/** Both transaction lists: the same filters, the items in `results`. */
function transactionList<P extends TransactionPage | ExtendedTransactionPage>(
  path: string,
  schema: z.ZodType<P>,
): ListDefinition<TransactionFilters, P, Transaction> {
  return { path, schema, itemsOf: (page) => page.results, query: transactionQuery };
}

/** `/transactions/`: `page`, `pages` and `items` list `GET /transactions/`; `extended…` list `/transactions/extended/` (with `sum`). */
export class TransactionsResource extends PagedList<TransactionFilters, TransactionPage, Transaction> {
  readonly #transport: Transport;
  readonly #extended: PagedList<TransactionFilters, ExtendedTransactionPage, Transaction>;

  constructor(transport: Transport) {
    super(transport, transactionList('/transactions/', TransactionPageSchema));
    this.#transport = transport;
    this.#extended = new PagedList(transport, transactionList('/transactions/extended/', ExtendedTransactionPageSchema));
  }

  /** One page of `GET /transactions/extended/` (with `sum`). */
  async extendedPage(params: TransactionFilters & PageParams = {}, options: RequestOptions = {}): Promise<ExtendedTransactionPage> {
    return this.#extended.page(params, options);
  }

  /** All pages of `GET /transactions/extended/`. */
  extendedPages(filters: TransactionFilters = {}, options: PaginateOptions = {}): PageIterator<ExtendedTransactionPage, Transaction> {
    return this.#extended.pages(filters, options);
  }

  /**
   * Pulls every page of `/transactions/extended/` and checks the rows against `count` and `sum`
   * of the first page: no extra request. A mismatch is reported in `report`, not thrown.
   */
  async pullVerified(filters: TransactionFilters = {}, options: PaginateOptions = {}): Promise<VerifiedPull> {
    let expected: { count: number; sum: number } | undefined;
    let changedDuringPull = false;
    const rows: Transaction[] = [];
    for await (const page of this.extendedPages(filters, options)) {
      expected ??= { count: page.count, sum: page.sum };
      if (page.count !== expected.count || toCents(page.sum) !== toCents(expected.sum)) changedDuringPull = true;
      rows.push(...page.results);
    }
    const result = checkCompleteness(rows, expected ?? { count: 0, sum: 0 });
    const report = changedDuringPull ? { ...result.report, ok: false } : result.report;
    return { rows: result.rows, report, changedDuringPull };
  }

  /**
   * Checks rows pulled earlier (with the same filters) against one cheap
   * `GET /transactions/extended/?…&page_size=1` call.
   */
  async verify(
    rows: readonly CompletenessRow[],
    filters: TransactionFilters = {},
    options: RequestOptions = {},
  ): Promise<CompletenessReport> {
    const page = await this.extendedPage({ ...filters, page: 1, page_size: 1 }, options);
    return checkCompleteness(rows, { count: page.count, sum: page.sum }).report;
  }

  /**
   * `PATCH /transactions/`: body is an array of `{id, category}`. More than 1000 changes are sent in
   * chunks of 1000. Unknown ids are skipped by the service; the answer lists the updated transactions.
   */
  async updateCategories(changes: readonly CategoryChange[], options: RequestOptions = {}): Promise<Transaction[]> {
    const body = changes.map(({ id, category }) => ({ id, category }));
    return callInChunks(body, (slice, offset) =>
      this.#transport.request(
        { method: 'PATCH', path: '/transactions/', body: slice, signal: options.signal, itemIndexOffset: offset },
        TransactionListWriteAnswerSchema,
      ),
    );
  }

  /** `PATCH /transactions/{id}/` with `{category}`. */
  async updateCategory(id: number, category: number, options: RequestOptions = {}): Promise<Transaction> {
    const path = `/transactions/${pathId(id, 'id', this.#transport.language)}/`;
    return this.#transport.request({ method: 'PATCH', path, body: { category }, signal: options.signal }, TransactionWriteAnswerSchema);
  }
}
