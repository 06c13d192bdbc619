/**
 * Blocks → syncs: writes one block of body rows in one sync (more if it is refused). In this order: both "until
 * next sync" suspensions, what the block opens with (calculation mode, cells such as a new table's header), the
 * blank rows the table needs (`rows.add` with an explicit block of rows), the number formats, then the values, so
 * a text column is text-formatted before any text reaches it; last, a read that rides along (the next rows a
 * refresh overwrites: the request and response caps are separate, so it costs no round trip).
 *
 * A sync refused with RequestPayloadSizeLimitExceeded (nothing of it was applied) is split in halves and sent
 * again; a response too large for the read that rode along is sent again without it (the block's writes are
 * plain overwrites, so sending them twice is harmless).
 */

import type { CellValue } from '../../sync/cell-values';
import { throwIfAborted } from '../../api/abort';
import type { Block } from './chunk-plan';
import { halveBlock, type BodyBlock } from './cut-blocks';
import { isRequestTooLarge, isResponseTooLarge } from './excel-errors';
import { blockFormats, fillNumberFormat } from './format-runs';
import { loadedCells, queueLoad } from './read-row-blocks';
import type { ExcelSession } from './run-excel';
import { bodyRange, type TableBody } from './table-body';

/** Cells written with a block, formats before values (a new table's header). Sheet row and column, 0-based. */
export interface CellBand {
  row: number;
  column: number;
  numberFormat: string[][];
  values: CellValue[][];
}

/** What the first sync of a write opens with, before its rows. */
export interface BlockOpening {
  /** The calculation mode for the write (Manual; the write's last sync puts the previous mode back). */
  calculationMode?: Excel.Application['calculationMode'];
  /** Cells written before the rows (a new table's header). */
  cells?: readonly CellBand[];
}

/** What a block's sync carries besides its rows. */
export interface BlockExtras {
  /** Queued into the block's syncs until one of them succeeds. */
  opening?: BlockOpening;
  /** Body rows (pulled columns) to read in the block's last sync, when that sync adds no rows to the table. */
  readAlong?: Block;
  /** Checked before every sync of the block. */
  signal?: AbortSignal;
}

export interface SentBlock {
  /** End row of each chunk (sync) that wrote part of the block, in order. */
  chunkEnds: number[];
  /** The rows read along, if the read was sent and answered. */
  readAlong?: CellValue[][];
}

export function blankRows(count: number, width: number): string[][] {
  return Array.from({ length: count }, () => Array.from({ length: width }, () => ''));
}

/**
 * Queues the number formats of rows [from, to) of the block: runs of columns, and where a column's format is each
 * row's, runs of rows with one format, or the most common format and the others' (where fewer bytes), as
 * `blockFormats` chooses.
 */
function queueFormats(body: TableBody, block: BodyBlock, from: number, to: number): void {
  const count = to - from;
  const first = from - block.start;
  if (!block.formats.includes(null)) {
    for (const [column, width, format] of block.runs) fillNumberFormat(bodyRange(body, from, count, column, width), format);
    return;
  }
  const formats = blockFormats(block.formats, (column) => (block.rowFormats[column] ?? []).slice(first, first + count));
  for (const [column, width, format] of formats.columns) fillNumberFormat(bodyRange(body, from, count, column, width), format);
  for (const { column, runs } of formats.rowRuns) {
    for (const [row, rows, format] of runs) fillNumberFormat(bodyRange(body, from + row, rows, column, 1), format);
  }
  for (const { column, common, formats: matrix } of formats.sparse) {
    const range = bodyRange(body, from, count, column, 1);
    fillNumberFormat(range, common);
    range.numberFormat = matrix as string[][]; // null: the cell keeps the format just filled
  }
}

/** Queues the number formats, then the values, of rows [from, to) of the block. */
function queueRows(body: TableBody, block: BodyBlock, from: number, to: number): void {
  const count = to - from;
  const first = from - block.start;
  queueFormats(body, block, from, to);
  bodyRange(body, from, count, 0, block.pulledWidth).values = block.values.slice(first, first + count) as CellValue[][];
  if (block.userWidth > 0) {
    const userRange = bodyRange(body, from, count, block.pulledWidth, block.userWidth);
    const cells = block.user.slice(first, first + count);
    userRange.numberFormat = cells.map((row) => row.map((c) => c.format));
    userRange.values = cells.map((row) => row.map((c) => c.value));
  }
}

function queueOpening(session: ExcelSession, body: TableBody, opening: BlockOpening): void {
  if (opening.calculationMode !== undefined) session.context.application.calculationMode = opening.calculationMode;
  for (const band of opening.cells ?? []) {
    const range = body.sheet.getRangeByIndexes(band.row, band.column, band.numberFormat.length, band.numberFormat[0]?.length ?? 0);
    range.numberFormat = band.numberFormat;
    range.values = band.values;
  }
}

/** Queues the block's rows; returns whether it adds rows to the table. */
function queueBlock(body: TableBody, block: BodyBlock): boolean {
  const end = block.start + block.count;
  const rowsBefore = body.rowsInTable;
  if (body.table === null || end <= rowsBefore) {
    queueRows(body, block, block.start, end);
    return false;
  }
  // Rows already in the table first, then the added rows: Excel's rows.add fills the blank row of an empty
  // table instead of appending after it, so that row must hold its values before rows are added.
  const inside = Math.max(block.start, Math.min(rowsBefore, end));
  if (inside > block.start) queueRows(body, block, block.start, inside);
  body.table.rows.add(undefined, blankRows(end - inside, block.pulledWidth + block.userWidth));
  queueRows(body, block, inside, end);
  return true;
}

export async function sendBlock(session: ExcelSession, body: TableBody, block: BodyBlock, extras: BlockExtras = {}): Promise<SentBlock> {
  const sent: SentBlock = { chunkEnds: [] };
  const pending: BodyBlock[] = [block];
  let opening = extras.opening;
  let readAllowed = true;
  for (let piece = pending[0]; piece !== undefined; piece = pending[0]) {
    throwIfAborted(extras.signal);
    const end = piece.start + piece.count;
    session.suspendForNextSync();
    if (opening !== undefined) queueOpening(session, body, opening);
    const grows = queueBlock(body, piece);
    const along = pending.length === 1 && !grows && readAllowed ? extras.readAlong : undefined;
    const read = along === undefined ? null : queueLoad(bodyRange(body, along.start, along.count, 0, piece.pulledWidth), ['values']);
    try {
      await session.sync();
    } catch (error) {
      if (isRequestTooLarge(error) && piece.count > 1) {
        pending.splice(0, 1, ...halveBlock(piece));
        continue;
      }
      if (read !== null && isResponseTooLarge(error)) {
        readAllowed = false;
        continue;
      }
      throw error;
    }
    opening = undefined;
    readAllowed = true;
    if (read !== null) sent.readAlong = loadedCells(read, ['values']).values ?? [];
    if (grows) body.rowsInTable = end;
    pending.shift();
    sent.chunkEnds.push(end);
  }
  return sent;
}
