/** A ForecastBudgets table as the pull writes it, for the tests of the push's Excel side. */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { FORECAST_BUDGETS_TABLE, tableSpec } from '../../../src/sync/tables';
import { columnIndex } from '../../../src/sync/tables/table-model';
import type { CoreValue } from '../../../src/sync/workbook-port';
import { asUser, type Sim } from './sim-setup';

export const MODEL = FORECAST_BUDGETS_TABLE;
export const SHEET = MODEL.sheetName;

export type BudgetCells = Record<string, CoreValue>;

/** A pulled budget row, keyed by model column, varied by id. */
export function budget(id: number, overrides: BudgetCells = {}): BudgetCells {
  const month = String(1 + (id % 12)).padStart(2, '0');
  return {
    id,
    external_id: id % 5 === 0 ? null : `ext-${id}`,
    name: `Budget ${id}`,
    category_id: 100 + (id % 17),
    category_path: 'Ausgaben › Miete',
    settlement_date: `2026-${month}-01`,
    start_date: `2026-${month}-01`,
    end_date: id % 3 === 0 ? null : `2027-${month}-28`,
    amount: Math.round(id * 137.5) / 100 - 50,
    description: id % 4 === 0 ? null : `Line ${id}, Büro`,
    frequency: 'monthly',
    frequency_multiplier: 1,
    sequence_type: null,
    sequence_term_size: 1,
    d: 0,
    r: 1.5,
    rate: 0.0125,
    base: 'FS',
    account_id: 700 + (id % 3),
    account_name: 'Bank',
    tags: id % 2 === 0 ? 'office, fixed' : null,
    is_recurring: id % 2 === 0,
    is_indefinite: id % 3 === 0,
    is_adjusted: false,
    external_source: 'ERP',
    inter_company: null,
    inter_category: null,
    inter_category_name: null,
    source: null,
    ...overrides,
  };
}

export function budgets(ids: readonly number[]): BudgetCells[] {
  return ids.map((id) => budget(id));
}

/** Writes (or refreshes) the table with the pull's real writer. */
export async function writeBudgets(rows: readonly BudgetCells[]): Promise<void> {
  await new ExcelWorkbookPort().writeTable(tableSpec(MODEL), rows);
}

/** Sheet row of the first data row (0-based): the header is row 2 (`A2`), its stamp's row above it. */
export const BODY_ROW = 2;

/** Sheet column of a model column (the table starts in column A). */
export function col(key: string): number {
  return columnIndex(MODEL, key);
}

/** The body cell of data row `row` in the model column `key`. */
export function cellOf(sim: Sim, row: number, key: string): { result: unknown; format: string; formula?: string } {
  return sim.workbook.cell(SHEET, BODY_ROW + row, col(key));
}

/** The fill colour of each listed cell `[data row, model column key]`, as Excel reports it. */
export async function fills(sim: Sim, cells: readonly (readonly [number, string])[]): Promise<string[]> {
  return asUser(sim, async (context) => {
    const sheet = context.workbook.worksheets.getItem(SHEET);
    const loaded = cells.map(([row, key]) => sheet.getRangeByIndexes(BODY_ROW + row, col(key), 1, 1).format.fill.load('color'));
    await context.sync();
    return loaded.map((fill) => fill.color);
  });
}

/** Font colour of one body cell. */
export async function fontColor(sim: Sim, row: number, key: string): Promise<string> {
  return asUser(sim, async (context) => {
    const font = context.workbook.worksheets
      .getItem(SHEET)
      .getRangeByIndexes(BODY_ROW + row, col(key), 1, 1)
      .format.font.load('color');
    await context.sync();
    return font.color;
  });
}

/** What the user does: types values into body cells of the table (sheet rows, 0-based data rows). */
export async function typeInto(sim: Sim, row: number, key: string, value: string | number | boolean): Promise<void> {
  await asUser(sim, async (context) => {
    context.workbook.worksheets.getItem(SHEET).getRangeByIndexes(BODY_ROW + row, col(key), 1, 1).values = [[value]];
    await context.sync();
  });
}

/**
 * What a sort by the user leaves (the simulation does not model sorting): the table's rows in another order,
 * each row's cells (values and formats) moved whole, as Excel's sort moves them.
 */
export async function reorderRows(sim: Sim, order: readonly number[]): Promise<void> {
  await asUser(sim, async (context) => {
    const table = context.workbook.tables.getItem(MODEL.tableName);
    const body = table.getDataBodyRange().load('values,numberFormat,formulas,rowCount,columnCount');
    await context.sync();
    const pick = <T>(rows: T[][]): T[][] => order.map((i) => rows[i] as T[]);
    body.numberFormat = pick(body.numberFormat as string[][]);
    body.formulas = pick(body.formulas as string[][]);
    await context.sync();
  });
}
