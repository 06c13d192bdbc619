/**
 * A pull's session: the context the three pulls share (src/sync/pull/pull-context.ts), with one retry budget for
 * every request of the pull. While it waits for the service, every progress event says so (the latest wait), until
 * the service answers again; a wait repeats the latest event with it.
 */

import { RetryBudget, type CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import type { LookupCache } from './lookup-cache';
import type { PullContext } from './pull-context';
import { progressEvent, waitingSeconds, type ProgressCounts, type PullPhase, type PullProgress, type PullWaiting } from './pull-progress';

/** What every pull of one puller fetches with. */
export interface PullSessionSettings {
  client: CashflowClient;
  language: Language;
  pageSize: number;
  concurrency: number;
  giveUpAfterMs: number;
  companyCurrency?: string;
  lookupCache?: LookupCache;
}

export function pullSession(
  settings: PullSessionSettings,
  table: Pick<PullContext, 'spec' | 'label' | 'port' | 't'>,
  caller: { signal?: AbortSignal; onProgress?: (progress: PullProgress) => void },
): PullContext {
  const { signal } = caller;
  let latest: { phase: PullPhase; counts: ProgressCounts } = { phase: 'fetching', counts: {} };
  let lastWait: PullWaiting | undefined;
  const budget = new RetryBudget({
    giveUpAfterMs: settings.giveUpAfterMs,
    onWait: (wait) => {
      lastWait = { reason: wait.reason, seconds: waitingSeconds(wait.delayMs) };
      context.emit(latest.phase, latest.counts);
    },
  });
  const context: PullContext = {
    ...table,
    fetch: {
      client: settings.client.withRetryBudget(budget),
      pageSize: settings.pageSize,
      concurrency: settings.concurrency,
      ...(settings.companyCurrency === undefined ? {} : { companyCurrency: settings.companyCurrency }),
      ...(settings.lookupCache === undefined ? {} : { lookupCache: settings.lookupCache }),
      onPage: (p) => context.emit('fetching', { pagesDone: p.pagesDone, pagesTotal: p.pagesTotal, rows: p.rows, total: p.total }),
      ...(signal === undefined ? {} : { signal }),
    },
    emit: (phase, counts = {}) => {
      latest = { phase, counts };
      const waiting = budget.failing && phase !== 'done' ? lastWait : undefined;
      caller.onProgress?.(progressEvent(settings.language, table.label, phase, counts, waiting));
    },
  };
  return context;
}
