/**
 * Number formats of the pulled columns as they are sent: one scalar per run of columns with the same format
 * (Office.js applies a single value to every cell of the range), not a rows × columns matrix, so a block's
 * formats cost a few bytes instead of one string per cell. A column whose format is each row's (an amount in each
 * row's currency) is one such run where the block's rows share a format, else runs of rows (or, rows alternating
 * often, one format per row), sized for the block's request budget as its rows join (`RowFormatCost`).
 */

import { stringJsonBytes } from '../../sync/json-bytes';

/** Consecutive columns sharing a number format: `[first column, width, format]`. */
export type FormatRun = [number, number, string];

/** Runs of neighbouring columns with the same format; a null (a column written otherwise) belongs to no run. */
export function formatRuns(formats: readonly (string | null)[]): FormatRun[] {
  const runs: FormatRun[] = [];
  formats.forEach((format, column) => {
    if (format === null) return;
    const last = runs[runs.length - 1];
    if (last !== undefined && last[2] === format && last[0] + last[1] === column) last[1] += 1;
    else runs.push([column, 1, format]);
  });
  return runs;
}

/**
 * Sets one number format on every cell of the range. Documented Office.js behaviour ("When setting number format
 * to a range, the value argument can be either a single value (string) or a two-dimensional array. If the
 * argument is a single value, it will be applied to all cells in the range."); the typings only declare the
 * matrix form.
 */
export function fillNumberFormat(range: Excel.Range, format: string): void {
  (range as unknown as { numberFormat: string }).numberFormat = format;
}

// ---- formats that differ by row (an amount in each row's currency, `row-formats.ts` of the core) ----

/** Request bytes of one scalar fill besides its format: the range it makes and the action (an estimate). */
export const RUN_BYTES = 256;
/** JSON bytes of a row of a one-column matrix that leaves its cell as it is: `[null],`. */
const NULL_ROW_BYTES = 7;

/** JSON bytes of a format as one row of a one-column matrix: `["…"],`. */
function matrixRowBytes(format: string): number {
  return stringJsonBytes(format) + 3;
}

/** Rows of a block sharing a number format in one column: `[first row (of the rows given), count, format]`. */
export type RowRun = [number, number, string];

/** How a block writes the formats of its rows, from the cheaper of two encodings for each column. */
export interface BlockFormats {
  /** Runs of columns with one format for every row (columns whose rows all share one format included). */
  columns: FormatRun[];
  /** Columns whose rows differ, written as runs of rows (one scalar fill each). */
  rowRuns: { column: number; runs: RowRun[] }[];
  /**
   * Columns whose rows differ often: the most common format filled over all the rows, then a one-column matrix with
   * the other rows' formats and null where a row has the common one (Office.js leaves a cell's format as it is where a
   * 2-D array holds null: learn.microsoft.com, "Blank and null values in Excel add-ins").
   */
  sparse: { column: number; common: string; formats: (string | null)[][] }[];
}

/** Runs of equal formats in `formats` (at least one). */
function rowRunsOf(formats: readonly string[]): RowRun[] {
  const runs: RowRun[] = [];
  formats.forEach((format, row) => {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[2] === format) last[1] += 1;
    else runs.push([row, 1, format]);
  });
  return runs;
}

/** The format most rows have (the first of those on a tie). */
function mostCommon(formats: readonly string[]): string {
  const counts = new Map<string, number>();
  let best = formats[0] ?? '';
  for (const format of formats) {
    const count = (counts.get(format) ?? 0) + 1;
    counts.set(format, count);
    if (count > (counts.get(best) ?? 0)) best = format;
  }
  return best;
}

/** Bytes of the sparse encoding: two fills' worth of actions, the common format, a row per row. */
function sparseBytes(formats: readonly string[], common: string): number {
  return 2 * RUN_BYTES + stringJsonBytes(common) + formats.reduce((sum, f) => sum + (f === common ? NULL_ROW_BYTES : matrixRowBytes(f)), 0);
}

/**
 * The one-column matrix of the sparse encoding: null where a row has the common format. Rows of the same format share
 * one row array (the request's JSON is the same), so a block of many rows makes a few arrays, not one a row.
 */
function sparseMatrix(formats: readonly string[], common: string): (string | null)[][] {
  const shared = new Map<string | null, (string | null)[]>();
  return formats.map((format) => {
    const cell = format === common ? null : format;
    let row = shared.get(cell);
    if (row === undefined) {
      row = [cell];
      shared.set(cell, row);
    }
    return row;
  });
}

/**
 * The number formats of some rows of a block. `formats[c]` is column c's format, or null where each row has its own:
 * `rows(c)` then gives them (one per row, in order). A column whose rows all share a format is one run with the
 * columns beside it, as a column of one format is, so a table whose rows share one currency costs what it did before
 * currencies; otherwise runs of rows, or the sparse encoding where that is fewer bytes (rows alternating often).
 */
export function blockFormats(formats: readonly (string | null)[], rows: (column: number) => readonly string[]): BlockFormats {
  const uniform: (string | null)[] = [];
  const rowRuns: BlockFormats['rowRuns'] = [];
  const sparse: BlockFormats['sparse'] = [];
  formats.forEach((format, column) => {
    if (format !== null) {
      uniform.push(format);
      return;
    }
    const own = rows(column);
    const runs = rowRunsOf(own);
    const first = runs[0];
    if (runs.length <= 1 || first === undefined) {
      uniform.push(first?.[2] ?? null);
      return;
    }
    uniform.push(null);
    const common = mostCommon(own);
    const runBytes = runs.reduce((sum, run) => sum + RUN_BYTES + stringJsonBytes(run[2]), 0);
    if (runBytes <= sparseBytes(own, common)) rowRuns.push({ column, runs });
    else sparse.push({ column, common, formats: sparseMatrix(own, common) });
  });
  return { columns: formatRuns(uniform), rowRuns, sparse };
}

/**
 * What a column whose format is each row's adds to a block's request as rows join it (the planner's estimate of what
 * `blockFormats` then sends): nothing while every row has the block's first format (its run is counted with the
 * columns'), else the cheaper of runs of rows and the sparse encoding around the first row's format (at most what the
 * sparse encoding around the most common one costs). Rows join in order; a row that starts a block starts it again.
 */
export class RowFormatCost {
  private start = -1;
  private last = -1;
  private first = '';
  private previous = '';
  private runs = 1;
  private runBytes = 0;
  private sparseBytes = 0;
  private cost = 0;

  constructor(private readonly formatOf: (row: number) => string) {}

  /** Bytes row `row` adds to the block that starts at row `start`. */
  add(row: number, start: number): number {
    const format = this.formatOf(row);
    if (start !== this.start || row !== this.last + 1 || row === start) {
      this.start = start;
      this.last = row;
      this.first = format;
      this.previous = format;
      this.runs = 1;
      this.runBytes = RUN_BYTES + stringJsonBytes(format);
      this.sparseBytes = 2 * RUN_BYTES + stringJsonBytes(format) + NULL_ROW_BYTES;
      this.cost = 0;
      return 0;
    }
    this.last = row;
    this.sparseBytes += format === this.first ? NULL_ROW_BYTES : matrixRowBytes(format);
    if (format !== this.previous) {
      this.runs += 1;
      this.runBytes += RUN_BYTES + stringJsonBytes(format);
      this.previous = format;
    }
    const cost = this.runs === 1 ? 0 : Math.min(this.runBytes, this.sparseBytes);
    const added = cost - this.cost;
    this.cost = cost;
    return added;
  }
}
