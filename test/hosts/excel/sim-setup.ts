/** Installs a fresh Excel simulation as the global `Excel` for one test. */

import {
  createSimulatedWorkbook,
  installExcelSimulation,
  type SimulatedWorkbook,
  type SimulatedWorkbookOptions,
} from '../../../src/preview/excel-sim';
import type { ColumnSpec, CoreValue, TableSpec } from '../../../src/sync/workbook-port';

export interface Sim {
  workbook: SimulatedWorkbook;
  uninstall(): void;
}

export function installSim(options: SimulatedWorkbookOptions = { sheets: ['Data', 'Summary'] }): Sim {
  const { workbook, uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook(options));
  return { workbook, uninstall };
}

export const TRANSACTION_COLUMNS: ColumnSpec[] = [
  { key: 'id', header: 'Id', type: 'integer' },
  { key: 'value_date', header: 'Value date', type: 'date' },
  { key: 'amount', header: 'Amount', type: 'amount' },
  { key: 'purpose', header: 'Purpose', type: 'text' },
  { key: 'booked', header: 'Booked', type: 'boolean' },
  { key: 'date_created', header: 'Created', type: 'datetime' },
];

export const TRANSACTIONS: TableSpec = { tableName: 'Transactions', sheetName: 'Data', columns: TRANSACTION_COLUMNS, keyColumn: 'id' };

export interface Transaction extends Record<string, CoreValue> {
  id: number;
  value_date: string;
  amount: number;
  purpose: string;
  booked: boolean;
  date_created: string;
}

export function transaction(id: number): Transaction {
  const day = 1 + (id % 28);
  return {
    id,
    value_date: `2024-03-${String(day).padStart(2, '0')}`,
    amount: Math.round(id * 137.5) / 100 - 50,
    purpose: `Payment ${id}`,
    booked: id % 2 === 0,
    date_created: `2024-03-${String(day).padStart(2, '0')}T12:00:00Z`,
  };
}

export function transactions(ids: readonly number[]): Transaction[] {
  return ids.map(transaction);
}

/** Runs a batch directly on the simulated workbook (test set-up and user actions, not product code). */
export function asUser<T>(sim: Sim, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
  return sim.workbook.run(batch as never) as Promise<T>;
}

/** Consecutive ids from `from`. */
export function ids(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}

/** Everything a restore must give back on one sheet: tables, values, formulas, formats, value types. */
export function sheetSnapshot(sim: Sim, sheet = 'Data'): unknown {
  const wb = sim.workbook;
  return {
    tables: wb.tables(),
    values: wb.values(sheet),
    formulas: wb.formulas(sheet),
    formats: wb.numberFormats(sheet),
    types: wb.valueTypes(sheet),
  };
}
