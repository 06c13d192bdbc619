/**
 * Undoes a failed or cancelled refresh: puts the rows saved by the snapshot back, row count first (added rows
 * deleted, removed rows added again), then the cells, so the table has its old values, row count and user
 * columns again. The rows go back through the same blocks and syncs as any write, without a signal: a restore
 * is not cancelled.
 */

import { isAmountFormat } from '../../sync/amount-format';
import { TEXT_FORMAT } from '../../sync/cell-values';
import { isRowFormatted } from '../../sync/row-formats';
import { arrayFeed } from './cell-feed';
import type { WriteLimits } from './chunk-plan';
import { cutBlocks } from './cut-blocks';
import type { ExistingTable } from './existing-table';
import type { PulledSnapshot } from './pulled-snapshot';
import type { ExcelSession } from './run-excel';
import { sendBlock } from './send-block';
import type { TableBody } from './table-body';
import { userCellsInPlace } from './user-cells';

export async function restoreTable(
  session: ExcelSession,
  target: ExistingTable,
  snapshot: PulledSnapshot,
  limits: WriteLimits,
): Promise<void> {
  const { table } = target;
  const body = table.getDataBodyRange().load('rowCount');
  await session.sync();
  let rowsNow = body.rowCount;
  if (rowsNow > snapshot.oldRows) {
    session.suspendForNextSync();
    table.rows.deleteRowsAt(snapshot.oldRows, rowsNow - snapshot.oldRows);
    await session.sync();
    rowsNow = snapshot.oldRows;
  }
  const end = rowsNow < snapshot.oldRows ? snapshot.oldRows : Math.min(snapshot.changed, snapshot.oldRows);
  if (end === 0) return;
  if (snapshot.end < end) throw new Error(`Cannot restore table ${target.spec.tableName}: rows ${snapshot.end}-${end} were not saved.`);
  // The old formats again; an amount in each row's currency gets each old row's currency again (from its values). A
  // text column is text again whatever format it had (a user may have made it General): the service's texts were
  // saved as text and go back as text, never read as formulas (untrusted text stays text).
  const rows = {
    cells: arrayFeed(snapshot.rows.slice(0, end), target.spec.columns),
    formats: target.spec.columns.map((c, i) =>
      c.type === 'text'
        ? TEXT_FORMAT
        : isRowFormatted(c) && isAmountFormat(target.oldFormats[i])
          ? null
          : target.oldFormats[i] || 'General',
    ),
    user: userCellsInPlace(target.user, target.userHeaders.length),
  };
  const into: TableBody = { ...target.body, rowsInTable: rowsNow };
  for await (const block of cutBlocks(rows, limits, rowsNow)) await sendBlock(session, into, block);
}
