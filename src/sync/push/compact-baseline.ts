/**
 * A pull's baseline kept compact while the pull writes (#30). The baseline is stored only once the table's write
 * succeeded, so a pull must keep what it needs until then; keeping the rows handed to the port (23 cells a
 * transaction, copied) held a million-row pull's every cell on the add-in's heap a second time. This keeps only what
 * `baselineOf` takes from a row, as it passes: the id, the external ID (when the model has one) and the cells of the
 * columns a push writes, one array each (a transaction: its id and its category, ~16 bytes a row). The baseline rows
 * are made a slice at a time as the store writes them (`BaselineSlices`), never all at once, and equal `baselineOf`'s.
 */

import type { TableModel } from '../tables/table-model';
import { columnIndex } from '../tables/table-model';
import type { CoreRow, CoreValue } from '../workbook-port';
import { BASELINE_SLICE_ROWS, type BaselineSlices } from './baseline';
import type { BaselineRow } from './diff';

interface WrittenColumn {
  index: number;
  field: string;
  parse: ((value: CoreValue) => unknown) | undefined;
  values: CoreValue[];
}

export class CompactBaseline<R> implements BaselineSlices {
  readonly #model: TableModel<R>;
  readonly #key: number;
  readonly #keyName: string;
  readonly #external: { index: number; values: (string | null)[] } | undefined;
  readonly #columns: WrittenColumn[];
  readonly #ids: number[] = [];
  readonly #sliceRows: number;

  constructor(model: TableModel<R>, sliceRows = BASELINE_SLICE_ROWS) {
    this.#model = model;
    this.#key = columnIndex(model, model.keyColumn);
    this.#keyName = model.keyColumn;
    const external = model.columns.findIndex((c) => c.key === 'external_id');
    this.#external = external < 0 ? undefined : { index: external, values: [] };
    this.#columns = model.readOnly
      ? []
      : model.columns.flatMap((column, index) =>
          column.editable && column.write !== undefined
            ? [{ index, field: column.write.field, parse: column.write.parse, values: [] }]
            : [],
        );
    this.#sliceRows = sliceRows;
  }

  /** Keeps a written row's baseline cells (a row without a numeric id has none, as in `baselineOf`). */
  add(row: CoreRow): void {
    const cell = Array.isArray(row)
      ? (index: number): CoreValue => (row as readonly CoreValue[])[index] ?? null
      : (index: number): CoreValue => (row as Readonly<Record<string, CoreValue>>)[this.#model.columns[index]?.key ?? ''] ?? null;
    const id = cell(this.#key);
    if (typeof id !== 'number' || !Number.isFinite(id)) return;
    this.#ids.push(id);
    if (this.#external !== undefined) {
      const external = cell(this.#external.index);
      this.#external.values.push(external === null || external === '' ? null : String(external));
    }
    for (const column of this.#columns) column.values.push(cell(column.index));
  }

  get count(): number {
    return this.#ids.length;
  }

  *slices(): Iterable<readonly BaselineRow[]> {
    for (let from = 0; from < this.#ids.length; from += this.#sliceRows) {
      const to = Math.min(this.#ids.length, from + this.#sliceRows);
      const slice: BaselineRow[] = [];
      for (let i = from; i < to; i += 1) slice.push(this.#row(i));
      yield slice;
    }
  }

  #row(i: number): BaselineRow {
    const id = this.#ids[i] as number;
    const fields: Record<string, unknown> = { [this.#keyName]: id };
    for (const column of this.#columns) {
      const value = column.values[i] ?? null;
      fields[column.field] = column.parse ? column.parse(value) : value;
    }
    return { id, externalId: this.#external?.values[i] ?? null, fields };
  }
}
