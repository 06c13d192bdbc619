/**
 * Selects a row of a pushable table in Excel (the pane's "show in sheet" for a row with a problem or a change): the
 * row is found as the push finds it (by position checked by id or external ID, then by searching: users sort and
 * filter), its sheet is activated and its cells selected, so the user lands where to look.
 */

import type { RowRef } from '../../sync/push/push-port';
import type { TableModel } from '../../sync/tables/table-model';
import { findPushRows } from './find-push-rows';
import { readPushLayout, tableCells } from './push-table-layout';
import { runExcel } from './run-excel';

/** True when the row was found and selected; false when the table no longer holds it. */
export async function selectPushRow<R>(model: TableModel<R>, ref: RowRef): Promise<boolean> {
  return runExcel(async (session) => {
    const layout = await readPushLayout(session, model);
    const [row] = await findPushRows(session, layout, [ref]);
    if (row === null || row === undefined) return false;
    tableCells(layout, row, 1, 0, layout.headers.length).select();
    await session.sync();
    return true;
  });
}
