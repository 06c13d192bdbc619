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
  /** Sent, no answer, and reading back did not settle it: the next send reads it back before sending. */
  | { kind: 'unconfirmed'; reason: string }
  | { kind: 'cancelled' };

/** One row to send: its index among the rows read, the item, the account. */
export interface SendRow {
  index: number;
  item: ImportItem;
}
