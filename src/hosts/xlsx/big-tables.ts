/**
 * The big tables of a workbook (`big-table.ts`): their bodies are kept here, beside the exceljs workbook, by table
 * name (case-insensitive, as Excel names tables), and written into the file when it is saved (`stream-package.ts`).
 * exceljs holds the rest of such a table: its sheet, header, table part, widths, lists and stamp.
 */

import type { Workbook } from 'exceljs';
import type { TableBody } from './table-body';

/** Above this many rows a new table's body is kept out of exceljs (the workbook command's default). */
export const BIG_TABLE_ROWS = 20_000;

export interface BigTable {
  readonly tableName: string;
  readonly sheetName: string;
  /** 1-based row of the first body row and column of the first cell, as exceljs counts. */
  readonly top: number;
  readonly left: number;
  readonly body: TableBody;
}

const registry = new WeakMap<Workbook, Map<string, BigTable>>();

export function bigTables(workbook: Workbook): BigTable[] {
  return [...(registry.get(workbook)?.values() ?? [])];
}

export function bigTableNamed(workbook: Workbook, tableName: string): BigTable | undefined {
  return registry.get(workbook)?.get(tableName.toLowerCase());
}

export function keepBigTable(workbook: Workbook, table: BigTable): void {
  const tables = registry.get(workbook) ?? new Map<string, BigTable>();
  tables.set(table.tableName.toLowerCase(), table);
  registry.set(workbook, tables);
}
