/**
 * A row's way through the push: who it is (`RowHead`, fixed when the diff meets it) and how it ends (`RowVerdict`,
 * made once by the stage that settles it: the check, the plan, the comparison or the send). The record stage puts
 * every verdict back on the sheet, the baseline and the journal.
 */

import type { CoreValue } from '../workbook-port';
import type { RowCheckProblem } from './budget-row-check';
import type { BaselineRow } from './diff';
import type { JournalRow, RowRef } from './push-port';
import type { FieldConflictView, PushRowResult, RowOutcome, WriteOp } from './push-result';
import type { Translate } from './push-messages';

export interface RowHead {
  /** The order the push met the row in: the result and the journal list rows in it. */
  index: number;
  key: string;
  ref: RowRef;
  change: PushRowResult['change'];
  /** Fields the user changed. */
  changed: readonly string[];
  /**
   * A new row an earlier send left not confirmed (its status says so): its create may have landed, so a record on the
   * service holding what it sends is taken for its own. Any other new row is created, never matched to a record.
   */
  unconfirmed?: boolean;
}

export interface RowVerdict {
  head: RowHead;
  op?: WriteOp;
  outcome: RowOutcome;
  /** The status text; the record stage writes the text of a landed or brought-in row (it knows the push's time). */
  message?: string;
  /** Fields still pending (their cells stay highlighted). */
  pending: readonly string[];
  conflicts?: FieldConflictView[];
  conflict?: PushRowResult['conflict'];
  problems?: RowCheckProblem[];
  /** Sheet cells to set (by column key). */
  values?: Record<string, CoreValue>;
  /** The row leaves the sheet (take theirs on a row deleted on the service), or the service's row comes in (take theirs on a delete). */
  sheet?: 'remove' | { append: CoreValue[] };
  /** The baseline after this row: the ids whose rows go, then the row stored. */
  baseline?: { drop?: readonly number[]; set?: BaselineRow };
  /** The row's id on the service after the write (a create's new id). */
  landedId?: number;
  journal?: JournalRow;
}

/** A row that waits for the user: every field it changed stays pending. */
export function waiting(head: RowHead, outcome: RowOutcome, message: string, more: Partial<RowVerdict> = {}): RowVerdict {
  return { head, outcome, message, pending: head.changed, ...more };
}

/** A row whose problems keep it from being sent. */
export function blocked(head: RowHead, problems: RowCheckProblem[], t: Translate, op?: WriteOp): RowVerdict {
  return waiting(head, 'blocked', t('push.status.blocked', { problems: problems.map((p) => p.message).join(' ') }), {
    problems,
    ...(op === undefined ? {} : { op }),
  });
}

export function cancelled(head: RowHead, t: Translate, op?: WriteOp): RowVerdict {
  return waiting(head, 'cancelled', t('push.status.cancelled'), op === undefined ? {} : { op });
}
