/**
 * The big blocks of cells of a workbook, kept here beside the exceljs workbook and written into the file when it is
 * saved (`stream-package.ts`): a big table's body (`big-table.ts`), by table name (case-insensitive, as Excel names
 * tables), exceljs holding the rest of the table (sheet, header, table part, widths, lists, stamp); and a big
 * baseline block's rows (`xlsx-baseline-store.ts`), exceljs holding its header row.
 */

import type { Workbook } from 'exceljs';
import type { TableBody } from './table-body';

/** Above this many rows a new table's body is kept out of exceljs (the workbook command's default). */
export const BIG_TABLE_ROWS = 5_000;

export interface BigTable {
  /** The table's name, or what the block holds (`baseline of Transactions`) for a message. */
  readonly tableName: string;
  readonly sheetName: string;
  /** 1-based row of the first body row and column of the first cell, as exceljs counts. */
  readonly top: number;
  readonly left: number;
  readonly body: TableBody;
  /** Columns (0-based) shown as input cells (`input-cells.ts`): a pushable table's editable ones. */
  readonly inputColumns: Set<number>;
}

const registry = new WeakMap<Workbook, Map<string, BigTable>>();

export function bigTables(workbook: Workbook): BigTable[] {
  return [...(registry.get(workbook)?.values() ?? [])];
}

export function bigTableNamed(workbook: Workbook, tableName: string): BigTable | undefined {
  return registry.get(workbook)?.get(tableName.toLowerCase());
}

/** The big baseline block of a table, or undefined. */
export function bigBaselineOf(workbook: Workbook, tableName: string): BigTable | undefined {
  return registry.get(workbook)?.get(baselineKey(tableName));
}

/** True when a sheet holds a big block (its exceljs rows must not move). */
export function hasBigBlock(workbook: Workbook, sheetName: string): boolean {
  return bigTables(workbook).some((t) => t.sheetName === sheetName);
}

export function keepBigTable(workbook: Workbook, table: BigTable): void {
  keep(workbook, table.tableName.toLowerCase(), table);
}

export function keepBigBaseline(workbook: Workbook, tableName: string, block: BigTable): void {
  keep(workbook, baselineKey(tableName), block);
}

/** Not a table name (Excel's names hold no space or colon). */
function baselineKey(tableName: string): string {
  return `baseline: ${tableName.toLowerCase()}`;
}

function keep(workbook: Workbook, key: string, block: BigTable): void {
  const blocks = registry.get(workbook) ?? new Map<string, BigTable>();
  blocks.set(key, block);
  registry.set(workbook, blocks);
}
