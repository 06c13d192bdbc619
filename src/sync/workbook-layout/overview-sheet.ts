/**
 * The template's Overview sheet: today's balance and the forecast balances at the summary's horizons, the open
 * receivables and payables, then actuals and planned amounts per category and month of one year, every figure a
 * CASHFLOW function. The categories come from the pulled Categories table by position (the template cannot know a
 * company's categories), so the grids fill once Categories is loaded; a row past the table's end (or the empty table's
 * blank row: `&""` keeps it from reading as 0) stays empty and asks nothing of the service. The year is an input cell, this year to start with.
 */

import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { MessageKey } from '../../i18n/catalog';
import { CATEGORIES_TABLE } from '../tables';
import { columnLetter, formula, type LayoutCell, type SheetLayout } from './sheet-layout';

/** How many category rows each grid has. */
export const OVERVIEW_CATEGORY_ROWS = 40;

/** The year's input cell. */
export const OVERVIEW_YEAR_CELL = { row: 16, column: 2 } as const;

const BALANCES: ReadonlyArray<{ key: MessageKey; horizon: string | null }> = [
  { key: 'template.overview.balance.today', horizon: null },
  { key: 'template.overview.balance.currentMonthEnd', horizon: 'current_month_end' },
  { key: 'template.overview.balance.nextMonthEnd', horizon: 'next_month_end' },
  { key: 'template.overview.balance.in3Months', horizon: 'in_3_months' },
  { key: 'template.overview.balance.fiscalYearEnd', horizon: 'fiscal_year_end' },
];

/** The first month column of the grids (B) and the year total's column (N). */
const FIRST_MONTH_COLUMN = 2;
const TOTAL_COLUMN = FIRST_MONTH_COLUMN + 12;
const ACTUALS_TOP = 18;
const PLANNED_TOP = ACTUALS_TOP + OVERVIEW_CATEGORY_ROWS + 3;

export function overviewSheet(language: Language): SheetLayout {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
  const cells: LayoutCell[] = [
    ...titleRows(t),
    ...balanceBlock(t, 4),
    ...invoiceBlock(t, 11),
    ...yearRow(t),
    ...monthGrid(t, ACTUALS_TOP, 'template.overview.actuals', 'ACTUALS'),
    ...monthGrid(t, PLANNED_TOP, 'template.overview.planned', 'PLANNED'),
  ];
  const widths = new Map<number, number>([[1, 42]]);
  // An amount with its currency fits: a month's "-1,234,567.89 EUR", a balance or a year's "-12,345,678.90 EUR".
  for (let column = FIRST_MONTH_COLUMN; column < TOTAL_COLUMN; column += 1) widths.set(column, 18);
  widths.set(FIRST_MONTH_COLUMN, 21);
  widths.set(TOTAL_COLUMN, 21);
  return { name: t('template.overview.sheet'), cells, widths, frozenRows: 1, landscape: true };
}

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

function titleRows(t: T): LayoutCell[] {
  return [
    { row: 1, column: 1, value: t('template.overview.title'), style: 'title' },
    { row: 2, column: 1, value: t('template.overview.note'), style: 'note' },
  ];
}

function balanceBlock(t: T, top: number): LayoutCell[] {
  const cells: LayoutCell[] = [{ row: top, column: 1, value: t('template.overview.balance'), style: 'section' }];
  BALANCES.forEach(({ key, horizon }, i) => {
    const row = top + 1 + i;
    cells.push({ row, column: 1, value: t(key), style: 'label' });
    cells.push({ row, column: 2, value: formula(`CASHFLOW.BALANCE(${horizon === null ? '' : `"${horizon}"`})`), style: 'amount' });
  });
  return cells;
}

function invoiceBlock(t: T, top: number): LayoutCell[] {
  const receivable = top + 1;
  const payable = top + 2;
  return [
    { row: top, column: 1, value: t('template.overview.invoices'), style: 'section' },
    { row: receivable, column: 1, value: t('template.overview.invoices.receivable'), style: 'label' },
    { row: receivable, column: 2, value: formula('CASHFLOW.DUE("receivable")'), style: 'amount' },
    { row: payable, column: 1, value: t('template.overview.invoices.payable'), style: 'label' },
    { row: payable, column: 2, value: formula('CASHFLOW.DUE("payable")'), style: 'amount' },
    // Payables are negative amounts (money going out), so the net position is their sum.
    { row: top + 3, column: 1, value: t('template.overview.invoices.net'), style: 'label' },
    { row: top + 3, column: 2, value: formula(`SUM(B${receivable}:B${payable})`), style: 'amount' },
  ];
}

function yearRow(t: T): LayoutCell[] {
  const { row, column } = OVERVIEW_YEAR_CELL;
  return [
    { row, column: 1, value: t('template.overview.year'), style: 'section' },
    { row, column, value: formula('YEAR(TODAY())'), style: 'input' },
    { row, column: column + 1, value: t('template.overview.yearHint'), style: 'note' },
  ];
}

/** A grid: its title, a header of months of the year cell's year, one row per category of the Categories table. */
function monthGrid(t: T, top: number, title: MessageKey, fn: 'ACTUALS' | 'PLANNED'): LayoutCell[] {
  const header = top + 2;
  const year = `$${columnLetter(OVERVIEW_YEAR_CELL.column)}$${OVERVIEW_YEAR_CELL.row}`;
  const cells: LayoutCell[] = [
    { row: top, column: 1, value: t(title), style: 'section' },
    { row: top + 1, column: 1, value: t('template.overview.categoriesHint', { count: OVERVIEW_CATEGORY_ROWS }), style: 'note' },
    { row: header, column: 1, value: t('template.overview.category'), style: 'header' },
    { row: header, column: TOTAL_COLUMN, value: t('template.overview.total'), style: 'figureHeader' },
  ];
  for (let month = 1; month <= 12; month += 1) {
    cells.push({ row: header, column: FIRST_MONTH_COLUMN + month - 1, value: formula(`DATE(${year},${month},1)`), style: 'month' });
  }
  for (let k = 1; k <= OVERVIEW_CATEGORY_ROWS; k += 1) cells.push(...categoryRow(header + k, k, header, fn));
  return cells;
}

function categoryRow(row: number, position: number, header: number, fn: 'ACTUALS' | 'PLANNED'): LayoutCell[] {
  const path = `${CATEGORIES_TABLE.tableName}[${CATEGORIES_TABLE.columns.find((c) => c.key === 'path')?.header ?? 'Path'}]`;
  const cells: LayoutCell[] = [{ row, column: 1, value: formula(`IFERROR(INDEX(${path},${position})&"","")`), style: 'label' }];
  for (let month = 1; month <= 12; month += 1) {
    const column = columnLetter(FIRST_MONTH_COLUMN + month - 1);
    const from = `${column}$${header}`;
    cells.push({
      row,
      column: FIRST_MONTH_COLUMN + month - 1,
      value: formula(`IF($A${row}="","",CASHFLOW.${fn}($A${row},${from},EOMONTH(${from},0)))`),
      style: 'amount',
    });
  }
  const first = columnLetter(FIRST_MONTH_COLUMN);
  const last = columnLetter(TOTAL_COLUMN - 1);
  cells.push({ row, column: TOTAL_COLUMN, value: formula(`IF($A${row}="","",SUM(${first}${row}:${last}${row}))`), style: 'amount' });
  return cells;
}
