/**
 * The baseline of a pushable table: what the last pull (or push that landed) left in it, row by row (id, external
 * ID, the editable fields as a push would send them). The push diffs the sheet against it (diff.ts); the host keeps
 * it inside the workbook (Excel: a very hidden sheet, since document settings are capped at 2 MB), so it travels
 * with the file and survives closing and reopening. It holds values the user already has in the table, never a
 * credential: `checkBaseline` refuses credential-like keys, as `checkPullState` does for the pull state.
 */

import { credentialKey } from '../pull/pull-state';
import { columnIndex, rowToFields, type TableModel } from '../tables/table-model';
import type { CoreRow, CoreValue, TablePatch } from '../workbook-port';
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

/** Rows per slice a store is given from `BaselineSlices` (a slice's rows and cells are the only ones made at a time). */
export const BASELINE_SLICE_ROWS = 5_000;

/**
 * A baseline made a slice of rows at a time as the store writes it (a pull's: `CompactBaseline`, #30): `count` rows
 * in all, in order. The store never holds more than a slice's rows (and what it writes of them) at once.
 */
export interface BaselineSlices {
  readonly count: number;
  slices(): Iterable<readonly BaselineRow[]>;
}

/** What a store is given to write: rows in memory, or slices made as it takes them. */
export type BaselineSource = readonly BaselineRow[] | BaselineSlices;

/** The source's rows in slices of at most `size` (rows in memory are sliced; slices are taken as made). */
export function* baselineSlicesOf(source: BaselineSource, size = BASELINE_SLICE_ROWS): Iterable<readonly BaselineRow[]> {
  if (!isRows(source)) {
    yield* source.slices();
    return;
  }
  for (let from = 0; from < source.length; from += size) yield source.slice(from, from + size);
}

export function baselineCount(source: BaselineSource): number {
  return isRows(source) ? source.length : source.count;
}

function isRows(source: BaselineSource): source is readonly BaselineRow[] {
  return Array.isArray(source);
}

/**
 * Where a host keeps the baselines, one per table (matched case-insensitively, as Excel matches table names).
 * `read` gives undefined when there is none, or when the stored one is incomplete or unreadable (a write that
 * failed half-way): the push then has no baseline and must ask for a pull, never treat every row as changed.
 */
export interface BaselineStore {
  read(tableName: string): Promise<BaselineRow[] | undefined>;
  /** Replaces the table's baseline whole; the other tables' stay as they are. Slices are taken one at a time. */
  write(tableName: string, rows: BaselineSource): Promise<void>;
  remove(tableName: string): Promise<void>;
  /**
   * Optional: puts a patched refresh's rows into the table's stored baseline (its rows in the table's order, one per
   * row): `replace` overwrites rows, `insert` adds rows before a row, indexes of the baseline before the patch (as
   * `TablePatch` of the workbook port). Throws when the stored baseline is missing, incomplete or not `rowCount`
   * rows long: the caller then removes it.
   */
  patch?(tableName: string, patch: BaselinePatch, rowCount: number): Promise<void>;
}

/** `TablePatch` of the workbook port, as baseline rows. */
export interface BaselinePatch {
  replace: readonly { at: number; row: BaselineRow }[];
  insert: readonly { before: number; rows: readonly BaselineRow[] }[];
}

/** A table patch's rows as baseline rows (rows without a numeric id have no baseline row: a patch never has such rows). */
export function baselinePatchOf<R>(model: TableModel<R>, patch: TablePatch): BaselinePatch {
  const one = (row: CoreRow): BaselineRow => {
    const [made] = baselineOf(model, [row]);
    if (made === undefined) throw new Error('A patched row has no id.');
    return made;
  };
  return {
    replace: patch.replace.map((r) => ({ at: r.at, row: one(r.row) })),
    insert: patch.insert.map((i) => ({ before: i.before, rows: i.rows.map(one) })),
  };
}

/** Applies a patch to baseline rows held in memory (a copy; `rows` is left as it is). */
export function patchedBaseline(rows: readonly BaselineRow[], patch: BaselinePatch): BaselineRow[] {
  const out = [...rows];
  for (const { at, row } of patch.replace) {
    if (out[at]?.id !== row.id) throw new Error(`Baseline row ${at} is not the record ${row.id}.`);
    out[at] = row;
  }
  for (const { before, rows: added } of [...patch.insert].reverse()) out.splice(before, 0, ...added);
  return out;
}

/** Keeps baselines in memory, as JSON text (so a test sees what storage would give back, not shared objects). */
export class MemoryBaselineStore implements BaselineStore {
  readonly #tables = new Map<string, string>();

  async read(tableName: string): Promise<BaselineRow[] | undefined> {
    const text = this.#tables.get(tableName.toLowerCase());
    return text === undefined ? undefined : (JSON.parse(text) as BaselineRow[]);
  }

  async write(tableName: string, rows: BaselineSource): Promise<void> {
    const all: BaselineRow[] = [];
    for (const slice of baselineSlicesOf(rows)) all.push(...checkBaseline(slice));
    if (all.length !== baselineCount(rows))
      throw new Error(`The baseline of ${tableName} gave ${all.length} rows, not ${baselineCount(rows)}.`);
    this.#tables.set(tableName.toLowerCase(), JSON.stringify(all));
  }

  async remove(tableName: string): Promise<void> {
    this.#tables.delete(tableName.toLowerCase());
  }

  async patch(tableName: string, patch: BaselinePatch, rowCount: number): Promise<void> {
    const rows = await this.read(tableName);
    if (rows === undefined || rows.length !== rowCount) throw new Error(`The baseline of ${tableName} is not the table's.`);
    await this.write(tableName, patchedBaseline(rows, patch));
  }

  /** Names (lower case) of the tables with a baseline. */
  tables(): string[] {
    return [...this.#tables.keys()];
  }
}
