/**
 * The errors a pull ends with, in the user's words: no stored pull to repeat, a service that kept failing, pages that
 * would not end. `asPullError` turns the client's errors into the pull's.
 */

import { EndlessPagesError, ServiceDownError, type EndlessPagesReason, type RetryReason } from '../../api';
import type { MessageKey } from '../../i18n/catalog';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export class PullStateMissingError extends Error {
  constructor(
    readonly tableName: string,
    message: string,
  ) {
    super(message);
    this.name = 'PullStateMissingError';
  }
}

/**
 * The service kept failing for the pull's `giveUpAfterMs` without one success: the pull stopped, and the table is as it
 * was before it (the host put it back). `cause` is the client's `ServiceDownError`; `status` its last failure's.
 */
export class PullServiceDownError extends Error {
  override name = 'PullServiceDownError';
  readonly tableName: string;
  readonly failingForMs: number;
  readonly reason: RetryReason;
  readonly status: number | undefined;

  constructor(tableName: string, message: string, cause: ServiceDownError) {
    super(message, { cause });
    this.tableName = tableName;
    this.failingForMs = cause.failingForMs;
    this.reason = cause.reason;
    this.status = cause.status;
  }
}

/**
 * The service's pages would not end (`EndlessPagesError` of src/api: a page that links on without records, or with
 * only records of earlier pages, or more pages than its `count` fills): the pull stopped after a bounded number of
 * requests, and the table is as it was before it (the host put it back). `cause` is the client's error.
 */
export class PullEndlessPagesError extends Error {
  override name = 'PullEndlessPagesError';
  readonly tableName: string;
  readonly reason: EndlessPagesReason;
  readonly page: number;

  constructor(tableName: string, message: string, cause: EndlessPagesError) {
    super(message, { cause });
    this.tableName = tableName;
    this.reason = cause.reason;
    this.page = cause.page;
  }
}

/** The client's error as the pull's (named for the table, in the user's words); any other error as it is. */
export function asPullError(error: unknown, tableName: string, label: string, t: Translate): unknown {
  if (error instanceof ServiceDownError) {
    return new PullServiceDownError(
      tableName,
      t('pull.error.serviceDown', { table: label, seconds: Math.round(error.failingForMs / 1000) }),
      error,
    );
  }
  if (error instanceof EndlessPagesError) {
    const params = { table: label, page: error.page, count: error.count, pages: error.pagesAnnounced };
    return new PullEndlessPagesError(tableName, t(`pull.error.endlessPages.${error.reason}`, params), error);
  }
  return error;
}

/**
 * The service holds more rows for the table than a worksheet has room for below its header: the pull refused before
 * writing a row (page 1 told the `count`), and the table is as it was before it. The message names the count, the
 * room and the filters that would narrow the load.
 */
export class PullTooManyRowsError extends Error {
  override name = 'PullTooManyRowsError';

  constructor(
    readonly tableName: string,
    readonly count: number,
    readonly room: number,
    message: string,
  ) {
    super(message);
  }
}
