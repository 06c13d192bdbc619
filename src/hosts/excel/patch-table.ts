/**
 * `patchTable` of the Excel host (#30): a refresh's changed rows written into the existing table, every other row
 * left as it is, in one `Excel.run`.
 *
 * 1. Resolve: the table, its body, its columns (the pulled ones must lead), its first row's formats, the
 *    calculation mode; the patch's rows must be in the table.
 * 2. Snapshot: the pulled cells of the rows to be replaced (values, formulas, formats, types), for a restore.
 * 3. Insert: blank table rows at each place, from the bottom up (`rows.add(index)`: the rows below move down with
 *    their user cells); an inserted row's user cells stay empty, as a new record's in a full write.
 * 4. Write: the replaced and inserted rows' pulled cells, formats before values (a format the user chose kept, as a
 *    refresh keeps it), several runs of rows per sync under the request budget, halved if refused as too large.
 * 5. Finish: the calculation mode back; the table's address.
 *
 * On any failure or cancel: the inserted rows are deleted (the last inserted first), the replaced rows get their old
 * cells back, and the calculation mode is set again.
 */

import type { CellValue } from '../../sync/cell-values';
import { refreshFormat } from '../../sync/refresh-format';
import type { CoreRow, TablePatch, TableSpec, WriteOptions, WriteResult } from '../../sync/workbook-port';
import { throwIfAborted } from '../../api/abort';
import { CellFeed } from './cell-feed';
import { DEFAULT_WRITE_BUDGET_BYTES, halve, planBlocks, rowJsonBytes, type Block } from './chunk-plan';
import { isRequestTooLarge, TableLayoutError, TableRestoreError } from './excel-errors';
import { blankRows } from './send-block';
import { encodeUserCell } from './user-columns';
import { runExcel, type ExcelSession } from './run-excel';

type CalculationMode = Excel.Application['calculationMode'];

/** Rows added to the table per sync at most (their blank cells go in the request). */
const ADD_ROWS_PER_SYNC = 5_000;
/** Rows per write sync at most. */
const MAX_ROWS_PER_SYNC = 20_000;

interface Target {
  table: Excel.Table;
  sheet: Excel.Worksheet;
  /** Sheet row of data row 0 and sheet column of the first column (0-based). */
  bodyRow: number;
  column: number;
  rows: number;
  names: string[];
  oldFormats: string[];
  calculationMode: CalculationMode;
}

/** Consecutive table rows written together: cells and formats of the pulled columns, one row each. */
interface Run {
  at: number;
  values: CellValue[][];
  formats: string[][];
}

export async function patchExcelTable(spec: TableSpec, patch: TablePatch, options: WriteOptions = {}): Promise<WriteResult> {
  throwIfAborted(options.signal);
  return runExcel(async (session) => {
    const target = await resolve(session, spec, patch); // 1.
    const old = await snapshot(session, target, spec.columns.length, patch); // 2.
    const inserted: { before: number; count: number }[] = [];
    try {
      session.context.application.calculationMode = 'Manual';
      await insertRows(session, target, patch, inserted, options.signal); // 3.
      const runs = runsOf(spec, target, patch);
      const total = runs.reduce((sum, run) => sum + run.values.length, 0);
      const chunks = await writeRuns(session, target, runs, (written) => options.onProgress?.(written, total), options.signal); // 4.
      const address = target.table.getRange().load('address'); // 5.
      session.context.application.calculationMode = target.calculationMode;
      await session.sync();
      return {
        tableName: spec.tableName,
        sheetName: target.sheet.name,
        address: address.address,
        rowsWritten: total,
        chunks,
        syncs: session.syncs,
        created: false,
        userColumns: target.names.slice(spec.columns.length),
      };
    } catch (error) {
      await undo(session, target, inserted, old).catch((restoreError: unknown) => {
        throw new TableRestoreError(error, restoreError);
      });
      throw error;
    }
  });
}

/** Step 1, in one sync. */
async function resolve(session: ExcelSession, spec: TableSpec, patch: TablePatch): Promise<Target> {
  const { workbook, application } = session.context;
  const table = workbook.tables.getItem(spec.tableName);
  const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
  const columns = table.columns.load('items/name');
  const sheet = table.worksheet.load('name');
  const firstRow = table.getDataBodyRange().getRow(0).load('numberFormat');
  application.load('calculationMode');
  await session.sync();
  const names = columns.items.map((c) => c.name);
  const expected = spec.columns.map((c) => c.header);
  if (names.length < expected.length || expected.some((h, i) => names[i] !== h))
    throw new TableLayoutError(
      `Table ${spec.tableName} does not start with the columns ${JSON.stringify(expected)}; found ${JSON.stringify(names)}.`,
    );
  const outside =
    patch.replace.some((r) => r.at < 0 || r.at >= body.rowCount) || patch.insert.some((i) => i.before < 0 || i.before > body.rowCount);
  if (outside) throw new Error(`The patch of table ${spec.tableName} names rows it does not have (${body.rowCount} rows).`);
  return {
    table,
    sheet,
    bodyRow: body.rowIndex,
    column: body.columnIndex,
    rows: body.rowCount,
    names,
    oldFormats: (firstRow.numberFormat[0] ?? []) as string[],
    calculationMode: application.calculationMode,
  };
}

/** Consecutive indexes as `[first, count]` runs. */
function indexRuns(indexes: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const index of indexes) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0] + last[1] === index) last[1] += 1;
    else runs.push([index, 1]);
  }
  return runs;
}

/** The old pulled cells of a run of replaced rows, as a restore writes them back. */
interface OldRun {
  at: number;
  cells: { format: string; value: CellValue }[][];
}

/** Step 2: the replaced rows' pulled cells, several runs per sync. */
async function snapshot(session: ExcelSession, target: Target, width: number, patch: TablePatch): Promise<OldRun[]> {
  const runs = indexRuns(patch.replace.map((r) => r.at));
  const saved: OldRun[] = [];
  const perSync = Math.max(1, Math.floor(MAX_ROWS_PER_SYNC / 4));
  for (let i = 0; i < runs.length;) {
    const loads: [number, Excel.Range][] = [];
    for (let rows = 0; i < runs.length && (loads.length === 0 || rows + (runs[i] as [number, number])[1] <= perSync); i += 1) {
      const [at, count] = runs[i] as [number, number];
      rows += count;
      loads.push([at, rangeOf(target, at, count, width).load('values,formulas,numberFormat,valueTypes')]);
    }
    await session.sync();
    for (const [at, range] of loads) {
      const cells = range.values.map((line, r) =>
        line.map((value, c) =>
          encodeUserCell(
            value as CellValue,
            range.formulas[r]?.[c] as CellValue,
            String(range.numberFormat[r]?.[c] ?? 'General'),
            String(range.valueTypes[r]?.[c] ?? ''),
            0,
          ),
        ),
      );
      saved.push({ at, cells });
    }
  }
  return saved;
}

function rangeOf(target: Target, at: number, count: number, width: number): Excel.Range {
  return target.sheet.getRangeByIndexes(target.bodyRow + at, target.column, count, width);
}

/** Step 3: blank rows at every place, bottom up; each place is noted once its rows are in (for the undo). */
async function insertRows(
  session: ExcelSession,
  target: Target,
  patch: TablePatch,
  inserted: { before: number; count: number }[],
  signal: AbortSignal | undefined,
): Promise<void> {
  const width = target.names.length;
  for (const { before, rows } of [...patch.insert].reverse()) {
    for (let added = 0; added < rows.length;) {
      throwIfAborted(signal);
      const count = Math.min(ADD_ROWS_PER_SYNC, rows.length - added);
      session.suspendForNextSync();
      target.table.rows.add(before, blankRows(count, width));
      await session.sync();
      added += count;
      const last = inserted[inserted.length - 1];
      if (last !== undefined && last.before === before) last.count += count;
      else inserted.push({ before, count });
    }
  }
}

/** Where the patch's rows are once the blank rows are in: replaced and inserted rows as runs, top down. */
function runsOf(spec: TableSpec, target: Target, patch: TablePatch): Run[] {
  const formats = spec.columns.map((c, i) => refreshFormat(c, target.oldFormats[i]));
  const run = (at: number, rows: readonly CoreRow[]): Run => {
    const feed = CellFeed.of(spec.columns, rows);
    const values: CellValue[][] = [];
    const rowFormats: string[][] = [];
    for (let r = 0; r < feed.count; r += 1) {
      values.push([...feed.row(r)]);
      rowFormats.push(formats.map((format, column) => format ?? feed.formatOf(r, column)));
    }
    return { at, values, formats: rowFormats };
  };
  // Rows inserted above a row move it down by their number.
  const shift = (oldRow: number, before: (place: number) => boolean): number =>
    oldRow + patch.insert.reduce((sum, i) => sum + (before(i.before) ? i.rows.length : 0), 0);
  const runs: Run[] = [];
  // Replaced rows by where they are once the blank rows are in: rows inserted between two of them split their run.
  const placed = patch.replace.map((r) => shift(r.at, (place) => place <= r.at));
  let taken = 0;
  for (const [first, count] of indexRuns(placed)) {
    runs.push(
      run(
        first,
        patch.replace.slice(taken, taken + count).map((r) => r.row),
      ),
    );
    taken += count;
  }
  for (const { before, rows } of patch.insert)
    runs.push(
      run(
        shift(before, (place) => place < before),
        rows,
      ),
    );
  return runs.sort((a, b) => a.at - b.at);
}

/** A piece of a run: `count` of its rows from row `from` of the run. */
interface Piece {
  run: Run;
  from: number;
  count: number;
}

/** The pieces of the runs that rows [start, start + count) of all runs (counted top down) cover. */
function piecesOf(runs: readonly Run[], block: Block): Piece[] {
  const pieces: Piece[] = [];
  let offset = 0;
  for (const run of runs) {
    const length = run.values.length;
    const from = Math.max(block.start, offset);
    const to = Math.min(block.start + block.count, offset + length);
    if (from < to) pieces.push({ run, from: from - offset, count: to - from });
    offset += length;
  }
  return pieces;
}

/** Step 4: the runs' cells in blocks under the request budget; returns the syncs that wrote. */
async function writeRuns(
  session: ExcelSession,
  target: Target,
  runs: readonly Run[],
  onWritten: (rows: number) => void,
  signal: AbortSignal | undefined,
): Promise<number> {
  const rows = runs.flatMap((run) => run.values.map((values, r) => rowJsonBytes(values) + rowJsonBytes(run.formats[r] ?? [])));
  const pending = planBlocks(rows.length, (row) => rows[row] ?? 0, { budgetBytes: DEFAULT_WRITE_BUDGET_BYTES, maxRows: MAX_ROWS_PER_SYNC });
  let [written, syncs] = [0, 0];
  for (let block = pending.shift(); block !== undefined; block = pending.shift()) {
    throwIfAborted(signal);
    session.suspendForNextSync();
    for (const { run, from, count } of piecesOf(runs, block)) {
      const range = rangeOf(target, run.at + from, count, run.values[0]?.length ?? 0);
      range.numberFormat = run.formats.slice(from, from + count);
      range.values = run.values.slice(from, from + count);
    }
    try {
      await session.sync();
    } catch (error) {
      if (!isRequestTooLarge(error) || block.count < 2) throw error;
      pending.unshift(...halve(block));
      continue;
    }
    syncs += 1;
    written += block.count;
    onWritten(written);
  }
  return syncs;
}

/** The undo: inserted rows deleted (the last inserted first), the replaced rows' old cells back, the mode back. */
async function undo(
  session: ExcelSession,
  target: Target,
  inserted: readonly { before: number; count: number }[],
  old: readonly OldRun[],
): Promise<void> {
  for (const { before, count } of [...inserted].reverse()) target.table.rows.deleteRowsAt(before, count);
  for (const { at, cells } of old) {
    const range = rangeOf(target, at, cells.length, cells[0]?.length ?? 0);
    range.numberFormat = cells.map((row) => row.map((c) => c.format));
    range.values = cells.map((row) => row.map((c) => c.value));
  }
  session.context.application.calculationMode = target.calculationMode;
  await session.sync();
}
