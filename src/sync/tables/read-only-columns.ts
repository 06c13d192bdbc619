/**
 * Which columns of a pulled table an edit typed over that the service never takes back from the sheet: a read-only
 * table's every column, else the model's columns that are not editable (a transaction's amount, purpose, account,
 * Category Id...); a budget's External Id is the user's to type. The user's own columns (added beside the pulled ones) and the push's status column are the user's
 * and not reported. Headers never depend on the language (table-model.ts), matched as Excel matches them: ignoring case.
 */

import type { ModelColumn, TableModel } from './table-model';

const EXTERNAL_ID_COLUMN = 'external_id';

export interface ReadOnlyReach {
  /** The reached columns the service never takes back, as the table names them, in the edit's order. */
  readOnly: string[];
  /** The table's columns that do go back (empty for a read-only table). */
  editable: string[];
}

export function readOnlyReached<R>(model: TableModel<R>, headers: readonly string[]): ReadOnlyReach {
  const byHeader = new Map(model.columns.map((c) => [c.header.toLowerCase(), c]));
  // The external ID has no writer but is the user's to type (a push renames the budget by it).
  const sent = (column: ModelColumn<R>) => !model.readOnly && (column.editable || column.key === EXTERNAL_ID_COLUMN);
  const readOnly = headers.filter((h) => {
    const column = byHeader.get(h.toLowerCase());
    return column !== undefined && !sent(column);
  });
  return {
    readOnly: [...new Set(readOnly.map((h) => byHeader.get(h.toLowerCase())?.header ?? h))],
    editable: model.columns.filter(sent).map((c) => c.header),
  };
}
