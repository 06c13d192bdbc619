/**
 * Column widths of a table the add-in creates: each column fits its header and typical values (Excel's
 * `autofitColumns` over the header and the first `FIT_ROWS` rows, plus room for the header's filter button, capped
 * at `MAX_FIT_WIDTH`), so a long purpose text does not make a column a screen wide. Only at creation and only
 * columns still at Excel's standard width: a refresh never sets widths, and a width the user chose (on a sheet the
 * table is created on again) is kept. Widths are set per column, never per cell, and cost one sync of their own:
 *
 * 1. `queueWidthReads` rides on the sync that checks the target area is empty (an existing sheet only; a sheet the
 *    write adds has standard widths everywhere) → `standardWidthColumns`;
 * 2. `queueAutofit` rides on the sync that makes the table;
 * 3. `queueCappedWidths` sets the widths, in a sync of its own.
 */

/** Rows below the header that autofit measures: enough for typical values, cheap on 100k rows. */
export const FIT_ROWS = 200;
/** The widest a fitted column gets, in points (320 px at 100 %, about 45 digits). */
export const MAX_FIT_WIDTH = 240;
/** Excel's standard column width in points (8.43 characters of Calibri 11, 64 px at 100 %). */
export const STANDARD_WIDTH = 48;
/** A table header's filter button (16 px), which autofit does not count. */
const FILTER_BUTTON = 12;

/** Where a new table's columns lie: its header row and first column (0-based), its width in columns. */
export interface ColumnsArea {
  sheet: Excel.Worksheet;
  row: number;
  column: number;
  columns: number;
}

function columnRange(area: ColumnsArea, column: number, rows: number): Excel.Range {
  return area.sheet.getRangeByIndexes(area.row, area.column + column, rows, 1);
}

/** Every column of the area (on a sheet the write adds). */
export function allColumns(area: ColumnsArea): number[] {
  return Array.from({ length: area.columns }, (_, c) => c);
}

/** Step 1: loads the width of each column of the area (read after the next sync). */
export function queueWidthReads(area: ColumnsArea): Excel.RangeFormat[] {
  return allColumns(area).map((c) => columnRange(area, c, 1).format.load('columnWidth'));
}

/** Step 1, after the sync: the columns nobody has resized. */
export function standardWidthColumns(widths: readonly Excel.RangeFormat[]): number[] {
  return widths.flatMap((format, c) => (format.columnWidth === STANDARD_WIDTH ? [c] : []));
}

/** Step 2: Excel's best fit over the header and the first body rows of the columns, read back after the sync. */
export function queueAutofit(area: ColumnsArea, bodyRows: number, columns: readonly number[]): Excel.RangeFormat[] {
  const rows = 1 + Math.min(bodyRows, FIT_ROWS);
  return columns.map((c) => {
    const format = columnRange(area, c, rows).format;
    format.autofitColumns();
    return format.load('columnWidth');
  });
}

/** Step 3: the fitted widths with room for the filter button, capped. */
export function queueCappedWidths(area: ColumnsArea, columns: readonly number[], fitted: readonly Excel.RangeFormat[]): void {
  columns.forEach((c, i) => {
    const width = fitted[i]?.columnWidth ?? STANDARD_WIDTH;
    columnRange(area, c, 1).format.columnWidth = Math.min(MAX_FIT_WIDTH, width + FILTER_BUTTON);
  });
}
