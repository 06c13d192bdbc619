/**
 * Page iteration (octokit `paginate` style): an object with `[Symbol.asyncIterator]` over pages, plus
 * `items()` and `all()`. Page 1 is fetched first; afterwards either the `next` link is followed (only
 * its `page` number is used) or, with `concurrency` > 1, the remaining pages known from `count` are
 * fetched with at most `concurrency` requests in flight (a new one starting whenever one ends, at most
 * 4 × `concurrency` pages ahead of the one awaited), still yielded in order. Iteration stops when
 * `next` is null. Breaking out of the loop cancels requests that are still running.
 *
 * A service whose pages would not end is stopped with `EndlessPagesError` (issue #25 item 10), whatever its links
 * say: a page that links on but brings no records (`emptyPage`), or only records of earlier pages, told apart by
 * `keyOf` (`noNewRows`), or a further page when those received already fill what `count` announced (`beyondCount`).
 * So a pull makes at most `count / page size` page requests, plus those in flight when it stops.
 */
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { EndlessPageGuard } from './endless-page-guard';
import { ResponseValidationError } from './errors';
import { linkedAbort } from './abort';
import { pageNumberFromLink } from './page-link';
import { DEFAULT_BULK_PAGE_SIZE, normalizePageSize } from './page-size';

/** With `concurrency` > 1: pages fetched ahead of the one awaited, per request in flight. */
const PAGES_AHEAD_PER_REQUEST = 4;

export interface PageInfo {
  count: number;
  next: string | null;
}

export interface PageProgress {
  /** Pages received so far. */
  pagesDone: number;
  /** Expected number of pages (from `count`), as far as known. */
  pagesTotal: number;
  /** Rows received so far. */
  rows: number;
  /** `count` of the latest page: the number of matching rows on the server. */
  total: number;
}

export interface PaginateOptions {
  /** 1..1000, larger values are capped to 1000. Default 1000 (bulk pulls). */
  pageSize?: number;
  /** Pages fetched in parallel once page 1 has told the `count` (default 1: follow `next` links). */
  concurrency?: number;
  onProgress?: (progress: PageProgress) => void;
  signal?: AbortSignal;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  signal: AbortSignal;
}

export type FetchPage<P> = (request: PageRequest) => Promise<P>;

export interface PaginationContext<T = unknown> {
  method: string;
  path: string;
  language: Language;
  /** The record's identity (its `id`): a page whose records were all seen before brings nothing new. */
  keyOf?: (item: T) => unknown;
  /** Takes the secrets out of a text the service sent (a `next` link quoted in an error). */
  redact?: (text: string) => string;
}

export class PageIterator<P extends PageInfo, T> implements AsyncIterable<P> {
  readonly #fetchPage: FetchPage<P>;
  readonly #itemsOf: (page: P) => readonly T[];
  readonly #options: PaginateOptions;
  readonly #context: PaginationContext<T>;

  constructor(fetchPage: FetchPage<P>, itemsOf: (page: P) => readonly T[], options: PaginateOptions, context: PaginationContext<T>) {
    this.#fetchPage = fetchPage;
    this.#itemsOf = itemsOf;
    this.#options = options;
    this.#context = context;
  }

  [Symbol.asyncIterator](): AsyncIterator<P> {
    return this.#pages();
  }

  /** The rows of all pages, in order. */
  items(): AsyncIterable<T> {
    return { [Symbol.asyncIterator]: () => this.#items() };
  }

  /** The rows of each page, a page at a time (for consumers that work page by page). */
  batches(): AsyncIterable<readonly T[]> {
    return { [Symbol.asyncIterator]: () => this.#batches() };
  }

  async *#batches(): AsyncGenerator<readonly T[], void, undefined> {
    for await (const page of this) yield this.#itemsOf(page);
  }

  /** Collects every row. */
  async all(): Promise<T[]> {
    const rows: T[] = [];
    for await (const page of this) rows.push(...this.#itemsOf(page));
    return rows;
  }

  async *#items(): AsyncGenerator<T, void, undefined> {
    for await (const page of this) yield* this.#itemsOf(page);
  }

  async *#pages(): AsyncGenerator<P, void, undefined> {
    const pageSize = normalizePageSize(this.#options.pageSize, DEFAULT_BULK_PAGE_SIZE);
    const concurrency = Math.max(1, Math.floor(this.#options.concurrency ?? 1));
    const abort = linkedAbort(this.#options.signal);
    const fetchPage = (page: number) => this.#fetchPage({ page, pageSize, signal: abort.signal });
    let pagesDone = 0;
    let rows = 0;
    let pagesTotal = 1;
    const received = (page: P) => {
      pagesDone += 1;
      rows += this.#itemsOf(page).length;
      pagesTotal = Math.max(pagesTotal, pagesDone);
      this.#options.onProgress?.({ pagesDone, pagesTotal, rows, total: page.count });
    };
    const guard = new EndlessPageGuard(this.#itemsOf, this.#context);
    let stopped = false;
    try {
      let current = 1;
      let page = await fetchPage(current);
      guard.first(page);
      const plannedLast = page.next === null ? 1 : Math.max(2, guard.pagesAnnounced(page.count));
      pagesTotal = plannedLast;
      received(page);
      yield page;

      if (concurrency > 1 && page.next !== null) {
        // At most `concurrency` requests in flight, started as soon as one ends: a page that waits (a 429 asking
        // for 30 s, a 500's backoff) holds up the yield, but not the requests behind it, up to `ahead` pages.
        const ahead = concurrency * PAGES_AHEAD_PER_REQUEST;
        const pending: { number: number; promise: Promise<P> }[] = [];
        let running = 0;
        let nextToStart = 2;
        const fill = (): void => {
          while (!stopped && nextToStart <= plannedLast && running < concurrency && pending.length < ahead) {
            const promise = fetchPage(nextToStart);
            running += 1;
            const settled = (): void => {
              running -= 1;
              fill();
            };
            promise.then(settled, settled); // awaited in order below; this also keeps rejections handled
            pending.push({ number: nextToStart, promise });
            nextToStart += 1;
          }
        };
        fill();
        for (let head = pending.shift(); head; head = pending.shift()) {
          page = await head.promise;
          current = head.number;
          guard.check(page, current);
          received(page);
          yield page;
          if (page.next === null) return; // fewer rows than page 1 announced: done
          fill();
        }
      }

      // Sequential mode, or rows were added during a concurrent pull: follow the `next` links.
      while (page.next !== null) {
        const nextNumber = pageNumberFromLink(page.next, this.#context);
        if (nextNumber <= current) {
          // A link back would loop forever.
          const { language, path } = this.#context;
          throw new ResponseValidationError({
            message: translate(language, 'api.error.pageLinkBack', { path, current, page: nextNumber }),
            method: this.#context.method,
            path: this.#context.path,
            issues: [{ path: 'next', message: `page ${nextNumber} after page ${current}` }],
          });
        }
        // The pages received already hold every record `count` announced: a further one would be one too many.
        guard.beforeNext(pagesDone, nextNumber, page);
        current = nextNumber;
        page = await fetchPage(current);
        guard.check(page, current);
        received(page);
        yield page;
      }
    } finally {
      stopped = true; // no further page is started by a request that ends late
      abort.abort(); // cancels prefetched pages nobody will read (break, error)
      abort.dispose();
    }
  }
}
