/**
 * Reads a band of rows in blocks that fit Excel on the web's 5 MB response cap and 5,000,000-cell read cap.
 * The first block size is a guess from the cell count; a block refused as too large is read again in halves.
 */

import type { CellValue } from '../../sync/cell-values';
import { DEFAULT_BUDGET_BYTES, DEFAULT_MAX_BLOCK_ROWS } from './chunk-plan';
import { throwIfAborted } from '../../api/abort';
import { isResponseTooLarge } from './excel-errors';
import type { ExcelSession } from './run-excel';

export type ReadProperty = 'values' | 'formulas' | 'numberFormat' | 'valueTypes';
export type LoadedCells = Partial<Record<ReadProperty, CellValue[][]>>;

export const MAX_READ_CELLS = 5_000_000;
/** A guess of the JSON bytes one cell property takes in a response; only sizes the first block. */
const GUESSED_BYTES_PER_CELL = 24;

export function firstReadRows(columns: number, properties: number, budgetBytes = DEFAULT_BUDGET_BYTES): number {
  const perRow = Math.max(1, columns * properties * GUESSED_BYTES_PER_CELL);
  const byBytes = Math.floor(budgetBytes / perRow);
  const byCells = Math.floor(MAX_READ_CELLS / Math.max(1, columns));
  return Math.max(1, Math.min(byBytes, byCells, DEFAULT_MAX_BLOCK_ROWS));
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
  signal?: AbortSignal;
}

/**
 * Reads rows [0, total) of the band `region(start, count)` block by block; `onBlock` gets each block's cells.
 */
export async function readRowBlocks(
  session: ExcelSession,
  region: (start: number, count: number) => Excel.Range,
  properties: readonly ReadProperty[],
  total: number,
  onBlock: (start: number, cells: LoadedCells) => void,
  options: ReadBlocksOptions,
): Promise<void> {
  let rows = Math.max(1, options.startRows);
  let start = 0;
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
    onBlock(start, loadedCells(range, properties));
    start += count;
  }
}
