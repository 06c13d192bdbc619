/**
 * The incremental pull (a transactions refresh): what changed since the last pull is merged into the rows read
 * back from the table and checked against the service (incremental-transactions.ts); rows that pass are written
 * at once. Rows that do not pass are not written: the pull says why (`PullFallback`) and the puller pulls in
 * full instead.
 */

import type { CompletenessReport } from '../../api';
import { tableSpec, TRANSACTIONS_TABLE } from '../tables';
import { incrementalTransactions, type FallbackReason, type IncrementalOutcome } from './incremental-transactions';
import { mismatchParams, writeAll, type PullContext, type PullOutcome } from './pull-context';
import type { PullState } from './pull-state';
import type { TransactionPullFilters } from './pull-target';

export interface PullFallback {
  reason: FallbackReason;
  message: string;
  /** The check that failed (reason `mismatch`). */
  verification?: CompletenessReport;
}

export async function incrementalPull(
  filters: TransactionPullFilters,
  previous: PullState,
  marginMs: number,
  context: PullContext,
): Promise<{ outcome: PullOutcome } | { fallback: PullFallback }> {
  const since = new Date(Date.parse(previous.lastPullStartedAt) - marginMs).toISOString();
  const merged = await incrementalTransactions({
    ...context.fetch,
    port: context.port,
    filters,
    since,
    onReadStart: () => context.emit('reading'),
    onVerifyStart: () => context.emit('verifying'),
  });
  if (!merged.ok) return { fallback: fallbackOf(merged, context) };

  const write = await writeAll(
    context,
    merged.rows,
    tableSpec(TRANSACTIONS_TABLE, { lookups: merged.lookups, language: context.spec.language }),
  );
  const textCuts = merged.textCuts.list();
  return {
    outcome: {
      mode: 'incremental',
      write,
      extraWrites: [],
      rowCount: merged.rows.length,
      fetchedRows: merged.changed,
      incremental: { replaced: merged.replaced, inserted: merged.inserted },
      verification: merged.verification,
      ...(textCuts.length > 0 ? { textCuts } : {}),
      warnings: merged.textCuts.warnings(context.label, context.t),
    },
  };
}

function fallbackOf(failed: Extract<IncrementalOutcome, { ok: false }>, context: PullContext): PullFallback {
  const table = context.label;
  const message =
    failed.reason === 'mismatch' && failed.verification
      ? context.t('pull.fallback.mismatch', mismatchParams(table, failed.verification))
      : failed.reason === 'cellProblems'
        ? context.t('pull.fallback.cellProblems', { table, count: failed.problems ?? 0 })
        : context.t(failed.reason === 'layoutChanged' ? 'pull.fallback.layoutChanged' : 'pull.fallback.tableMissing', { table });
  return { reason: failed.reason, message, ...(failed.verification ? { verification: failed.verification } : {}) };
}
