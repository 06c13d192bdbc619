/**
 * The lists a table's columns pick from (`ColumnSpec.sheetList`: the categories a transaction can be mapped to) in a
 * workbook file, as the Excel host's `sheet-lists.ts` writes them: the very hidden sheet `cashflow_lists` (layout in
 * `src/sync/tables/lists-sheet.ts`), each list's column emptied and written as text, and each such column's body a data
 * validation of type list over that range (`'cashflow_lists'!$A$1:$A$N`: exceljs writes a formula without its `=`),
 * with the prompt and Stop alert in the spec's language. Cleared first over the old body (a refresh's table may have
 * shrunk), as the code lists are (`code-lists.ts`). A list without items leaves the column without a list.
 */

import type { DataValidation, Workbook, Worksheet } from 'exceljs';
import { LIST_COLUMN, LISTS_SHEET, sheetListColumns, sheetListRule, sheetListsOf, type SheetList } from '../../sync/tables/lists-sheet';
import type { TableSpec } from '../../sync/workbook-port';
import { setRangeRule } from './code-lists';
import { addressOf, type XlsxTable } from './exceljs-table';
import { veryHiddenSheet, writeTextCells } from './text-sheet-cells';

function validations(sheet: Worksheet): Record<string, DataValidation | undefined> {
  return (sheet as unknown as { dataValidations: { model: Record<string, DataValidation | undefined> } }).dataValidations.model;
}

/**
 * Writes the spec's lists onto the lists sheet and gives their columns the list; `oldBodyRows` are cleared first.
 * `asRange` (a big table): one rule for each column's body range rather than one per cell.
 */
export function writeSheetLists(workbook: Workbook, table: XlsxTable, spec: TableSpec, oldBodyRows: number, asRange = false): void {
  const lists = sheetListsOf(spec.columns);
  if (lists.length === 0) return;
  const sheet = veryHiddenSheet(workbook, LISTS_SHEET);
  for (const list of lists) writeListColumn(sheet, list);
  setRules(table, spec, oldBodyRows, asRange);
}

function writeListColumn(sheet: Worksheet, list: SheetList): void {
  const column = LIST_COLUMN[list.name] + 1;
  // The old items go whole (value and format), so the sheet holds exactly the list.
  sheet.getColumn(column).eachCell({ includeEmpty: false }, (cell) => {
    cell.value = null;
    cell.style = {};
  });
  writeTextCells(
    sheet,
    0,
    column - 1,
    list.items.map((item) => [item]),
  );
}

function setRules(table: XlsxTable, spec: TableSpec, oldBodyRows: number, asRange: boolean): void {
  const model = validations(table.sheet);
  for (const { index, column } of sheetListColumns(spec.columns)) {
    if (!asRange)
      for (let r = 1; r <= Math.max(oldBodyRows, table.bodyRows); r += 1)
        delete model[addressOf(table.headerRow + r, table.column + index)];
    const rule = sheetListRule(column, spec.language ?? 'en');
    if (rule.source === null) continue;
    const validation: DataValidation = {
      type: 'list',
      formulae: [rule.source],
      allowBlank: false,
      showInputMessage: true,
      promptTitle: rule.prompt.title,
      prompt: rule.prompt.message,
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: rule.error.title,
      error: rule.error.message,
    };
    if (asRange) setRangeRule(table, index, validation);
    else
      for (let r = 1; r <= table.bodyRows; r += 1)
        table.sheet.getCell(table.headerRow + r, table.column + index).dataValidation = validation;
  }
}
