/**
 * Page-number pagination as Django REST framework's PageNumberPagination with `page_size` as query
 * parameter: invalid or past-the-end pages give 404 "Invalid page."; an invalid `page_size` falls back to
 * the default, a larger one is cut to the maximum. Links keep all query parameters (sorted by name, as
 * DRF re-encodes them) with `page` replaced; the link to page 1 carries no `page` at all.
 */
import { ApiError } from './api-error';
import { t, type Language } from './messages';
import type { QueryParams } from './query-params';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  items: T[];
}

export interface PageTarget {
  query: QueryParams;
  lang: Language;
  linkOrigin: string;
  path: string;
}

export function readPageSize(query: QueryParams): number {
  const raw = query.get('page_size');
  if (raw === undefined || !/^\s*\+?\d+\s*$/.test(raw)) return DEFAULT_PAGE_SIZE;
  const size = Number(raw);
  if (size <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_PAGE_SIZE);
}

/** Link to `page` (null = without the page parameter) keeping the other parameters. */
export function pageLink(origin: string, path: string, query: QueryParams, page: number | null): string {
  const keys = query
    .keys()
    .filter((k) => k !== 'page')
    .sort();
  const params = new URLSearchParams();
  for (const key of keys) for (const value of query.getAll(key)) params.append(key, value);
  if (page !== null) {
    // DRF sorts after inserting `page`, so it takes its alphabetical place.
    const sorted = new URLSearchParams();
    const all = [...keys, 'page'].sort();
    for (const key of all) {
      if (key === 'page') sorted.append('page', String(page));
      else for (const value of query.getAll(key)) sorted.append(key, value);
    }
    return `${origin}${path}?${sorted.toString()}`;
  }
  const text = params.toString();
  return text === '' ? `${origin}${path}` : `${origin}${path}?${text}`;
}

export function paginate<T>(items: readonly T[], target: PageTarget): Page<T> {
  const size = readPageSize(target.query);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const raw = target.query.get('page') ?? '1';
  let page: number;
  if (raw === 'last') page = pages;
  else if (/^\s*\+?\d+\s*$/.test(raw)) page = Number(raw);
  else throw new ApiError(404, { detail: t(target.lang, 'invalidPage') });
  if (page < 1 || page > pages) throw new ApiError(404, { detail: t(target.lang, 'invalidPage') });
  const start = (page - 1) * size;
  return {
    count: items.length,
    next: page < pages ? pageLink(target.linkOrigin, target.path, target.query, page + 1) : null,
    previous: page > 1 ? pageLink(target.linkOrigin, target.path, target.query, page === 2 ? null : page - 1) : null,
    items: items.slice(start, start + size),
  };
}
