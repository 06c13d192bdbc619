/**
 * A table as the pane names it: the name of its card on the Data view (a scenario's with the scenario's name), the
 * balance summary and the Import table by their words, any other by its name. Never the internal name where the pane
 * has a word for it (#26).
 */

import { IMPORT_TABLE } from '../../sync/import/import-table';
import { BALANCE_SUMMARY_TABLE } from '../../sync/tables';
import type { AppState } from '../state/app-state';
import type { TableRow } from '../state/app-snapshot';
import { useAppActions, useAppState } from './app-context';

export function tableLabel(app: AppState, rows: readonly TableRow[], tableName: string): string {
  const lower = tableName.toLowerCase();
  const row = rows.find((r) => r.tableName.toLowerCase() === lower);
  if (row !== undefined) return app.t(row.label, row.labelParams);
  if (lower === BALANCE_SUMMARY_TABLE.tableName.toLowerCase()) return app.t('stamp.table.balanceSummary');
  if (lower === IMPORT_TABLE.toLowerCase()) return app.t('share.table.import');
  return tableName;
}

/** `tableLabel` over the pane's current tables. */
export function useTableLabel(): (tableName: string) => string {
  const app = useAppActions();
  const rows = useAppState((s) => s.tables);
  return (tableName) => tableLabel(app, rows, tableName);
}
