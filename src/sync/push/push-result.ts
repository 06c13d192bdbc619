/** What a push is given and what it answers: its options, the user's choices, its progress and its result by row. */

import type { CashflowClient, Category, Plan } from '../../api';
import type { Language } from '../../i18n/catalog';
import type { BaselineStore } from './baseline';
import type { PushJournal, PushSheet, RowRef } from './push-port';
import type { RowCheckProblem } from './budget-row-check';
import type { FieldConflict, Resolution } from './three-way';

export interface PushChoices {
  /** Per row (`rowKey`): how to settle its conflicts. */
  resolutions?: ReadonlyMap<string, Resolution>;
  /** The Replace row action: these rows (by id) are written as a whole row (PUT), after the user confirmed it. */
  replace?: ReadonlySet<number>;
  /**
   * The user confirmed that rows without an external ID the paths can address (none, or with `.` or `/`) are written
   * as whole rows (PUT by id over the service's current row: only the fields the user changed change). Without it they wait.
   */
  wholeRows?: boolean;
  /**
   * The deletes the user confirmed: the ids the confirmation named (a row deleted after it was asked waits for the
   * next one: a delete cannot be undone), or `true` for every delete (a script's `--yes`, the planning grid's own).
   * Without it, deleted rows wait.
   */
  deletes?: boolean | ReadonlySet<number>;
}

export type PushPhase = 'reading' | 'checking' | 'comparing' | 'sending' | 'saving';

export interface PushProgress {
  phase: PushPhase;
  /** Writes settled so far, of `total` (sending phase). */
  done: number;
  total: number;
}

export interface PushReference {
  plans: readonly Plan[];
  categories: readonly Category[];
  accounts: ReadonlyArray<{ id: number; name: string }>;
}

export interface PushOptions {
  client: CashflowClient;
  sheet: PushSheet;
  baselines: BaselineStore;
  journal?: PushJournal;
  language: Language;
  /** What the pull state says of the table's baseline: only `stored` can be pushed (a failed store may leave an older one). */
  baselineState: 'stored' | 'missing' | undefined;
  choices?: PushChoices;
  /** How long the service may fail without one success before the push gives up (default: the pull's 60 s). */
  giveUpAfterMs?: number;
  /** Writes in flight at most (default 4). */
  concurrency?: number;
  signal?: AbortSignal;
  /** The table's name in messages, as the user knows it (the pane's card); default: the Excel table's name. */
  label?: string;
  onProgress?(progress: PushProgress): void;
  now?(): Date;
  /** Waits between a lost answer and its read-back (tests pass a fast one). */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  /** External IDs for new rows without one (default `xl-` and 10 random characters). */
  newExternalId?(): string;
  /**
   * The company's plans, categories and accounts when the caller holds them already (the pane reads them on
   * connect): the push then asks the service only for the rows it writes. Stale data is safe: the service refuses a
   * committed plan (403) or a category that cannot take budgets (400), and the row says so.
   */
  reference?: PushReference;
}

export type RowOutcome =
  'landed' | 'broughtIn' | 'failed' | 'unknown' | 'cancelled' | 'conflict' | 'blocked' | 'needsReplace' | 'needsDeleteConfirmation';

export const ROW_OUTCOMES: readonly RowOutcome[] = [
  'landed',
  'broughtIn',
  'failed',
  'unknown',
  'cancelled',
  'conflict',
  'blocked',
  'needsReplace',
  'needsDeleteConfirmation',
];

export interface FieldConflictView extends FieldConflict {
  column: string;
}

export type WriteOp = 'patch' | 'replace' | 'create' | 'delete';

export interface PushRowResult {
  /** `id:<id>` or `ext:<external id>` (a new row): how choices name the row. */
  key: string;
  ref: RowRef;
  change: 'changed' | 'new' | 'deleted' | 'unchanged';
  op?: WriteOp;
  outcome: RowOutcome;
  /** The status text, in the user's language. */
  message: string;
  /** Columns the row changed (pending ones keep their highlight). */
  columns: string[];
  conflicts?: FieldConflictView[];
  problems?: RowCheckProblem[];
  /** Conflict kinds beyond fields. */
  conflict?: 'deletedOnService' | 'existsOnService' | 'changedOnService';
}

export interface PushResult {
  tableName: string;
  rows: PushRowResult[];
  counts: Record<RowOutcome, number>;
  /** Rows equal to their baseline. */
  unchanged: number;
  journalId?: string;
}

export function rowKey(ref: { id: number | null; externalId: string | null; position?: number }): string {
  if (ref.id !== null) return `id:${ref.id}`;
  if (ref.externalId !== null && ref.externalId !== '') return `ext:${ref.externalId}`;
  return `row:${ref.position ?? -1}`;
}

/** The external ID a row without one is adopted under (shown to the user before it is sent). */
export function adoptionExternalId(id: number): string {
  return `xl-${id}`;
}

export function randomExternalId(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return `xl-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}
