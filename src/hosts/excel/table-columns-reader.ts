/**
 * `readColumns` of the Excel host: some columns of a table's data body (a refresh's ids, dates and amounts), never
 * the others. Neighbouring columns are read as one band, every band of a block of rows in the same sync; blocks are
 * sized under Excel on the web's 5 MB response cap and 5,000,000-cell read cap from the bytes the blocks before took,
 * and a block refused as too large is read again in halves.
 */

import { CellValueError, fromCellValue, type CellValue } from '../../sync/cell-values';
import type { CellProblem, ColumnSpec, ColumnsRead, CoreValue, ReadOptions } from '../../sync/workbook-port';
import { throwIfAborted } from '../../api/abort';
import { DEFAULT_BUDGET_BYTES, rowJsonBytes } from './chunk-plan';
import { TableNotFoundError } from './excel-errors';
import { MAX_READ_CELLS } from './read-row-blocks';
import { isResponseTooLarge } from './excel-errors';
import { runExcel, type ExcelSession } from './run-excel';

/** Rows of a block at most: the columns are few, so the byte and cell caps are what bound a block. */
const MAX_BLOCK_ROWS = 200_000;
/** A first guess of a cell's JSON bytes in a response (a date, an id, an amount). */
const FIRST_GUESS_BYTES = 16;

/** Neighbouring table columns read as one range: `[first column, width]`. */
type Band = [number, number];

function bandsOf(columns: readonly number[]): Band[] {
  const bands: Band[] = [];
  for (const column of [...new Set(columns)].sort((a, b) => a - b)) {
    const last = bands[bands.length - 1];
    if (last !== undefined && last[0] + last[1] === column) last[1] += 1;
    else bands.push([column, 1]);
  }
  return bands;
}

interface BodyGeometry {
  sheet: Excel.Worksheet;
  row: number;
  column: number;
  rows: number;
}

export async function readExcelColumns(tableName: string, columns: readonly ColumnSpec[], options: ReadOptions = {}): Promise<ColumnsRead> {
  throwIfAborted(options.signal);
  return runExcel(async (session) => {
    const table = session.context.workbook.tables.getItemOrNullObject(tableName);
    table.load('name');
    await session.sync();
    if (table.isNullObject) throw new TableNotFoundError(tableName);
    const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
    const names = table.columns.load('items/name');
    const sheet = table.worksheet.load('name');
    await session.sync();

    const headers = names.items.map((c) => c.name);
    const found = { tableName: table.name, sheetName: sheet.name, headers, rowCount: body.rowCount, problems: [] as CellProblem[] };
    const at = columns.map((c) => headers.indexOf(c.header));
    if (at.some((i) => i < 0)) return { ...found, columns: undefined };
    const geometry = { sheet, row: body.rowIndex, column: body.columnIndex, rows: body.rowCount };
    const cells = await readBands(session, geometry, bandsOf(at), options.signal);
    const out: CoreValue[][] = columns.map(() => []);
    columns.forEach((spec, i) => {
      const column = cells.get(at[i] as number) ?? [];
      const values = out[i] as CoreValue[];
      column.forEach((cell, row) => values.push(converted(spec, cell, row, found.problems)));
    });
    return { ...found, columns: out };
  });
}

function converted(spec: ColumnSpec, cell: CellValue, row: number, problems: CellProblem[]): CoreValue {
  try {
    return fromCellValue(spec, cell);
  } catch (error) {
    if (!(error instanceof CellValueError)) throw error;
    problems.push({ row, header: spec.header, message: error.message });
    return cell;
  }
}

/** The cells of every band's columns, by table column, every body row. */
async function readBands(
  session: ExcelSession,
  body: BodyGeometry,
  bands: readonly Band[],
  signal: AbortSignal | undefined,
): Promise<Map<number, CellValue[]>> {
  const width = bands.reduce((sum, [, w]) => sum + w, 0);
  const cells = new Map<number, CellValue[]>();
  for (const [first, w] of bands) for (let c = first; c < first + w; c += 1) cells.set(c, []);
  let rows = blockRows(width, FIRST_GUESS_BYTES * width);
  for (let start = 0; start < body.rows;) {
    throwIfAborted(signal);
    const count = Math.min(rows, body.rows - start);
    const ranges = bands.map(([first, w]) => body.sheet.getRangeByIndexes(body.row + start, body.column + first, count, w).load('values'));
    try {
      await session.sync();
    } catch (error) {
      if (isResponseTooLarge(error) && count > 1) {
        rows = Math.ceil(count / 2);
        continue;
      }
      throw error;
    }
    let bytes = 0;
    ranges.forEach((range, b) => {
      const [first] = bands[b] as Band;
      range.values.forEach((line, r) => {
        if (r % 100 === 0) bytes += rowJsonBytes(line) * Math.min(100, count - r);
        line.forEach((cell, c) => cells.get(first + c)?.push(cell));
      });
    });
    start += count;
    rows = blockRows(width, Math.max(1, bytes / count));
  }
  return cells;
}

/** Rows of a block whose rows take `rowBytes` each, under the response budget and the cell cap. */
function blockRows(width: number, rowBytes: number): number {
  return Math.max(
    1,
    Math.min(Math.floor(DEFAULT_BUDGET_BYTES / rowBytes), Math.floor(MAX_READ_CELLS / Math.max(1, width)), MAX_BLOCK_ROWS),
  );
}
