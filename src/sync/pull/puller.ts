/**
 * The pull: brings one resource into its Excel table, or refreshes a table pulled before.
 *
 *   const puller = createPuller({ client, port, store, language: 'de' });
 *   const result = await puller.pull({ resource: 'transactions', filters: { min_date: '2024-01-01' } }, { signal, onProgress });
 *   await puller.refresh('Transactions', { signal, onProgress });
 *
 * A full pull of a paged resource streams: each page becomes a batch of rows that the host writes while later
 * pages are on the way (read ahead, so fetching never waits for the workbook). A failure or cancel at any point,
 * fetching or writing, makes the host put the previous table back. The small tables (categories, plans,
 * accounts) and the incremental refresh fetch everything first, then write. Transactions refresh incrementally
 * after a first full pull and fall back to a full pull when the check against the service does not match; a full
 * pull of transactions is checked as it streams against `count`/`sum` of `/transactions/extended/`.
 */

import { throwIfAborted } from '../../api/abort';
import type { CashflowClient, CompletenessReport, PageProgress } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { tableSpec } from '../tables';
import type { CoreValue, TableSpec, WorkbookPort, WriteResult } from '../workbook-port';
import { fetchTable, streamTable, type FetchedTable, type FetchOptions } from './fetch-table';
import { incrementalTransactions, type FallbackReason } from './incremental-transactions';
import { progressEvent, type PullPhase, type PullProgress } from './pull-progress';
import { PULL_STATE_VERSION, type PullState, type PullStateStore } from './pull-state';
import { modelOf, targetKey, type PullTarget } from './pull-target';

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
}

export interface PullOptions {
  signal?: AbortSignal;
  onProgress?: (progress: PullProgress) => void;
  /** `auto` (default): incremental where possible; `full`: always everything. */
  mode?: 'auto' | 'full';
}

export interface PullFallback {
  reason: FallbackReason;
  message: string;
  /** The check that failed (reason `mismatch`). */
  verification?: CompletenessReport;
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
  /** Messages for the user (e.g. the service changed during the pull). */
  warnings: string[];
  startedAt: string;
  finishedAt: string;
  write: WriteResult;
  /** Tables written besides the main one (the balance summary of the accounts pull). */
  extraWrites: WriteResult[];
}

export class PullStateMissingError extends Error {
  constructor(
    readonly tableName: string,
    message: string,
  ) {
    super(message);
    this.name = 'PullStateMissingError';
  }
}

export interface Puller {
  pull(target: PullTarget, options?: PullOptions): Promise<PullResult>;
  /** Repeats the stored pull of a table (same resource and filters). */
  refresh(tableName: string, options?: PullOptions): Promise<PullResult>;
  /** The stored state of a table, if it was pulled. */
  state(tableName: string): Promise<PullState | undefined>;
}

export function createPuller(options: PullerOptions): Puller {
  const language = options.language ?? options.client.language;
  const now = options.now ?? (() => Date.now());
  const pageSize = options.pageSize ?? DEFAULT_PULL_PAGE_SIZE;
  const concurrency = options.concurrency ?? DEFAULT_PULL_CONCURRENCY;
  const margin = options.incrementalMarginMs ?? DEFAULT_INCREMENTAL_MARGIN_MS;
  const t = (key: MessageKey, params: Record<string, string | number> = {}) => translate(language, key, params);

  const mismatchParams = (table: string, report: CompletenessReport) => ({
    table,
    actualCount: report.actualCount,
    expectedCount: report.expectedCount,
    actualSum: report.actualSum,
    expectedSum: report.expectedSum,
  });

  /** The pulled columns of a table as it is now, or undefined when there is none (or it cannot be read back). */
  async function readIfPresent(spec: TableSpec): Promise<CoreValue[][] | undefined> {
    try {
      const read = await options.port.readTable(spec.tableName, spec.columns);
      if (read.problems.length > 0) return undefined;
      return read.rows.map((row) => row.slice(0, spec.columns.length));
    } catch {
      return undefined;
    }
  }

  async function pull(target: PullTarget, pullOptions: PullOptions = {}): Promise<PullResult> {
    const { signal } = pullOptions;
    const model = modelOf(target);
    const tableName = model.tableName;
    const emit = (phase: PullPhase, counts?: Parameters<typeof progressEvent>[3]) => pullOptions.onProgress?.(progressEvent(language, tableName, phase, counts));
    const onPage = (p: PageProgress) => emit('fetching', { pagesDone: p.pagesDone, pagesTotal: p.pagesTotal, rows: p.rows, total: p.total });
    const fetchOptions: FetchOptions = { client: options.client, pageSize, concurrency, onPage, ...(signal === undefined ? {} : { signal }) };
    throwIfAborted(signal);

    const startedMs = now();
    const previous = await options.store.get(tableName);
    const warnings: string[] = [];
    let fallback: PullFallback | undefined;
    let rows: FetchedTable['rows'] | undefined;
    let extra: FetchedTable['extra'] = [];
    let verification: CompletenessReport | undefined;
    let fetchedRows = 0;
    let incremental: { replaced: number; inserted: number } | undefined;

    const canIncrement =
      target.resource === 'transactions' &&
      (pullOptions.mode ?? 'auto') === 'auto' &&
      previous !== undefined &&
      targetKey(previous.target) === targetKey(target);
    if (canIncrement && target.resource === 'transactions' && previous !== undefined) {
      const since = new Date(Date.parse(previous.lastPullStartedAt) - margin).toISOString();
      const outcome = await incrementalTransactions({
        ...fetchOptions,
        port: options.port,
        filters: target.filters ?? {},
        since,
        onReadStart: () => emit('reading'),
        onVerifyStart: () => emit('verifying'),
      });
      if (outcome.ok) {
        rows = outcome.rows;
        verification = outcome.verification;
        fetchedRows = outcome.changed;
        incremental = { replaced: outcome.replaced, inserted: outcome.inserted };
      } else {
        const message =
          outcome.reason === 'mismatch' && outcome.verification
            ? t('pull.fallback.mismatch', mismatchParams(tableName, outcome.verification))
            : outcome.reason === 'cellProblems'
              ? t('pull.fallback.cellProblems', { table: tableName, count: outcome.problems ?? 0 })
              : t(outcome.reason === 'layoutChanged' ? 'pull.fallback.layoutChanged' : 'pull.fallback.tableMissing', { table: tableName });
        fallback = { reason: outcome.reason, message, ...(outcome.verification ? { verification: outcome.verification } : {}) };
      }
    }

    const spec = tableSpec(model);
    const writeOptions = (total: () => number) => ({
      ...(signal === undefined ? {} : { signal }),
      onProgress: (written: number) => emit('writing', { rows: written, total: total() }),
    });
    let write: WriteResult;
    let total: number;
    const extraWrites: WriteResult[] = [];
    // Written as the pages arrive; the total shown is the service's `count` as far as known.
    let expectedTotal = 0;
    const streamed =
      rows === undefined
        ? streamTable(target, {
            ...fetchOptions,
            onPage: (p) => {
              expectedTotal = p.total;
              onPage(p);
            },
          })
        : undefined;
    if (streamed !== undefined) {
      write = await options.port.writeTable(spec, streamed.batches, writeOptions(() => expectedTotal));
      total = write.rowsWritten;
      fetchedRows = streamed.received();
      verification = streamed.verification();
      if (verification !== undefined && !verification.ok) warnings.push(t('pull.warning.incomplete', mismatchParams(tableName, verification)));
    } else {
      if (rows === undefined) {
        const fetched = await fetchTable(target, fetchOptions);
        if (fetched === undefined) throw new Error(`No way to fetch ${target.resource}.`);
        rows = fetched.rows;
        extra = fetched.extra;
        fetchedRows = fetched.received;
      }
      const all = rows;
      total = all.length;
      // Tables written beside the main one (the balance summary beside the accounts): the main table's rows are
      // kept first, so that it can be put back if a table beside it fails, and the two never show different pulls.
      const before = extra.length > 0 ? await readIfPresent(spec) : undefined;
      emit('writing', { rows: 0, total });
      write = await options.port.writeTable(spec, all, writeOptions(() => all.length));
      try {
        // Once the main table is written, a cancel is too late for the tables beside it (a few rows each).
        for (const table of extra) extraWrites.push(await options.port.writeTable(tableSpec(table.model), table.rows));
      } catch (error) {
        if (before !== undefined) await options.port.writeTable(spec, before).catch(() => undefined); // the first error is the one to report
        throw error;
      }
    }

    const finishedAt = new Date(now()).toISOString();
    const startedAt = new Date(startedMs).toISOString();
    await options.store.set({
      version: PULL_STATE_VERSION,
      tableName,
      sheetName: write.sheetName,
      target,
      lastPullStartedAt: startedAt,
      lastPullAt: finishedAt,
      lastMode: incremental ? 'incremental' : 'full',
      rowCount: total,
    });
    emit('done', { rows: total, total });
    return {
      tableName,
      target,
      mode: incremental ? 'incremental' : 'full',
      ...(fallback ? { fallback } : {}),
      rowCount: total,
      fetchedRows,
      ...(incremental ?? {}),
      ...(verification ? { verification } : {}),
      warnings,
      startedAt,
      finishedAt,
      write,
      extraWrites,
    };
  }

  return {
    pull,
    async refresh(tableName, pullOptions) {
      const state = await options.store.get(tableName);
      if (state === undefined) throw new PullStateMissingError(tableName, t('pull.error.noState', { table: tableName }));
      return pull(state.target, pullOptions);
    },
    state: (tableName) => options.store.get(tableName),
  };
}
