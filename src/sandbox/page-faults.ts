/**
 * Faults of the list pages themselves (issue #25 items 10 and 12): answers that are 200 and well formed, but whose
 * pages a client must not trust. Each names the list by its request path (`/transactions/extended/`, `/invoices/`,
 * `/companies/5101/invoices/`, `/forecast/budgets/`, ...); lists at other paths answer as always.
 *
 * - `endlessEmptyPages`: from page `fromPage` (default 2) on, every page answers 200 with no records and a `next`
 *   link to the page after it, also past the real last page (where the service would say 404): the pages never end.
 * - `repeatedPage`: from page `page` (default 2) on, every page answers with the records of page `page` and a
 *   `next` link to the page after it: the same records again and again, never an end.
 * - `duplicateId`: page `page` (default 1) gives its second record the id of its first (a different record under
 *   one id); `count` and `sum` still count both.
 *
 * `count` and the other figures stay the real list's. The faults wrap the GET handlers (`withPageFaults`), so the
 * routes and their pagination stay as the spec describes them.
 */
import { pageLink } from './paginate';
import { QueryParams } from './query-params';
import type { HandlerResult, RequestContext } from './request-context';
import type { Route } from './router';

export interface PageFaultOptions {
  endlessEmptyPages?: { path: string; fromPage?: number };
  repeatedPage?: { path: string; page?: number };
  duplicateId?: { path: string; page?: number };
}

type Handler = (context: RequestContext) => HandlerResult | Promise<HandlerResult>;

/** The requested page number (1 when absent or not a plain number: the list answers those itself). */
function pageOf(query: QueryParams): number | undefined {
  const raw = query.get('page') ?? '1';
  return /^\s*\+?\d+\s*$/.test(raw) ? Number(raw) : undefined;
}

/** The same request asking for another page. */
function askingFor(context: RequestContext, page: number): RequestContext {
  const search = new URLSearchParams(context.query.search);
  search.set('page', String(page));
  return { ...context, query: new QueryParams(search) };
}

/** The records of a page body: `results`, `results.invoices` or `results.budgets`. */
function recordsOf(body: Record<string, unknown>): Record<string, unknown>[] | undefined {
  const results = body.results;
  if (Array.isArray(results)) return results as Record<string, unknown>[];
  if (typeof results !== 'object' || results === null) return undefined;
  const inner = results as { invoices?: unknown; budgets?: unknown };
  if (Array.isArray(inner.invoices)) return inner.invoices as Record<string, unknown>[];
  if (Array.isArray(inner.budgets)) return inner.budgets as Record<string, unknown>[];
  return undefined;
}

function withRecords(body: Record<string, unknown>, records: Record<string, unknown>[]): Record<string, unknown> {
  const results = body.results;
  if (Array.isArray(results)) return { ...body, results: records };
  const inner = results as Record<string, unknown>;
  return { ...body, results: { ...inner, ...(Array.isArray(inner.invoices) ? { invoices: records } : { budgets: records }) } };
}

/** A page answer as page `page` with a link on to the next one (and back to the one before). */
function linkedOn(context: RequestContext, body: Record<string, unknown>, page: number): Record<string, unknown> {
  const previous = page > 1 ? pageLink(context.linkOrigin, context.path, context.query, page === 2 ? null : page - 1) : null;
  return { ...body, next: pageLink(context.linkOrigin, context.path, context.query, page + 1), previous };
}

async function faulty(run: Handler, context: RequestContext, faults: PageFaultOptions): Promise<HandlerResult> {
  const page = pageOf(context.query);
  const endless = faults.endlessEmptyPages;
  if (endless?.path === context.path && page !== undefined && page >= (endless.fromPage ?? 2)) {
    const first = await run(askingFor(context, 1));
    const body = first.body as Record<string, unknown>;
    return { ...first, body: linkedOn(context, withRecords(body, []), page) };
  }
  const repeated = faults.repeatedPage;
  if (repeated?.path === context.path && page !== undefined && page >= (repeated.page ?? 2)) {
    const answer = await run(askingFor(context, repeated.page ?? 2));
    return { ...answer, body: linkedOn(context, answer.body as Record<string, unknown>, page) };
  }
  const answer = await run(context);
  const duplicate = faults.duplicateId;
  if (duplicate?.path === context.path && page === (duplicate.page ?? 1) && answer.status === 200) {
    const body = answer.body as Record<string, unknown>;
    const records = recordsOf(body);
    const [first, second] = records ?? [];
    if (records !== undefined && first !== undefined && second !== undefined) {
      return { ...answer, body: withRecords(body, [first, { ...second, id: first.id }, ...records.slice(2)]) };
    }
  }
  return answer;
}

/** The routes, their GET handlers answering through the page faults `current()` sets (none: as always). */
export function withPageFaults(routes: readonly Route[], current: () => PageFaultOptions): Route[] {
  return routes.map((route) => {
    const get = route.methods.GET;
    if (get === undefined) return route;
    const run: Handler = (context) => {
      const faults = current();
      const any = faults.endlessEmptyPages ?? faults.repeatedPage ?? faults.duplicateId;
      return any === undefined ? get.run(context) : faulty(get.run, context, faults);
    };
    return { ...route, methods: { ...route.methods, GET: { ...get, run } } };
  });
}
