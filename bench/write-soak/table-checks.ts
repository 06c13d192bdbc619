/**
 * The checks of one table after a push or an undo: the sheet as the push reads it (rows by key, with their status),
 * the sheet against the service, and the soak's edits that are neither on the service nor pending with a reason in
 * the sheet (lost).
 */

import { sameValue } from '../../src/sync/push';
import { isWaitingStatus } from '../../src/sync/push/status-kind';
import { compare, asExpected, type Mismatch } from './ledger';
import { keyOf, type LedgerRow, type SoakTable } from './soak-tables';
import type { SoakWorkbook } from './soak-workbook';
import type { UserEdits } from './user-edits';

export type SheetLedgerRow = LedgerRow & { status: string };

/** The table as the push reads it, by key. */
export async function sheetRows(wb: SoakWorkbook, table: SoakTable): Promise<Map<string, SheetLedgerRow>> {
  const read = await wb.sheet.read(table.pushable.model);
  return new Map(
    read.rows.map((r) => {
      const key = r.id === null && r.externalId !== null ? `ext:${r.externalId}` : keyOf(r, table.kind);
      return [key, { key, id: r.id, externalId: r.externalId, fields: r.fields, status: r.status ?? '' }];
    }),
  );
}

/** Rows whose status says they still wait (the push's own reading of its statuses, in every language). */
const waits = isWaitingStatus;

/**
 * Where the sheet differs from the service (rows still waiting with their reason left out). `only`: the rows a push or
 * undo wrote back (a push leaves the rows it did not touch as they were pulled: another user's change of those shows
 * after the next refresh).
 */
export function sheetAgainstService(
  service: ReadonlyMap<string, LedgerRow>,
  sheet: ReadonlyMap<string, SheetLedgerRow>,
  only?: ReadonlySet<string>,
): Mismatch[] {
  const skip = (key: string) => waits(sheet.get(key)?.status ?? '') || (only !== undefined && !only.has(key));
  const inScope = <T>(rows: ReadonlyMap<string, T>) => new Map([...rows].filter(([key]) => !skip(key)));
  return compare(asExpected(inScope(service)), inScope(sheet));
}

export interface EditTally {
  landed: number;
  pending: number;
  /** Each lost edit, named. */
  lost: string[];
}

/** Each of the soak's edits: on the service, pending with a reason in the sheet, settled by a conflict, or lost. */
export function tallyEdits(
  table: SoakTable,
  edits: UserEdits,
  changedByOther: ReadonlySet<string>,
  service: ReadonlyMap<string, LedgerRow>,
  sheet: ReadonlyMap<string, SheetLedgerRow>,
): EditTally {
  const tally: EditTally = { landed: 0, pending: 0, lost: [] };
  const pending = (key: string) => waits(sheet.get(key)?.status ?? '');
  const settle = (landed: boolean, key: string, what: string) => {
    if (landed) tally.landed += 1;
    else if (pending(key)) tally.pending += 1;
    else tally.lost.push(`${table.name} ${key}: ${what}`);
  };
  for (const e of edits.edits) {
    if (changedByOther.has(`${e.key} ${e.field}`)) continue;
    const actual = service.get(e.key)?.fields[e.field];
    settle(sameValue(actual, e.value), e.key, `${e.field} typed ${JSON.stringify(e.value)}, the service holds ${JSON.stringify(actual)}`);
  }
  for (const [key, fields] of edits.creates) {
    const row = service.get(key);
    const landed = row !== undefined && Object.entries(fields).every(([f, v]) => f === 'external_id' || sameValue(row.fields[f], v));
    settle(landed, key, row === undefined ? 'new row, not on the service' : 'new row, other values on the service');
  }
  for (const key of edits.deletes) settle(!service.has(key), key, 'deleted in the sheet, still on the service');
  return tally;
}
