/**
 * Watches the pages of one list as they arrive and stops a service whose pages would not end (issue #25 item 10,
 * `EndlessPagesError`): a page that links on but brings no records, or only records of earlier pages (by `keyOf`),
 * or a further page when those received already fill what `count` announced at the first page's size. A count may
 * grow while the pages are read (records added meanwhile), but only by a tenth of the first page's count (at least a
 * page): a service announcing one page more with every page would otherwise be followed for ever.
 */
import type { Language } from '../i18n/catalog';
import { IdSet } from './id-set';
import { EndlessPagesError, type EndlessPagesReason } from './endless-pages-error';

/** What the guard reads of a page (paginate.ts's `PageInfo`). */
interface LinkedPage {
  count: number;
  next: string | null;
}

/** The list the pages belong to (paginate.ts's `PaginationContext`). */
interface GuardContext<T> {
  method: string;
  path: string;
  language: Language;
  keyOf?: ((item: T) => unknown) | undefined;
}

export class EndlessPageGuard<P extends LinkedPage, T> {
  readonly #itemsOf: (page: P) => readonly T[];
  readonly #context: GuardContext<T>;
  /** The pages' records so far, by key: the `noNewRows` check. */
  readonly #seen = new IdSet();
  #perPage = 1;
  /** The most records the pages may bring: the first page's count and a tenth more (at least a page). */
  #countCap = Number.POSITIVE_INFINITY;

  constructor(itemsOf: (page: P) => readonly T[], context: GuardContext<T>) {
    this.#itemsOf = itemsOf;
    this.#context = context;
  }

  /** Pages `count` fills at the first page's size (at least 1). */
  pagesAnnounced(count: number): number {
    return Math.max(1, Math.ceil(count / this.#perPage));
  }

  /** The first page: a full one tells the real page size, even if the service capped it lower than asked. */
  first(page: P): void {
    this.#perPage = Math.max(1, this.#itemsOf(page).length);
    this.#countCap = page.count + Math.max(this.#perPage, Math.ceil(page.count / 10));
    this.check(page, 1);
  }

  /** Throws when page `number`, which links on, brings no records, or none that earlier pages did not bring. */
  check(page: P, number: number): void {
    const items = this.#itemsOf(page);
    const { keyOf } = this.#context;
    let fresh = false;
    if (keyOf !== undefined) {
      for (const item of items) {
        if (this.#seen.add(keyOf(item))) fresh = true;
      }
    }
    if (page.next === null) return;
    if (items.length === 0) throw this.#endless('emptyPage', number, page);
    if (keyOf !== undefined && !fresh) throw this.#endless('noNewRows', number, page);
  }

  /** Throws before page `number` is asked for when the `pagesDone` received already hold every record announced. */
  beforeNext(pagesDone: number, number: number, page: P): void {
    if (pagesDone >= this.pagesAnnounced(Math.min(page.count, this.#countCap))) throw this.#endless('beyondCount', number, page);
  }

  #endless(reason: EndlessPagesReason, number: number, page: P): EndlessPagesError {
    const { method, path, language } = this.#context;
    return new EndlessPagesError({
      reason,
      page: number,
      count: page.count,
      pagesAnnounced: this.pagesAnnounced(page.count),
      method,
      path,
      language,
    });
  }
}
