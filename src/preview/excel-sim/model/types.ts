/**
 * Records of the workbook model that several of its modules hold: a table's geometry and properties is kept in
 * the workbook's list (workbook-state.ts) and edited by table-state.ts, so it is declared here, below both.
 */

import type { CellBox } from './address';

export interface TableState {
  id: string;
  name: string;
  sheetId: string;
  /** The whole table, header row and totals row included when shown. */
  box: CellBox;
  showHeaders: boolean;
  /** A totals row is the last row of `box` (first column `Total`, as Excel writes it). */
  showTotals: boolean;
  /** Display properties: stored and reported, no effect on cells. */
  style: string;
  showBandedRows: boolean;
  showBandedColumns: boolean;
  showFilterButton: boolean;
  highlightFirstColumn: boolean;
  highlightLastColumn: boolean;
  /** Kept for when headers are hidden; read from the header cells while they are shown. */
  columnNames: string[];
  columnIds: number[];
  nextColumnId: number;
  /**
   * The data body is Excel's blank "insert row" of an empty table (made from its header row alone, or after
   * every data row was deleted): rows added with values fill it first (see addRows).
   */
  emptyBody: boolean;
}

/** A PivotTable (model/pivot-state.ts computes and writes its report). */
export type PivotSource = { kind: 'table'; tableId: string } | { kind: 'range'; sheetId: string; box: CellBox };
export type PivotSummary = 'Sum' | 'Count';

export interface PivotDataField {
  /** The source field it summarizes. */
  field: string;
  /** Its caption (`Sum of Amount`). */
  name: string;
  summarizeBy: PivotSummary;
  numberFormat: string;
}

export interface PivotState {
  id: string;
  name: string;
  sheetId: string;
  anchor: { row: number; column: number };
  source: PivotSource;
  rows: string[];
  columns: string[];
  data: PivotDataField[];
  /** The cells the last layout wrote (null before any hierarchy is added). */
  box: CellBox | null;
}

export type ChartSeriesBy = 'Auto' | 'Columns' | 'Rows';

/** A chart as an object (model/chart-state.ts). */
export interface ChartState {
  id: string;
  name: string;
  sheetId: string;
  type: string;
  source: { sheetId: string; box: CellBox };
  seriesBy: ChartSeriesBy;
  title: string;
  /** The cells the chart covers. */
  position: CellBox;
}
