/**
 * `readColumns` of the Excel host: some columns of a table's data body (a refresh's ids, dates and amounts), never
 * the others. Neighbouring columns are read as one band, in blocks (`readRowBlocks`) sized under Excel on the web's
 * 5 MB response cap and 5,000,000-cell read cap from the bytes the blocks before took; a block refused as too large is
 * read again in halves.
 */

import { CellValueError, fromCellValue, type CellValue } from '../../sync/cell-values';
import type { CellProblem, ColumnSpec, ColumnsRead, CoreValue, ReadOptions } from '../../sync/workbook-port';
import { throwIfAborted } from '../../api/abort';
import { DEFAULT_BUDGET_BYTES } from './chunk-plan';
import { firstReadRows, readRowBlocks } from './read-row-blocks';
import { resolveTableBody } from './table-reader';
import { runExcel, type ExcelSession } from './run-excel';

/** Rows of a block at most: the columns are few, so the byte and cell caps are what bound a block. */
const MAX_BLOCK_ROWS = 200_000;

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
    const { table, body, names, sheet } = await resolveTableBody(session, tableName);
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

/** The cells of every band's columns, by table column, every body row: each band read in blocks of its own. */
async function readBands(
  session: ExcelSession,
  body: BodyGeometry,
  bands: readonly Band[],
  signal: AbortSignal | undefined,
): Promise<Map<number, CellValue[]>> {
  const cells = new Map<number, CellValue[]>();
  for (const [first, width] of bands) {
    const columns = Array.from({ length: width }, () => [] as CellValue[]);
    columns.forEach((column, c) => cells.set(first + c, column));
    await readRowBlocks(
      session,
      (start, count) => body.sheet.getRangeByIndexes(body.row + start, body.column + first, count, width),
      ['values'],
      body.rows,
      (_start, loaded) => {
        for (const line of loaded.values ?? []) line.forEach((cell, c) => columns[c]?.push(cell));
      },
      {
        startRows: firstReadRows(width, 1, DEFAULT_BUDGET_BYTES, MAX_BLOCK_ROWS),
        budgetBytes: DEFAULT_BUDGET_BYTES,
        maxRows: MAX_BLOCK_ROWS,
        ...(signal === undefined ? {} : { signal }),
      },
    );
  }
  return cells;
}
