/** The specs and rows the xlsx host's tests write: transactions with an account's currency per row and a code list. */

import { Workbook } from 'exceljs';
import { saveWorkbook } from '../../../src/hosts/xlsx/save-workbook';
import { codeChoices } from '../../../src/sync/tables/code-labels';
import type { ColumnSpec, CoreValue, TableSpec } from '../../../src/sync/workbook-port';

export const COLUMNS: ColumnSpec[] = [
  { key: 'id', header: 'Id', type: 'integer' },
  { key: 'value_date', header: 'Value date', type: 'date' },
  { key: 'amount', header: 'Amount', type: 'amount', currency: { byColumn: 'account', codes: { '1': 'EUR', '2': 'CHF' } } },
  { key: 'reporting', header: 'Reporting amount', type: 'amount', currency: { code: 'EUR' } },
  { key: 'purpose', header: 'Purpose', type: 'text' },
  { key: 'account', header: 'Account', type: 'integer' },
  { key: 'frequency', header: 'Frequency', type: 'text', choices: codeChoices('frequency', true) },
  { key: 'booked', header: 'Booked', type: 'boolean' },
  { key: 'date_created', header: 'Created', type: 'datetime' },
];

export const SPEC: TableSpec = { tableName: 'Transactions', sheetName: 'Transactions', columns: COLUMNS, keyColumn: 'id', anchor: 'A2' };

export function row(id: number, overrides: Record<string, CoreValue> = {}): Record<string, CoreValue> {
  return {
    id,
    value_date: `2024-03-${String(1 + (id % 28)).padStart(2, '0')}`,
    amount: Math.round(id * 1375) / 100 - 50,
    reporting: id * 10,
    purpose: `Payment ${id}`,
    account: 1 + (id % 2),
    frequency: id % 2 === 0 ? 'monthly' : '',
    booked: id % 2 === 0,
    date_created: '2024-03-05T23:30:00.000Z',
    ...overrides,
  };
}

export function rows(ids: readonly number[]): Array<Record<string, CoreValue>> {
  return ids.map((id) => row(id));
}

/** The workbook as a file would give it back: saved (`saveWorkbook`), loaded into a new Workbook. */
export async function throughFile(workbook: Workbook): Promise<Workbook> {
  const buffer = await saveWorkbook(workbook);
  const loaded = new Workbook();
  await loaded.xlsx.load(buffer);
  return loaded;
}
