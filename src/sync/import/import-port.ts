/**
 * What the import asks of a workbook: the Import table's rows as the user left them (raw cell values with their
 * positions) and a place to write each row's outcome (the created transaction's id, the status). The Excel host
 * implements it on the Office JavaScript API (`src/hosts/excel/excel-import-sheet.ts`); tests use `MemoryImportSheet`.
 */

import type { CellValue } from '../cell-values';
import type { TableSpec } from '../workbook-port';
import type { ImportColumnKey } from './import-table';

/** One non-empty line of the table's body: its 0-based body row and its cells by column key (missing: empty). */
export interface ImportSheetRow {
  position: number;
  cells: Partial<Record<ImportColumnKey, CellValue>>;
}

/** What a send writes back into one row. */
export interface ImportRowUpdate {
  position: number;
  /** The created transaction's id; null leaves the cell empty. */
  id: number | null;
  status: string;
  /** The row still needs the user (a problem, refused, failed, not confirmed, not sent): its status cell stands out. */
  waiting: boolean;
}

/** The in-cell list of the Account column: the offline accounts' names and what its prompt says. */
export interface AccountList {
  names: readonly string[];
  prompt: { title: string; message: string };
}

export interface ImportSheet {
  /** Whether the workbook holds the Import table. */
  exists(): Promise<boolean>;
  /** Creates the empty Import table on a sheet of its own (shown), the Account column with its list. */
  create(spec: TableSpec, accounts: AccountList): Promise<void>;
  /** The table's non-empty rows; `missing` names required columns the table lacks (by header). */
  read(signal?: AbortSignal): Promise<{ rows: ImportSheetRow[]; missing: string[] }>;
  /**
   * Writes ids and statuses into the rows at these positions (text-formatted status cells); a waiting row's status
   * cell gets the amber of a cell that waits to be sent (`CHANGED_FILL`), the others none.
   */
  write(updates: readonly ImportRowUpdate[]): Promise<void>;
}
