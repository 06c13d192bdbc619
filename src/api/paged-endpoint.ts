/**
 * The list endpoints, written once. A `PagedList` is one paginated path with the schema of its pages, where the
 * items sit in a page, and how the caller's filters become the query; it answers `page()` (one page as asked),
 * `pages()` (a `PageIterator` over all of them) and `items()`. The resources with a list (`banks`,
 * `transactions`, invoices, forecast and scenario budgets) extend it with their definition.
 * Every page request goes to the configured base URL with the same path and filters; only `page` (and
 * `page_size`) change, whatever host a `next` link names.
 */
import { queryText } from './search-params';
import type { z } from 'zod';
import type { Language } from '../i18n/catalog';
import { normalizePageSize } from './page-size';
import { PageIterator, type PageInfo, type PaginateOptions } from './paginate';
import type { PageParams, RequestOptions } from './request-options';
import { normalizePath, type Transport } from './transport';

/** One list endpoint: filters `F`, pages `P`, items `T`. */
export interface ListDefinition<F, P extends PageInfo, T> {
  path: string;
  schema: z.ZodType<P>;
  /** The items of one page. */
  itemsOf: (page: P) => readonly T[];
  /** The filters as query parameters (without `page` / `page_size`). */
  query: (filters: F, language: Language) => URLSearchParams;
  /** A record's identity across pages; default its `id` (every listed resource of the spec has one). */
  keyOf?: (item: T) => unknown;
}

/** The `id` of a listed record (banks, transactions, invoices, budgets all carry one). */
function idOf(item: unknown): unknown {
  return typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
}

function withPage(query: URLSearchParams, page: number | undefined, pageSize: number | undefined): URLSearchParams {
  const search = new URLSearchParams(query);
  search.delete('page');
  search.delete('page_size');
  if (page !== undefined) search.set('page', String(page));
  if (pageSize !== undefined) search.set('page_size', String(pageSize));
  return search;
}

export class PagedList<F extends object, P extends PageInfo, T> {
  readonly #transport: Transport;
  readonly #list: ListDefinition<F, P, T>;
  readonly path: string;

  constructor(transport: Transport, list: ListDefinition<F, P, T>) {
    this.#transport = transport;
    this.#list = list;
    this.path = list.path;
  }

  /** One page as asked (`page`, `page_size`; omitted: the service's defaults). */
  async page(params: F & PageParams = {} as F & PageParams, options: RequestOptions = {}): Promise<P> {
    const { page, page_size, ...filters } = params;
    const pageSize = page_size === undefined ? undefined : normalizePageSize(page_size);
    return this.#request(this.#query(filters as F), page, pageSize, options.signal);
  }

  /** All pages in order (page size 1000 unless `options.pageSize` says otherwise). */
  pages(filters: F = {} as F, options: PaginateOptions = {}): PageIterator<P, T> {
    const query = this.#query(filters);
    return new PageIterator<P, T>(
      ({ page, pageSize, signal }) => this.#request(query, page, pageSize, signal),
      this.#list.itemsOf,
      options,
      {
        method: 'GET',
        path: normalizePath(this.#list.path),
        language: this.#transport.language,
        keyOf: this.#list.keyOf ?? idOf,
        redact: (text) => this.#transport.redact(text),
      },
    );
  }

  /** The items of all pages, in order. */
  items(filters: F = {} as F, options: PaginateOptions = {}): AsyncIterable<T> {
    return this.pages(filters, options).items();
  }

  /**
   * The request line a page request sends, `GET /base/path/?query HTTP/1.1` (the URL path and query as the server
   * reads them): what servers cap (gunicorn's `limit_request_line`, 4,094 bytes by default).
   */
  requestLine(filters: F, pageSize?: number, page?: number): string {
    const search = queryText(withPage(this.#query(filters), page, pageSize));
    const base = new URL(this.#transport.baseUrl).pathname;
    return `GET ${base}${normalizePath(this.#list.path).slice(1)}${search === '' ? '' : `?${search}`} HTTP/1.1`;
  }

  #query(filters: F): URLSearchParams {
    return this.#list.query(filters, this.#transport.language);
  }

  /** The one page request: path, filters, `page` / `page_size`, the answer parsed with the page schema. */
  #request(query: URLSearchParams, page: number | undefined, pageSize: number | undefined, signal: AbortSignal | undefined): Promise<P> {
    return this.#transport.request(
      { method: 'GET', path: this.#list.path, query: withPage(query, page, pageSize), signal },
      this.#list.schema,
    );
  }
}
