/**
 * A pushable table held in memory (rows in model column order, a status and a highlight per row): the push's tests,
 * its property test and its benchmark drive the core with it; the Excel host has its own (src/hosts/excel).
 * Finds rows like a host must: by position, checked by id (or external ID for a row without one), else by search.
 */

import { columnIndex, rowToFields, type TableModel } from '../tables/table-model';
import type { CoreRow, CoreValue } from '../workbook-port';
import type { SheetRow } from './diff';
import type { PushSheet, PushSheetRead, RowRef, RowUpdate } from './push-port';

export interface MemoryRow {
  cells: CoreValue[];
  status: string;
  highlight: string[];
}

export class MemoryPushSheet implements PushSheet {
  rows: MemoryRow[];
  /** Calls of `update` (the tests check that generated external IDs go in before the creates). */
  readonly updates: RowUpdate[][] = [];
  hasStatusColumn = false;

  constructor(
    readonly model: TableModel<unknown>,
    rows: readonly CoreValue[][],
  ) {
    this.rows = rows.map((cells) => ({ cells: [...cells], status: '', highlight: [] }));
  }

  #index(key: string): number {
    return columnIndex(this.model, key);
  }

  cell(row: number, key: string): CoreValue {
    return this.rows[row]?.cells[this.#index(key)] ?? null;
  }

  set(row: number, key: string, value: CoreValue): void {
    const target = this.rows[row];
    if (!target) throw new RangeError(`no row ${row}`);
    target.cells[this.#index(key)] = value;
  }

  /** The row with this id (its position), or -1. */
  find(id: number): number {
    const key = this.#index(this.model.keyColumn);
    return this.rows.findIndex((r) => r.cells[key] === id);
  }

  async read<R>(model: TableModel<R>): Promise<PushSheetRead> {
    const id = columnIndex(model, model.keyColumn);
    // A model without external IDs (invoices) has no such column.
    const external = model.columns.findIndex((c) => c.key === 'external_id');
    const rows: SheetRow[] = [];
    this.rows.forEach((row, position) => {
      if (row.cells.every((c) => c === null || c === '')) return;
      const idCell = row.cells[id];
      const externalCell = row.cells[external];
      rows.push({
        id: typeof idCell === 'number' ? idCell : null,
        externalId: externalCell === null || externalCell === undefined || externalCell === '' ? null : String(externalCell),
        fields: rowToFields(model, row.cells),
        position,
        ...(row.status === '' ? {} : { status: row.status }),
      });
    });
    return { rows, problems: [], hasStatusColumn: this.hasStatusColumn };
  }

  #locate(ref: RowRef): number {
    const id = this.#index(this.model.keyColumn);
    const external = this.model.columns.findIndex((c) => c.key === 'external_id');
    const matches = (row: MemoryRow | undefined) =>
      row !== undefined &&
      (ref.id !== null
        ? row.cells[id] === ref.id
        : (row.cells[id] ?? null) === null && (ref.externalId === null || row.cells[external] === ref.externalId));
    if (ref.position >= 0 && matches(this.rows[ref.position])) return ref.position;
    if (ref.id === null && ref.externalId === null) return -1;
    return this.rows.findIndex((row) => matches(row));
  }

  async update<R>(model: TableModel<R>, updates: readonly RowUpdate[]): Promise<{ applied: number; missing: RowRef[] }> {
    this.updates.push([...updates]);
    this.hasStatusColumn = true;
    const missing: RowRef[] = [];
    let applied = 0;
    for (const update of updates) {
      const at = this.#locate(update);
      const row = this.rows[at];
      if (at < 0 || row === undefined) {
        missing.push(update);
        continue;
      }
      for (const [key, value] of Object.entries(update.values ?? {})) row.cells[columnIndex(model, key)] = value;
      if (update.status !== undefined) row.status = update.status;
      for (const key of update.highlight) columnIndex(model, key); // a field name instead of a column key throws, as in Excel
      row.highlight = [...update.highlight];
      applied += 1;
    }
    return { applied, missing };
  }

  async append<R>(model: TableModel<R>, rows: readonly CoreRow[]): Promise<void> {
    for (const row of rows) {
      const cells = Array.isArray(row)
        ? [...(row as CoreValue[])]
        : model.columns.map((c) => (row as Record<string, CoreValue>)[c.key] ?? null);
      this.rows.push({ cells, status: '', highlight: [] });
    }
  }

  async remove<R>(_model: TableModel<R>, refs: readonly RowRef[]): Promise<{ removed: number; missing: RowRef[] }> {
    const missing: RowRef[] = [];
    const positions: number[] = [];
    for (const ref of refs) {
      const at = this.#locate(ref);
      if (at < 0) missing.push(ref);
      else positions.push(at);
    }
    for (const at of [...new Set(positions)].sort((a, b) => b - a)) this.rows.splice(at, 1);
    return { removed: positions.length, missing };
  }
}
