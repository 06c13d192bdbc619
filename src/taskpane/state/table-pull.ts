/**
 * One table's load: the puller for the connection, then a refresh when the table was pulled before with the same
 * filters (only what changed since), else a full pull of the resolved target, confirmed first (`confirm` counts the
 * rows and asks when they are many). The queue, the job and what the card says are `pulls-state.ts`'s.
 */

import type { Language } from '../../i18n/catalog';
import type { ActiveConnection } from '../../sync/connect';
import { createPuller, targetKey, type LookupCache, type PullProgress, type PullResult, type PullTarget } from '../../sync/pull';
import type { TableRow } from './app-snapshot';
import type { PaneHost } from './pane-host';

export interface TablePull {
  row: TableRow;
  /** The row's filter as it pulls today (its period resolved). */
  target: PullTarget;
  connection: ActiveConnection;
  host: PaneHost;
  language: Language;
  /** `full`: every row again, even when the filters are the same. */
  mode: 'auto' | 'full';
  /** The card's name, the one every message of the pull uses. */
  label: string;
  /** The company currency the user chose (none: the pull infers it from the accounts). */
  companyCurrency?: string;
  /** The categories and accounts shared by the queue's pulls (read once while the queue runs). */
  lookupCache?: LookupCache;
  now?: () => number;
  signal: AbortSignal;
  onProgress(progress: PullProgress): void;
  /** Before a full load: true to load (the rows counted and, when many, the user asked). */
  confirm(target: PullTarget): Promise<boolean>;
}

/** The pull's result; undefined when the user said no to the confirmation (the table stays as it is). */
export async function pullTable(pull: TablePull): Promise<PullResult | undefined> {
  const { row, target, connection, host } = pull;
  const puller = createPuller({
    client: connection.client,
    port: host.port,
    store: host.pullStates,
    language: pull.language,
    ...(host.baselines ? { baselines: host.baselines } : {}),
    ...(pull.companyCurrency === undefined ? {} : { companyCurrency: pull.companyCurrency }),
    ...(pull.lookupCache === undefined ? {} : { lookupCache: pull.lookupCache }),
    ...(pull.now ? { now: pull.now } : {}),
  });
  const options = {
    signal: pull.signal,
    mode: pull.mode,
    label: pull.label,
    // The stamp above the table names the company as the pane's header does.
    company: connection.profile.name,
    onProgress: pull.onProgress,
    ...(row.period === undefined ? {} : { period: row.period }),
  } as const;
  const samePull = row.pulled !== undefined && targetKey(row.pulled.target) === targetKey(target) && row.pulled.period === row.period;
  if ((!samePull || pull.mode === 'full') && !(await pull.confirm(target))) return undefined;
  return samePull ? puller.refresh(row.tableName, options) : puller.pull(target, { ...options, mode: 'full' });
}
