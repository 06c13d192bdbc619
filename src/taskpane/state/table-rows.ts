/**
 * The Data view's rows: each table of the list (`table-list.ts`) with what the workbook holds of it (its pull
 * state), a filter the user set and did not load yet, this session's verdict and outcome, and whether it waits in
 * the queue or is loading.
 */

import type { TableFilter } from '../../sync/filters/table-filter';
import { targetKey, type PullState, type PullTarget } from '../../sync/pull';
import type { Job, PullOutcome, TableRow, Verdict } from './app-snapshot';
import { verdictOfState } from './pull-verdict';
import type { TableEntry } from './table-list';

export interface TableRowsSource {
  entries: readonly TableEntry[];
  /** The pull states the workbook holds. */
  pulled: readonly PullState[];
  verdicts: ReadonlyMap<string, Verdict>;
  outcomes: ReadonlyMap<string, PullOutcome>;
  /** Filters set and not loaded yet, by table id. */
  drafts: ReadonlyMap<string, TableFilter>;
  queue: readonly string[];
  job: Job | undefined;
  /** The target a filter pulls today (its period resolved). */
  resolve(filter: TableFilter): PullTarget;
}

export function tableRows(source: TableRowsSource): TableRow[] {
  return source.entries.map((entry) => tableRow(entry, source));
}

function tableRow(entry: TableEntry, source: TableRowsSource): TableRow {
  const pulled = source.pulled.find((s) => s.tableName.toLowerCase() === entry.tableName.toLowerCase());
  const verdict = source.verdicts.get(entry.id) ?? (pulled?.complete === undefined ? undefined : verdictOfState(pulled));
  const outcome = source.outcomes.get(entry.id);
  const draft = source.drafts.get(entry.id);
  const { period: _pulledPeriod, ...pulledEntry } = entry;
  const filter = draft ?? entry;
  return {
    ...pulledEntry,
    target: filter.target,
    ...(filter.period === undefined ? {} : { period: filter.period }),
    filterPending: draft !== undefined && (targetKey(source.resolve(draft)) !== targetKey(entry.target) || draft.period !== entry.period),
    ...(pulled === undefined ? {} : { pulled }),
    ...(verdict === undefined ? {} : { verdict }),
    ...(outcome === undefined ? {} : { outcome }),
    queued: source.queue.includes(entry.id),
    running: source.job?.tableId === entry.id,
  };
}
