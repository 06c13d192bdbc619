/**
 * The baseline of a pushable table: what the last pull (or push that landed) left in it, row by row (id, external
 * ID, the editable fields as a push would send them). The push diffs the sheet against it (diff.ts); the host keeps
 * it inside the workbook (Excel: a very hidden sheet, since document settings are capped at 2 MB), so it travels
 * with the file and survives closing and reopening. It holds values the user already has in the table, never a
 * credential: `checkBaseline` refuses credential-like keys, as `checkPullState` does for the pull state.
 */

import { credentialKey } from '../pull/pull-state';
import { columnIndex, rowToFields, type TableModel } from '../tables/table-model';
import type { CoreRow, CoreValue } from '../workbook-port';
import type { BaselineRow } from './diff';

/** The model's key column holds the id; `external_id`, when the model has it, the external ID. */
const EXTERNAL_ID = 'external_id';

/** A row in the model's column order (a record's missing keys are null), as `rowToFields` takes it. */
function cellsOf<R>(model: TableModel<R>, row: CoreRow): readonly CoreValue[] {
  if (Array.isArray(row)) return row as readonly CoreValue[];
  const record = row as Readonly<Record<string, CoreValue>>;
  return model.columns.map((c) => record[c.key] ?? null);
}

/**
 * The baseline of rows as they were written into the model's table. Rows without a numeric id are left out (a
 * pulled row always has one; the diff treats a row without an id as new anyway).
 */
export function baselineOf<R>(model: TableModel<R>, rows: readonly CoreRow[]): BaselineRow[] {
  const key = columnIndex(model, model.keyColumn);
  const external = model.columns.findIndex((c) => c.key === EXTERNAL_ID);
  const out: BaselineRow[] = [];
  for (const row of rows) {
    const cells = cellsOf(model, row);
    const id = cells[key];
    if (typeof id !== 'number' || !Number.isFinite(id)) continue;
    const externalId = external < 0 ? null : (cells[external] ?? null);
    out.push({ id, externalId: externalId === null || externalId === '' ? null : String(externalId), fields: rowToFields(model, cells) });
  }
  return out;
}

/** Whether a table has anything a push could send: a baseline is kept for exactly these tables. */
export function keepsBaseline<R>(model: TableModel<R>): boolean {
  return !model.readOnly && model.columns.some((c) => c.editable && c.write !== undefined);
}

/** Refuses a baseline carrying anything credential-like (a programming error, never user data: keys only). */
export function checkBaseline(rows: readonly BaselineRow[]): readonly BaselineRow[] {
  for (const row of rows) {
    for (const field of Object.keys(row.fields)) {
      if (credentialKey(field)) throw new Error(`A baseline must not hold credentials (${field}).`);
    }
  }
  return rows;
}

/**
 * Where a host keeps the baselines, one per table (matched case-insensitively, as Excel matches table names).
 * `read` gives undefined when there is none, or when the stored one is incomplete or unreadable (a write that
 * failed half-way): the push then has no baseline and must ask for a pull, never treat every row as changed.
 */
export interface BaselineStore {
  read(tableName: string): Promise<BaselineRow[] | undefined>;
  /** Replaces the table's baseline whole; the other tables' stay as they are. */
  write(tableName: string, rows: readonly BaselineRow[]): Promise<void>;
  remove(tableName: string): Promise<void>;
}

/** Keeps baselines in memory, as JSON text (so a test sees what storage would give back, not shared objects). */
export class MemoryBaselineStore implements BaselineStore {
  readonly #tables = new Map<string, string>();

  async read(tableName: string): Promise<BaselineRow[] | undefined> {
    const text = this.#tables.get(tableName.toLowerCase());
    return text === undefined ? undefined : (JSON.parse(text) as BaselineRow[]);
  }

  async write(tableName: string, rows: readonly BaselineRow[]): Promise<void> {
    this.#tables.set(tableName.toLowerCase(), JSON.stringify(checkBaseline(rows)));
  }

  async remove(tableName: string): Promise<void> {
    this.#tables.delete(tableName.toLowerCase());
  }

  /** Names (lower case) of the tables with a baseline. */
  tables(): string[] {
    return [...this.#tables.keys()];
  }
}
