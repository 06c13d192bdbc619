/**
 * What differs between the resources the push writes: one `WriteModel` per resource (budgets: budget-write-model.ts),
 * over the same stages (refuse → read → diff → check → plan → compare → send → record, README.md). A model says
 * - which table it writes and how a field is named to the user (`columnOf`), whether new rows get external IDs;
 * - where its rows live on the service once the reference is read (`open`): the whole table refused there
 *   (PushRefusedError: a committed plan), the row checks (schema and rules), the requests a change becomes
 *   (`plan`, with endpoints and batch sizes of its own), the confirmations a request waits for, the service's rows
 *   read back for the three-way comparison, and the writes themselves: each `Write` settles one or more rows (a
 *   bulk PATCH of 1,000 invoices or transactions is one write settling its rows, a skipped item among them);
 * - what undo sends for each journal row.
 * A model keeps no state between pushes; `open` gives the state of one push or undo.
 */

import type { CashflowClient } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import type { Lookups } from '../tables/lookups';
import type { TableModel } from '../tables/table-model';
import type { RowCheckProblem } from './budget-row-check';
import type { BaselineRow, Fields, RowChange, SheetRow } from './diff';
import type { BlockedRow, DeleteRequest, PushRequest, UpdateRequest } from './push-request';
import type { JournalRow } from './push-port';
import type { PushChoices, PushReference, WriteOp } from './push-result';
import type { RecordWords, Translate } from './push-messages';
import type { RowHead, RowVerdict } from './row-verdict';
import type { SendOptions } from './send-change';
import type { ServiceRow } from './service-row';
import type { Resolution } from './three-way';

/** The table a model writes, over its records (`R`: a budget, an invoice). */
export type PushTableModel<R = unknown> = TableModel<R>;

/** A row as the model's check leaves it: normalized fields, or the problems that keep it back. */
export type RowCheck =
  { position: number; ok: true; fields: Record<string, unknown> } | { position: number; ok: false; problems: RowCheckProblem[] };

/** What a model's check knows besides the rows. */
export interface CheckContext {
  baseline: readonly BaselineRow[];
  /** Ids of the rows checked (changed rows) and of the rows deleted: the other baseline rows stand on the service. */
  checkedIds: ReadonlySet<number>;
  deletedIds: ReadonlySet<number>;
}

/** A row's fields as the sheet holds them, by id (the checked values where the check passed). */
export type RowsById = ReadonlyMap<number, { fields: Fields; externalId: string | null }>;

/** One write of the send stage: the rows it settles, and the run that settles them. */
export interface Write {
  op: WriteOp;
  heads: readonly RowHead[];
  run(): Promise<readonly RowVerdict[]>;
}

/** The three-way comparison of a changed row that has something to send. */
export interface Update<R = unknown> {
  head: RowHead;
  request: UpdateRequest;
  /** Fields to send with the sheet's values. */
  send: Record<string, unknown>;
  /** Fields the service changed alone, and fields both sides changed alike: their cells take the service's values. */
  settled: ReadonlySet<string>;
  theirs: ServiceRow<R>;
}

/** A journal row undone: the outcome, the service's row after it, and what the sheet and the journal take. */
export type UndoStep<R = unknown> =
  | { kind: 'report'; outcome: 'changedSince' | 'failed' | 'nothingToDo'; message: string }
  | { kind: 'deleted'; row: ServiceRow<R>; message: string }
  | { kind: 'created'; row: ServiceRow<R>; sent: Fields; message: string }
  | { kind: 'restored'; row: ServiceRow<R>; fields: readonly string[]; restorable: readonly string[]; message: string };

export interface OpenContext {
  client: CashflowClient;
  reference: PushReference;
  lookups: Lookups;
  language: Language;
  t: Translate;
  /** The table as messages name it. */
  named: { table: string };
  send: SendOptions;
  signal?: AbortSignal;
}

/** A model opened for one push or undo (its place on the service is known and may be written). */
export interface OpenedModel<R = unknown> {
  check(rows: readonly SheetRow[], context: CheckContext): RowCheck[];
  plan(changes: readonly RowChange[], rowsById: RowsById, unchanged: number): { requests: PushRequest[]; blocked: BlockedRow[] };
  /** A request the user has to confirm first (a whole-row write), or the request to send after the user's choices. */
  confirm(request: PushRequest, choices: PushChoices, rowsById: RowsById): { request: PushRequest } | { waits: string };
  readByIds(ids: readonly number[]): Promise<ServiceRow<R>[]>;
  create(head: RowHead, body: Record<string, unknown>, resolution: Resolution | undefined): Write;
  /** Take mine on a row deleted on the service: the sheet's row created again. */
  recreate(head: RowHead, request: PushRequest, rowsById: RowsById): Write;
  update(update: Update<R>): Write | RowVerdict;
  remove(head: RowHead, base: BaselineRow, theirs: ServiceRow<R>, request: DeleteRequest): Write;
  undo(row: JournalRow, theirs: ServiceRow<R> | undefined): Promise<UndoStep<R>>;
  /**
   * Writes that settle many rows (one PATCH array per 1,000 invoices): the send stage hands the model the writes
   * compare made, and the model joins those it batches. Without it, every write is sent as it is.
   */
  batch?(writes: readonly Write[]): Write[];
}

export interface WriteModel<R = unknown> {
  table: PushTableModel<R>;
  /** The column a field is edited in, as the user reads it. */
  columnOf(field: string): string;
  /** Whether a new row without an external ID gets one before it is sent (written into the sheet first). */
  generatesExternalIds: boolean;
  /** A cell that did not convert but that the model's own check reads (the category cell takes a name or a path). */
  checksCellText(header: string): boolean;
  /** The plans, categories and accounts the model needs (default: all three, `readReference`; a group's invoices: none). */
  reference?(client: CashflowClient, options: { signal?: AbortSignal }): Promise<PushReference>;
  /** The shared messages worded for the model's records (push-messages.ts `RecordWords`); default: the budget's words. */
  words?: RecordWords;
  /**
   * A row removed from the sheet is deleted on the service once the user confirms the deletes (the default), or,
   * where the service deletes none of the model's records (transactions), `refused`: it waits with that message and
   * nothing is sent.
   */
  deletes?: 'confirmed' | { refused: MessageKey };
  /** Opens the model's place on the service for one push or undo; throws PushRefusedError when the table cannot be written there. */
  open(context: OpenContext): OpenedModel<R>;
}
