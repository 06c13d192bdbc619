/**
 * Charts (ExcelApi 1.1) as objects: type, source range, series by, title, position (the cells it covers), and the
 * series Excel makes from the source (by columns: the first column the categories, each further column a series
 * named by its header cell; by rows the transpose). Nothing is drawn here: the preview lists a sheet's charts and
 * draws each as a simple figure of its series. Axes, formats, legends and data labels are not modelled.
 */

import type { CellBox } from './address';
import type { Result } from './cell';
import type { WorkbookState } from './workbook-state';
import { invalidArgument } from '../batch/errors';
import type { ChartSeriesBy, ChartState } from './types';

export type { ChartSeriesBy, ChartState } from './types';

export interface ChartSeries {
  name: string;
  categories: string[];
  values: Array<number | null>;
}

export function addChart(
  wb: WorkbookState,
  sheetId: string,
  type: string,
  source: { sheetId: string; box: CellBox },
  seriesBy: ChartSeriesBy,
): ChartState {
  if (typeof type !== 'string' || type === 'Invalid') throw invalidArgument();
  if (!['Auto', 'Columns', 'Rows'].includes(seriesBy)) throw invalidArgument();
  let n = wb.charts.length + 1;
  while (wb.charts.some((c) => c.name === `Chart ${n}`)) n += 1;
  const { box } = source;
  const chart: ChartState = {
    id: wb.newId('chart'),
    name: `Chart ${n}`,
    sheetId,
    type,
    source,
    seriesBy,
    title: '',
    position: { row: box.row, column: box.column + box.columnCount + 1, rowCount: 15, columnCount: 8 },
  };
  wb.charts.push(chart);
  return chart;
}

function text(result: Result): string {
  return result.kind === 'Empty' ? '' : String(result.value);
}

/** The series as Excel reads them from the source (Auto: by columns when the source is at least as tall as wide). */
export function chartSeries(wb: WorkbookState, chart: ChartState): ChartSeries[] {
  const sheet = wb.sheetById(chart.source.sheetId);
  const { box } = chart.source;
  const byColumns = chart.seriesBy === 'Columns' || (chart.seriesBy === 'Auto' && box.rowCount >= box.columnCount);
  const cell = (i: number, j: number): Result =>
    byColumns ? sheet.result(box.row + i, box.column + j) : sheet.result(box.row + j, box.column + i);
  const length = byColumns ? box.rowCount : box.columnCount;
  const count = byColumns ? box.columnCount : box.rowCount;
  const categories = Array.from({ length: length - 1 }, (_, i) => text(cell(i + 1, 0)));
  return Array.from({ length: count - 1 }, (_, s) => ({
    name: text(cell(0, s + 1)),
    categories,
    values: categories.map((_, i) => {
      const r = cell(i + 1, s + 1);
      return r.kind === 'Double' ? r.value : null;
    }),
  }));
}
