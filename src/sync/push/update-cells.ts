/**
 * The cells a push's row updates set (`RowUpdate.values`), converted for their columns before either host touches the
 * workbook: a value that does not fit its column throws here, as does a highlight naming no column of the model. A
 * text longer than a cell holds (the service's values written back after a write) is cut with the mark, as the pull
 * cuts it: Excel refuses the whole write otherwise, after the service took the change.
 */

import { cellText } from '../cell-text-limit';
import { toCellValue, type CellValue } from '../cell-values';
import { columnIndex, tableSpec, type TableModel } from '../tables/table-model';
import type { RowUpdate } from './push-port';

/** Per update: its cells by model column index. */
export function updateCells<R>(model: TableModel<R>, updates: readonly RowUpdate[]): { index: number; value: CellValue }[][] {
  const specs = tableSpec(model).columns;
  const converted = updates.map((update) =>
    Object.entries(update.values ?? {}).map(([key, value]) => {
      const index = columnIndex(model, key);
      const cell = toCellValue(specs[index] as (typeof specs)[number], value);
      return { index, value: typeof cell === 'string' ? cellText(cell) : cell };
    }),
  );
  for (const update of updates) for (const key of update.highlight) columnIndex(model, key);
  return converted;
}
