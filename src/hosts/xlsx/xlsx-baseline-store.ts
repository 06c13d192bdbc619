/**
 * The push baselines in the workbook file's very hidden sheet `cashflow_baseline`, in the Excel host's layout
 * (`src/sync/push/baseline-sheet-layout.ts`): a block of rows per table, written `writing` and marked `complete`
 * last, so a baseline written by either host is read by the other. Rewriting a table deletes its blocks (whole sheet
 * rows, the blocks below move up) and appends the new block at the end; the other tables' blocks are not written.
 * The workbook is in memory: no blocks of syncs, one pass.
 */

import type { Workbook, Worksheet } from 'exceljs';
import type { BaselineSource, BaselineStore } from '../../sync/push/baseline';
import * as layout from '../../sync/push/baseline-sheet-layout';
import type { BaselineRow } from '../../sync/push/diff';
import { BigTableError } from './big-table';
import { bigBaselineOf, hasBigBlock, keepBigBaseline } from './big-tables';
import { TEXT_FORMAT } from '../../sync/cell-values';
import { TableBody } from './table-body';
import { deleteSheetRows, readCells, veryHiddenSheet, writeTextCells } from './text-sheet-cells';

/** The block headers from the top; anything but a header ends them. */
function walk(sheet: Worksheet): layout.BaselineBlockHeader[] {
  const blocks: layout.BaselineBlockHeader[] = [];
  for (let row = 0; ;) {
    const header = layout.parseBaselineHeader(row, readCells(sheet, row, 0, 1, layout.BASELINE_HEADER_WIDTH)[0] ?? []);
    if (header === undefined) return blocks;
    blocks.push(header);
    row = layout.baselineBlockEnd(header);
  }
}

/** Deletes the table's blocks (complete or not); returns the row after the last block left. */
function deleteBlocks(sheet: Worksheet, tableName: string): number {
  const blocks = walk(sheet);
  const mine = blocks.filter((b) => layout.sameBaselineTable(b.tableName, tableName));
  if (mine.length > 0 && hasBigBlock(sheet.workbook, sheet.name))
    throw new BigTableError(
      `The baselines beside a big one (kept apart from exceljs) are not rewritten in memory: save the file, then open it.`,
    );
  // Bottom up, so the rows of the blocks still to delete do not move.
  for (const block of [...mine].reverse()) deleteSheetRows(sheet, block.row, block.rows + 1);
  const last = blocks[blocks.length - 1];
  return (last === undefined ? 0 : layout.baselineBlockEnd(last)) - mine.reduce((sum, b) => sum + b.rows + 1, 0);
}

export class XlsxBaselineStore implements BaselineStore {
  /** `bigRows`: a block of more rows keeps them out of exceljs (`big-tables.ts`), as a big table's body. */
  constructor(
    private readonly workbook: Workbook,
    private readonly bigRows = Number.POSITIVE_INFINITY,
  ) {}

  async read(tableName: string): Promise<BaselineRow[] | undefined> {
    const sheet = this.workbook.getWorksheet(layout.BASELINE_SHEET);
    if (sheet === undefined) return undefined;
    const block = layout.baselineBlockOf(walk(sheet), tableName);
    if (block === undefined || !block.complete) return undefined;
    const big = bigBaselineOf(this.workbook, tableName)?.body;
    const cells = big === undefined ? readCells(sheet, block.row + 1, 0, block.rows, block.width) : big.firstRows(big.rowCount);
    // A block that does not read back whole is no baseline.
    return layout.baselineOfBlock(block, cells);
  }

  /** The block's cells are the file's (a pull's baseline comes as slices, made into cells as they come). */
  async write(tableName: string, rows: BaselineSource): Promise<void> {
    const { header, cells } = layout.baselineBlockOfSlices(tableName, rows);
    const sheet = veryHiddenSheet(this.workbook, layout.BASELINE_SHEET);
    const end = deleteBlocks(sheet, tableName);
    writeTextCells(sheet, end, 0, [header]);
    if (cells.length > this.bigRows) keepBigBaseline(this.workbook, tableName, textBlock(sheet.name, end + 2, cells, tableName));
    else writeTextCells(sheet, end + 1, 0, cells);
    writeTextCells(sheet, end, layout.BASELINE_STATE_COLUMN, [[layout.BLOCK_COMPLETE]]);
  }

  async remove(tableName: string): Promise<void> {
    const sheet = this.workbook.getWorksheet(layout.BASELINE_SHEET);
    if (sheet !== undefined) deleteBlocks(sheet, tableName);
  }
}

/** A block's rows as text cells kept apart from exceljs, from sheet row `top` (1-based). */
function textBlock(sheetName: string, top: number, cells: readonly (readonly string[])[], tableName: string) {
  const width = cells[0]?.length ?? 0;
  const body = new TableBody(
    width,
    Array.from({ length: width }, () => TEXT_FORMAT),
  );
  const formats: string[] = [];
  for (const row of cells) body.push(row, formats);
  return { tableName: `baseline of ${tableName}`, sheetName, top, left: 1, body, inputColumns: new Set<number>() };
}
