/**
 * The layout of the push baselines' very hidden sheet, `cashflow_baseline`, as both workbook hosts write and read it
 * (the Excel host's `sheet-baseline-store.ts`, the xlsx host's `xlsx-baseline-store.ts`): a workbook pushed by one is
 * continued by the other.
 *
 * One block of rows per table, the blocks stacked from row 1 without gaps. Every cell is text:
 *
 *   header row:  cashflow.baseline.v1 | <table name> | <rows> | <width> | writing|complete | <bytes>
 *   data rows:   <id> | <JSON of the external ID> | |<JSON of the fields, part 1> | |<part 2> | ...
 *
 * JSON keeps numbers, booleans, nulls, lists and text exactly. The fields' JSON is cut into parts of at most
 * 32,000 characters (`sheet-text-parts.ts`); `width` is the block's widest data row (shorter rows are padded with
 * empty text), `bytes` the JSON size of its data rows (sizes the reads). A block is written `writing` and marked
 * `complete` last: a block not marked reads as no baseline, and the next write of that table deletes it.
 */

import type { CellValue } from '../cell-values';
import { rowJsonBytes } from '../json-bytes';
import { baselineCount, baselineSlicesOf, checkBaseline, type BaselineSource } from './baseline';
import type { BaselineRow, Fields } from './diff';
import { joinTextParts, textParts } from './sheet-text-parts';

export const BASELINE_SHEET = 'cashflow_baseline';
export const BASELINE_MARK = 'cashflow.baseline.v1';
/** Cells of a block's header row. */
export const BASELINE_HEADER_WIDTH = 6;
/** The header's column (0-based) that says `writing` or `complete`. */
export const BASELINE_STATE_COLUMN = 4;
export const BLOCK_COMPLETE = 'complete';

export interface BaselineBlockHeader {
  /** 0-based sheet row of the header. */
  row: number;
  tableName: string;
  rows: number;
  width: number;
  complete: boolean;
  bytes: number;
}

/** A table's block as cells: the header (still `writing`), the data rows padded to `width`, each row's JSON bytes. */
export interface BaselineBlock {
  header: string[];
  cells: string[][];
  width: number;
  rowBytes: number[];
}

function dataRow(row: BaselineRow): string[] {
  if (!Number.isSafeInteger(row.id)) throw new RangeError(`A baseline id must be an integer: ${row.id}`);
  return [String(row.id), JSON.stringify(row.externalId), ...textParts(JSON.stringify(row.fields))];
}

/** The block a table's baseline is written as (rows checked by the caller, `checkBaseline`). */
export function baselineBlock(tableName: string, rows: readonly BaselineRow[]): BaselineBlock {
  return blockOf(tableName, rows.map(dataRow));
}

function blockOf(tableName: string, cells: string[][]): BaselineBlock {
  const width = Math.max(2, ...cells.map((r) => r.length));
  // Rectangular blocks: short rows padded with empty text (an empty cell reads back as '').
  for (const row of cells) while (row.length < width) row.push('');
  const rowBytes = cells.map((r) => rowJsonBytes(r));
  const bytes = rowBytes.reduce((sum, b) => sum + b, 0);
  return { header: [BASELINE_MARK, tableName, String(cells.length), String(width), 'writing', String(bytes)], cells, width, rowBytes };
}

/**
 * `baselineBlock` of a baseline given as slices (a pull's, made as taken): each slice's cells made in turn, every row
 * padded to the block's widest at the end, the same header, cells, width and bytes as `baselineBlock` of all the rows.
 * The rows are checked slice by slice (`checkBaseline`).
 */
export function baselineBlockOfSlices(tableName: string, source: BaselineSource): BaselineBlock {
  const cells: string[][] = [];
  for (const slice of baselineSlicesOf(source)) for (const row of checkBaseline(slice)) cells.push(dataRow(row));
  if (cells.length !== baselineCount(source))
    throw new Error(`The baseline of ${tableName} gave ${cells.length} rows, not ${baselineCount(source)}.`);
  return blockOf(tableName, cells);
}

/** A data row read back, or undefined when it is not one this layout wrote. */
export function parseBaselineRow(cells: readonly CellValue[]): BaselineRow | undefined {
  const [idCell, externalCell, ...parts] = cells;
  const idText = idCell === undefined ? undefined : String(idCell);
  const id = Number(idText);
  if (idText === undefined || idText === '' || !Number.isSafeInteger(id) || externalCell === undefined) return undefined;
  const json = joinTextParts(parts);
  if (json === undefined) return undefined;
  try {
    const externalId: unknown = JSON.parse(String(externalCell));
    if (externalId !== null && typeof externalId !== 'string') return undefined;
    const fields: unknown = JSON.parse(json);
    if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return undefined;
    return { id, externalId, fields: fields as Fields };
  } catch {
    return undefined;
  }
}

/** A header row read back (at 0-based sheet row `row`), or undefined: anything but a header ends the blocks. */
export function parseBaselineHeader(row: number, cells: readonly CellValue[]): BaselineBlockHeader | undefined {
  const [mark, tableName, rows, width, state, bytes] = cells;
  if (mark !== BASELINE_MARK || typeof tableName !== 'string') return undefined;
  const count = Number(rows);
  const columns = Number(width);
  if (!Number.isSafeInteger(count) || count < 0 || !Number.isSafeInteger(columns) || columns < 0) return undefined;
  return { row, tableName, rows: count, width: columns, complete: state === BLOCK_COMPLETE, bytes: Number(bytes) || 0 };
}

/** Table names compare as Excel compares them: case-insensitively. */
export function sameBaselineTable(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The 0-based sheet row after the block. */
export function baselineBlockEnd(block: BaselineBlockHeader): number {
  return block.row + 1 + block.rows;
}

/** The newest block of the table (the last one from the top), if any. */
export function baselineBlockOf(blocks: readonly BaselineBlockHeader[], tableName: string): BaselineBlockHeader | undefined {
  return blocks.filter((b) => sameBaselineTable(b.tableName, tableName)).pop();
}

/** The rows of a block read back, or undefined when any does not parse or some are missing (no baseline). */
export function baselineOfBlock(block: BaselineBlockHeader, rows: readonly (readonly CellValue[])[]): BaselineRow[] | undefined {
  const out: BaselineRow[] = [];
  for (const cells of rows) {
    const parsed = parseBaselineRow(cells);
    if (parsed === undefined) return undefined;
    out.push(parsed);
  }
  return out.length === block.rows ? out : undefined;
}
