/**
 * The push's view of a pushable table in Excel (`PushSheet`, src/sync/push/push-port.ts): read the rows with their
 * positions, put each outcome back on its row (values the service set, the status text, the highlight), add rows,
 * remove rows. Columns are matched by header (`push-table-layout.ts`), rows by position checked by identity
 * (`find-push-rows.ts`).
 *
 * Cells are written as the pull writes them: through the column type's conversion (`toCellValue`: dates as
 * serials), with the column's number format set before the values, so text columns are text-formatted and
 * `=HYPERLINK(...)` stays text. Everything goes in blocks under Excel on the web's 5 MB request cap, several rows
 * per sync; neighbouring rows share their ranges (one range for a run of rows), so a sync carries few actions.
 */

import { cellText } from '../../sync/cell-text-limit';
import { throwIfAborted } from '../../api/abort';
import { TEXT_FORMAT, type CellValue } from '../../sync/cell-values';
import { problemHeaders } from '../../sync/push/push-columns';
import { PushRowsReader } from '../../sync/push/push-rows-reader';
import { missingRefs } from '../../sync/push/row-locator';
import { updateCells } from '../../sync/push/update-cells';
import type { PushSheet, PushSheetRead, RowRef, RowUpdate } from '../../sync/push/push-port';
import { columnIndex, tableSpec, type TableModel } from '../../sync/tables/table-model';
import type { CoreRow } from '../../sync/workbook-port';
import { toCellRow } from './cell-feed';
import {
  BLOCK_OVERHEAD_BYTES,
  cellJsonBytes,
  DEFAULT_BUDGET_BYTES,
  DEFAULT_MAX_BLOCK_ROWS,
  DEFAULT_WRITE_BUDGET_BYTES,
  planBlocks,
  rowJsonBytes,
  type WriteLimits,
} from './chunk-plan';
import { findPushRows } from './find-push-rows';
import { fillNumberFormat, type FormatRun } from './format-runs';
import { editableColumns, queueChangedFill, queueInputStyle } from './input-style';
import { columnRuns, readPushLayout, STATUS_HEADER, tableCells, type PushTableLayout } from './push-table-layout';
import { firstReadRows, readRowBlocks } from './read-row-blocks';
import { runExcel, type ExcelSession } from './run-excel';
import { blankRows } from './send-block';
import { sendInBlocks } from './send-in-blocks';
import { stringJsonBytes } from '../../sync/json-bytes';
import { inTurns, type YieldToHost } from './yield-to-host';

/**
 * A guess of one queued action's share of the request (its id, type, name and object path; Office.js sends a
 * range's path once per sync, the simulation once per action): sizes the blocks, a refused block is halved.
 */
const ACTION_BYTES = 160;

/** A row's update, placed: its table row and its cells by table column. */
interface PlacedUpdate {
  row: number;
  /** Table column → cell value and number format; empty when the update sets no values. */
  cells: Map<number, { value: CellValue; format: string }>;
  status: string | undefined;
  /** Table columns to highlight, sorted; `key` names the set (rows with the same set share ranges). */
  highlight: number[];
  key: string;
}

/** Runs of consecutive items that `joins` lets continue the previous one. */
function runsOf<T>(items: readonly T[], joins: (previous: T, next: T) => boolean): T[][] {
  const runs: T[][] = [];
  for (const item of items) {
    const last = runs[runs.length - 1];
    const previous = last?.[last.length - 1];
    if (last !== undefined && previous !== undefined && joins(previous, item)) last.push(item);
    else runs.push([item]);
  }
  return runs;
}

const nextRow = (a: { row: number }, b: { row: number }): boolean => b.row === a.row + 1;

export class ExcelPushSheet implements PushSheet {
  private readonly limits: WriteLimits;
  private readonly turns: { yieldToHost?: YieldToHost };

  /**
   * `limits` tunes the write blocks (request budget per sync, rows per block); the defaults suit Excel on the web.
   * `turns.yieldToHost` gives the thread back between slices of rows read (default `yieldToHost`; tests count them).
   */
  constructor(limits: Partial<WriteLimits> = {}, turns: { yieldToHost?: YieldToHost } = {}) {
    this.limits = { budgetBytes: limits.budgetBytes ?? DEFAULT_WRITE_BUDGET_BYTES, maxRows: limits.maxRows ?? DEFAULT_MAX_BLOCK_ROWS };
    this.turns = turns.yieldToHost === undefined ? {} : { yieldToHost: turns.yieldToHost };
  }

  async read<R>(model: TableModel<R>, options: { signal?: AbortSignal } = {}): Promise<PushSheetRead> {
    throwIfAborted(options.signal);
    return runExcel(async (session) => {
      const layout = await readPushLayout(session, model);
      // The status column comes along (a row's status must describe its state now: the push clears a stale one).
      const read = layout.status === null ? layout.columns : [...layout.columns, layout.status];
      const first = Math.min(...read);
      const width = Math.max(...read) - first + 1;
      const reader = new PushRowsReader(model, layout.specs, problemHeaders(layout));
      await readRowBlocks(
        session,
        (start, count) => tableCells(layout, start, count, first, width),
        ['values'],
        layout.rows,
        // Each block's rows are taken a slice per turn (yield-to-host.ts): a 20,000-row block held the thread ~60 ms.
        async (start, cells) => {
          const lines = cells.values ?? [];
          await inTurns(
            lines.length,
            (from, to) => {
              for (let i = from; i < to; i += 1) {
                const line = lines[i] ?? [];
                const raw = layout.columns.map((column) => line[column - first] ?? '');
                reader.add(start + i, raw, layout.status === null ? undefined : line[layout.status - first]);
              }
            },
            this.turns,
          );
        },
        {
          startRows: firstReadRows(width, 1),
          budgetBytes: DEFAULT_BUDGET_BYTES,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
        },
      );
      return reader.result(layout.status !== null);
    });
  }

  async update<R>(model: TableModel<R>, updates: readonly RowUpdate[]): Promise<{ applied: number; missing: RowRef[] }> {
    // Values are converted before the workbook is touched: a value that does not fit its column throws here.
    const converted = updateCells(model, updates);
    if (updates.length === 0) return { applied: 0, missing: [] };
    return runExcel(async (session) => {
      const layout = await readPushLayout(session, model);
      const rows = await findPushRows(session, layout, updates);
      const missing = missingRefs(updates, rows);
      const placed: PlacedUpdate[] = [];
      updates.forEach((update, i) => {
        const row = rows[i];
        if (row === null || row === undefined) return;
        const cells = new Map(
          (converted[i] ?? []).map(({ index, value }) => [
            layout.columns[index] ?? -1,
            { value, format: layout.formats[index] ?? 'General' },
          ]),
        );
        const highlight = [...new Set(update.highlight.map((key) => layout.columns[columnIndex(model, key)] ?? -1))].sort((a, b) => a - b);
        placed.push({ row, cells, status: update.status, highlight, key: highlight.join(',') });
      });
      placed.sort((a, b) => a.row - b.row);
      await this.sendUpdates(session, model, layout, placed);
      return { applied: placed.length, missing };
    });
  }

  async append<R>(model: TableModel<R>, rows: readonly CoreRow[]): Promise<void> {
    const cells = rows.map((row) => toCellRow(tableSpec(model).columns, row));
    if (cells.length === 0) return;
    await runExcel(async (session) => {
      const layout = await readPushLayout(session, model);
      const tableWidth = layout.headers.length;
      const first = Math.min(...layout.columns);
      const width = Math.max(...layout.columns) - first + 1;
      const editable = editableColumns(model, layout);
      // The model's cells at their table columns; null leaves the cells of other columns (user columns) as added.
      const bands = cells.map((row) => {
        const band: (CellValue | null)[] = Array.from({ length: width }, () => null);
        layout.columns.forEach((column, c) => (band[column - first] = row[c] ?? ''));
        return band;
      });
      const formats = formatRunsOf(layout);
      const bytes = bands.map((band) => rowJsonBytes(band.map((cell) => cell ?? '')) + 3 + tableWidth * 3);
      const blocks = planBlocks(bands.length, (i) => bytes[i] ?? 0, {
        ...this.limits,
        overheadBytes: BLOCK_OVERHEAD_BYTES + ACTION_BYTES * (2 * formats.length + 4 + 5 * columnRuns(editable).length),
      });
      // A table that never had rows has one blank row: it takes the first appended row, the others are added.
      const base = layout.blankBody ? 0 : layout.rows;
      await sendInBlocks(session, blocks, (block) => {
        session.suspendForNextSync();
        const row = base + block.start;
        const adds = layout.blankBody && block.start === 0 ? block.count - 1 : block.count;
        if (adds < block.count) queueBand(layout, row, 1, first, formats, bands.slice(0, 1));
        // Blank rows first, then formats, then values: a text column is text-formatted before any text reaches it.
        if (adds > 0) {
          layout.table.rows.add(undefined, blankRows(adds, tableWidth));
          queueBand(
            layout,
            row + block.count - adds,
            adds,
            first,
            formats,
            bands.slice(block.start + block.count - adds, block.start + block.count),
          );
        }
        queueInputStyle(layout, row, block.count, editable);
      });
    });
  }

  async remove<R>(model: TableModel<R>, refs: readonly RowRef[]): Promise<{ removed: number; missing: RowRef[] }> {
    if (refs.length === 0) return { removed: 0, missing: [] };
    return runExcel(async (session) => {
      const layout = await readPushLayout(session, model);
      const rows = await findPushRows(session, layout, refs);
      const missing = missingRefs(refs, rows);
      const found = rows.filter((row): row is number => row !== null).sort((a, b) => b - a);
      // Bottom up, runs of neighbouring rows in one call each, so the rows still to delete do not move.
      const runs = runsOf(
        found.map((row) => ({ row })),
        (a, b) => b.row === a.row - 1,
      ).map((run) => ({ start: run[run.length - 1]?.row ?? 0, count: run.length }));
      const blocks = planBlocks(runs.length, () => ACTION_BYTES, this.limits);
      await sendInBlocks(session, blocks, (block) => {
        session.suspendForNextSync();
        for (const run of runs.slice(block.start, block.start + block.count)) layout.table.rows.deleteRowsAt(run.start, run.count);
      });
      return { removed: found.length, missing };
    });
  }

  /** The updates' cells, statuses and highlights, in blocks of rows; the first sync adds the status column if needed. */
  private async sendUpdates<R>(
    session: ExcelSession,
    model: TableModel<R>,
    layout: PushTableLayout,
    placed: readonly PlacedUpdate[],
  ): Promise<void> {
    const editable = editableColumns(model, layout);
    const editableRuns = columnRuns(editable).length;
    const addsStatus = layout.status === null;
    const status = layout.status ?? layout.headers.length;
    // A row's share of the request: its cells always; the ranges (actions) only when it cannot share the previous row's.
    const fresh = (u: PlacedUpdate): { values: number; status: number; style: number } => ({
      values: u.cells.size === 0 ? 0 : 3 * ACTION_BYTES,
      status: 3 * ACTION_BYTES,
      style: ACTION_BYTES * (5 * editableRuns + 4 * columnRuns(u.highlight).length),
    });
    const cellBytes = (u: PlacedUpdate): number => {
      let bytes = stringJsonBytes(u.status ?? '') + 8 + 10 * layout.columns.length;
      for (const { value, format } of u.cells.values()) bytes += cellJsonBytes(value) + stringJsonBytes(format) + 2;
      return bytes;
    };
    const rowBytes = (i: number): number => {
      const u = placed[i] as PlacedUpdate;
      const previous = placed[i - 1];
      const costs = fresh(u);
      const joins = previous !== undefined && nextRow(previous, u);
      return (
        cellBytes(u) +
        (joins && previous.cells.size > 0 ? 0 : costs.values) +
        (joins ? 0 : costs.status) +
        (joins && previous.key === u.key ? 0 : costs.style)
      );
    };
    // A block's first row may continue a run of the block before: room for its ranges too.
    const firstRowRanges = placed.reduce((max, u) => {
      const costs = fresh(u);
      return Math.max(max, costs.values + costs.status + costs.style);
    }, 0);
    const blocks = planBlocks(placed.length, rowBytes, {
      ...this.limits,
      overheadBytes: BLOCK_OVERHEAD_BYTES + firstRowRanges + (addsStatus ? 12 * ACTION_BYTES : 0),
    });
    await sendInBlocks(session, blocks, (block, turn) => {
      session.suspendForNextSync();
      if (turn.first && addsStatus) {
        // The first push on this table: the status column at its right (text, so no status is ever taken for a
        // formula), and the editable columns marked as input cells; nothing of a push is highlighted yet.
        layout.table.columns.add(undefined, undefined, STATUS_HEADER);
        fillNumberFormat(tableCells(layout, 0, layout.rows, status, 1), TEXT_FORMAT);
        queueInputStyle(layout, 0, layout.rows, editable);
      }
      const rows = placed.slice(block.start, block.start + block.count);
      for (const run of runsOf(rows, (a, b) => nextRow(a, b) && a.cells.size > 0 && b.cells.size > 0)) {
        if ((run[0]?.cells.size ?? 0) > 0) queueValues(layout, run);
      }
      // A row without a status (a highlight only, as the Changes view's check sets it) keeps the one it has.
      for (const run of runsOf(
        rows.filter((u) => u.status !== undefined),
        nextRow,
      )) {
        const range = tableCells(layout, run[0]?.row ?? 0, run.length, status, 1);
        fillNumberFormat(range, TEXT_FORMAT);
        range.values = run.map((u) => [cellText(u.status ?? '')]);
      }
      for (const run of runsOf(rows, (a, b) => nextRow(a, b) && a.key === b.key)) {
        const row = run[0]?.row ?? 0;
        queueInputStyle(layout, row, run.length, editable);
        queueChangedFill(layout, row, run.length, run[0]?.highlight ?? []);
      }
    });
  }
}

/** A run of neighbouring rows' new cells as one band of columns, null where a row sets nothing (left as it is). */
function queueValues(layout: PushTableLayout, run: readonly PlacedUpdate[]): void {
  const columns = run.flatMap((u) => [...u.cells.keys()]);
  const first = Math.min(...columns);
  const width = Math.max(...columns) - first + 1;
  const formats = run.map((u) => Array.from({ length: width }, (_, c) => u.cells.get(first + c)?.format ?? null));
  const values = run.map((u) => Array.from({ length: width }, (_, c) => u.cells.get(first + c)?.value ?? null));
  const range = tableCells(layout, run[0]?.row ?? 0, run.length, first, width);
  // Office.js leaves a cell as it is where a 2-D array holds null, for values and number formats alike.
  range.numberFormat = formats as string[][];
  range.values = values as CellValue[][];
}

/** The model columns' number formats by runs of neighbouring table columns with the same format. */
function formatRunsOf(layout: PushTableLayout): FormatRun[] {
  const columns = layout.columns
    .map((column, c) => ({ column, format: layout.formats[c] ?? 'General' }))
    .sort((a, b) => a.column - b.column);
  return runsOf(columns, (a, b) => b.column === a.column + 1 && a.format === b.format).map((run): FormatRun => [
    run[0]?.column ?? 0,
    run.length,
    run[0]?.format ?? 'General',
  ]);
}

/** Rows [row, row + count) of an append: number formats by runs of columns, then the values. */
function queueBand(
  layout: PushTableLayout,
  row: number,
  count: number,
  first: number,
  formats: readonly FormatRun[],
  bands: readonly (CellValue | null)[][],
): void {
  for (const [column, width, format] of formats) fillNumberFormat(tableCells(layout, row, count, column, width), format);
  tableCells(layout, row, count, first, bands[0]?.length ?? 0).values = bands as CellValue[][];
}
