/**
 * The tables of a file refreshed as the pane's *Refresh all* runs them (refresh-order.ts), one after the other, each
 * through the pane's puller over the xlsx host: `puller.refresh(tableName)` when the stored filter still holds
 * (transactions incremental), a full pull of the filter resolved today when a relative period moved to new dates;
 * pending edits held around it (table-edits.ts); the input style after a pushable table's pull. Each table is all or
 * nothing: a pull that fails has put its table back (cells, stamp, pull state, baseline) and the others go on,
 * unless the service is down or refuses us: then the rest is not tried (each would wait the same budget in vain).
 */
import type { CashflowClient } from '../../api';
import type { XlsxHost } from '../../hosts/xlsx';
import type { Language } from '../../i18n/catalog';
import { todayOf } from '../../sync/filters/relative-period';
import { resolveFilter } from '../../sync/filters/table-filter';
import { targetKey, type Puller, type PullResult, type PullState } from '../../sync/pull';
import { workbookPuller } from './pull-tables';
import { pushableOf } from '../../sync/pushable';
import type { CliIo } from './cli-io';
import { cliErrorOf } from './cli-errors';
import { EXIT, type ExitCode } from './exit-codes';
import { progressReport, type ProgressReport } from './progress-report';
import { refreshOrder, tableLabel } from './refresh-order';
import { holdEdits, type EditsOutcome } from './table-edits';

export interface RefreshPlan {
  language: Language;
  /** The connection's name (the stamps name it). */
  name: string;
  fiscalYearStartMonth: number;
  giveUpAfterMs: number;
  discardEdits: boolean;
  full: boolean;
}

/** One table's refresh, as the summary and `--json` tell it. */
export type TableRefresh = { table: string; label: string; resource: string } & (
  | {
      status: 'refreshed';
      mode: 'full' | 'incremental';
      /** Why this mode, in words. */
      why: string;
      rows: number;
      fetched: number;
      replaced?: number;
      inserted?: number;
      complete: boolean;
      warnings: string[];
      edits: EditsOutcome;
    }
  | { status: 'failed'; error: string; exitCode: ExitCode; edits?: EditsOutcome }
  | { status: 'notTried'; reason: string }
);

interface RefreshContext {
  puller: Puller;
  host: XlsxHost;
  plan: RefreshPlan;
  io: CliIo;
  report: ProgressReport;
}

export async function refreshTables(host: XlsxHost, client: CashflowClient, plan: RefreshPlan, io: CliIo): Promise<TableRefresh[]> {
  const puller = workbookPuller(host, client, plan, io);
  const context: RefreshContext = { puller, host, plan, io, report: progressReport(io.stderr) };
  const outcomes: TableRefresh[] = [];
  let stop: string | undefined;
  for (const state of refreshOrder(await host.pullStates.list())) {
    const named = { table: state.tableName, label: tableLabel(state, plan.language), resource: state.target.resource };
    if (stop !== undefined) {
      outcomes.push({ ...named, status: 'notTried', reason: stop });
      continue;
    }
    const outcome = await refreshOne(state, named, context);
    outcomes.push(outcome);
    if (outcome.status === 'failed' && (outcome.exitCode === EXIT.serviceDown || outcome.exitCode === EXIT.refused))
      stop = `not tried: ${named.label} failed first (${outcome.exitCode === EXIT.serviceDown ? 'the service is down' : 'refused by the service'})`;
  }
  return outcomes;
}

async function refreshOne(state: PullState, named: { table: string; label: string }, c: RefreshContext): Promise<TableRefresh> {
  const filter = { target: state.target, ...(state.period === undefined ? {} : { period: state.period }) };
  const today = resolveFilter(filter, { today: todayOf(c.io.now), fiscalYearStartMonth: c.plan.fiscalYearStartMonth });
  const same = targetKey(today) === targetKey(state.target);
  const held = await holdEdits(c.host, state, c.plan.discardEdits);
  const options = {
    label: named.label,
    company: c.plan.name,
    mode: c.plan.full ? ('full' as const) : ('auto' as const),
    onProgress: c.report.progress,
  };
  c.report.started(named.label);
  let result: PullResult;
  try {
    result = same
      ? await c.puller.refresh(state.tableName, options)
      : await c.puller.pull(today, { ...options, mode: 'full', ...(state.period === undefined ? {} : { period: state.period }) });
  } catch (error) {
    c.report.failed(named.label);
    const failure = cliErrorOf(error);
    return {
      ...named,
      resource: state.target.resource,
      status: 'failed',
      error: failure.message,
      exitCode: failure.exitCode,
      edits: held.outcome,
    };
  }
  const pushable = pushableOf(today);
  if (pushable !== undefined) await c.host.push.styleInputs(pushable.model);
  const edits = await held.putBack();
  const after = await c.puller.state(result.tableName);
  const complete = after?.complete ?? result.warnings.length === 0;
  const outcome = refreshedOutcome(state, named, result, { complete, edits, same, full: c.plan.full });
  c.report.finished(named.label, finishedLine(outcome));
  return outcome;
}

function refreshedOutcome(
  state: PullState,
  named: { table: string; label: string },
  result: PullResult,
  facts: { complete: boolean; edits: EditsOutcome; same: boolean; full: boolean },
): TableRefresh {
  return {
    ...named,
    resource: state.target.resource,
    status: 'refreshed',
    mode: result.mode,
    why: whyMode(state, result, facts),
    rows: result.rowCount,
    fetched: result.fetchedRows,
    ...(result.replaced === undefined ? {} : { replaced: result.replaced }),
    ...(result.inserted === undefined ? {} : { inserted: result.inserted }),
    complete: facts.complete,
    warnings: result.warnings,
    edits: facts.edits,
  };
}

/** Why the refresh was incremental or full, in the words a controller reads in the log. */
function whyMode(state: PullState, result: PullResult, facts: { same: boolean; full: boolean }): string {
  if (result.mode === 'incremental') return `what changed since the last refresh (started ${state.lastPullStartedAt})`;
  if (facts.full) return 'asked for (--full)';
  if (!facts.same) return `the period ${state.period ?? ''} now covers other dates: pulled whole with them`;
  if (result.fallback !== undefined) return `the incremental refresh fell back: ${result.fallback.message}`;
  if (state.target.resource === 'transactions') return 'pulled whole';
  return 'the whole table: only transactions can be refreshed by what changed';
}

function finishedLine(outcome: TableRefresh): string {
  if (outcome.status !== 'refreshed') return outcome.status;
  const counts = outcome.mode === 'incremental' ? ` (${outcome.replaced ?? 0} replaced, ${outcome.inserted ?? 0} inserted)` : '';
  const verdict = outcome.complete ? 'complete' : `not complete: ${outcome.warnings[0] ?? ''}`;
  const edits = outcome.edits.action === 'kept' || outcome.edits.action === 'discarded' ? `, edits ${outcome.edits.action}` : '';
  return `${outcome.mode}, ${outcome.rows.toLocaleString('en')} rows${counts}, ${verdict}${edits}`;
}
