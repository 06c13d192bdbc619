/**
 * The in-cell lists of a table's code columns (`ColumnSpec.choices`; texts from `code-list.ts`, in the spec's
 * language): a data validation of type list on each body cell of the column, written by exceljs as one range per
 * column (it joins equal neighbours). Cleared first over the old body (a refresh's table may have shrunk), as the
 * Excel host clears before it sets. exceljs can only mark a validation removed (`remove` leaves an empty entry it
 * would write as a broken rule), so a cleared cell's entry is deleted from its model.
 */

import type { DataValidation, Worksheet } from 'exceljs';
import { codeList, listColumns } from '../../sync/tables/code-list';
import type { TableSpec } from '../../sync/workbook-port';
import { addressOf, type XlsxTable } from './exceljs-table';

function validations(sheet: Worksheet): Record<string, DataValidation | undefined> {
  return (sheet as unknown as { dataValidations: { model: Record<string, DataValidation | undefined> } }).dataValidations.model;
}

/** Removes the validations of the table's code columns over `bodyRows` rows. */
export function clearCodeLists(table: XlsxTable, spec: TableSpec, bodyRows: number): void {
  const model = validations(table.sheet);
  for (const { index } of listColumns(spec.columns)) {
    for (let r = 1; r <= bodyRows; r += 1) delete model[addressOf(table.headerRow + r, table.column + index)];
  }
}

/**
 * Gives each code column's body cells its list, prompt and error alert; `asRange` (a big table, `big-table.ts`):
 * one entry for the column's body range, which exceljs writes as that range, instead of one per cell.
 */
export function setCodeLists(table: XlsxTable, spec: TableSpec, asRange = false): void {
  for (const { index, column } of listColumns(spec.columns)) {
    const list = codeList(column, spec.language ?? 'en');
    const rule: DataValidation = {
      type: 'list',
      formulae: [`"${list.source}"`],
      allowBlank: list.emptyAllowed,
      showInputMessage: true,
      promptTitle: list.prompt.title,
      prompt: list.prompt.message,
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: list.error.title,
      error: list.error.message,
    };
    if (asRange) setRangeRule(table, index, rule);
    else for (let r = 1; r <= table.bodyRows; r += 1) table.sheet.getCell(table.headerRow + r, table.column + index).dataValidation = rule;
  }
}

/** One validation over a column's body rows (`C3:C100002`): exceljs writes a range key as that `sqref`. */
export function setRangeRule(table: XlsxTable, index: number, rule: DataValidation): void {
  const column = table.column + index;
  validations(table.sheet)[`${addressOf(table.headerRow + 1, column)}:${addressOf(table.headerRow + table.bodyRows, column)}`] = rule;
}
