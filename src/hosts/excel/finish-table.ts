/**
 * The last sync of a write, which also puts the calculation mode back: a first write makes the table over the
 * written area; a refresh removes the old rows beyond the new ones (saved first, so a failure can put them back).
 */

import { throwIfAborted } from '../../api/abort';
import type { ExistingTable } from './existing-table';
import { tableArea, type NewTable } from './new-table';
import type { PulledSnapshot } from './pulled-snapshot';
import type { ExcelSession } from './run-excel';

/** Makes the table over the header and `rows` body rows; returns its address. */
export async function finishNewTable(
  session: ExcelSession,
  target: NewTable,
  rows: number,
  calculationMode: Excel.Application['calculationMode'],
  signal?: AbortSignal,
): Promise<string> {
  throwIfAborted(signal);
  const table = target.body.sheet.tables.add(tableArea(target, rows), true);
  target.table = table;
  table.name = target.spec.tableName;
  const address = table.getRange().load('address');
  session.context.application.calculationMode = calculationMode;
  await session.sync();
  return address.address;
}

/** Removes the old rows beyond `newRows` (saved first); returns the table's address. */
export async function finishRefresh(
  session: ExcelSession,
  target: ExistingTable,
  snapshot: PulledSnapshot,
  newRows: number,
  calculationMode: Excel.Application['calculationMode'],
  signal?: AbortSignal,
): Promise<string> {
  const oldRows = snapshot.oldRows;
  if (oldRows > newRows) await snapshot.save(oldRows, signal);
  throwIfAborted(signal);
  if (oldRows > newRows) {
    snapshot.willChange(oldRows);
    session.suspendForNextSync();
    target.table.rows.deleteRowsAt(newRows, oldRows - newRows);
  }
  const address = target.table.getRange().load('address');
  session.context.application.calculationMode = calculationMode;
  await session.sync();
  return address.address;
}
