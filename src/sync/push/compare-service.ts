/**
 * Stage 6 of a push: the service's current rows of everything to be written, read in bulk, compared three ways
 * with the baseline and the sheet (three-way.ts). A field changed on both sides is a conflict (the row is not
 * written until the user chooses); a field changed only on the service comes into the sheet; a row the service
 * holds as the sheet wants already (a push cut off) is settled without a request. Everything else becomes a write
 * of the model.
 */

import type { BaselineRow } from './diff';
import type { DeleteRequest } from './push-request';
import type { PushChoices } from './push-result';
import { recordKey, shown } from './push-messages';
import { waiting, type RowVerdict } from './row-verdict';
import type { PushSession } from './open-session';
import type { PlannedWrite } from './plan-writes';
import { deleteLanded, landed } from './settle-write';
import { cellsFor, withExternal, withoutId, type ServiceRow } from './service-row';
import { changedFieldsOnService, EXTERNAL_ID_FIELD, threeWay, type Resolution } from './three-way';
import type { RowsById, Write } from './write-model';

export interface ComparedWrites {
  writes: Write[];
  verdicts: RowVerdict[];
}

type Compared = Write | RowVerdict | undefined;

export async function compareWithService(
  session: PushSession,
  planned: readonly PlannedWrite[],
  rowsById: RowsById,
  choices: PushChoices,
): Promise<ComparedWrites> {
  const ids = planned.flatMap((p) => (p.request.op === 'create' ? [] : [p.request.id]));
  const current = new Map((await session.opened.readByIds(ids)).map((row) => [row.id, row]));
  const out: ComparedWrites = { writes: [], verdicts: [] };
  for (const item of planned) {
    const resolution = choices.resolutions?.get(item.head.key);
    const result = compareOne(session, item, { current, rowsById, resolution });
    if (result === undefined) continue;
    // A write reports the op the row was planned as: deletes go first, a cancelled row says what it was.
    if ('run' in result) out.writes.push({ ...result, op: item.op });
    else out.verdicts.push(result);
  }
  return out;
}

interface CompareContext {
  current: ReadonlyMap<number, ServiceRow>;
  rowsById: RowsById;
  resolution: Resolution | undefined;
}

function compareOne(session: PushSession, item: PlannedWrite, context: CompareContext): Compared {
  const { request } = item;
  if (request.op === 'create') return session.opened.create(item.head, request.body, context.resolution);
  const base = session.baselineById.get(request.id);
  if (base === undefined) return undefined;
  const theirs = context.current.get(request.id);
  if (request.op === 'deleteById' || request.op === 'deleteByExternalId')
    return compareDelete(session, item, base, theirs, context.resolution);
  if (theirs === undefined) return deletedOnService(session, item, context);
  return compareUpdate(session, item, base, theirs, context);
}

/** A delete of a row the service changed since the pull would throw their change away: a conflict too. */
function compareDelete(
  session: PushSession,
  item: PlannedWrite,
  base: BaselineRow,
  theirs: ServiceRow | undefined,
  resolution: Resolution | undefined,
): Compared {
  const { head, request } = item;
  if (theirs === undefined) return deleteLanded(head, base);
  const changedThere = changedFieldsOnService(
    withExternal(base.fields, base.externalId),
    withExternal(theirs.fields, theirs.externalId),
  ).filter((f) => f !== 'id');
  if (changedThere.length === 0 || resolution === 'mine') return session.opened.remove(head, base, theirs, request as DeleteRequest);
  if (resolution === 'theirs') {
    const baseline = { set: { id: theirs.id, externalId: theirs.externalId, fields: theirs.fields } };
    return { head, op: item.op, outcome: 'broughtIn', pending: [], sheet: { append: theirs.cells }, baseline };
  }
  const columns = changedThere.map(session.model.columnOf).join(', ');
  return {
    head,
    op: item.op,
    outcome: 'conflict',
    pending: [],
    conflict: 'changedOnService',
    message: session.t(recordKey(session.model, 'push.status.deleteConflict'), { columns }),
  };
}

/** A changed row the service no longer has: take theirs removes it, keep mine creates it again, else a conflict. */
function deletedOnService(session: PushSession, item: PlannedWrite, context: CompareContext): Compared {
  const { head, request } = item;
  const id = (request as { id: number }).id;
  if (context.resolution === 'theirs')
    return {
      head,
      op: item.op,
      outcome: 'broughtIn',
      pending: [],
      sheet: 'remove',
      baseline: { drop: head.ref.id === null ? [] : [head.ref.id] },
    };
  if (context.resolution === 'mine') {
    const write = session.opened.recreate(head, request, context.rowsById);
    // The old id's baseline row goes whatever the create's outcome.
    const run = async () =>
      (await write.run()).map((v) => ({ ...v, baseline: { ...v.baseline, drop: [id, ...(v.baseline?.drop ?? [])] } }));
    return { ...write, run };
  }
  return waiting(head, 'conflict', session.t(recordKey(session.model, 'push.status.deletedOnService')), {
    op: item.op,
    conflict: 'deletedOnService',
  });
}

function compareUpdate(session: PushSession, item: PlannedWrite, base: BaselineRow, theirs: ServiceRow, context: CompareContext): Compared {
  const { head, request } = item;
  const sheetRow = context.rowsById.get(theirs.id);
  const mine: Record<string, unknown> = {};
  for (const field of head.changed) mine[field] = field === EXTERNAL_ID_FIELD ? head.ref.externalId : sheetRow?.fields[field];
  const merge = threeWay(
    withoutId(withExternal(base.fields, base.externalId)),
    mine,
    withoutId(withExternal(theirs.fields, theirs.externalId)),
    context.resolution,
  );
  const bringIn = new Set(Object.keys(merge.bringIn));
  const agreed = Object.keys(merge.agreed);
  if (merge.conflicts.length > 0) return conflicted(session, item, base, theirs, merge.conflicts, bringIn, agreed);
  // Everything the sheet changed is on the service already (an earlier push that was cut off, or the same edit there).
  if (Object.keys(merge.send).length === 0)
    return landed(settleContext(session), head, item.op, theirs, bringIn.size > 0 || agreed.length > 0 ? 'all' : new Set());
  if (request.op !== 'patch' && request.op !== 'patchById' && request.op !== 'replaceById') return undefined;
  return session.opened.update({ head, request, send: merge.send, settled: new Set([...bringIn, ...agreed]), theirs });
}

/** A row changed on both sides: not written at all; what the service changed alone still comes in, and the baseline takes it. */
function conflicted(
  session: PushSession,
  item: PlannedWrite,
  base: BaselineRow,
  theirs: ServiceRow,
  fieldConflicts: ReturnType<typeof threeWay>['conflicts'],
  bringIn: ReadonlySet<string>,
  agreed: readonly string[],
): RowVerdict {
  const { t, model } = session;
  const conflicts = fieldConflicts.map((c) => ({ ...c, column: model.columnOf(c.field) }));
  const details = conflicts
    .map((c) => t('push.status.conflictField', { column: c.column, mine: shown(c.mine), theirs: shown(c.theirs) }))
    .join('; ');
  const fields: Record<string, unknown> = { ...base.fields };
  for (const f of [...bringIn, ...agreed]) if (f !== EXTERNAL_ID_FIELD) fields[f] = theirs.fields[f] ?? null;
  const externalId = bringIn.has(EXTERNAL_ID_FIELD) || agreed.includes(EXTERNAL_ID_FIELD) ? theirs.externalId : base.externalId;
  return waiting(item.head, 'conflict', t('push.status.conflict', { details }), {
    op: item.op,
    conflicts,
    baseline: { set: { id: base.id, externalId, fields } },
    ...(bringIn.size > 0 ? { values: cellsFor(session.model.table, theirs, bringIn) } : {}),
  });
}

function settleContext(session: PushSession) {
  return { table: session.model.table, t: session.t, columnOf: session.model.columnOf };
}
