/**
 * Binds one paginated path + filters + schema to a `PageIterator` (all pages) or to a single page.
 * Every page request goes to the configured base URL with the same path and filters; only `page`
 * (and `page_size`) change.
 */
import type { z } from 'zod';
import { normalizePageSize } from './page-size';
import { PageIterator, type PageInfo, type PaginateOptions } from './paginate';
import type { PageParams, RequestOptions } from './request-options';
import { normalizePath, type Transport } from './transport';

export interface PagedEndpoint<S extends z.ZodType<PageInfo>> {
  transport: Transport;
  path: string;
  schema: S;
  /** Filters without `page` / `page_size`. */
  query: URLSearchParams;
}

function withPage(query: URLSearchParams, page: number | undefined, pageSize: number | undefined): URLSearchParams {
  const search = new URLSearchParams(query);
  search.delete('page');
  search.delete('page_size');
  if (page !== undefined) search.set('page', String(page));
  if (pageSize !== undefined) search.set('page_size', String(pageSize));
  return search;
}

export function fetchPage<S extends z.ZodType<PageInfo>>(
  endpoint: PagedEndpoint<S>,
  params: PageParams,
  options: RequestOptions,
): Promise<z.infer<S>> {
  const pageSize = params.page_size === undefined ? undefined : normalizePageSize(params.page_size);
  return endpoint.transport.request(
    { method: 'GET', path: endpoint.path, query: withPage(endpoint.query, params.page, pageSize), signal: options.signal },
    endpoint.schema,
  );
}

export function pageIterator<S extends z.ZodType<PageInfo>, T>(
  endpoint: PagedEndpoint<S>,
  itemsOf: (page: z.infer<S>) => readonly T[],
  options: PaginateOptions,
): PageIterator<z.infer<S>, T> {
  return new PageIterator<z.infer<S>, T>(
    ({ page, pageSize, signal }) =>
      endpoint.transport.request(
        { method: 'GET', path: endpoint.path, query: withPage(endpoint.query, page, pageSize), signal },
        endpoint.schema,
      ),
    itemsOf,
    options,
    { method: 'GET', path: normalizePath(endpoint.path), language: endpoint.transport.language },
  );
}
