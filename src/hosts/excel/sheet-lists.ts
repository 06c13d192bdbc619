/**
 * The lists a table's columns pick from (`ColumnSpec.sheetList`: the categories a transaction can be mapped to), on
 * the add-in's very hidden lists sheet (`cashflow_lists`, layout in `src/sync/tables/lists-sheet.ts`), and the in-cell
 * list over them. Part of a table's write: the sheet is looked up in the write's first sync (added very hidden when
 * missing, in the write's last sync), its column emptied and written (text format before the values: a category named `=1+1` stays
 * text), and the column's data validation queued into that last sync, cleared first as the code lists are (Excel
 * refuses a rule over cells whose validations differ). The source is a range on another sheet,
 * `='cashflow_lists'!$A$1:$A$N`: an inline source holds at most 255 characters, and a company's category paths run to
 * thousands. A list without items leaves the column without a list. Tables without such a column cost nothing.
 *
 * Rows a table gains later (a user's new row, `rows.add`) take the list from the row above, as Excel extends a table
 * column's validation; values the add-in writes and pasted values are not checked by Excel: the writer's check stays
 * the last line of defence.
 */

import { LIST_COLUMN, LISTS_SHEET, sheetListColumns, sheetListRule, sheetListsOf, type SheetList } from '../../sync/tables/lists-sheet';
import type { TableSpec } from '../../sync/workbook-port';
import type { ExcelSession } from './run-excel';

/** The lists sheet looked up in a sync a write makes anyway (its first), for its last sync; undefined: no lists. */
export type ListSheetLookup = Excel.Worksheet | undefined;

/** Queues the lookup of the lists sheet when the spec has a column that picks from one (answered by the next sync). */
export function lookUpListSheet(session: ExcelSession, spec: TableSpec): ListSheetLookup {
  return sheetListsOf(spec.columns).length === 0 ? undefined : session.context.workbook.worksheets.getItemOrNullObject(LISTS_SHEET);
}

/**
 * Adds the lists sheet when the lookup found none and queues each list's column of the spec (the write's last sync
 * sends them). The pane loads one table at a time, so nothing of the add-in adds the sheet between the two.
 */
export function queueListSheet(session: ExcelSession, spec: TableSpec, lookup: ListSheetLookup): void {
  const lists = sheetListsOf(spec.columns);
  if (lists.length === 0 || lookup === undefined) return;
  let sheet = lookup;
  if (sheet.isNullObject) {
    const { worksheets } = session.context.workbook;
    sheet = worksheets.add(LISTS_SHEET);
    // Very hidden: not offered under Unhide, so nobody edits the lists by hand.
    sheet.visibility = Excel.SheetVisibility.veryHidden;
  }
  for (const list of lists) queueListColumn(sheet, list);
}

function queueListColumn(sheet: Excel.Worksheet, list: SheetList): void {
  const column = LIST_COLUMN[list.name];
  // Everything of the column goes (values and their text format), so the sheet's used range is the lists' items.
  sheet.getRangeByIndexes(0, column, 1_048_576, 1).clear();
  if (list.items.length === 0) return;
  const cells = sheet.getRangeByIndexes(0, column, list.items.length, 1);
  cells.numberFormat = list.items.map(() => ['@']);
  cells.values = list.items.map((item) => [item]);
}

/** Queues the in-cell list of each column of the spec that picks from a list, on the table's data body. */
export function queueSheetListRules(table: Excel.Table, spec: TableSpec): void {
  for (const { column } of sheetListColumns(spec.columns)) {
    const rule = sheetListRule(column, spec.language ?? 'en');
    const validation = table.columns.getItem(column.header).getDataBodyRange().dataValidation;
    validation.clear();
    if (rule.source === null) continue;
    validation.rule = { list: { inCellDropDown: true, source: `=${rule.source}` } };
    // A transaction always has a category: an emptied cell is not a choice (Excel checks entries, not deletions).
    validation.ignoreBlanks = false;
    validation.prompt = { showPrompt: true, title: rule.prompt.title, message: rule.prompt.message };
    validation.errorAlert = { showAlert: true, style: 'Stop', title: rule.error.title, message: rule.error.message };
  }
}
