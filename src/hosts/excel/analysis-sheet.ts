/**
 * "Analyse" (#31) on Office.js: the sheet `Analysis` with the balance forecast (a small range: horizon, balance; a
 * line chart over it) at the top and, below, a PivotTable of the Transactions table (ExcelApi 1.8): rows Category,
 * columns Month, values the sum of Reporting amount in the company currency. Office.js has no date grouping for
 * PivotTables, so the table gets a user column `Month` (a formula giving `2026-01` from YEAR, MONTH and RIGHT: no TEXT
 * format code, whose letters differ between Excel languages); pulls keep user columns, and every Analyse writes the formula down the
 * whole column again. A second Analyse reuses the sheet: the range is written again, the pivot refreshed (not
 * duplicated), the chart kept.
 */

import { TEXT_FORMAT } from '../../sync/cell-values';
import type { AnalysisOutcome, AnalysisRequest } from '../../sync/analysis/analysis-port';
import { runExcel, type ExcelSession } from './run-excel';

export const ANALYSIS_SHEET = 'Analysis';
export const ACTUALS_PIVOT = 'CashflowActuals';
export const BALANCE_CHART = 'CashflowBalance';
export const MONTH_COLUMN = 'Month';
const TRANSACTIONS = 'Transactions';
const MONTH_FORMULA = `=YEAR([@[Value date]])&"-"&RIGHT("0"&MONTH([@[Value date]]),2)`;
/** Where the pivot starts: below the balance block and its chart (rows 1-20). */
const PIVOT_TITLE_ROW = 21;
const PIVOT_CELL = 'A23';
/** Points: a seven-digit amount with cents and its currency code in Calibri 11. */
const AMOUNT_WIDTH = 105;

export function buildAnalysis(request: AnalysisRequest): Promise<AnalysisOutcome> {
  return runExcel(async (session) => {
    const rows = await transactionRows(session);
    if (rows === 0) return { kind: 'noTransactions' };
    await writeMonthColumn(session);
    const { sheet, existed } = await analysisSheet(session);
    writeBalanceBlock(sheet, request);
    await session.sync();
    await placeChart(session, sheet, request);
    await placePivot(session, sheet, request);
    await fitColumns(session, sheet, request.balance.length);
    sheet.activate();
    const layout = await pivotSize(session);
    return { kind: existed ? 'refreshed' : 'built', sheetName: ANALYSIS_SHEET, ...layout };
  });
}

/** The Transactions table's data rows (0 when it was never pulled or holds Excel's one blank row). */
async function transactionRows(session: ExcelSession): Promise<number> {
  const table = session.context.workbook.tables.getItemOrNullObject(TRANSACTIONS);
  await session.sync();
  if (table.isNullObject) return 0;
  const ids = table.columns.getItem('Id').getDataBodyRange().load('values');
  await session.sync();
  return ids.values.filter((line) => line[0] !== '' && line[0] !== null).length;
}

/** The user column `Month` (added once), its formula written down the whole column. */
async function writeMonthColumn(session: ExcelSession): Promise<void> {
  const table = session.context.workbook.tables.getItem(TRANSACTIONS);
  const column = table.columns.getItemOrNullObject(MONTH_COLUMN);
  await session.sync();
  const target = column.isNullObject ? table.columns.add(undefined, undefined, MONTH_COLUMN) : column;
  target.getDataBodyRange().formulas = MONTH_FORMULA as unknown as string[][];
  await session.sync();
}

async function analysisSheet(session: ExcelSession): Promise<{ sheet: Excel.Worksheet; existed: boolean }> {
  const found = session.context.workbook.worksheets.getItemOrNullObject(ANALYSIS_SHEET);
  await session.sync();
  if (!found.isNullObject) return { sheet: found, existed: true };
  return { sheet: session.context.workbook.worksheets.add(ANALYSIS_SHEET), existed: false };
}

/** A1 the sheet's title, A3 the balance block's, A4:B9 horizon and balance (texts as text, amounts as amounts). */
function writeBalanceBlock(sheet: Excel.Worksheet, request: AnalysisRequest): void {
  const { texts } = request;
  const titles = [
    ['A1', texts.sheetTitle],
    ['A3', texts.balanceTitle],
    [`A${PIVOT_TITLE_ROW}`, texts.actualsTitle],
  ] as const;
  for (const [address, text] of titles) {
    const cell = sheet.getRange(address);
    cell.numberFormat = [[TEXT_FORMAT]];
    cell.values = [[text]];
    cell.format.font.bold = true;
  }
  const block = sheet.getRange(`A4:B${4 + request.balance.length}`);
  block.numberFormat = [[TEXT_FORMAT, TEXT_FORMAT], ...request.balance.map(() => [TEXT_FORMAT, request.amountFormat])];
  block.values = [[texts.horizonHeader, texts.balanceHeader], ...request.balance.map((row) => [row.label, row.balance ?? ''])];
  sheet.getRange('A4:B4').format.font.bold = true;
}

/** The line chart over the balance block, made once (its series follow the cells), titled in the pane's language. */
async function placeChart(session: ExcelSession, sheet: Excel.Worksheet, request: AnalysisRequest): Promise<void> {
  const existing = sheet.charts.getItemOrNullObject(BALANCE_CHART);
  await session.sync();
  const chart = existing.isNullObject
    ? sheet.charts.add('LineMarkers', sheet.getRange(`A4:B${4 + request.balance.length}`), 'Columns')
    : existing;
  if (existing.isNullObject) {
    chart.name = BALANCE_CHART;
    chart.setPosition('D3', 'K19');
  }
  chart.title.text = request.texts.chartTitle;
  await session.sync();
}

/** The PivotTable at A23 made once (rows Category, columns Month, sum of Reporting amount), refreshed after. */
async function placePivot(session: ExcelSession, sheet: Excel.Worksheet, request: AnalysisRequest): Promise<void> {
  const found = session.context.workbook.pivotTables.getItemOrNullObject(ACTUALS_PIVOT);
  await session.sync();
  if (!found.isNullObject) {
    found.refresh();
    await session.sync();
    return;
  }
  const source = session.context.workbook.tables.getItem(TRANSACTIONS);
  const pivot = sheet.pivotTables.add(ACTUALS_PIVOT, source, sheet.getRange(PIVOT_CELL));
  pivot.rowHierarchies.add(pivot.hierarchies.getItem('Category'));
  pivot.columnHierarchies.add(pivot.hierarchies.getItem(MONTH_COLUMN));
  const sum = pivot.dataHierarchies.add(pivot.hierarchies.getItem('Reporting amount'));
  sum.summarizeBy = 'Sum';
  sum.numberFormat = request.amountFormat;
  await session.sync();
}

/**
 * Columns wide enough for the pivot's labels and amounts and for the balance block: each area fitted on its own
 * (`autofitColumns` fits a column to the range's cells only, so the section titles overflowing to the right are not
 * counted), each column then given the wider of the two widths, capped at 300 points; the amount columns at least
 * AMOUNT_WIDTH, room for `-1,234,567.89 EUR` (the fit of a cell's value can miss its thousands separators and currency).
 */
async function fitColumns(session: ExcelSession, sheet: Excel.Worksheet, balanceRows: number): Promise<void> {
  const pivotArea = session.context.workbook.pivotTables.getItem(ACTUALS_PIVOT).layout.getRange();
  pivotArea.format.autofitColumns();
  const columns = pivotArea.load('columnCount');
  await session.sync();
  const pivotWidths = Array.from({ length: columns.columnCount }, (_, c) => pivotArea.getColumn(c).format.load('columnWidth'));
  await session.sync();
  const balance = sheet.getRange(`A4:B${4 + balanceRows}`);
  balance.format.autofitColumns();
  const balanceWidths = [0, 1].map((c) => balance.getColumn(c).format.load('columnWidth'));
  await session.sync();
  pivotWidths.forEach((format, c) => {
    const width = Math.max(format.columnWidth, balanceWidths[c]?.columnWidth ?? 0, c === 0 ? 0 : AMOUNT_WIDTH);
    pivotArea.getColumn(c).format.columnWidth = Math.min(300, width);
  });
  await session.sync();
}

/** Categories and months the report shows (its rows and columns less the headers and the grand totals). */
async function pivotSize(session: ExcelSession): Promise<{ categories: number; months: number }> {
  const range = session.context.workbook.pivotTables.getItem(ACTUALS_PIVOT).layout.getRange().load('rowCount, columnCount');
  await session.sync();
  return { categories: Math.max(0, range.rowCount - 3), months: Math.max(0, range.columnCount - 2) };
}
