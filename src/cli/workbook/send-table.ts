/**
 * One table of the file through the core's push (`pushTable` over the xlsx host's push sheet, baselines and
 * journal), as the pane's Changes view sends it: the deletes confirmed first (or not), then the push; rows that
 * wait for a whole-row write, and conflicts when `--take` settles them, go in a second push with the user's word,
 * as the pane's buttons do. A refusal of the whole table (a committed plan, no baseline) is its outcome, with the
 * pane's words; the file's rows keep their status and highlights from the push itself.
 */
import type { CashflowClient } from '../../api';
import type { XlsxHost } from '../../hosts/xlsx';
import type { Language } from '../../i18n/catalog';
import {
  pendingChanges,
  pushTable,
  PushRefusedError,
  type PendingChanges,
  type PushChoices,
  type PushProgress,
  type PushResult,
  type PushRowResult,
  type Resolution,
} from '../../sync/push';
import type { Sleep } from '../../api';
import type { PullPhase, PullProgress } from '../../sync/pull';
import { cliErrorOf } from './cli-errors';
import type { Confirmer } from './push-confirm';
import type { FilePushable } from './push-tables';
import type { ExitCode } from './exit-codes';
import type { ProgressReport } from './progress-report';

export interface SendContext {
  host: XlsxHost;
  client: CashflowClient;
  language: Language;
  giveUpAfterMs: number;
  confirm: Confirmer;
  /** `--take`: how every conflict is settled; absent, conflicts wait in the file. */
  take?: Resolution;
  sleep?: Sleep;
  report: ProgressReport;
}

/** A row of the push's result with the name the file shows for it (the pending row's name or label). */
export type NamedRow = PushRowResult & { name: string };

export interface TablePush {
  table: string;
  resource: string;
  /** Every push run for the table, in order (a second after a confirmation or `--take`): the full results. */
  results: PushResult[];
  /** Each row as it ended (a later push's row replaces the earlier's). */
  rows: NamedRow[];
  /** Rows equal to their baseline at the last push. */
  unchanged: number;
  /** The whole table was refused, nothing sent: why, in the pane's words. */
  refused?: string;
  /** The push stopped (the service down, refused credentials): the message and the exit code it means. */
  error?: { message: string; exitCode: ExitCode };
}

export async function sendTable(table: FilePushable, context: SendContext): Promise<TablePush> {
  const { state, pushable } = table;
  const label = state.tableName;
  const outcome: TablePush = { table: label, resource: state.target.resource, results: [], rows: [], unchanged: 0 };
  context.report.started(label);
  try {
    const pending = await pendingChanges(pushable.model, context.host.push.sheet, context.host.baselines, state.baseline);
    const nameOf = rowNames(pending);
    const deletes = context.confirm.all || (await context.confirm.deletes(label, pushable.records, pending));
    const first = await push(table, context, { deletes, wholeRows: context.confirm.all });
    outcome.results.push(first);
    const again = await secondChoices(label, first, context, deletes, nameOf);
    if (again !== undefined) outcome.results.push(await push(table, context, again));
    Object.assign(outcome, merged(outcome.results, nameOf));
    context.report.finished(label, summaryLine(outcome));
  } catch (error) {
    context.report.failed(label);
    if (error instanceof PushRefusedError) outcome.refused = error.message;
    else {
      const failure = cliErrorOf(error);
      outcome.error = { message: failure.message, exitCode: failure.exitCode };
    }
  }
  return outcome;
}

function push(table: FilePushable, context: SendContext, choices: PushChoices): Promise<PushResult> {
  const { host } = context;
  return pushTable(table.pushable.writeModel, {
    client: context.client,
    sheet: host.push.sheet,
    baselines: host.baselines,
    journal: host.push.journal,
    language: context.language,
    baselineState: table.state.baseline,
    choices,
    giveUpAfterMs: context.giveUpAfterMs,
    label: table.state.tableName,
    onProgress: (progress) => context.report.progress(asBarProgress(table.state.tableName, progress)),
    ...(context.sleep ? { sleep: context.sleep } : {}),
  });
}

/**
 * The push's phases on the pull's progress bar (progress-report.ts): reading the file, checking and comparing as
 * verifying, sending and saving as writing (the writes settled of all), so a terminal shows how far the sending is.
 */
const BAR_PHASES: Record<PushProgress['phase'], PullPhase> = {
  reading: 'reading',
  checking: 'verifying',
  comparing: 'verifying',
  sending: 'writing',
  saving: 'writing',
};

function asBarProgress(tableName: string, progress: PushProgress): PullProgress {
  const phase = BAR_PHASES[progress.phase];
  const message = progress.phase === 'sending' ? 'sending' : progress.phase;
  return { tableName, phase, pagesDone: 0, pagesTotal: 0, rows: progress.done, total: progress.total, message };
}

/** What a second push is for: whole rows the user now confirmed, conflicts `--take` settles; or none. */
async function secondChoices(
  label: string,
  first: PushResult,
  context: SendContext,
  deletes: boolean,
  nameOf: (row: PushRowResult) => string,
): Promise<PushChoices | undefined> {
  const whole = first.rows.filter((row) => row.outcome === 'needsReplace');
  const wholeRows = whole.length > 0 && !context.confirm.all && (await context.confirm.wholeRows(label, whole.map(nameOf)));
  const conflicts = context.take === undefined ? [] : first.rows.filter((row) => row.outcome === 'conflict');
  if (!wholeRows && conflicts.length === 0) return undefined;
  const take = context.take ?? 'theirs';
  return {
    deletes,
    wholeRows: context.confirm.all || wholeRows,
    resolutions: new Map(conflicts.map((row) => [row.key, take])),
  };
}

/** The rows as they ended over the pushes, named. */
function merged(results: readonly PushResult[], nameOf: (row: PushRowResult) => string): Pick<TablePush, 'rows' | 'unchanged'> {
  const byKey = new Map<string, NamedRow>();
  for (const result of results) for (const row of result.rows) byKey.set(row.key, { ...row, name: nameOf(row) });
  const last = results[results.length - 1];
  return { rows: [...byKey.values()], unchanged: last?.unchanged ?? 0 };
}

/** A row's name as the file shows it: the pending row's name (by id, else by where it stands), else its id or key. */
function rowNames(pending: PendingChanges): (row: PushRowResult) => string {
  const byId = new Map(pending.rows.flatMap((r) => (r.ref.id === null ? [] : [[r.ref.id, r.name] as const])));
  const byPosition = new Map(pending.rows.filter((r) => r.kind !== 'deleted').map((r) => [r.ref.position, r.name] as const));
  return (row) =>
    (row.ref.id === null ? undefined : byId.get(row.ref.id)) ??
    byPosition.get(row.ref.position) ??
    (row.ref.id === null ? (row.ref.externalId ?? row.key) : `#${row.ref.id}`);
}

/** `2 sent, 1 waiting, 1 conflict` for the progress line. */
function summaryLine(outcome: TablePush): string {
  const count = (test: (row: NamedRow) => boolean) => outcome.rows.filter(test).length;
  const sent = count((row) => row.outcome === 'landed');
  const notSent = count((row) => row.outcome !== 'landed' && row.outcome !== 'broughtIn');
  return sent + notSent === 0 ? 'nothing to send' : `${sent} sent, ${notSent} not sent`;
}
