/**
 * How a pushable table shows what a push sends, the way planning models mark cells: the editable columns' cells
 * are input cells in a quiet look (a pale blue-grey fill #EEF4FB and a blue font #1F4E9E: the modelling convention
 * "blue is input", with a fill so they stay apart in a dark grid too, where a blue font alone is unreadable), and
 * cells changed but not landed stand out strongly (amber #FFC000, Excel's standard "Orange" swatch, with a black
 * font). The earlier look (Excel's "Input" style, fill #FFCC99) was too close to the amber, and a long table of
 * orange cells was loud. The colours are the core's (`src/sync/push/input-style-colours.ts`), shared with the xlsx
 * host. Only fill and font colour: borders are not modelled by the simulation the tests run on,
 * and the colours carry the meaning. Contrast (WCAG): input text 7.2:1 on its fill, changed text 12.8:1.
 */

import type { TableModel } from '../../sync/tables/table-model';
import { columnRuns, readPushLayout, tableCells, type PushTableLayout } from './push-table-layout';
import { runExcel } from './run-excel';
import { CHANGED_FILL, CHANGED_FONT, INPUT_FILL, INPUT_FONT } from '../../sync/push/input-style-colours';

export { CHANGED_FILL, CHANGED_FONT, INPUT_FILL, INPUT_FONT } from '../../sync/push/input-style-colours';

/** Table columns of the model's editable columns (those a push sends), sorted. */
export function editableColumns<R>(model: TableModel<R>, layout: PushTableLayout): number[] {
  return model.columns
    .flatMap((column, i) => (column.editable && column.write !== undefined ? [layout.columns[i] ?? -1] : []))
    .sort((a, b) => a - b);
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
  for (const [column, width] of columnRuns(columns)) {
    const format = tableCells(layout, row, count, column, width).format;
    format.fill.color = CHANGED_FILL;
    format.font.color = CHANGED_FONT;
  }
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
