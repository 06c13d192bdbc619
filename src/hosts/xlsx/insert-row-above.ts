/**
 * One sheet row inserted above a table whose header is the sheet's first row (the stamp's room). exceljs's
 * `spliceRows` moves cells, row heights and merges, but not the tables' ranges, the in-cell lists or the frozen
 * panes: they are moved here, so the file opens as Excel would have it after inserting a row. Formulas that refer
 * to the moved cells are not rewritten (the add-in's own tables hold none; README: not done yet).
 */

import type { DataValidation, Workbook, Worksheet } from 'exceljs';
import { parseAnchor } from '../../sync/tables/table-spec-check';
import { addressOf, findTable, moveTableDown, sheetTables, type XlsxTable } from './exceljs-table';

function moveValidationsDown(sheet: Worksheet): void {
  const holder = sheet as unknown as { dataValidations: { model: Record<string, DataValidation | undefined> } };
  const moved: Record<string, DataValidation | undefined> = {};
  for (const [address, rule] of Object.entries(holder.dataValidations.model)) {
    if (rule === undefined) continue;
    const { row, column } = parseAnchor(address);
    moved[addressOf(row + 2, column + 1)] = rule;
  }
  holder.dataValidations.model = moved;
}

function moveFreezeDown(sheet: Worksheet): void {
  sheet.views = sheet.views.map((view) => {
    if (view.state !== 'frozen' || (view.ySplit ?? 0) === 0) return view;
    const ySplit = (view.ySplit ?? 0) + 1;
    return { ...view, ySplit, topLeftCell: addressOf(ySplit + 1, (view.xSplit ?? 0) + 1) };
  });
}

export function insertRowAbove(workbook: Workbook, table: XlsxTable): XlsxTable {
  const { sheet } = table;
  const tables = sheetTables(workbook, sheet);
  sheet.spliceRows(table.headerRow, 0, []);
  tables.forEach((t) => moveTableDown(t, 1));
  moveValidationsDown(sheet);
  moveFreezeDown(sheet);
  return findTable(workbook, table.model.name) ?? table;
}
