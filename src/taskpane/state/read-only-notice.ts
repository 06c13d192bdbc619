/**
 * What the pane says when the user typed over cells the service never takes back (a transaction's amount or purpose,
 * any cell of a read-only table): the edit stays in the sheet, nothing of it is sent, and the next load puts the
 * service's values back. Made from the host's edit event (the headers of the columns it reached) and the tables the
 * pane pulled; the rule of which columns go back is the core's (`readOnlyReached`).
 */

import { modelOf } from '../../sync/pull';
import { readOnlyReached } from '../../sync/tables/read-only-columns';
import type { ReadOnlyNotice, TableRow } from './app-snapshot';

/** The user's edit as the host tells it: the tables it reached and, per table, the headers of the columns reached. */
export interface EditReach {
  tableNames: string[];
  headers?: Record<string, string[]>;
}

/** The notice for the first pulled table whose read-only columns the edit reached; none when it reached none. */
export function readOnlyNotice(tables: readonly TableRow[], edit: EditReach): ReadOnlyNotice | undefined {
  for (const [tableName, headers] of Object.entries(edit.headers ?? {})) {
    const row = tables.find((r) => r.pulled !== undefined && r.tableName.toLowerCase() === tableName.toLowerCase());
    if (row === undefined) continue;
    const reach = readOnlyReached(modelOf(row.target), headers);
    if (reach.readOnly.length === 0) continue;
    return {
      tableId: row.id,
      label: row.label,
      ...(row.labelParams === undefined ? {} : { labelParams: row.labelParams }),
      columns: reach.readOnly,
      editable: reach.editable,
    };
  }
  return undefined;
}
