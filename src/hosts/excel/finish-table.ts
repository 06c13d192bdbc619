/**
 * The last sync of a write, which also puts the calculation mode back: a first write makes the table over the
 * written area, freezes its header row on a sheet it added and fits its column widths (`fit-column-widths.ts`); a
 * refresh removes the old rows beyond the new ones (saved first, so a failure can put them back) and leaves widths
 * and panes as the user has them. Both give the code columns their in-cell lists (`code-lists.ts`), and a column
 * that picks from a list on the lists sheet (the categories) its list and the sheet its items (`sheet-lists.ts`).
 */

import { throwIfAborted } from '../../api/abort';
import { queueCodeLists } from './code-lists';
import { queueListSheet, queueSheetListRules, type ListSheetLookup } from './sheet-lists';
import type { ExistingTable } from './existing-table';
import { queueAutofit, queueCappedWidths } from './fit-column-widths';
import { tableArea, type NewTable } from './new-table';
import type { PulledSnapshot } from './pulled-snapshot';
import type { ExcelSession } from './run-excel';

/** What the write's first sync found for its last: the calculation mode to put back, the lists sheet. */
export interface WriteEnding {
  calculationMode: Excel.Application['calculationMode'];
  listSheet: ListSheetLookup;
}

/** Makes the table over the header and `rows` body rows, its header row frozen on a new sheet, its columns fitted; returns its address. */
export async function finishNewTable(
  session: ExcelSession,
  target: NewTable,
  rows: number,
  ending: WriteEnding,
  signal?: AbortSignal,
): Promise<string> {
  const { calculationMode } = ending;
  throwIfAborted(signal);
  queueListSheet(session, target.spec, ending.listSheet);
  const table = target.body.sheet.tables.add(tableArea(target, rows), true);
  target.table = table;
  table.name = target.spec.tableName;
  // Everything above the table's first body row stays in view (the header, and a stamp above it).
  if (target.addsSheet) target.body.sheet.freezePanes.freezeRows(target.anchor.row + 1);
  queueCodeLists(table, target.spec);
  queueSheetListRules(table, target.spec);
  const fitted = queueAutofit(target.columns, rows, target.fitColumns);
  const address = table.getRange().load('address');
  session.context.application.calculationMode = calculationMode;
  await session.sync();
  if (target.fitColumns.length > 0) {
    queueCappedWidths(target.columns, target.fitColumns, fitted);
    await session.sync();
  }
  return address.address;
}

/** Removes the old rows beyond `newRows` (saved first); returns the table's address. */
export async function finishRefresh(
  session: ExcelSession,
  target: ExistingTable,
  snapshot: PulledSnapshot,
  newRows: number,
  ending: WriteEnding,
  signal?: AbortSignal,
): Promise<string> {
  const { calculationMode } = ending;
  const oldRows = snapshot.oldRows;
  if (oldRows > newRows) await snapshot.save(oldRows, signal);
  queueListSheet(session, target.spec, ending.listSheet);
  throwIfAborted(signal);
  if (oldRows > newRows) {
    snapshot.willChange(oldRows);
    session.suspendForNextSync();
    target.table.rows.deleteRowsAt(newRows, oldRows - newRows);
  }
  queueCodeLists(target.table, target.spec);
  queueSheetListRules(target.table, target.spec);
  const address = target.table.getRange().load('address');
  session.context.application.calculationMode = calculationMode;
  await session.sync();
  return address.address;
}
