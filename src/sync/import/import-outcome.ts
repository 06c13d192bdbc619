/** How one row of the Import table ends a send; `status-text.ts` says it in the row's status cell. */

import type { ImportItem, RowProblem } from './import-row-check';

export type ImportOutcome =
  /** Created (or found created by a read-back): the transaction's id. */
  | { kind: 'imported'; id: number; ibanKept: boolean }
  /** Imported by an earlier send: its id is in the row, it is never sent again. */
  | { kind: 'already'; id: number }
  /** Caught in the sheet before any request: the row's problems. */
  | { kind: 'waiting'; problems: RowProblem[] }
  /** The service refused the row (its 400 for this item, a 403 for its account): the service's words. */
  | { kind: 'refused'; reasons: string[] }
  /** The call failed in a way that created nothing (a 404, an edition without the function, …). */
  | { kind: 'failed'; reason: string }
  /** Sent, and neither the answer nor a read-back tells its id: the next send reads it back before sending (`cause`). */
  | { kind: 'unconfirmed'; cause: UnconfirmedCause; reason: string }
  /** Not sent: the send was cancelled first, or (`changed`) the row changed before its call and could not be marked. */
  | { kind: 'cancelled'; changed?: true };

/**
 * Why a sent row stays "not confirmed":
 * - `lost`: no answer, and the read-back failed too (or could not run: cancelled while the call was out);
 * - `notFound`: no answer, and the read-back did not find the row yet: the service may still be committing the call
 *   (a timeout, a dropped connection), so it is not sent again in the same send;
 * - `unmatched`: the service answered 2xx (it took the call) but the answer does not pair this row to a transaction.
 */
export type UnconfirmedCause = 'lost' | 'notFound' | 'unmatched';

/** One row to send: its index among the rows read, the item, the account. */
export interface SendRow {
  index: number;
  item: ImportItem;
}
