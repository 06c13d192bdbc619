/** A write's outcome as the row's verdict: landed (the service's values come into the sheet), or why not. */

import { cellText } from '../cell-text-limit';
import type { BaselineRow } from './diff';
import type { JournalRow } from './push-port';
import type { WriteOp } from './push-result';
import { reasonOf, type Translate } from './push-messages';
import { waiting, type RowHead, type RowVerdict } from './row-verdict';
import type { SendOutcome } from './send-change';
import { cellsFor, withExternal, type ServiceRow } from './service-row';
import type { PushTableModel } from './write-model';

export interface SettleContext {
  table: PushTableModel;
  t: Translate;
  columnOf(field: string): string;
}

/** A write that did not land: cancelled, unknown (it may be there) or failed with the service's reason. */
export function notLanded(
  context: SettleContext,
  head: RowHead,
  op: WriteOp,
  outcome: Exclude<SendOutcome<unknown>, { kind: 'landed' }>,
  journal?: JournalRow,
): RowVerdict {
  const { t } = context;
  const journalRow: JournalRow | undefined = journal && { ...journal, outcome: outcome.kind === 'unknown' ? 'unknown' : 'failed' };
  const more = { op, ...(journalRow ? { journal: journalRow } : {}) };
  if (outcome.kind === 'cancelled') return waiting(head, 'cancelled', t('push.status.cancelled'), more);
  const reason = reasonOf(outcome.error, t, context.columnOf);
  if (outcome.kind === 'unknown') return waiting(head, 'unknown', t('push.status.unknown', { reason }), more);
  return waiting(head, 'failed', t('push.status.failed', { reason }), more);
}

/**
 * A write that landed (or found on the service already): the service's values of `fields` go into the sheet (the
 * row is still found where it was read, by its old id or none: the id cell is among the values set), the baseline
 * takes the service's row as the sheet now holds it (a text longer than a cell holds cut with the mark, as the pull
 * keeps it: the next push then sees no change there, and a cut text is never sent back).
 */
export function landed(
  context: SettleContext,
  head: RowHead,
  op: WriteOp,
  row: ServiceRow,
  fields: ReadonlySet<string> | 'all',
  journal?: JournalRow,
): RowVerdict {
  return {
    head,
    op,
    outcome: 'landed',
    pending: [],
    landedId: row.id,
    values: cellsFor(context.table, row, fields === 'all' ? 'all' : new Set([...fields])),
    baseline: { set: { id: row.id, externalId: row.externalId, fields: asCellsHoldThem(row.fields) } },
    ...(journal ? { journal: { ...journal, outcome: 'landed' } } : {}),
  };
}

/** A delete that landed (or a row the service no longer has): the baseline drops it. */
export function deleteLanded(head: RowHead, base: BaselineRow, journal?: JournalRow): RowVerdict {
  const row: JournalRow = journal ?? {
    op: 'delete',
    id: base.id,
    externalId: base.externalId,
    before: withExternal(base.fields, base.externalId),
    sent: null,
    outcome: 'landed',
  };
  return {
    head,
    op: 'delete',
    outcome: 'landed',
    pending: head.changed,
    baseline: { drop: head.ref.id === null ? [] : [head.ref.id] },
    journal: { ...row, outcome: 'landed' },
  };
}

function asCellsHoldThem(fields: BaselineRow['fields']): BaselineRow['fields'] {
  const long = Object.entries(fields).filter(([, value]) => typeof value === 'string' && cellText(value) !== value);
  return long.length === 0 ? fields : { ...fields, ...Object.fromEntries(long.map(([key, value]) => [key, cellText(value as string)])) };
}
