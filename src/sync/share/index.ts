/** Sharing a workbook: the check before sharing and "Empty the data tables", over the host's share port. */
export {
  type AddinExtra,
  type EmptiedTable,
  type GridPage,
  type HiddenSheetPurpose,
  type HiddenSheetSize,
  type SharedTable,
  type SharePort,
  type StoredSetting,
} from './share-port';
export { secretProbes, type KnownCredentials, type SecretKind, type SecretProbe } from './secret-probes';
export {
  addinTableNames,
  checkBeforeSharing,
  type FindingPlace,
  type SecretFinding,
  type SettingSize,
  type ShareCheckDeps,
  type ShareReport,
} from './share-check';
export { emptyDataTables, pulledHeaders, type EmptyTablesDeps, type EmptyTablesResult } from './empty-tables';
export { textBytes } from './text-bytes';
