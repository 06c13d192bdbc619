/**
 * What the three pulls (incremental, streamed, fetch-then-write; see README.md) share: the table they fill, how
 * they fetch, how they tell progress, and what each reports back to the puller, which keeps the pull state and
 * builds the result from it.
 */

import type { CompletenessReport } from '../../api';
import type { MessageKey } from '../../i18n/catalog';
import type { CoreRow, TablePatch, TableSpec, WorkbookPort, WriteOptions, WriteResult } from '../workbook-port';
import type { FetchOptions } from './fetch-table';
import type { IdClash } from './id-clashes';
import type { TextCut } from './text-cuts';
import type { ProgressCounts, PullPhase } from './pull-progress';

export interface PullContext {
  /**
   * The table the pull fills, as read back (its amounts without currencies: each pull writes with
   * `tableSpec(model, { lookups, language })`, once its lookups tell them).
   */
  spec: TableSpec;
  /** The table's name in messages: the one the user knows it by (the pane's card), never an internal name. */
  label: string;
  port: WorkbookPort;
  /** Client, page size, concurrency, the caller's signal, and `onPage` telling `fetching` progress. */
  fetch: FetchOptions;
  emit(phase: PullPhase, counts?: ProgressCounts): void;
  /** A message in the user's language. */
  t(key: MessageKey, params?: Record<string, string | number>): string;
}

/** What a pull did, for the pull state and the result. */
export interface PullOutcome {
  mode: 'full' | 'incremental';
  write: WriteResult;
  /** Tables written besides the main one (the balance summary of the accounts pull). */
  extraWrites: WriteResult[];
  /** Rows in the table after the pull. */
  rowCount: number;
  /** Records received from the service (incremental: the changed ones). */
  fetchedRows: number;
  /** Incremental: rows replaced and inserted. */
  incremental?: { replaced: number; inserted: number };
  verification?: CompletenessReport;
  /** Ids the service gave several records of one page (only the first of each is in the table). */
  idClashes?: IdClash[];
  /** Texts longer than a cell holds, cut in the table. */
  textCuts?: TextCut[];
  warnings: string[];
  /** The fingerprint of the lookups the rows were written with (`Lookups.fingerprint`), for the next refresh. */
  lookupsMark?: string;
  /** A patched refresh: the rows it replaced and inserted (the rest of the table was not written). */
  patch?: TablePatch;
}

/** Write options telling `writing` progress of `total()` rows, cancelled by the caller's signal. */
export function writeOptions(context: PullContext, total: () => number): WriteOptions {
  const { signal } = context.fetch;
  return {
    ...(signal === undefined ? {} : { signal }),
    onProgress: (written: number) => context.emit('writing', { rows: written, total: total() }),
  };
}

/** Writes rows that are all at hand into the pull's table (as `spec` says): `writing` from 0 of their number, then per block. */
export function writeAll(context: PullContext, rows: readonly CoreRow[], spec: TableSpec): Promise<WriteResult> {
  context.emit('writing', { rows: 0, total: rows.length });
  return context.port.writeTable(
    spec,
    rows,
    writeOptions(context, () => rows.length),
  );
}

/** The figures of a count/sum check, for the messages that tell a mismatch. */
export function mismatchParams(table: string, report: CompletenessReport): Record<string, string | number> {
  return {
    table,
    actualCount: report.actualCount,
    expectedCount: report.expectedCount,
    actualSum: report.actualSum,
    expectedSum: report.expectedSum,
  };
}
