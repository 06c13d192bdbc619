/**
 * The pull: brings one resource into its Excel table, or refreshes a table pulled before.
 *
 *   const puller = createPuller({ client, port, store, language: 'de' });
 *   const result = await puller.pull({ resource: 'transactions', filters: { min_date: '2024-01-01' } }, { signal, onProgress });
 *   await puller.refresh('Transactions', { signal, onProgress });
 *
 * `pull()` runs as named steps (`pullOnce` below: target, session, fetch and write, baseline, stamps, state and
 * result; the session in pull-session.ts, the errors in pull-errors.ts). It chooses one of three pulls and keeps the
 * bookkeeping they share; README.md says which runs when and what each guarantees:
 * - `incrementalPull` (incremental-pull.ts): a transactions refresh, what changed since the last pull merged
 *   into the table; falls back to a full pull when the check against the service does not match.
 * - `streamedPull` (streamed-pull.ts): a full pull of a paged resource, written while the pages arrive.
 * - `fetchThenWritePull` (fetch-then-write-pull.ts): categories, plans, accounts (+ balance summary).
 *
 * Every request of one pull shares one retry budget (`RetryBudget` of src/api): a page that fails waits and retries
 * while the other pages go on, and the pull stops only when the service has failed for `giveUpAfterMs` without one
 * success (`PullServiceDownError`; the host has then put the previous table back). Progress tells the waits.
 */

import { throwIfAborted } from '../../api/abort';
import { DEFAULT_GIVE_UP_AFTER_MS, type CashflowClient, type CompletenessReport } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { RelativePeriod } from '../filters/relative-period';
import { baselinePatchOf, keepsBaseline, type BaselinePatch, type BaselineSource, type BaselineStore } from '../push/baseline';
import { BALANCE_SUMMARY_TABLE, tableSpec } from '../tables';
import type { WorkbookPort, WriteResult } from '../workbook-port';
import { fetchThenWritePull } from './fetch-then-write-pull';
import type { IdClash } from './id-clashes';
import { incrementalPull, type PullFallback } from './incremental-pull';
import type { PullContext, PullOutcome } from './pull-context';
import type { PullProgress } from './pull-progress';
import { asPullError, PullStateMissingError } from './pull-errors';
import { pullSession, type PullSessionSettings } from './pull-session';
import type { LookupCache } from './lookup-cache';
import { recordingPort } from './recording-port';
import { MAX_KEPT_CUTS, PULL_STATE_VERSION, type PullState, type PullStateStore } from './pull-state';
import { checkTarget, isOneAnswer, modelOf, targetKey, type PullTarget } from './pull-target';
import { streamedPull } from './streamed-pull';
import type { TextCut } from './text-cuts';
import { writeStamps, type PullFacts, type StampedTable } from './write-stamps';

export type { PullFallback } from './incremental-pull';
export { PullEndlessPagesError, PullServiceDownError, PullStateMissingError, PullTooManyRowsError } from './pull-errors';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export const DEFAULT_PULL_PAGE_SIZE = 1000;
export const DEFAULT_PULL_CONCURRENCY = 4;
/**
 * Subtracted from the last pull's start before it becomes `min_date_updated`: the start is taken on this
 * machine's clock, `date_updated` on the service's; the margin absorbs a skew of that size. Re-fetching a few
 * records twice is harmless (they are merged by id).
 */
export const DEFAULT_INCREMENTAL_MARGIN_MS = 10 * 60_000;

export interface PullerOptions {
  client: CashflowClient;
  port: WorkbookPort;
  store: PullStateStore;
  /** Language of progress texts and reports (default: the client's). */
  language?: Language;
  pageSize?: number;
  concurrency?: number;
  incrementalMarginMs?: number;
  /** Clock in ms (default `Date.now`). */
  now?: () => number;
  /**
   * A pull gives up when the service has been failing this long without one successful answer, counted over all its
   * requests (default 60 000 ms). Until then a failing page waits and retries (Retry-After, backoff) as often as needed.
   */
  giveUpAfterMs?: number;
  /**
   * Where the push's baselines are kept (Excel: `SheetBaselineStore`). Given, every successful pull of a pushable
   * table (forecast and scenario budgets, invoices, transactions) stores what it wrote there.
   */
  baselines?: BaselineStore;
  /**
   * The company's currency as the user chose it (the pane's Settings, per connection profile), shown by the amounts in
   * the company's currency; default: the currency most of the company's accounts have (`inferCompanyCurrency`).
   */
  companyCurrency?: string;
  /** The categories and accounts read once for a run of pulls (the pane's queue: Refresh all), `lookup-cache.ts`. */
  lookupCache?: LookupCache;
}

export interface PullOptions {
  signal?: AbortSignal;
  onProgress?: (progress: PullProgress) => void;
  /** `auto` (default): incremental where possible; `full`: always everything. */
  mode?: 'auto' | 'full';
  /** The table's relative period, kept in the pull state beside the target it resolved to (src/sync/filters). */
  period?: RelativePeriod;
  /**
   * The table's name in every message (progress, warnings, errors): the one the user knows it by, the pane's card
   * ("Forecast budgets", never `ForecastBudgets`). Default: the Excel table's name.
   */
  label?: string;
  /** The company as the pane's header names it (the connection's name), for the stamp above the table. */
  company?: string;
}

export interface PullResult {
  tableName: string;
  target: PullTarget;
  mode: 'full' | 'incremental';
  /** Why an incremental refresh became a full pull. */
  fallback?: PullFallback;
  /** Rows in the table after the pull. */
  rowCount: number;
  /** Records received from the service by this pull (incremental: the changed ones). */
  fetchedRows: number;
  /** Incremental: rows replaced and inserted. */
  replaced?: number;
  inserted?: number;
  /** Transactions: the rows as written, checked against `count`/`sum` of `/transactions/extended/`. */
  verification?: CompletenessReport;
  /** Ids the service gave several records of one page: only the first of each is in the table (issue #25 item 12). */
  idClashes?: IdClash[];
  /** Texts longer than an Excel cell holds, cut in the table (`cutForCell`): record id and column (issue #25 item 11). */
  textCuts?: TextCut[];
  /** Messages for the user (e.g. the service changed during the pull, a record's text was cut). */
  warnings: string[];
  startedAt: string;
  finishedAt: string;
  write: WriteResult;
  /** Tables written besides the main one (the balance summary of the accounts pull). */
  extraWrites: WriteResult[];
}

export interface Puller {
  pull(target: PullTarget, options?: PullOptions): Promise<PullResult>;
  /** Repeats the stored pull of a table (same resource and filters). */
  refresh(tableName: string, options?: PullOptions): Promise<PullResult>;
  /** The stored state of a table, if it was pulled. */
  state(tableName: string): Promise<PullState | undefined>;
}

/**
 * The targets a push sends from: forecast and scenario budgets, the company's invoices and a group's, and the
 * transactions' categories. All plans' budgets are read-only.
 */
const PUSHABLE: ReadonlySet<PullTarget['resource']> = new Set([
  'forecastBudgets',
  'scenarioBudgets',
  'invoices',
  'groupInvoices',
  'transactions',
]);

function pushable(target: PullTarget): boolean {
  return PUSHABLE.has(target.resource);
}

/** The name the stamp gives a table a pull writes besides its own (the accounts' balance summary). */
function extraLabel(tableName: string, t: (key: MessageKey) => string): string {
  return tableName === BALANCE_SUMMARY_TABLE.tableName ? t('stamp.table.balanceSummary') : tableName;
}

/** Stores the baseline of the rows a pull wrote; one that cannot be stored is removed (see the comment at the call). */
async function keepBaseline(baselines: BaselineStore, tableName: string, rows: BaselineSource): Promise<'stored' | 'missing'> {
  try {
    await baselines.write(tableName, rows);
    return 'stored';
  } catch {
    await baselines.remove(tableName).catch(() => undefined);
    return 'missing';
  }
}

/** Puts a patched refresh's rows into the stored baseline; one that cannot take them is removed (as `keepBaseline`). */
async function patchBaseline(
  baselines: BaselineStore,
  tableName: string,
  patch: BaselinePatch,
  oldRows: number,
): Promise<'stored' | 'missing'> {
  try {
    if (baselines.patch === undefined) throw new Error('This baseline store cannot patch.');
    await baselines.patch(tableName, patch, oldRows);
    return 'stored';
  } catch {
    await baselines.remove(tableName).catch(() => undefined);
    return 'missing';
  }
}

/**
 * Whether a refresh may write only its changed rows: the port can, and the baseline (if the table keeps one) was
 * stored by the last pull and can follow the same patch.
 */
function canPatch(port: WorkbookPort, baselines: BaselineStore | undefined, previous: PullState | undefined): boolean {
  if (port.readColumns === undefined || port.patchTable === undefined) return false;
  return baselines === undefined || (baselines.patch !== undefined && previous?.baseline === 'stored');
}

/** The tables a pull wrote, for their stamps: its own (by the card's name) and those beside it. */
function stampedTables(
  main: { tableName: string; label: string },
  outcome: { rowCount: number; write: WriteResult; extraWrites: readonly WriteResult[] },
  t: (key: MessageKey) => string,
): StampedTable[] {
  return [
    { ...main, rowCount: outcome.rowCount, address: outcome.write.address },
    ...outcome.extraWrites.map((w) => ({
      tableName: w.tableName,
      label: extraLabel(w.tableName, t),
      rowCount: w.rowsWritten,
      address: w.address,
    })),
  ];
}

/** What every stamp of a pull says alike: the company, the filter, when, the verdict. */
function pullFacts(target: PullTarget, options: PullOptions, verdict: Pick<PullFacts, 'refreshedAt' | 'complete' | 'warnings'>): PullFacts {
  return {
    ...verdict,
    filter: { target, ...(options.period === undefined ? {} : { period: options.period }) },
    ...(options.company === undefined ? {} : { company: options.company }),
  };
}

/** The puller's options with their defaults, and its language's messages: what every pull of it shares. */
interface PullerSettings {
  options: PullerOptions;
  language: Language;
  now: () => number;
  session: Omit<PullSessionSettings, 'language'>;
  margin: number;
  t: Translate;
}

export function createPuller(options: PullerOptions): Puller {
  const language = options.language ?? options.client.language;
  const settings: PullerSettings = {
    options,
    language,
    now: options.now ?? (() => Date.now()),
    session: {
      client: options.client,
      pageSize: options.pageSize ?? DEFAULT_PULL_PAGE_SIZE,
      concurrency: options.concurrency ?? DEFAULT_PULL_CONCURRENCY,
      giveUpAfterMs: options.giveUpAfterMs ?? DEFAULT_GIVE_UP_AFTER_MS,
      ...(options.companyCurrency === undefined ? {} : { companyCurrency: options.companyCurrency }),
      ...(options.lookupCache === undefined ? {} : { lookupCache: options.lookupCache }),
    },
    margin: options.incrementalMarginMs ?? DEFAULT_INCREMENTAL_MARGIN_MS,
    t: (key, params = {}) => translate(language, key, params),
  };
  const pull = (target: PullTarget, pullOptions: PullOptions = {}): Promise<PullResult> => pullOnce(settings, target, pullOptions);
  return {
    pull,
    async refresh(tableName, pullOptions) {
      const state = await options.store.get(tableName);
      if (state === undefined)
        throw new PullStateMissingError(tableName, settings.t('pull.error.noState', { table: pullOptions?.label ?? tableName }));
      return pull(state.target, { ...(state.period === undefined ? {} : { period: state.period }), ...pullOptions });
    },
    state: (tableName) => options.store.get(tableName),
  };
}

/**
 * One pull, as named steps:
 *   1. the target checked, its model and table spec;
 *   2. the session: progress, one retry budget, the port (recording the rows when a baseline is kept);
 *   3. the rows fetched and written: an incremental refresh where it applies, else a full pull;
 *   4. the baseline kept, once the write succeeded;
 *   5. the stamps above the tables written;
 *   6. the pull state remembered, `done` told, the result answered.
 */
async function pullOnce(s: PullerSettings, target: PullTarget, pullOptions: PullOptions): Promise<PullResult> {
  checkTarget(target, s.t);
  const model = modelOf(target);
  const spec = tableSpec(model, { language: s.language });
  const { tableName } = spec;
  const label = pullOptions.label ?? tableName;
  const baselines = s.options.baselines !== undefined && pushable(target) && keepsBaseline(model) ? s.options.baselines : undefined;
  // The rows the pull hands the port for its table, kept as they pass (no second read of the table).
  const recorder = baselines === undefined ? undefined : recordingPort(s.options.port, model);
  const context = pullSession(
    { ...s.session, language: s.language },
    { spec, label, port: recorder?.port ?? s.options.port, t: s.t },
    pullOptions,
  );
  throwIfAborted(pullOptions.signal);

  const startedAt = new Date(s.now()).toISOString();
  const previous = await s.options.store.get(tableName);
  const patchable = canPatch(s.options.port, baselines, previous);
  const { outcome, fallback } = await fetchAndWrite(target, previous, pullOptions, context, { margin: s.margin, patchable });
  // The rows are in: what follows does not stop for a cancel (the pane disables it).
  context.emit('finishing', { rows: outcome.rowCount, total: outcome.rowCount });

  // The baseline follows the table, only once its write succeeded (a failed pull threw above and left the previous
  // table with its previous baseline, which still match). If storing it fails, the pull keeps the table and warns
  // rather than failing: the rows are the service's and already in place, the previous table can no longer be put
  // back, and what matters is that no stale baseline is left for the push to diff against. So the old one is
  // removed (SheetBaselineStore.write already deletes it before writing; a half-written one reads as none), and
  // the pull state says `baseline: 'missing'`: the push refuses such a table until it is pulled again, and never
  // takes every row as changed.
  const written = recorder?.baseline();
  const baseline =
    baselines === undefined
      ? undefined
      : outcome.patch !== undefined
        ? await patchBaseline(
            baselines,
            tableName,
            baselinePatchOf(model, outcome.patch),
            outcome.rowCount - (outcome.incremental?.inserted ?? 0),
          )
        : written === undefined
          ? undefined
          : await keepBaseline(baselines, tableName, written);
  if (baseline === 'missing') outcome.warnings.push(s.t('pull.warning.baselineNotStored', { table: label }));

  const finishedAt = new Date(s.now()).toISOString();
  const complete = (outcome.verification?.ok ?? true) && outcome.warnings.length === 0;
  // The line above each table written (src/sync/pull/table-stamp.ts), once the tables are in.
  const stamps = await writeStamps({
    port: s.options.port,
    tables: stampedTables({ tableName, label }, outcome, s.t),
    facts: pullFacts(target, pullOptions, { refreshedAt: finishedAt, complete, warnings: outcome.warnings }),
    language: s.language,
    ...(previous?.stamps === undefined ? {} : { previous: previous.stamps }),
  });
  const times = { startedAt, finishedAt };
  await s.options.store.set(pullStateOf(tableName, target, pullOptions, outcome, { ...times, complete, baseline, stamps }));
  context.emit('done', { rows: outcome.rowCount, total: outcome.rowCount });
  return pullResultOf(tableName, target, outcome, fallback, times);
}

/**
 * Which pull runs: a transactions refresh of the same filters goes incremental unless told `full`; whatever does not
 * (or falls back) is a full pull, streamed for the paged resources. A failure becomes the pull's error, in the
 * user's words (the host has put the previous table back, or written nothing).
 */
async function fetchAndWrite(
  target: PullTarget,
  previous: PullState | undefined,
  pullOptions: PullOptions,
  context: PullContext,
  refresh: { margin: number; patchable: boolean },
): Promise<{ outcome: PullOutcome; fallback?: PullFallback }> {
  try {
    let fallback: PullFallback | undefined;
    if (
      target.resource === 'transactions' &&
      (pullOptions.mode ?? 'auto') === 'auto' &&
      previous !== undefined &&
      targetKey(previous.target) === targetKey(target)
    ) {
      const incremental = await incrementalPull(target.filters ?? {}, previous, refresh.margin, context, refresh.patchable);
      if (!('fallback' in incremental)) return { outcome: incremental.outcome };
      fallback = incremental.fallback;
    }
    const outcome = isOneAnswer(target) ? await fetchThenWritePull(target, context) : await streamedPull(target, context);
    return fallback === undefined ? { outcome } : { outcome, fallback };
  } catch (error) {
    throw asPullError(error, context.spec.tableName, context.label, context.t);
  }
}

interface PullTimes {
  startedAt: string;
  finishedAt: string;
}

/** What the workbook remembers of the pull (its state setting). */
function pullStateOf(
  tableName: string,
  target: PullTarget,
  pullOptions: PullOptions,
  outcome: PullOutcome,
  facts: PullTimes & { complete: boolean; baseline: 'stored' | 'missing' | undefined; stamps: Record<string, string> },
): PullState {
  return {
    version: PULL_STATE_VERSION,
    tableName,
    sheetName: outcome.write.sheetName,
    target,
    ...(pullOptions.period === undefined ? {} : { period: pullOptions.period }),
    lastPullStartedAt: facts.startedAt,
    lastPullAt: facts.finishedAt,
    lastMode: outcome.mode,
    rowCount: outcome.rowCount,
    complete: facts.complete,
    warnings: outcome.warnings.slice(0, 3),
    ...(facts.baseline === undefined ? {} : { baseline: facts.baseline }),
    ...(Object.keys(facts.stamps).length === 0 ? {} : { stamps: facts.stamps }),
    ...(outcome.lookupsMark === undefined ? {} : { lookupsMark: outcome.lookupsMark }),
    ...keptCuts(outcome.textCuts ?? []),
  };
}

/** The cut texts the state keeps (all of them, or none when too many: see `PullState.cutTexts`). */
function keptCuts(cuts: readonly TextCut[]): Pick<PullState, 'cutTexts'> {
  return cuts.length > MAX_KEPT_CUTS ? {} : { cutTexts: cuts.map(({ id, field, column }) => ({ id, field, column })) };
}

function pullResultOf(
  tableName: string,
  target: PullTarget,
  outcome: PullOutcome,
  fallback: PullFallback | undefined,
  times: PullTimes,
): PullResult {
  return {
    tableName,
    target,
    mode: outcome.mode,
    ...(fallback ? { fallback } : {}),
    rowCount: outcome.rowCount,
    fetchedRows: outcome.fetchedRows,
    ...(outcome.incremental ?? {}),
    ...(outcome.verification ? { verification: outcome.verification } : {}),
    ...(outcome.idClashes ? { idClashes: outcome.idClashes } : {}),
    ...(outcome.textCuts ? { textCuts: outcome.textCuts } : {}),
    warnings: outcome.warnings,
    ...times,
    write: outcome.write,
    extraWrites: outcome.extraWrites,
  };
}
