/** What the create and refresh paths of the table writer share for one write. */

import type { CellValue } from '../../sync/cell-values';
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
  /** The new rows as cells, one per pulled column. */
  cells: CellValue[][];
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

/** The data rows a table gets: the new rows, or one blank row (a table keeps at least one data row). */
export function bodyRows(job: WriteJob): CellValue[][] {
  return job.cells.length > 0 ? job.cells : [job.spec.columns.map(() => '')];
}

export function progress(job: WriteJob, end: number): void {
  job.options.onProgress?.(Math.min(end, job.cells.length), job.cells.length);
}
