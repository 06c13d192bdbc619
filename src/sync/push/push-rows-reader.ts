/**
 * A pushable table's rows as the push reads them (`PushSheetRead`), in either workbook host: each line's model
 * cells converted by their column specs (a cell that does not convert is kept as it is and listed, which blocks its
 * row), the id and external ID, the editable fields, the status cell's text; lines whose model cells are all empty
 * are left out. The host reads the cells (in blocks, or from memory) and hands each line over.
 */

import { CellValueError, fromCellValue, type CellValue } from '../cell-values';
import type { TableModel } from '../tables/table-model';
import type { CellProblem, ColumnSpec, CoreValue } from '../workbook-port';
import type { Fields, SheetRow } from './diff';
import type { PushSheetRead } from './push-port';

/**
 * `rowToFields` without the key (the push addresses a row by its id, it never sends it as a field), with the
 * writers looked up once: on 100k rows, building and then filtering each row's object doubled the read's time.
 */
function editableFields<R>(model: TableModel<R>): (row: readonly CoreValue[]) => Fields {
  if (model.readOnly) return () => ({});
  const writers = model.columns.flatMap((column, index) =>
    column.editable && column.write !== undefined ? [{ index, write: column.write }] : [],
  );
  return (row) => {
    const fields: Record<string, unknown> = {};
    for (const { index, write } of writers) {
      const value = row[index] ?? null;
      fields[write.field] = write.parse ? write.parse(value) : value;
    }
    return fields;
  };
}

export class PushRowsReader {
  readonly #specs: readonly ColumnSpec[];
  readonly #headers: readonly string[];
  readonly #keyIndex: number;
  readonly #externalIndex: number;
  readonly #fieldsOf: (row: readonly CoreValue[]) => Fields;
  readonly #labelOf: ((row: readonly CoreValue[]) => string) | undefined;
  readonly #rows: SheetRow[] = [];
  readonly #problems: CellProblem[] = [];

  /** `specs`: the model's columns as specs; `headers`: each model column's header as the table names it (for problems). */
  constructor(model: TableModel<unknown>, specs: readonly ColumnSpec[], headers: readonly string[]) {
    this.#specs = specs;
    this.#headers = headers;
    this.#keyIndex = specs.findIndex((s) => s.key === model.keyColumn);
    this.#externalIndex = specs.findIndex((s) => s.key === 'external_id');
    this.#fieldsOf = editableFields(model);
    const { rowLabel } = model;
    const index = new Map(specs.map((spec, i) => [spec.key, i]));
    this.#labelOf = rowLabel && ((row) => rowLabel((key) => row[index.get(key) ?? -1] ?? null));
  }

  /** One table line: its model cells (model order) and its status cell (undefined while there is no status column). */
  add(position: number, raw: readonly CellValue[], statusCell: CellValue | undefined): void {
    if (raw.every((cell) => cell === '')) return;
    const core = raw.map((cell, c): CoreValue => {
      const spec = this.#specs[c];
      if (spec === undefined) return null;
      try {
        return fromCellValue(spec, cell);
      } catch (error) {
        if (!(error instanceof CellValueError)) throw error;
        this.#problems.push({ row: position, header: this.#headers[c] ?? spec.header, message: error.message });
        return cell;
      }
    });
    const id = core[this.#keyIndex];
    const externalId = this.#externalIndex < 0 ? null : core[this.#externalIndex];
    const status = typeof statusCell === 'string' ? statusCell : '';
    this.#rows.push({
      id: typeof id === 'number' ? id : null,
      externalId: externalId === null || externalId === undefined || externalId === '' ? null : String(externalId),
      fields: this.#fieldsOf(core),
      position,
      ...(status === '' ? {} : { status }),
      ...(this.#labelOf === undefined ? {} : { label: this.#labelOf(core) }),
    });
  }

  result(hasStatusColumn: boolean): PushSheetRead {
    return { rows: this.#rows, problems: this.#problems, hasStatusColumn };
  }
}
