/**
 * Stage 5 of a push: the model plans a request for every change that passed the check; a change it cannot send
 * (a cleared required value) is blocked, a request the user has to confirm first (a whole-row write) waits. New
 * rows' external IDs go into the sheet now, before the creates that carry them (a create cut off is found again).
 */

import type { PushRequest } from './push-request';
import type { PushSheet, RowUpdate } from './push-port';
import type { PushChoices, WriteOp } from './push-result';
import { blocked, waiting, type RowHead, type RowVerdict } from './row-verdict';
import type { CheckedRows } from './check-rows';
import type { PushSession } from './open-session';
import { columnKeyOf } from './service-row';
import { EXTERNAL_ID_FIELD } from './three-way';

export interface PlannedWrite {
  head: RowHead;
  /** What the plan made of the row (a Replace row action still reports the patch it was planned as). */
  op: WriteOp;
  request: PushRequest;
}

export interface PlannedWrites {
  planned: PlannedWrite[];
  verdicts: RowVerdict[];
}

const OPS: Record<PushRequest['op'], WriteOp> = {
  patch: 'patch',
  patchById: 'patch',
  replaceById: 'replace',
  create: 'create',
  deleteById: 'delete',
  deleteByExternalId: 'delete',
};

export function planWrites(session: PushSession, checked: CheckedRows, unchanged: number, choices: PushChoices): PlannedWrites {
  const plan = session.opened.plan(
    checked.sendable.map((s) => s.change),
    checked.rowsById,
    unchanged,
  );
  // Heads by where they stand (rows in the sheet) and by id (deleted rows): lookups stay linear on big tables.
  const inSheet = new Map(checked.sendable.filter((s) => s.head.change !== 'deleted').map((s) => [s.head.ref.position, s.head]));
  const deleted = new Map(checked.sendable.filter((s) => s.head.change === 'deleted').map((s) => [s.head.ref.id, s.head]));
  const verdicts: RowVerdict[] = [];
  for (const row of plan.blocked) {
    const head = inSheet.get(row.position);
    if (head && head.ref.id === row.id)
      verdicts.push(
        blocked(
          head,
          row.problems.map((p) => ({ field: p.field, column: session.model.columnOf(p.field), message: p.message })),
          session.t,
        ),
      );
  }
  const planned: PlannedWrite[] = [];
  for (const request of plan.requests) {
    const op = OPS[request.op];
    const head = op === 'delete' ? deleted.get((request as { id: number }).id) : inSheet.get((request as { position: number }).position);
    if (head === undefined) continue;
    const confirmed = session.opened.confirm(request, choices, checked.rowsById);
    if ('waits' in confirmed) verdicts.push(waiting(head, 'needsReplace', confirmed.waits, { op }));
    else planned.push({ head, op, request: confirmed.request });
  }
  return { planned, verdicts };
}

/** Writes the external IDs made for new rows into the sheet, for the rows whose create is planned. */
export async function claimExternalIds(
  session: PushSession,
  sheet: PushSheet,
  generated: ReadonlyMap<number, string>,
  planned: readonly PlannedWrite[],
): Promise<void> {
  const creates = new Map(planned.filter((p) => p.head.change === 'new').map((p) => [p.head.ref.position, p.head]));
  const updates: RowUpdate[] = [];
  for (const [position, externalId] of generated) {
    const head = creates.get(position);
    if (head)
      updates.push({
        position,
        id: null,
        externalId: null,
        values: { [EXTERNAL_ID_FIELD]: externalId },
        status: '',
        highlight: head.changed.map((field) => columnKeyOf(session.model.table, field)),
      });
  }
  if (updates.length > 0) await sheet.update(session.model.table, updates);
}
