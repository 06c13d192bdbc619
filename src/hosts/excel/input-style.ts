/**
 * How a pushable table shows what a push sends: the editable columns' cells in Excel's built-in "Input" look
 * (fill #FFCC99, font #3F3F76; planning workbooks use it for cells meant to be typed in), and cells changed but
 * not landed in a strong amber (#FFC000, Excel's standard "Orange" swatch) that stands apart from the pale input
 * fill. Only fill and font colour: the Input style's grey border is left out (borders are not modelled by the
 * simulation the tests run on, and the colours carry the meaning).
 */

import type { TableModel } from '../../sync/tables/table-model';
import { columnRuns, readPushLayout, tableCells, type PushTableLayout } from './push-table-layout';
import { runExcel } from './run-excel';

export const INPUT_FILL = '#FFCC99';
export const INPUT_FONT = '#3F3F76';
export const CHANGED_FILL = '#FFC000';

/** Table columns of the model's editable columns (those a push sends), sorted. */
export function editableColumns<R>(model: TableModel<R>, layout: PushTableLayout): number[] {
  return model.columns.flatMap((column, i) => (column.editable && column.write !== undefined ? [layout.columns[i] ?? -1] : [])).sort((a, b) => a - b);
}

/** Queues the input style on table rows [row, row + count) of the given columns. */
export function queueInputStyle(layout: PushTableLayout, row: number, count: number, columns: readonly number[]): void {
  for (const [column, width] of columnRuns(columns)) {
    const format = tableCells(layout, row, count, column, width).format;
    format.fill.color = INPUT_FILL;
    format.font.color = INPUT_FONT;
  }
}

/** Queues the "changed, not landed" fill on table rows [row, row + count) of the given columns. */
export function queueChangedFill(layout: PushTableLayout, row: number, count: number, columns: readonly number[]): void {
  for (const [column, width] of columnRuns(columns)) tableCells(layout, row, count, column, width).format.fill.color = CHANGED_FILL;
}

/**
 * Gives the data body of every editable column the input style (and takes any "changed" fill away), in one
 * batch. For a table nothing is pending in: after a pull, or before the first push.
 */
export async function markInputColumns<R>(model: TableModel<R>): Promise<void> {
  await runExcel(async (session) => {
    const layout = await readPushLayout(session, model);
    queueInputStyle(layout, 0, layout.rows, editableColumns(model, layout));
    await session.sync();
  });
}
