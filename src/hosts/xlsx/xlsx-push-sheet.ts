/**
 * The push's view of a pushable table in the file (`PushSheet`, src/sync/push/push-port.ts), as the Excel host's
 * `excel-push-sheet.ts`: read the rows with their positions (`PushRowsReader`), put each outcome back on its row
 * (the service's values, the status text, the highlight), add rows, remove rows. Columns are matched by header
 * (`push-table.ts`), rows by position checked by identity, else searched (`src/sync/push/row-locator.ts`).
 *
 * Cells are written as the pull writes them: the column's number format first, then the value (`toCellValue`: dates
 * as serials, text as plain strings in `@` cells). The first update adds the status column at the table's right and
 * gives the editable columns the input style; each updated row's editable cells get the input style again and its
 * pending ones the amber fill, as in Excel. The workbook is in memory: one pass, no blocks.
 */

import { cellText } from '../../sync/cell-text-limit';
import { throwIfAborted } from '../../api/abort';
import { TEXT_FORMAT, type CellValue } from '../../sync/cell-values';
import type { PushSheet, PushSheetRead, RowRef, RowUpdate } from '../../sync/push/push-port';
import { problemHeaders } from '../../sync/push/push-columns';
import { PushRowsReader } from '../../sync/push/push-rows-reader';
import { updateCells } from '../../sync/push/update-cells';
import { externalIdOfCell, idOfCell, locateRefs, missingRefs, type KeyCells } from '../../sync/push/row-locator';
import { columnIndex, tableSpec, type TableModel } from '../../sync/tables/table-model';
import type { CoreRow } from '../../sync/workbook-port';
import type { Workbook } from 'exceljs';
import { writeCell } from './body-cells';
import { toCellRow } from './cell-rows';
import { cellValueOf } from './cell-value-of';
import { styleChangedCell, styleInputCell } from './input-cells';
import { bigTableNamed } from './big-tables';
import { addStatusColumn, bodyCell, pushTableOf, type XlsxPushTable } from './push-table';
import { addBodyRows, deleteBodyRows } from './table-body-rows';

/** Table columns of the model's editable columns (those a push sends). */
function editableColumns<R>(model: TableModel<R>, layout: XlsxPushTable): number[] {
  return model.columns.flatMap((column, i) => (column.editable && column.write !== undefined ? [layout.columns[i] ?? -1] : []));
}

function styleInputs(layout: XlsxPushTable, rows: Iterable<number>, columns: readonly number[]): void {
  for (const row of rows) for (const column of columns) styleInputCell(bodyCell(layout, row, column));
}

/** The table row of each ref, or null when it is not found. */
function findRows(layout: XlsxPushTable, refs: readonly RowRef[]): (number | null)[] {
  const keys: KeyCells[] = Array.from({ length: layout.table.bodyRows }, (_, r) => ({
    id: idOfCell(cellValueOf(bodyCell(layout, r, layout.keyColumn))),
    externalId: layout.externalColumn === null ? null : externalIdOfCell(cellValueOf(bodyCell(layout, r, layout.externalColumn))),
  }));
  const found: (number | null)[] = refs.map(() => null);
  locateRefs(
    refs,
    refs.map((_, i) => i),
    keys,
    found,
    new Set(),
  );
  return found;
}

function bodyRows(layout: XlsxPushTable): number[] {
  return Array.from({ length: layout.table.bodyRows }, (_, r) => r);
}

/** Gives the editable columns of every row the input style (after a pull: nothing of a push is pending). */
export function markXlsxInputColumns<R>(workbook: Workbook, model: TableModel<R>): void {
  const layout = pushTableOf(workbook, model, 'layout');
  const big = bigTableNamed(workbook, model.tableName);
  // A big table's cells are written at save: its columns are marked, each cell styled then (`stream-package.ts`).
  if (big !== undefined) editableColumns(model, layout).forEach((c) => big.inputColumns.add(c));
  else styleInputs(layout, bodyRows(layout), editableColumns(model, layout));
}

export class XlsxPushSheet implements PushSheet {
  constructor(private readonly workbook: Workbook) {}

  async read<R>(model: TableModel<R>, options: { signal?: AbortSignal } = {}): Promise<PushSheetRead> {
    throwIfAborted(options.signal);
    const layout = pushTableOf(this.workbook, model);
    const reader = new PushRowsReader(model, layout.specs, problemHeaders(layout));
    for (let r = 0; r < layout.table.bodyRows; r += 1) {
      const raw = layout.columns.map((column) => cellValueOf(bodyCell(layout, r, column)));
      reader.add(r, raw, layout.status === null ? undefined : cellValueOf(bodyCell(layout, r, layout.status)));
    }
    return reader.result(layout.status !== null);
  }

  async update<R>(model: TableModel<R>, updates: readonly RowUpdate[]): Promise<{ applied: number; missing: RowRef[] }> {
    // Values are converted before the workbook is touched: a value that does not fit its column throws here.
    const converted = updateCells(model, updates);
    const highlights = updates.map((update) => update.highlight.map((key) => columnIndex(model, key)));
    if (updates.length === 0) return { applied: 0, missing: [] };
    const layout = pushTableOf(this.workbook, model);
    const editable = editableColumns(model, layout);
    const rows = findRows(layout, updates);
    // The first push on this table: the status column (text) and the editable columns marked as input cells.
    const adding = layout.status === null;
    const status = layout.status ?? addStatusColumn(layout);
    if (adding) styleInputs(layout, bodyRows(layout), editable);
    updates.forEach((update, i) => {
      const row = rows[i];
      if (row === null || row === undefined) return;
      for (const { index, value } of converted[i] ?? [])
        writeCell(bodyCell(layout, row, layout.columns[index] ?? -1), value, layout.formats[index] ?? 'General');
      // A row without a status (a highlight only, as the Changes view's check sets it) keeps the one it has.
      if (update.status !== undefined) writeCell(bodyCell(layout, row, status), cellText(update.status), TEXT_FORMAT);
      styleInputs(layout, [row], editable);
      for (const index of highlights[i] ?? []) styleChangedCell(bodyCell(layout, row, layout.columns[index] ?? -1));
    });
    const missing = missingRefs(updates, rows);
    return { applied: updates.length - missing.length, missing };
  }

  async append<R>(model: TableModel<R>, rows: readonly CoreRow[]): Promise<void> {
    const cells = rows.map((row) => toCellRow(tableSpec(model).columns, row));
    if (cells.length === 0) return;
    const layout = pushTableOf(this.workbook, model);
    // A table that never had rows has one blank row: it takes the first appended row, the others are added.
    const first = layout.blankBody ? 0 : layout.table.bodyRows;
    const adds = layout.blankBody ? cells.length - 1 : cells.length;
    if (adds > 0) addBodyRows(layout.table, adds);
    cells.forEach((line, r) =>
      line.forEach((value: CellValue, c) =>
        writeCell(bodyCell(layout, first + r, layout.columns[c] ?? -1), value, layout.formats[c] ?? 'General'),
      ),
    );
    styleInputs(
      layout,
      cells.map((_, r) => first + r),
      editableColumns(model, layout),
    );
  }

  async remove<R>(model: TableModel<R>, refs: readonly RowRef[]): Promise<{ removed: number; missing: RowRef[] }> {
    if (refs.length === 0) return { removed: 0, missing: [] };
    const layout = pushTableOf(this.workbook, model);
    const rows = findRows(layout, refs);
    const missing = missingRefs(refs, rows);
    const found = rows.filter((row): row is number => row !== null);
    deleteBodyRows(layout.table, found);
    return { removed: found.length, missing };
  }
}
