/**
 * The push baselines (src/sync/push/baseline.ts) in one very hidden worksheet, `cashflow_baseline` (why a very
 * hidden sheet, and what it shares with the push journal's: `hidden-text-sheet.ts`).
 *
 * Layout (`src/sync/push/baseline-sheet-layout.ts`, shared with the xlsx host): one block of rows per table, a
 * header row and the rows' cells, all text. A block is written `writing` and marked `complete` in the sync of its
 * last rows: a write that failed half-way leaves a block that reads as no baseline (the push then asks for a pull
 * instead of taking every row as changed), and the next write of that table deletes it.
 *
 * Rewriting a table deletes its block's rows (whole sheet rows: the blocks below move up, untouched) and
 * appends the new block at the end; the other tables' blocks are never written. Writes go in blocks under the
 * 5 MB request cap (chunk-plan.ts), reads in blocks under the response and 5M-cell caps (read-row-blocks.ts).
 * Turning the rows into the block's cells, and the cells read back into rows, runs in slices that give the thread
 * back between them (`yield-to-host.ts`): for 100,000 rows it held the pane's thread 100-200 ms in one go. A pull's
 * baseline comes as slices made as they are taken (`CompactBaseline`): a slice's rows and cells are the only ones in
 * memory at a time, so a million-row baseline never is.
 */

import {
  baselineCount,
  baselineSlicesOf,
  checkBaseline,
  type BaselinePatch,
  type BaselineSource,
  type BaselineStore,
} from '../../sync/push/baseline';
import {
  BASELINE_HEADER_WIDTH,
  BASELINE_MARK,
  BASELINE_SHEET,
  BASELINE_STATE_COLUMN,
  baselineBlock,
  baselineBlockEnd,
  baselineBlockOf,
  BLOCK_COMPLETE,
  parseBaselineHeader,
  parseBaselineRow,
  sameBaselineTable,
  type BaselineBlock,
  type BaselineBlockHeader,
} from '../../sync/push/baseline-sheet-layout';
import type { BaselineRow } from '../../sync/push/diff';
import { DEFAULT_BUDGET_BYTES, DEFAULT_MAX_BLOCK_ROWS, DEFAULT_WRITE_BUDGET_BYTES, planBlocks, rowJsonBytes } from './chunk-plan';
import { fillNumberFormat } from './format-runs';
import { addVeryHiddenSheet, existingSheet, serialized } from './hidden-text-sheet';
import { MAX_READ_CELLS, readRowBlocks } from './read-row-blocks';
import type { ExcelSession } from './run-excel';
import { sendInBlocks } from './send-in-blocks';
import { GroupedWrite } from './send-in-groups';
import { inTurns, ROWS_PER_TURN, yieldToHost, type YieldToHost } from './yield-to-host';

export { BASELINE_MARK, BASELINE_SHEET } from '../../sync/push/baseline-sheet-layout';

export interface SheetBaselineStoreOptions {
  /** Request budget per write sync (default 4.5 MB, under Excel on the web's 5 MB cap). */
  budgetBytes?: number;
  /** Rows per write sync at most (default 20,000). */
  maxRows?: number;
  /** Response budget per read sync (default 4 MB). */
  readBudgetBytes?: number;
  /** How the thread is given back between slices of rows (default `yieldToHost`; tests count the turns). */
  yieldToHost?: YieldToHost;
}

export class SheetBaselineStore implements BaselineStore {
  private readonly budgetBytes: number;
  private readonly maxRows: number;
  private readonly readBudgetBytes: number;
  private readonly turns: { yieldToHost?: YieldToHost };

  constructor(options: SheetBaselineStoreOptions = {}) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_WRITE_BUDGET_BYTES;
    this.maxRows = options.maxRows ?? DEFAULT_MAX_BLOCK_ROWS;
    this.readBudgetBytes = options.readBudgetBytes ?? DEFAULT_BUDGET_BYTES;
    this.turns = options.yieldToHost === undefined ? {} : { yieldToHost: options.yieldToHost };
  }

  async read(tableName: string): Promise<BaselineRow[] | undefined> {
    return serialized(async (session) => {
      const sheet = await existingSheet(session, BASELINE_SHEET);
      if (sheet === undefined) return undefined;
      const block = baselineBlockOf(await walk(session, sheet), tableName);
      if (block === undefined || !block.complete) return undefined;
      return this.readBlock(session, sheet, block);
    });
  }

  /**
   * The table's block written a slice of rows at a time (#30: a pull's baseline comes as slices made as they are
   * taken, so a million rows are never all in memory at once): the header, `writing` with the row count, in the sync
   * of the first rows (again if that sync is refused and halved); each slice's cells made in turns, and as many
   * slices in one sync as fit under the request cap (`GroupedWrite`: a round trip per 4 MB, not per slice); the
   * block's width, size and `complete` in the sync of its last rows. A slice's rows are as
   * wide as its widest; the cells right of them are empty, as padding reads. On a sheet this write adds there is
   * nothing to walk or delete: a first pull's baseline costs the sheet's lookup, its creation and its blocks.
   */
  async write(tableName: string, rows: BaselineSource): Promise<void> {
    const count = baselineCount(rows);
    // Rows in memory are checked before anything is touched; slices as they come (a refused one leaves a block `writing`).
    if (Array.isArray(rows)) checkBaseline(rows);
    await serialized(async (session) => {
      const existing = await existingSheet(session, BASELINE_SHEET);
      const sheet = existing ?? (await addVeryHiddenSheet(session, BASELINE_SHEET));
      const end = existing === undefined ? 0 : await this.deleteBlocks(session, sheet, tableName);
      const header = (state: string, width: number, bytes: number): void => {
        const range = sheet.getRangeByIndexes(end, 0, 1, BASELINE_HEADER_WIDTH);
        fillNumberFormat(range, '@');
        range.values = [[BASELINE_MARK, tableName, String(count), String(width), state, String(bytes)]];
      };
      let size: BlockSize = { written: 0, width: 2, bytes: 0, cells: 0 };
      const write = new GroupedWrite<PlacedPart>(session, {
        limits: { budgetBytes: this.budgetBytes, maxRows: this.maxRows },
        open: () => header('writing', 2, 0),
        queueRows: (part, block) => {
          if (block.count === 0) return;
          const range = sheet.getRangeByIndexes(part.top + block.start, 0, block.count, part.width);
          fillNumberFormat(range, '@');
          range.values = part.cells.slice(block.start, block.start + block.count);
        },
      });
      for (const slice of baselineSlicesOf(rows, ROWS_PER_TURN)) {
        if (size.written > 0) await (this.turns.yieldToHost ?? yieldToHost)();
        checkBaseline(slice);
        const part = baselineBlock(tableName, slice);
        await write.add({ ...part, top: end + 1 + size.written });
        size = {
          written: size.written + slice.length,
          width: Math.max(size.width, part.width),
          bytes: size.bytes + part.rowBytes.reduce((sum, b) => sum + b, 0),
          cells: size.cells + part.width * slice.length,
        };
      }
      // The block closes in the sync of its last rows, only with every row it said it had.
      if (size.written !== count) {
        await write.finish();
        throw new Error(`The baseline of ${tableName} gave ${size.written} rows, not ${count}.`);
      }
      await write.finish(() => header(BLOCK_COMPLETE, size.width, paddedBytes(size, count)));
    });
  }

  /**
   * A patched refresh's rows into the table's block (#30): the block marked `writing`, sheet rows inserted for the new
   * rows (bottom up; the blocks below move down, untouched), the replaced and new rows written, then the header's
   * count, size and `complete` in the last sync. Refused, with nothing written, when the block is not the table's as
   * the patch knows it: missing, incomplete, of another length, a replaced row of another id, or a row wider than it.
   */
  async patch(tableName: string, patch: BaselinePatch, rowCount: number): Promise<void> {
    checkBaseline([...patch.replace.map((r) => r.row), ...patch.insert.flatMap((i) => i.rows)]);
    await serialized(async (session) => {
      const sheet = await existingSheet(session, BASELINE_SHEET);
      const block = sheet === undefined ? undefined : baselineBlockOf(await walk(session, sheet), tableName);
      if (sheet === undefined || block === undefined || !block.complete || block.rows !== rowCount)
        throw new Error(`The baseline of ${tableName} is not the table's.`);
      const rows = patchedRows(block, patch);
      if (rows.length === 0) return;
      await checkReplacedIds(session, sheet, block, patch);
      const header = sheet.getRangeByIndexes(block.row, 0, 1, BASELINE_HEADER_WIDTH);
      header.getCell(0, BASELINE_STATE_COLUMN).values = [['writing']];
      for (const { before, rows: added } of [...patch.insert].reverse()) {
        if (added.length > 0)
          sheet
            .getRangeByIndexes(block.row + 1 + before, 0, added.length, 1)
            .getEntireRow()
            .insert(Excel.InsertShiftDirection.down);
      }
      await session.sync();
      // Each row is counted with the range a run of rows may open for it.
      const blocks = planBlocks(rows.length, (i) => (rows[i]?.bytes ?? 0) + 256, { budgetBytes: this.budgetBytes, maxRows: this.maxRows });
      await sendInBlocks(session, blocks, (part, turn) => {
        for (const run of consecutive(rows.slice(part.start, part.start + part.count))) {
          const range = sheet.getRangeByIndexes(block.row + 1 + (run[0] as PatchedRow).at, 0, run.length, block.width);
          fillNumberFormat(range, '@');
          range.values = run.map((row) => row.cells);
        }
        if (turn.last) {
          const added = patch.insert.reduce((sum, i) => sum + i.rows.length, 0);
          const perRow = block.rows === 0 ? 0 : block.bytes / block.rows;
          const bytes = Math.round(block.bytes + rows.reduce((sum, r) => sum + r.bytes, 0) - patch.replace.length * perRow);
          header.values = [
            [BASELINE_MARK, block.tableName, String(block.rows + added), String(block.width), BLOCK_COMPLETE, String(bytes)],
          ];
        }
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
    const end = blocks.length === 0 ? 0 : baselineBlockEnd(blocks[blocks.length - 1] as BaselineBlockHeader);
    const mine = blocks.filter((b) => sameBaselineTable(b.tableName, tableName));
    if (mine.length === 0) return end;
    // Bottom up, so the rows of the blocks still to delete do not move.
    for (const block of [...mine].reverse())
      sheet
        .getRangeByIndexes(block.row, 0, block.rows + 1, 1)
        .getEntireRow()
        .delete(Excel.DeleteShiftDirection.up);
    await session.sync();
    return end - mine.reduce((sum, b) => sum + b.rows + 1, 0);
  }

  private async readBlock(session: ExcelSession, sheet: Excel.Worksheet, block: BaselineBlockHeader): Promise<BaselineRow[] | undefined> {
    const rows: BaselineRow[] = [];
    let whole = true;
    const perRow = Math.max(1, block.rows === 0 ? 1 : Math.ceil(block.bytes / block.rows));
    const startRows = Math.max(
      1,
      Math.min(Math.floor(this.readBudgetBytes / perRow), Math.floor(MAX_READ_CELLS / Math.max(1, block.width)), DEFAULT_MAX_BLOCK_ROWS),
    );
    await readRowBlocks(
      session,
      (start, count) => sheet.getRangeByIndexes(block.row + 1 + start, 0, count, block.width),
      ['values'],
      block.rows,
      // Each block read is parsed as it comes, in slices; a row that does not parse ends the parsing.
      async (_start, cells) => {
        const values = cells.values ?? [];
        await inTurns(
          values.length,
          (from, to) => {
            for (let r = from; r < to && whole; r += 1) {
              const row = parseBaselineRow(values[r] ?? []);
              if (row === undefined) whole = false;
              else rows.push(row);
            }
            return whole;
          },
          this.turns,
        );
      },
      { startRows },
    );
    // A block that does not read back whole is no baseline (see the header comment).
    return whole && rows.length === block.rows ? rows : undefined;
  }
}

/** A slice's cells and the sheet row they start at. */
type PlacedPart = BaselineBlock & { top: number };

/** What a block's rows written so far take: rows, the widest row's cells, their JSON bytes and cells. */
interface BlockSize {
  written: number;
  width: number;
  bytes: number;
  cells: number;
}

/** The block's size as if every row were padded to its width (an empty cell is `""` and a comma in JSON). */
function paddedBytes(size: BlockSize, count: number): number {
  return size.bytes + 3 * (size.width * count - size.cells);
}

/** The block headers from the top, one sync each (a workbook has a handful of pushable tables). */
async function walk(session: ExcelSession, sheet: Excel.Worksheet): Promise<BaselineBlockHeader[]> {
  const blocks: BaselineBlockHeader[] = [];
  for (let row = 0; ;) {
    const range = sheet.getRangeByIndexes(row, 0, 1, BASELINE_HEADER_WIDTH).load('values');
    await session.sync();
    const header = parseBaselineHeader(row, range.values[0] ?? []);
    // Anything but a header ends the blocks (an empty row: the end; other text: not ours, written over).
    if (header === undefined) return blocks;
    blocks.push(header);
    row = baselineBlockEnd(header);
  }
}

/** A row a patch writes: its row in the block after the inserts, its cells padded to the block's width, their bytes. */
interface PatchedRow {
  at: number;
  cells: string[];
  bytes: number;
}

/** Where each replaced and inserted row goes once the rows are inserted; throws for a row wider than the block. */
function patchedRows(block: BaselineBlockHeader, patch: BaselinePatch): PatchedRow[] {
  const { cells } = baselineBlock(block.tableName, [...patch.replace.map((r) => r.row), ...patch.insert.flatMap((i) => i.rows)]);
  if (cells.some((row) => row.length > block.width))
    throw new Error(`A patched baseline row of ${block.tableName} is wider than its block.`);
  const padded = cells.map((row) => [...row, ...Array.from({ length: block.width - row.length }, () => '')]);
  const shift = (row: number, before: (place: number) => boolean): number =>
    row + patch.insert.reduce((sum, i) => sum + (before(i.before) ? i.rows.length : 0), 0);
  const places = [
    ...patch.replace.map((r) => shift(r.at, (place) => place <= r.at)),
    ...patch.insert.flatMap((i) => i.rows.map((_, k) => shift(i.before, (place) => place < i.before) + k)),
  ];
  return padded.map((row, i) => ({ at: places[i] as number, cells: row, bytes: rowJsonBytes(row) })).sort((a, b) => a.at - b.at);
}

/** Rows in runs of consecutive sheet rows (`rows` by ascending row). */
function consecutive(rows: readonly PatchedRow[]): PatchedRow[][] {
  const runs: PatchedRow[][] = [];
  for (const row of rows) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run !== undefined && last !== undefined && last.at + 1 === row.at) run.push(row);
    else runs.push([row]);
  }
  return runs;
}

/** The block's ids in the replaced rows must be the patch's (a baseline of other rows is not patched). */
async function checkReplacedIds(
  session: ExcelSession,
  sheet: Excel.Worksheet,
  block: BaselineBlockHeader,
  patch: BaselinePatch,
): Promise<void> {
  const runs: { at: number; ids: number[] }[] = [];
  for (const { at, row } of patch.replace) {
    const run = runs[runs.length - 1];
    if (run !== undefined && run.at + run.ids.length === at) run.ids.push(row.id);
    else runs.push({ at, ids: [row.id] });
  }
  if (runs.length === 0) return;
  const loaded = runs.map((run) => sheet.getRangeByIndexes(block.row + 1 + run.at, 0, run.ids.length, 1).load('values'));
  await session.sync();
  runs.forEach((run, r) =>
    run.ids.forEach((id, i) => {
      if (String(loaded[r]?.values[i]?.[0] ?? '') !== String(id))
        throw new Error(`Baseline row ${run.at + i} of ${block.tableName} is not the record ${id}.`);
    }),
  );
}
