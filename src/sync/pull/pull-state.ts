/**
 * Pull state: small metadata per pulled table (which resource and filters, when the last pull started and
 * ended, how many rows). Never credentials or tokens. Hosts keep it where it survives with the workbook
 * (document settings in Excel); the memory store serves tests and hosts without a workbook.
 */

import { RelativePeriodSchema, type RelativePeriod } from '../filters/relative-period';
import type { CoreValue } from '../workbook-port';
import type { PullTarget } from './pull-target';

export const PULL_STATE_VERSION = 1;

export interface PullState {
  version: typeof PULL_STATE_VERSION;
  tableName: string;
  sheetName: string;
  target: PullTarget;
  /**
   * The table's relative period (src/sync/filters): `target`'s dates are its resolution at the last pull, and the
   * next pull resolves it again. Absent: the target's dates are fixed.
   */
  period?: RelativePeriod;
  /** ISO 8601, noted before the first request of the last successful pull: the base of the next incremental one. */
  lastPullStartedAt: string;
  /** ISO 8601, when the last successful pull finished writing. */
  lastPullAt: string;
  /** `full` or `incremental`: how the last successful pull fetched. */
  lastMode: 'full' | 'incremental';
  rowCount: number;
  /**
   * The completeness verdict of the last pull: rows checked against the service's count and sum (transactions),
   * no change noticed during the pull. Absent in states written before it was kept.
   */
  complete?: boolean;
  /** Why not complete, in the language of that pull (at most a few short messages). */
  warnings?: string[];
  /**
   * Pushable tables only: whether the pull stored its baseline (src/sync/push/baseline.ts). `missing`: it could not,
   * and the push must refuse the table until the next pull rather than diff it against anything else.
   */
  baseline?: 'stored' | 'missing';
  /**
   * The stamp each table of the last pull got above it (table name → its text; the accounts pull stamps its balance
   * summary too): a cell holding exactly it is the add-in's to replace; anything else there is the user's.
   */
  stamps?: Record<string, string>;
  /**
   * The fingerprint of the lookups the last pull wrote with (`Lookups.fingerprint`): category paths and currencies. A
   * transactions refresh that finds it unchanged writes only the changed rows (patched-transactions.ts).
   */
  lookupsMark?: string;
  /**
   * Every text the table holds cut to fit a cell after the last pull (record id, field, header), when at most
   * `MAX_KEPT_CUTS`; absent when more, or in states written before it was kept: the next refresh then reads the table whole.
   */
  cutTexts?: { id: CoreValue; field: string; column: string }[];
}

/** Cut texts the pull state keeps at most (each is a few dozen bytes of the document's settings). */
export const MAX_KEPT_CUTS = 100;

export interface PullStateStore {
  get(tableName: string): Promise<PullState | undefined>;
  set(state: PullState): Promise<void>;
  remove(tableName: string): Promise<void>;
  list(): Promise<PullState[]>;
}

const SECRET_KEYS = /secret|token|password|authorization|client_?id/i;

/** Whether a key names something credential-like (also what the push's baseline refuses). */
export function credentialKey(key: string): boolean {
  return SECRET_KEYS.test(key);
}

/** Refuses state that carries anything credential-like (a programming error, never user data). */
export function checkPullState(state: PullState): PullState {
  JSON.stringify(state, (key, value: unknown) => {
    if (credentialKey(key)) throw new Error(`Pull state must not hold credentials (${key}).`);
    return value;
  });
  return state;
}

/** Parses stored JSON; anything unreadable or of another version counts as no state (the next pull is full). */
export function parsePullState(text: string | null | undefined): PullState | undefined {
  if (text === null || text === undefined || text === '') return undefined;
  try {
    const value = JSON.parse(text) as Partial<PullState> | null;
    if (value === null || typeof value !== 'object' || value.version !== PULL_STATE_VERSION) return undefined;
    if (typeof value.tableName !== 'string' || typeof value.lastPullStartedAt !== 'string' || typeof value.target !== 'object')
      return undefined;
    // A period this version does not know reads as none: the table keeps the dates it was last pulled with.
    if (value.period !== undefined && !RelativePeriodSchema.safeParse(value.period).success) {
      const { period: _unknown, ...rest } = value;
      return rest as PullState;
    }
    return value as PullState;
  } catch {
    return undefined;
  }
}

export class MemoryPullStateStore implements PullStateStore {
  readonly #states = new Map<string, string>();

  async get(tableName: string): Promise<PullState | undefined> {
    return parsePullState(this.#states.get(tableName.toLowerCase()));
  }

  async set(state: PullState): Promise<void> {
    this.#states.set(state.tableName.toLowerCase(), JSON.stringify(checkPullState(state)));
  }

  async remove(tableName: string): Promise<void> {
    this.#states.delete(tableName.toLowerCase());
  }

  async list(): Promise<PullState[]> {
    return [...this.#states.values()].map((text) => parsePullState(text)).filter((s): s is PullState => s !== undefined);
  }
}
