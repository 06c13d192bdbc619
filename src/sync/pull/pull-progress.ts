/**
 * Progress of a pull as the task pane shows it: a phase, counts, and a message in the user's language; while the pull
 * waits for the service (a 429's `Retry-After`, the backoff after a 5xx), `waiting` says why and for how long, and
 * the message says so instead.
 */

import type { RetryReason } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';

/**
 * `finishing`: every row is in the table and the write is over; what follows (the push's baseline, the stamps, the
 * pull state) no longer stops for a cancel, so a pane shows Cancel disabled then (a million rows' baseline takes
 * seconds).
 */
export type PullPhase = 'reading' | 'fetching' | 'verifying' | 'writing' | 'finishing' | 'done';

export interface PullProgress {
  tableName: string;
  phase: PullPhase;
  /** Pages received (fetching). */
  pagesDone: number;
  pagesTotal: number;
  /** Rows fetched (fetching), written (writing) or in the table (finishing, done). */
  rows: number;
  /** Rows expected: `count` of the service (fetching), rows to write (writing). */
  total: number;
  /**
   * Set while the pull waits for the service: `rateLimited` (it asked us to wait, 429 with `Retry-After`) or
   * `serviceError` (it failed: 5xx, no answer; we wait before trying again), and the seconds of the latest wait.
   * Every event between that wait and the next answer from the service carries it.
   */
  waiting?: PullWaiting;
  message: string;
}

export interface PullWaiting {
  reason: RetryReason;
  seconds: number;
}

const WAITING_KEYS: Record<RetryReason, MessageKey> = {
  rateLimited: 'pull.progress.waitingRateLimited',
  serviceError: 'pull.progress.waitingServiceError',
};

const KEYS: Record<PullPhase, MessageKey> = {
  reading: 'pull.progress.reading',
  fetching: 'pull.progress.fetching',
  verifying: 'pull.progress.verifying',
  writing: 'pull.progress.writing',
  finishing: 'pull.progress.finishing',
  done: 'pull.progress.done',
};

/** The counts of one event; those left out are 0. */
export interface ProgressCounts {
  pagesDone?: number;
  pagesTotal?: number;
  rows?: number;
  total?: number;
}

export function progressEvent(
  language: Language,
  tableName: string,
  phase: PullPhase,
  counts: ProgressCounts = {},
  waiting?: PullWaiting,
): PullProgress {
  const event = {
    tableName,
    phase,
    pagesDone: counts.pagesDone ?? 0,
    pagesTotal: counts.pagesTotal ?? 0,
    rows: counts.rows ?? 0,
    total: counts.total ?? 0,
  };
  const message =
    waiting === undefined
      ? translate(language, KEYS[phase], {
          table: tableName,
          page: event.pagesDone,
          pages: event.pagesTotal,
          rows: event.rows,
          total: event.total,
        })
      : translate(language, WAITING_KEYS[waiting.reason], { table: tableName, seconds: waiting.seconds });
  return { ...event, ...(waiting === undefined ? {} : { waiting }), message };
}

/** A wait of `delayMs` in whole seconds as the user reads it: at least 1. */
export function waitingSeconds(delayMs: number): number {
  return Math.max(1, Math.ceil(delayMs / 1000));
}
