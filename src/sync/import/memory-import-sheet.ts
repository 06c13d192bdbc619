/** An Import table in memory: the core's tests, and what a host's own tests compare with. */

import type { CellValue } from '../cell-values';
import type { TableSpec } from '../workbook-port';
import type { AccountList, ImportRowUpdate, ImportSheet, ImportSheetRow } from './import-port';
import type { ImportColumnKey } from './import-table';

/** A line's cells; `waiting` is how its status cell looks (amber while the row waits for the user). */
export type MemoryImportRow = Partial<Record<ImportColumnKey, CellValue>> & { waiting?: boolean };

export class MemoryImportSheet implements ImportSheet {
  /** The body's lines; an empty object is an empty line. */
  rows: MemoryImportRow[] | undefined;
  list: AccountList | undefined;
  /** Called before each `read` and `write` (a test sorts the table in the middle of a send). */
  onAccess: ((what: 'read' | 'write') => void) | undefined;

  constructor(rows?: MemoryImportRow[]) {
    this.rows = rows;
  }

  async exists(): Promise<boolean> {
    return this.rows !== undefined;
  }

  async create(_spec: TableSpec, accounts: AccountList): Promise<void> {
    this.rows = [];
    this.list = accounts;
  }

  async read(): Promise<{ rows: ImportSheetRow[]; missing: string[] }> {
    this.onAccess?.('read');
    const rows = (this.rows ?? []).flatMap((cells, position) =>
      Object.values(cells).every((v) => v === '' || v === undefined) ? [] : [{ position, cells: { ...cells } }],
    );
    return { rows, missing: [] };
  }

  async write(updates: readonly ImportRowUpdate[]): Promise<void> {
    this.onAccess?.('write');
    for (const u of updates) {
      const row = this.rows?.[u.position];
      if (row === undefined) throw new Error(`no row ${u.position}`);
      row.id = u.id ?? '';
      row.status = u.status;
      row.waiting = u.waiting;
    }
  }
}
