export { addImportTable, accountList } from './add-import-table';
export { importRefusal, offlineAccounts } from './import-accounts';
export type { ImportOutcome } from './import-outcome';
export type { AccountList, ImportRowUpdate, ImportSheet, ImportSheetRow } from './import-port';
export { importStatement, type ImportCounts, type ImportOptions, type ImportResult } from './import-statement';
export { ImportTableError } from './import-table-error';
export { IMPORT_COLUMNS, IMPORT_TABLE, importTableSpec, type ImportColumnKey } from './import-table';
export { MemoryImportSheet, type MemoryImportRow } from './memory-import-sheet';
export { isUnconfirmedStatus, statusText } from './status-text';
