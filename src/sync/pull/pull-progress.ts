/** Progress of a pull as the task pane shows it: a phase, counts, and a message in the user's language. */

import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';

export type PullPhase = 'reading' | 'fetching' | 'verifying' | 'writing' | 'done';

export interface PullProgress {
  tableName: string;
  phase: PullPhase;
  /** Pages received (fetching). */
  pagesDone: number;
  pagesTotal: number;
  /** Rows fetched (fetching), written (writing) or in the table (done). */
  rows: number;
  /** Rows expected: `count` of the service (fetching), rows to write (writing). */
  total: number;
  message: string;
}

const KEYS: Record<PullPhase, MessageKey> = {
  reading: 'pull.progress.reading',
  fetching: 'pull.progress.fetching',
  verifying: 'pull.progress.verifying',
  writing: 'pull.progress.writing',
  done: 'pull.progress.done',
};

/** The counts of one event; those left out are 0. */
export interface ProgressCounts {
  pagesDone?: number;
  pagesTotal?: number;
  rows?: number;
  total?: number;
}

export function progressEvent(language: Language, tableName: string, phase: PullPhase, counts: ProgressCounts = {}): PullProgress {
  const event = { tableName, phase, pagesDone: counts.pagesDone ?? 0, pagesTotal: counts.pagesTotal ?? 0, rows: counts.rows ?? 0, total: counts.total ?? 0 };
  const message = translate(language, KEYS[phase], {
    table: tableName,
    page: event.pagesDone,
    pages: event.pagesTotal,
    rows: event.rows,
    total: event.total,
  });
  return { ...event, message };
}
