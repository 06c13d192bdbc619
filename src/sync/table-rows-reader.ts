/**
 * A table's body read back as core values, the same in every host: each column converted by the spec matched to its
 * header (exactly, else ignoring case), other columns as their cell values (`''` as null); a line whose every cell is
 * empty is left out (a table keeps one blank row when it has no data); a cell that does not convert is kept as it is
 * and listed as a problem of its row and column.
 */

import { CellValueError, fromCellValue, type CellValue } from './cell-values';
import type { CellProblem, ColumnSpec, CoreValue, ReadResult } from './workbook-port';

export class TableRowsReader {
  readonly rows: CoreValue[][] = [];
  readonly problems: CellProblem[] = [];
  readonly #specs: readonly (ColumnSpec | undefined)[];

  constructor(
    readonly headers: readonly string[],
    columns: readonly ColumnSpec[],
  ) {
    this.#specs = headers.map(
      (h) => columns.find((c) => c.header === h) ?? columns.find((c) => c.header.toLowerCase() === h.toLowerCase()),
    );
  }

  /** One line of the body, `row` its 0-based body row. */
  add(line: readonly CellValue[], row: number): void {
    if (line.every((cell) => cell === '')) return;
    this.rows.push(line.map((cell, c) => this.#convert(cell, row, c)));
  }

  result(tableName: string, sheetName: string): ReadResult {
    return { tableName, sheetName, headers: [...this.headers], rows: this.rows, problems: this.problems };
  }

  #convert(cell: CellValue, row: number, column: number): CoreValue {
    const spec = this.#specs[column];
    if (spec === undefined) return cell === '' ? null : cell;
    try {
      return fromCellValue(spec, cell);
    } catch (error) {
      if (!(error instanceof CellValueError)) throw error;
      this.problems.push({ row, header: this.headers[column] ?? '', message: error.message });
      return cell;
    }
  }
}
