/**
 * Reads a band of rows in blocks that fit Excel on the web's 5 MB response cap and 5,000,000-cell read cap.
 * The first block size is a guess from the cell count; with a response budget, later blocks are sized from the
 * bytes the blocks before actually took; a block refused as too large is read again in halves.
 */

import type { CellValue } from '../../sync/cell-values';
import { DEFAULT_BUDGET_BYTES, DEFAULT_MAX_BLOCK_ROWS, rowJsonBytes } from './chunk-plan';
import { throwIfAborted } from '../../api/abort';
import { isResponseTooLarge } from './excel-errors';
import type { ExcelSession } from './run-excel';

export type ReadProperty = 'values' | 'formulas' | 'numberFormat' | 'valueTypes';
export type LoadedCells = Partial<Record<ReadProperty, CellValue[][]>>;

export const MAX_READ_CELLS = 5_000_000;
/** A guess of the JSON bytes one cell property takes in a response; only sizes the first block. */
const GUESSED_BYTES_PER_CELL = 24;

export function firstReadRows(
  columns: number,
  properties: number,
  budgetBytes = DEFAULT_BUDGET_BYTES,
  maxRows = DEFAULT_MAX_BLOCK_ROWS,
): number {
  const perRow = Math.max(1, columns * properties * GUESSED_BYTES_PER_CELL);
  const byBytes = Math.floor(budgetBytes / perRow);
  const byCells = Math.floor(MAX_READ_CELLS / Math.max(1, columns));
  return Math.max(1, Math.min(byBytes, byCells, maxRows));
}

/** Queues a load of the properties on the range (to be read after the next sync). */
export function queueLoad(range: Excel.Range, properties: readonly ReadProperty[]): Excel.Range {
  return range.load(properties.join(','));
}

/** The loaded properties of a range (after the sync). */
export function loadedCells(range: Excel.Range, properties: readonly ReadProperty[]): LoadedCells {
  const out: LoadedCells = {};
  for (const property of properties) out[property] = range[property] as CellValue[][];
  return out;
}

export interface ReadBlocksOptions {
  /** Rows of the first block; later blocks keep the size that worked. */
  startRows: number;
  /**
   * Response budget per sync: when given, each later block is sized from the JSON bytes per row read so far (a
   * first guess from the cell count may be far off either way), within the 5,000,000-cell cap and `maxRows`.
   */
  budgetBytes?: number;
  /** Rows per block at most when sizing from the budget (default 20,000). */
  maxRows?: number;
  signal?: AbortSignal;
}

/** Rows measured per block to size the next: enough for a steady average, far cheaper than every cell. */
const SAMPLED_ROWS = 200;

/** JSON bytes of a block's loaded cells, as the response carries them, estimated from evenly spaced rows. */
function loadedBytes(cells: LoadedCells, count: number): number {
  const step = Math.max(1, Math.floor(count / SAMPLED_ROWS));
  let bytes = 0;
  let sampled = 0;
  for (let r = 0; r < count; r += step) {
    for (const rows of Object.values(cells)) {
      const row = rows?.[r];
      if (row !== undefined) bytes += rowJsonBytes(row);
    }
    sampled += 1;
  }
  return sampled === 0 ? 0 : (bytes / sampled) * count;
}

export async function readRowBlocks(
  session: ExcelSession,
  region: (start: number, count: number) => Excel.Range,
  properties: readonly ReadProperty[],
  total: number,
  /** Takes each block's cells; a promise it returns (work done in turns) is awaited before the next block is read. */
  onBlock: (start: number, cells: LoadedCells) => unknown,
  options: ReadBlocksOptions,
): Promise<void> {
  let rows = Math.max(1, options.startRows);
  let start = 0;
  let readBytes = 0;
  let readRows = 0;
  while (start < total) {
    throwIfAborted(options.signal);
    const count = Math.min(rows, total - start);
    const range = queueLoad(region(start, count), properties);
    try {
      await session.sync();
    } catch (error) {
      if (isResponseTooLarge(error) && count > 1) {
        rows = Math.ceil(count / 2);
        continue;
      }
      throw error;
    }
    const cells = loadedCells(range, properties);
    const taken = onBlock(start, cells);
    if (taken instanceof Promise) await taken;
    start += count;
    if (options.budgetBytes !== undefined) {
      readBytes += loadedBytes(cells, count);
      readRows += count;
      const width = Math.max(1, ...Object.values(cells).map((rows) => rows?.[0]?.length ?? 0)) * properties.length;
      rows = Math.max(
        1,
        Math.min(
          Math.floor(options.budgetBytes / Math.max(1, readBytes / readRows)),
          Math.floor(MAX_READ_CELLS / width),
          options.maxRows ?? DEFAULT_MAX_BLOCK_ROWS,
        ),
      );
    }
  }
}
