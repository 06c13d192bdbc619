/** What the create and refresh paths of the table writer share for one write. */

import type { CellFeed } from './cell-feed';
import type { TableSpec, WriteOptions } from '../../sync/workbook-port';
import type { ExcelSession } from './run-excel';

export interface WriteLimits {
  /** Request budget per sync in bytes (default 4.5 MB, under Excel on the web's 5 MB cap). */
  budgetBytes: number;
  /** Rows per block at most (default 20,000). */
  maxRows: number;
}

export interface WriteJob {
  session: ExcelSession;
  spec: TableSpec;
  keyIndex: number;
  /** The new rows as cells, one per pulled column (at least one row: a blank one for an empty table). */
  feed: CellFeed;
  limits: WriteLimits;
  options: WriteOptions;
  /** Queues `calculationMode = Manual` (into the first write sync). */
  setManual(): void;
  /** Queues the restore of the previous calculation mode (into the last sync of a successful write). */
  restoreMode(): void;
}

export interface JobOutcome {
  address: string;
  sheetName: string;
  chunks: number;
  created: boolean;
  userColumns: string[];
}

export function progress(job: WriteJob, end: number): void {
  job.options.onProgress?.(Math.min(end, job.feed.count), job.feed.count);
}
