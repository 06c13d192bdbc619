/**
 * The push baselines (src/sync/push/baseline.ts) in one very hidden worksheet, `cashflow_baseline` (why a very
 * hidden sheet, and what it shares with the push journal's: `hidden-text-sheet.ts`).
 *
 * Layout: one block of rows per table, the blocks stacked from row 1 without gaps. Every cell is text:
 *
 *   header row:  cashflow.baseline.v1 | <table name> | <rows> | <width> | writing|complete | <bytes>
 *   data rows:   <id> | <JSON of the external ID> | |<JSON of the fields, part 1> | |<part 2> | ...
 *
 * JSON keeps numbers, booleans, nulls, lists and text exactly. The fields' JSON is cut into parts of at most
 * 32,000 characters (a cell holds 32,767), each part with a `|` in front; `width` is the block's widest data row,
 * `bytes` the JSON size of its data rows (sizes the reads). A block is written `writing` and marked `complete` in
 * the sync of its last rows: a write that failed half-way leaves a block that reads as no baseline (the push then
 * asks for a pull instead of taking every row as changed), and the next write of that table deletes it.
 *
 * Rewriting a table deletes its block's rows (whole sheet rows: the blocks below move up, untouched) and
 * appends the new block at the end; the other tables' blocks are never written. Writes go in blocks under the
 * 5 MB request cap (chunk-plan.ts), reads in blocks under the response and 5M-cell caps (read-row-blocks.ts).
 */

import type { CellValue } from '../../sync/cell-values';
import { checkBaseline, type BaselineStore } from '../../sync/push/baseline';
import type { BaselineRow, Fields } from '../../sync/push/diff';
import { DEFAULT_BUDGET_BYTES, DEFAULT_MAX_BLOCK_ROWS, DEFAULT_WRITE_BUDGET_BYTES, planBlocks, rowJsonBytes } from './chunk-plan';
import { fillNumberFormat } from './format-runs';
import { addVeryHiddenSheet, existingSheet, joinTextParts, serialized, textParts } from './hidden-text-sheet';
import { MAX_READ_CELLS, readRowBlocks } from './read-row-blocks';
import type { ExcelSession } from './run-excel';
import { sendInBlocks } from './send-in-blocks';

export const BASELINE_SHEET = 'cashflow_baseline';
export const BASELINE_MARK = 'cashflow.baseline.v1';
const HEADER_WIDTH = 6;

interface BlockHeader {
  /** 0-based sheet row of the header. */
  row: number;
  tableName: string;
  rows: number;
  width: number;
  complete: boolean;
  bytes: number;
}

export interface SheetBaselineStoreOptions {
  /** Request budget per write sync (default 4.5 MB, under Excel on the web's 5 MB cap). */
  budgetBytes?: number;
  /** Rows per write sync at most (default 20,000). */
  maxRows?: number;
  /** Response budget per read sync (default 4 MB). */
  readBudgetBytes?: number;
}

function dataRow(row: BaselineRow): string[] {
  if (!Number.isSafeInteger(row.id)) throw new RangeError(`A baseline id must be an integer: ${row.id}`);
  return [String(row.id), JSON.stringify(row.externalId), ...textParts(JSON.stringify(row.fields))];
}

/** A data row read back, or undefined when it is not one this store wrote. */
function parseRow(cells: readonly CellValue[]): BaselineRow | undefined {
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

function parseHeader(row: number, cells: readonly CellValue[]): BlockHeader | undefined {
  const [mark, tableName, rows, width, state, bytes] = cells;
  if (mark !== BASELINE_MARK || typeof tableName !== 'string') return undefined;
  const count = Number(rows);
  const columns = Number(width);
  if (!Number.isSafeInteger(count) || count < 0 || !Number.isSafeInteger(columns) || columns < 0) return undefined;
  return { row, tableName, rows: count, width: columns, complete: state === 'complete', bytes: Number(bytes) || 0 };
}

function sameTable(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export class SheetBaselineStore implements BaselineStore {
  private readonly budgetBytes: number;
  private readonly maxRows: number;
  private readonly readBudgetBytes: number;

  constructor(options: SheetBaselineStoreOptions = {}) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_WRITE_BUDGET_BYTES;
    this.maxRows = options.maxRows ?? DEFAULT_MAX_BLOCK_ROWS;
    this.readBudgetBytes = options.readBudgetBytes ?? DEFAULT_BUDGET_BYTES;
  }

  async read(tableName: string): Promise<BaselineRow[] | undefined> {
    return serialized(async (session) => {
      const sheet = await existingSheet(session, BASELINE_SHEET);
      if (sheet === undefined) return undefined;
      const block = (await walk(session, sheet)).filter((b) => sameTable(b.tableName, tableName)).pop();
      if (block === undefined || !block.complete) return undefined;
      return this.readBlock(session, sheet, block);
    });
  }

  async write(tableName: string, rows: readonly BaselineRow[]): Promise<void> {
    checkBaseline(rows);
    const cells = rows.map(dataRow);
    const width = Math.max(2, ...cells.map((r) => r.length));
    // Rectangular blocks: short rows padded with empty text (an empty cell reads back as '').
    for (const row of cells) while (row.length < width) row.push('');
    const rowBytes = cells.map((r) => rowJsonBytes(r));
    const bytes = rowBytes.reduce((sum, b) => sum + b, 0);
    await serialized(async (session) => {
      const sheet = (await existingSheet(session, BASELINE_SHEET)) ?? (await addVeryHiddenSheet(session, BASELINE_SHEET));
      const end = await this.deleteBlocks(session, sheet, tableName);
      const header = [BASELINE_MARK, tableName, String(rows.length), String(width), 'writing', String(bytes)];
      const headerRange = sheet.getRangeByIndexes(end, 0, 1, HEADER_WIDTH);
      const blocks = planBlocks(cells.length, (i) => rowBytes[i] ?? 0, { budgetBytes: this.budgetBytes, maxRows: this.maxRows });
      // The header goes with the first block; `complete` rides on the last block's sync, after its values, so
      // it is applied only when every row before it was.
      await sendInBlocks(session, blocks, (block, turn) => {
        if (turn.first) {
          fillNumberFormat(headerRange, '@');
          headerRange.values = [header];
        }
        if (block.count > 0) {
          const range = sheet.getRangeByIndexes(end + 1 + block.start, 0, block.count, width);
          fillNumberFormat(range, '@');
          range.values = cells.slice(block.start, block.start + block.count);
        }
        if (turn.last) sheet.getRangeByIndexes(end, 4, 1, 1).values = [['complete']];
      });
    });
  }

  async remove(tableName: string): Promise<void> {
    await serialized(async (session) => {
      const sheet = await existingSheet(session, BASELINE_SHEET);
      if (sheet !== undefined) await this.deleteBlocks(session, sheet, tableName);
    });
  }

  /** Deletes the table's blocks (complete or not); returns the row after the last block left. */
  private async deleteBlocks(session: ExcelSession, sheet: Excel.Worksheet, tableName: string): Promise<number> {
    const blocks = await walk(session, sheet);
    const end = blocks.length === 0 ? 0 : endOf(blocks[blocks.length - 1] as BlockHeader);
    const mine = blocks.filter((b) => sameTable(b.tableName, tableName));
    if (mine.length === 0) return end;
    // Bottom up, so the rows of the blocks still to delete do not move.
    for (const block of [...mine].reverse()) sheet.getRangeByIndexes(block.row, 0, block.rows + 1, 1).getEntireRow().delete(Excel.DeleteShiftDirection.up);
    await session.sync();
    return end - mine.reduce((sum, b) => sum + b.rows + 1, 0);
  }

  private async readBlock(session: ExcelSession, sheet: Excel.Worksheet, block: BlockHeader): Promise<BaselineRow[] | undefined> {
    const out: BaselineRow[] = [];
    let broken = false;
    const perRow = Math.max(1, block.rows === 0 ? 1 : Math.ceil(block.bytes / block.rows));
    const startRows = Math.max(1, Math.min(Math.floor(this.readBudgetBytes / perRow), Math.floor(MAX_READ_CELLS / Math.max(1, block.width)), DEFAULT_MAX_BLOCK_ROWS));
    await readRowBlocks(
      session,
      (start, count) => sheet.getRangeByIndexes(block.row + 1 + start, 0, count, block.width),
      ['values'],
      block.rows,
      (_start, cells) => {
        for (const row of cells.values ?? []) {
          const parsed = parseRow(row);
          if (parsed === undefined) broken = true;
          else out.push(parsed);
        }
      },
      { startRows },
    );
    // A block that does not read back whole is no baseline (see the header comment).
    return broken || out.length !== block.rows ? undefined : out;
  }
}

function endOf(block: BlockHeader): number {
  return block.row + 1 + block.rows;
}

/** The block headers from the top, one sync each (a workbook has a handful of pushable tables). */
async function walk(session: ExcelSession, sheet: Excel.Worksheet): Promise<BlockHeader[]> {
  const blocks: BlockHeader[] = [];
  for (let row = 0; ; ) {
    const range = sheet.getRangeByIndexes(row, 0, 1, HEADER_WIDTH).load('values');
    await session.sync();
    const header = parseHeader(row, range.values[0] ?? []);
    // Anything but a header ends the blocks (an empty row: the end; other text: not ours, written over).
    if (header === undefined) return blocks;
    blocks.push(header);
    row = endOf(header);
  }
}
