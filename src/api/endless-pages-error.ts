/**
 * Pages that would not end (issue #25 item 10): the service keeps linking to a next page although the page it sent
 * brought no records (`emptyPage`), brought only records of earlier pages (`noNewRows`), or the pages already
 * received fill what its `count` announced (`beyondCount`). The pagination stops there instead of following the
 * links for ever; what was received before is the caller's to keep or drop (a pull puts the previous table back).
 */
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { ResponseValidationError } from './errors';

export type EndlessPagesReason = 'emptyPage' | 'noNewRows' | 'beyondCount';

export interface EndlessPagesInit {
  reason: EndlessPagesReason;
  /** The page that showed it (`beyondCount`: the page the link asked for next). */
  page: number;
  /** `count` of the latest page. */
  count: number;
  /** Pages `count` fills at the first page's size. */
  pagesAnnounced: number;
  method: string;
  path: string;
  language: Language;
}

export class EndlessPagesError extends ResponseValidationError {
  override name = 'EndlessPagesError';
  readonly reason: EndlessPagesReason;
  readonly page: number;
  readonly count: number;
  readonly pagesAnnounced: number;

  constructor(init: EndlessPagesInit) {
    const params = { path: init.path, page: init.page, count: init.count, pages: init.pagesAnnounced };
    const message = translate(init.language, `api.error.endlessPages.${init.reason}`, params);
    super({ message, method: init.method, path: init.path, issues: [{ path: 'next', message }] });
    this.reason = init.reason;
    this.page = init.page;
    this.count = init.count;
    this.pagesAnnounced = init.pagesAnnounced;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason, page: this.page, count: this.count, pagesAnnounced: this.pagesAnnounced };
  }
}
