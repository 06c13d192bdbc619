/**
 * The Import table: where a user pastes a bank's statement (its CSV export) to send it to an offline account. Its
 * columns, their headers and types, defined once; the add-in writes only the last two (`Transaction Id`, `Import
 * status`). Headers are the table's column names and never depend on the language (as every table's).
 */

import type { Language } from '../../i18n/catalog';
import type { ColumnSpec, TableSpec } from '../workbook-port';
import { TABLE_ANCHOR } from '../tables/table-model';

export const IMPORT_TABLE = 'Import';

/** The keys of the Import table's columns, in their order. */
export type ImportColumnKey =
  'value_date' | 'amount' | 'purpose' | 'counterpart_name' | 'counterpart_iban' | 'tags' | 'account' | 'id' | 'status';

const column = (key: ImportColumnKey, header: string, type: ColumnSpec['type']): ColumnSpec & { key: ImportColumnKey } => ({
  key,
  header,
  type,
});

export const IMPORT_COLUMNS: readonly (ColumnSpec & { key: ImportColumnKey })[] = [
  column('value_date', 'Value date', 'date'),
  column('amount', 'Amount', 'amount'),
  column('purpose', 'Purpose', 'text'),
  column('counterpart_name', 'Counterpart', 'text'),
  column('counterpart_iban', 'Counterpart IBAN', 'text'),
  column('tags', 'Tags', 'text'),
  column('account', 'Account', 'text'),
  // Written by the add-in: the created transaction's id and what happened to the row.
  column('id', 'Transaction Id', 'integer'),
  column('status', 'Import status', 'text'),
];

export function importColumn(key: ImportColumnKey): ColumnSpec {
  const column = IMPORT_COLUMNS.find((c) => c.key === key);
  if (column === undefined) throw new Error(`The Import table has no column ${key}`);
  return column;
}

/** The spec a host creates the Import table with (an empty table on a sheet of its own). */
export function importTableSpec(language: Language): TableSpec {
  return { tableName: IMPORT_TABLE, sheetName: IMPORT_TABLE, columns: IMPORT_COLUMNS, keyColumn: 'id', anchor: TABLE_ANCHOR, language };
}
