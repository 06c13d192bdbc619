/**
 * Adopt (#28): a budget pulled without an external ID the service's paths can address (none, or one with `.` or `/`)
 * gets the suggested one, `adoptionExternalId(id)`, written into its External ID cell. The next send then gives the
 * service that ID, exactly as if the user had typed it (plan-requests.ts: a whole-row PUT by id carrying the new
 * external ID, which the user confirms), and later changes of the row go by PATCH to that ID.
 *
 * Only the cells are written here, through the push port; the send is the caller's (the Changes state sends the
 * table at once). A row is refused when its External ID cell no longer holds what the caller saw (the user typed an
 * ID meanwhile: it stays theirs), when its id is no longer in the table, or when another row holds the suggested ID.
 */

import type { TableModel } from '../tables/table-model';
import type { PendingRow } from './pending-changes';
import type { PushSheet, RowRef, RowUpdate } from './push-port';
import { EXTERNAL_ID_KEY } from './push-columns';
import { adoptionExternalId } from './push-result';
import { isAddressable } from './service-row';
import { EXTERNAL_ID_FIELD } from './three-way';

/** A row to adopt: who it is (its External ID cell as the caller saw it) and the fields it has pending (they stay highlighted). */
export interface AdoptRow {
  ref: RowRef;
  fields?: ReadonlyArray<{ field: string }>;
}

/** Why a row was not adopted: its External ID cell was typed into meanwhile, it left the table, another row holds the ID. */
export type AdoptRefusal = 'externalIdTyped' | 'notInTable' | 'idInUse';

export interface AdoptOutcome {
  adopted: Array<{ id: number; externalId: string }>;
  refused: Array<{ id: number; reason: AdoptRefusal }>;
}

/**
 * Whether a pending row is one Adopt is for: a changed budget with an id, no addressable external ID, and no
 * external ID typed into its cell (a rename is the user's own adoption).
 */
export function isAdoptable(row: PendingRow): boolean {
  return (
    row.kind === 'changed' &&
    row.ref.id !== null &&
    !isAddressable(row.ref.externalId) &&
    !row.fields.some((f) => f.field === EXTERNAL_ID_FIELD)
  );
}

/** Writes each row's adoption ID into its External ID cell; the rows it refuses are left as they are. */
export async function adoptRows<R>(model: TableModel<R>, sheet: PushSheet, rows: readonly AdoptRow[]): Promise<AdoptOutcome> {
  if (!model.columns.some((c) => c.key === EXTERNAL_ID_KEY)) throw new Error(`${model.tableName} has no external ID column`);
  const read = await sheet.read(model);
  const byId = new Map(read.rows.flatMap((r) => (r.id === null ? [] : [[r.id, r] as const])));
  const taken = new Set(read.rows.flatMap((r) => (r.externalId === null ? [] : [r.externalId])));
  const outcome: AdoptOutcome = { adopted: [], refused: [] };
  const updates: RowUpdate[] = [];
  for (const row of rows) {
    const id = row.ref.id;
    if (id === null) continue;
    const now = byId.get(id);
    const externalId = adoptionExternalId(id);
    if (now === undefined) {
      outcome.refused.push({ id, reason: 'notInTable' });
      continue;
    }
    const refusal = refusalOf(now.externalId, row.ref.externalId, taken.has(externalId));
    if (refusal !== undefined) {
      outcome.refused.push({ id, reason: refusal });
      continue;
    }
    taken.add(externalId);
    updates.push({
      position: now.position,
      id,
      externalId: now.externalId,
      values: { [EXTERNAL_ID_KEY]: externalId },
      highlight: highlightOf(model, row, EXTERNAL_ID_KEY),
    });
    outcome.adopted.push({ id, externalId });
  }
  return updates.length === 0 ? outcome : settle(model, sheet, updates, outcome);
}

/** The External ID cell must still hold what the caller saw (empty, or an ID the paths cannot address); the ID must be free. */
function refusalOf(cell: string | null, seen: string | null, inUse: boolean): AdoptRefusal | undefined {
  if (cell !== seen || isAddressable(cell)) return 'externalIdTyped';
  return inUse ? 'idInUse' : undefined;
}

/** The row's pending cells stay highlighted, and its External ID cell joins them (it waits to be sent too). */
function highlightOf<R>(model: TableModel<R>, row: AdoptRow, externalKey: string): string[] {
  const keyOf = (field: string) => model.columns.find((c) => c.write?.field === field)?.key ?? field;
  return [...new Set([...(row.fields ?? []).map((f) => keyOf(f.field)), externalKey])];
}

/** Applies the updates; a row the sheet no longer finds (deleted between the read and the write) is refused. */
async function settle<R>(model: TableModel<R>, sheet: PushSheet, updates: RowUpdate[], outcome: AdoptOutcome): Promise<AdoptOutcome> {
  const { missing } = await sheet.update(model, updates);
  const gone = new Set(missing.flatMap((m) => (m.id === null ? [] : [m.id])));
  return {
    adopted: outcome.adopted.filter((a) => !gone.has(a.id)),
    refused: [...outcome.refused, ...[...gone].map((id) => ({ id, reason: 'notInTable' as const }))],
  };
}
