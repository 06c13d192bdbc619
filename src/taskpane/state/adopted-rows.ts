/**
 * Adopt's part of the Changes state (#28): which budgets of a table Adopt is offered for, and the whole-row writes the
 * user confirmed in the Adopt dialog. A confirmation is carried over to the next sends of the table (a conflict's
 * "Keep mine", a plain Send) while the row still waits with its adoption ID in the cell, so an adopted row does not
 * ask again; it is spent once the row landed, and dropped when the cell no longer holds that ID (typed over,
 * discarded) or the row has nothing pending. Memory only: a reload asks again.
 */

import { adoptionExternalId, isAdoptable, type PendingChanges, type PushResult } from '../../sync/push';
import type { AdoptableRow } from './app-snapshot';

/** The budgets of a table Adopt is offered for, with the ID each would get; undefined when there are none. */
export function adoptableRows(pending: PendingChanges | undefined, hasExternalIds: boolean): AdoptableRow[] | undefined {
  if (!hasExternalIds || pending === undefined) return undefined;
  const rows = pending.rows.flatMap((row) =>
    isAdoptable(row) && row.ref.id !== null ? [{ id: row.ref.id, name: row.name, externalId: adoptionExternalId(row.ref.id) }] : [],
  );
  return rows.length === 0 ? undefined : rows;
}

export class AdoptedRows {
  readonly #byTable = new Map<string, Set<number>>();

  /** The user confirmed these budgets' whole-row writes in the Adopt dialog. */
  confirm(tableId: string, ids: Iterable<number>): void {
    this.#byTable.set(tableId, new Set([...(this.#byTable.get(tableId) ?? []), ...ids]));
  }

  /** The rows a send writes whole: those the user named now, and the adopted ones still waiting. */
  replaceFor(tableId: string, named: ReadonlySet<number> | undefined): ReadonlySet<number> | undefined {
    const carried = this.#byTable.get(tableId);
    if (carried === undefined || carried.size === 0) return named;
    return new Set([...(named ?? []), ...carried]);
  }

  /** After a send: the adopted rows that landed (or were brought in) are spent. */
  spend(tableId: string, result: PushResult): void {
    const carried = this.#byTable.get(tableId);
    if (carried === undefined) return;
    for (const row of result.rows)
      if ((row.outcome === 'landed' || row.outcome === 'broughtIn') && row.ref.id !== null) carried.delete(row.ref.id);
  }

  /** After a check: only rows still pending with their adoption ID in the cell keep the confirmation. */
  keepWaiting(tableId: string, pending: PendingChanges | undefined): void {
    const carried = this.#byTable.get(tableId);
    if (carried === undefined) return;
    const waiting = new Set(
      (pending?.rows ?? []).flatMap((r) => (r.ref.id !== null && r.ref.externalId === adoptionExternalId(r.ref.id) ? [r.ref.id] : [])),
    );
    for (const id of carried) if (!waiting.has(id)) carried.delete(id);
  }
}
