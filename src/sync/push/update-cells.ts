/**
 * The cells a push's row updates set (`RowUpdate.values`), converted for their columns before either host touches the
 * workbook: a value that does not fit its column throws here, as does a highlight naming no column of the model.
 */

import { toCellValue, type CellValue } from '../cell-values';
import { columnIndex, tableSpec, type TableModel } from '../tables/table-model';
import type { RowUpdate } from './push-port';

/** Per update: its cells by model column index. */
export function updateCells<R>(model: TableModel<R>, updates: readonly RowUpdate[]): { index: number; value: CellValue }[][] {
  const specs = tableSpec(model).columns;
  const converted = updates.map((update) =>
    Object.entries(update.values ?? {}).map(([key, value]) => {
      const index = columnIndex(model, key);
      return { index, value: toCellValue(specs[index] as (typeof specs)[number], value) };
    }),
  );
  for (const update of updates) for (const key of update.highlight) columnIndex(model, key);
  return converted;
}
