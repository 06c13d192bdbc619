/**
 * The in-cell lists of a table's code columns (`ColumnSpec.choices`; the texts from `code-list.ts`, in the spec's
 * language): Excel's data validation of type list on each such column's data body, one set of calls per column, never
 * per row. Queued into a write's last sync, after every write (a new table, a refresh), so a refreshed table has
 * them on exactly its rows. Cleared first: Excel refuses a rule over cells whose validations differ (office-js #2594),
 * and a user's own validation in a code column is replaced by the list. Rows a table gains later (`rows.add`: a push
 * appending new budgets, or a user) take the list from the row above, as Excel extends a table column's validation.
 *
 * The list holds codes (a list cannot show a word and store a code); the prompt says what each means, the error alert
 * (style Stop) refuses a typed value that is not in the list. Pasted values bypass it in Excel: the push's row check
 * stays the last line of defence.
 */

import { codeList, listColumns } from '../../sync/tables/code-list';
import type { TableSpec } from '../../sync/workbook-port';

export function queueCodeLists(table: Excel.Table, spec: TableSpec): void {
  for (const { column } of listColumns(spec.columns)) {
    const list = codeList(column, spec.language ?? 'en');
    const validation = table.columns.getItem(column.header).getDataBodyRange().dataValidation;
    validation.clear();
    validation.rule = { list: { inCellDropDown: true, source: list.source } };
    validation.ignoreBlanks = list.emptyAllowed;
    validation.prompt = { showPrompt: true, title: list.prompt.title, message: list.prompt.message };
    validation.errorAlert = { showAlert: true, style: 'Stop', title: list.error.title, message: list.error.message };
  }
}
