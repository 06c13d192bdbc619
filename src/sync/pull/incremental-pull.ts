/**
 * The incremental pull (a transactions refresh): what changed since the last pull is written into the table alone
 * where that gives the same table (patched-transactions.ts), else merged into the rows read back from the table
 * (incremental-transactions.ts); either is checked against the service, and rows that pass are written at once.
 * Rows that do not pass are not written: the pull says why (`PullFallback`) and the puller pulls in full instead.
 */

import type { CompletenessReport } from '../../api';
import { tableSpec, TRANSACTIONS_TABLE } from '../tables';
import { incrementalTransactions, type FallbackReason, type IncrementalInput, type IncrementalOutcome } from './incremental-transactions';
import { canPatchAfter, patchedTransactions, type PatchedOutcome } from './patched-transactions';
import { mismatchParams, writeAll, writeOptions, type PullContext, type PullOutcome } from './pull-context';
import type { PullState } from './pull-state';
import type { TransactionPullFilters } from './pull-target';

export interface PullFallback {
  reason: FallbackReason;
  message: string;
  /** The check that failed (reason `mismatch`). */
  verification?: CompletenessReport;
}

/**
 * `patchable`: the port can write a table's changed rows alone and whatever else the pull keeps (the baseline) can
 * follow; a refresh then writes only the changed rows where a patch gives what the whole write would
 * (patched-transactions.ts), and the whole table otherwise.
 */
export async function incrementalPull(
  filters: TransactionPullFilters,
  previous: PullState,
  marginMs: number,
  context: PullContext,
  patchable: boolean,
): Promise<{ outcome: PullOutcome } | { fallback: PullFallback }> {
  const since = new Date(Date.parse(previous.lastPullStartedAt) - marginMs).toISOString();
  const input: IncrementalInput = {
    ...context.fetch,
    port: context.port,
    filters,
    since,
    onReadStart: () => context.emit('reading'),
    onVerifyStart: () => context.emit('verifying'),
  };
  const patched = patchable && canPatchAfter(previous) ? await patchedTransactions(input, previous) : undefined;
  if (patched?.ok === true) return { outcome: await writePatch(patched, context) };
  if (patched?.ok === false) return { fallback: fallbackOf(patched, context) };

  const merged = await incrementalTransactions(input, patched?.fetched);
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
      lookupsMark: merged.lookups.fingerprint(),
    },
  };
}

/** The changed rows written into the table as it is: `writing` from 0 of their number. */
async function writePatch(patched: Extract<PatchedOutcome, { ok: true }>, context: PullContext): Promise<PullOutcome> {
  const { plan, lookups } = patched;
  const patchTable = context.port.patchTable?.bind(context.port);
  if (patchTable === undefined) throw new Error('A patched refresh needs a port that patches tables.');
  const rows = plan.replaced + plan.inserted;
  context.emit('writing', { rows: 0, total: rows });
  const write = await patchTable(
    tableSpec(TRANSACTIONS_TABLE, { lookups, language: context.spec.language }),
    plan.patch,
    writeOptions(context, () => rows),
  );
  const textCuts = patched.textCuts.list();
  return {
    mode: 'incremental',
    write,
    extraWrites: [],
    rowCount: plan.rowCount,
    fetchedRows: patched.changed,
    incremental: { replaced: plan.replaced, inserted: plan.inserted },
    verification: patched.verification,
    ...(textCuts.length > 0 ? { textCuts } : {}),
    warnings: patched.textCuts.warnings(context.label, context.t),
    lookupsMark: lookups.fingerprint(),
    patch: plan.patch,
  };
}

function fallbackOf(
  failed: Extract<IncrementalOutcome, { ok: false }> | Extract<PatchedOutcome, { ok: false }>,
  context: PullContext,
): PullFallback {
  const table = context.label;
  const message =
    failed.reason === 'mismatch' && failed.verification
      ? context.t('pull.fallback.mismatch', mismatchParams(table, failed.verification))
      : failed.reason === 'cellProblems'
        ? context.t('pull.fallback.cellProblems', { table, count: failed.problems ?? 0 })
        : context.t(failed.reason === 'layoutChanged' ? 'pull.fallback.layoutChanged' : 'pull.fallback.tableMissing', { table });
  return { reason: failed.reason, message, ...(failed.verification ? { verification: failed.verification } : {}) };
}
