/**
 * The workbook port: what the sync core asks of a workbook host (Excel through the Office JavaScript API, xlsx files through
 * exceljs). Host-independent: core values in, core values out; the host owns cells, formats and chunking.
 */

import type { Language } from '../i18n/catalog';
import type { CodeChoices } from './tables/code-labels';
import type { SheetList } from './tables/lists-sheet';

/** A value as the core holds it: dates as `YYYY-MM-DD`, timestamps as ISO 8601 strings, amounts as numbers. */
export type CoreValue = string | number | boolean | null;

export type ColumnType = 'text' | 'integer' | 'amount' | 'number' | 'date' | 'datetime' | 'boolean';

export interface ColumnSpec {
  /** Stable key of the field in a record (`id`, `value_date`, ...). */
  key: string;
  /** Header text written exactly as given. Headers are the table's column names: unique, case-insensitive. */
  header: string;
  type: ColumnType;
  /** Overrides the type's default number format (see `cell-values.ts`); an amount's `currency` then does not count. */
  numberFormat?: string;
  /** An amount column's currency, shown in its number format (`amount-format.ts`): the column's, or each row's. */
  currency?: ColumnCurrency;
  /**
   * The codes an editable code column accepts: the host gives its data body an in-cell list of them after every
   * write, with a prompt and an error alert in the spec's language (`code-list.ts`). Values it writes itself are
   * not checked against it (nor are they in Excel); the push checks every row anyway.
   */
  choices?: CodeChoices;
  /**
   * An editable column whose values are picked from a list too long for an inline source (the leaf categories'
   * paths): the host writes the items to the add-in's very hidden lists sheet and gives the column's data body an
   * in-cell list over that range, with a prompt and an error alert in the spec's language (`tables/lists-sheet.ts`).
   */
  sheetList?: SheetList;
}

/**
 * The currency of an amount column, as plain data (a spec stays serialisable):
 * - `{ code }`: one currency for every row (the company's);
 * - `{ byColumn, codes }`: each row's, the code `codes` gives that row's value in column `byColumn` (an account id →
 *   its account's currency), or that value itself when `codes` is absent (an account's own `Currency` column).
 * A code that is not three capital letters, or a row without one, shows the plain amount format.
 */
export type ColumnCurrency = { code: string } | { byColumn: string; codes?: Readonly<Record<string, string>> };

export interface TableSpec {
  tableName: string;
  /** The sheet the table is created on when missing; an existing table stays where it is. */
  sheetName: string;
  /** The pulled columns, left to right. Columns the user adds to their right are kept across refreshes. */
  columns: readonly ColumnSpec[];
  /** `key` of the column that identifies a record (matches user columns to records across refreshes). */
  keyColumn: string;
  /** Top-left cell of a new table (header row); default `A1`. */
  anchor?: string;
  /** The language of the words a host writes beside the cells (the lists' prompts and alerts); default English. */
  language?: Language;
}

/** A row in column order (`columns[i]`) or as a record keyed by `ColumnSpec.key` (missing keys are null). */
export type CoreRow = readonly CoreValue[] | Readonly<Record<string, CoreValue>>;

/**
 * Rows that arrive batch by batch (a pull's pages): the host writes them as they come, while later batches are
 * still on the way. A batch that fails to arrive (the iterator throws) fails the write like any other error.
 * The rows of a batch are handed over: the host may turn each row array into the cells it writes, in place (a
 * page is converted once, not copied). A caller that keeps the rows it hands over keeps copies.
 */
export type RowBatches = AsyncIterable<readonly HandedRow[]>;

/** A row of a batch, the host's once handed over (see `RowBatches`). */
export type HandedRow = CoreValue[] | Readonly<Record<string, CoreValue>>;

export interface WriteOptions {
  signal?: AbortSignal;
  /**
   * Called after each chunk that reached the workbook: data rows written so far, of `total` (the rows known so
   * far: all of them for an array, those arrived for batches).
   */
  onProgress?(written: number, total: number): void;
}

export interface WriteResult {
  tableName: string;
  sheetName: string;
  /** Address of the whole table (header included) after the write, e.g. `Data!A1:P100001`. */
  address: string;
  rowsWritten: number;
  /** Data chunks written (a chunk retried after a payload error counts once per attempt). */
  chunks: number;
  /** `context.sync()` calls of the whole operation (reads, writes, retries, restore). */
  syncs: number;
  created: boolean;
  /** Headers of the user columns kept to the right of the pulled columns. */
  userColumns: string[];
}

export interface ReadOptions {
  signal?: AbortSignal;
}

export interface CellProblem {
  /** 0-based data row. */
  row: number;
  header: string;
  message: string;
}

export interface ReadResult {
  tableName: string;
  sheetName: string;
  /** All column names of the table, left to right (pulled and user columns). */
  headers: string[];
  /**
   * Rows in `headers` order. Columns named by the given specs are converted to core values by type (a cell
   * that does not convert is kept as its raw cell value and listed in `problems`); other columns come back as
   * their cell value (`''` as null). Rows whose every cell is empty are left out (a table keeps one blank row
   * when it has no data).
   */
  rows: CoreValue[][];
  problems: CellProblem[];
}

/** The stamp above a table (#26): one line of text in the cell directly above its header, in its first column. */
export interface TableStamp {
  /** The line (`tableStamp` of src/sync/pull/table-stamp.ts). */
  text: string;
  /** The stamp written there last time (the pull state keeps it): a cell holding exactly it is ours to replace. */
  previous?: string;
  /**
   * The table's address as its write just answered it (`WriteResult.address`, e.g. `Data!A2:W100001`): a host may read
   * the cell above it in the same round trip that finds the table (checked against where the table really is).
   */
  tableAddress?: string;
}

export interface StampResult {
  /** The stamp's cell, e.g. `Transactions!A1`. */
  address: string;
  /** False when that cell holds something else (a user's note, a formula): it is left as it is. */
  written: boolean;
}

/**
 * Some columns of a table read back (`WorkbookPort.readColumns`): what an incremental refresh needs to place and check
 * the changed rows, without reading every cell of a large table.
 */
export interface ColumnsRead {
  tableName: string;
  sheetName: string;
  /** All column names of the table, left to right. */
  headers: string[];
  /** Data rows of the table (a table without data keeps one blank row: it counts). */
  rowCount: number;
  /**
   * One array per asked column, in the order asked, `rowCount` values each, converted by the column's spec (a cell
   * that does not convert is kept as its raw cell value and listed in `problems`); undefined when the table lacks
   * one of the asked columns.
   */
  columns: CoreValue[][] | undefined;
  problems: CellProblem[];
}

/**
 * The changed rows of a refresh, placed into an existing table without writing the others (`WorkbookPort.patchTable`).
 * Indexes are data rows of the table before the patch. Pulled columns only: user columns stay on their rows (a
 * replaced row keeps its user cells; an inserted row gets empty ones, as a new record does in a full write).
 */
export interface TablePatch {
  /** Rows overwritten in place, by ascending `at`, each `at` once. */
  replace: readonly { at: number; row: CoreRow }[];
  /**
   * Rows inserted before data row `before` (the old row count: after the last row), by ascending `before`, each
   * `before` once, its rows in the order they take.
   */
  insert: readonly { before: number; rows: readonly CoreRow[] }[];
}

export interface WorkbookPort {
  /**
   * Creates or refreshes the table in place; on failure or abort the previous table is left as it was. An array
   * is checked whole before anything is written; batches are written as they arrive (a value that does not fit
   * its column in a later batch fails the write, and the previous table is put back).
   */
  writeTable(spec: TableSpec, rows: readonly CoreRow[] | RowBatches, options?: WriteOptions): Promise<WriteResult>;
  /** Reads a table; `columns` (matched by header) says how to convert cells back to core values. */
  readTable(tableName: string, columns?: readonly ColumnSpec[], options?: ReadOptions): Promise<ReadResult>;
  /**
   * Writes the table's stamp into the cell above its header row, as text, in a quiet look; not part of the table. A
   * table whose header is the sheet's first row gets a sheet row inserted above it first. A cell above that holds
   * anything but `previous` is never overwritten (`written: false`).
   */
  writeStamp(tableName: string, stamp: TableStamp): Promise<StampResult>;
  /**
   * Optional (a host whose writes cost the table's size anyway, like a file rewritten whole, leaves it out): reads only
   * the named columns (`columns`, matched by header) of a table.
   */
  readColumns?(tableName: string, columns: readonly ColumnSpec[], options?: ReadOptions): Promise<ColumnsRead>;
  /**
   * Optional, with `readColumns`: writes a refresh's changed rows into the existing table (`spec` its pulled columns,
   * which must be its leading columns), leaving every other row as it is. On failure or abort the table is put back
   * as it was. `rowsWritten` of the result counts the rows replaced and inserted.
   */
  patchTable?(spec: TableSpec, patch: TablePatch, options?: WriteOptions): Promise<WriteResult>;
}
