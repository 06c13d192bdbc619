/**
 * The grid's extent and columns for one sheet: as many rows and columns as the sheet uses plus spare ones (Excel shows
 * the whole sheet; the scroll bar should stay useful), each column as wide as the sheet says (Excel's standard 48 pt =
 * 64 px at 100 %), titled by its letter or, once a table's header row scrolled away, by the table's column name
 * (column-titles.ts).
 */

import type { GridColumn } from '@glideapps/glide-data-grid';
import { useMemo } from 'react';
import type { SimulatedWorkbook, TableLayout } from '../excel-sim';
import { columnName } from './column-name';
import { columnTitles } from './column-titles';

const SPARE_ROWS = 100;
const MIN_ROWS = 200;
const MIN_COLUMNS = 26;
const SPARE_COLUMNS = 4;
const POINTS_TO_PX = 4 / 3;
/** Excel's standard column width, 48 pt: 64 px at 100 %. */
export const DEFAULT_WIDTH_PX = 48 * POINTS_TO_PX;

export interface GridView {
  workbook: SimulatedWorkbook;
  sheet: string;
  /** Grows when the workbook changed. */
  version: number;
  /** The first row in view. */
  firstRow: number;
  active: { row: number; column: number } | undefined;
}

export interface GridColumns {
  tables: TableLayout[];
  columns: GridColumn[];
  columnCount: number;
  rowCount: number;
}

export function useGridColumns({ workbook, sheet, version, firstRow, active }: GridView): GridColumns {
  const extent = useMemo(() => workbook.extent(sheet), [workbook, sheet, version]);
  const tables = useMemo(() => workbook.tableLayouts().filter((t) => t.sheet === sheet), [workbook, sheet, version]);
  const widths = useMemo(() => workbook.state.sheet(sheet).columnWidths, [workbook, sheet]);
  const columnCount = Math.max(MIN_COLUMNS, extent.columns + SPARE_COLUMNS, ...tables.map((t) => t.column + t.columnCount + 1));
  const rowCount = Math.max(MIN_ROWS, extent.rows + SPARE_ROWS, ...tables.map((t) => t.row + t.rowCount + 1));
  const activeRow = active?.row;
  const activeColumn = active?.column;
  const columns = useMemo<GridColumn[]>(() => {
    const view = {
      firstRow,
      frozenRows: workbook.frozen(sheet).rows,
      active: activeRow === undefined || activeColumn === undefined ? undefined : { row: activeRow, column: activeColumn },
    };
    return columnTitles(columnCount, tables, view).map((title, c) => {
      const points = widths.get(c);
      return { id: columnName(c), title, width: points === undefined ? DEFAULT_WIDTH_PX : Math.max(24, Math.round(points * POINTS_TO_PX)) };
    });
  }, [workbook, sheet, columnCount, widths, tables, firstRow, activeRow, activeColumn, version]);
  return { tables, columns, columnCount, rowCount };
}
