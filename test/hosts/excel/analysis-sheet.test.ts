/**
 * "Analyse" on the Excel simulation after a pull of the sandbox's demo company: the Analysis sheet with the balance
 * block and its chart, the PivotTable of actuals (Category × Month) whose grand total is the table's sum of the
 * reporting amount; a second Analyse refreshes the pivot (a transaction recategorized on the sheet moves) instead of
 * adding one; without a pulled Transactions table nothing is built.
 */

import { balanceRows } from '../../../src/sync/tables/accounts-tables';
import { amountFormat } from '../../../src/sync/amount-format';
import type { AnalysisRequest } from '../../../src/sync/analysis/analysis-port';
import { ACTUALS_PIVOT, ANALYSIS_SHEET, BALANCE_CHART, buildAnalysis } from '../../../src/hosts/excel/analysis-sheet';
import { useService } from '../../sync/pull/support';
import { asUser, type Sim } from './sim-setup';

const suite = useService({ transactions: 60 });

function sim(): Sim {
  return { workbook: suite.h.workbook, uninstall: () => undefined };
}

async function request(): Promise<AnalysisRequest> {
  const summary = await suite.h.client.accounts.summary();
  return {
    amountFormat: amountFormat('EUR'),
    balance: balanceRows(summary).map((row) => ({ label: row.horizon, balance: row.balance })),
    texts: {
      sheetTitle: 'Analysis',
      balanceTitle: 'Balance forecast',
      horizonHeader: 'Horizon',
      balanceHeader: 'Balance',
      actualsTitle: 'Actuals by category and month',
      chartTitle: 'Balance forecast',
    },
  };
}

/** The table's column by header, as values. */
async function column(header: string): Promise<unknown[]> {
  return asUser(sim(), async (context) => {
    const range = context.workbook.tables.getItem('Transactions').columns.getItem(header).getDataBodyRange().load('values');
    await context.sync();
    return range.values.map((line) => line[0]);
  });
}

function cents(n: number): number {
  return Math.round(n * 100);
}

/** The pivot's cells (its layout range) as values. */
async function pivotCells(): Promise<unknown[][]> {
  return asUser(sim(), async (context) => {
    const range = context.workbook.pivotTables.getItem(ACTUALS_PIVOT).layout.getRange().load('values');
    await context.sync();
    return range.values;
  });
}

test('without a pulled Transactions table nothing is built', async () => {
  expect(await buildAnalysis(await request())).toEqual({ kind: 'noTransactions' });
  expect(suite.h.workbook.sheetNames()).not.toContain(ANALYSIS_SHEET);
});

test('builds the sheet after a pull: balance block, chart, pivot whose grand total is the table sum; again: refreshed', async () => {
  await suite.h.puller.pull({ resource: 'transactions' });
  const outcome = await buildAnalysis(await request());
  expect(outcome).toMatchObject({ kind: 'built', sheetName: ANALYSIS_SHEET });
  const wb = suite.h.workbook;
  expect(wb.values(ANALYSIS_SHEET, 'A4:A9').map((l) => l[0])).toEqual([
    'Horizon',
    'today',
    'current_month_end',
    'next_month_end',
    'in_3_months',
    'fiscal_year_end',
  ]);
  expect(wb.numberFormats(ANALYSIS_SHEET, 'B5')).toEqual([[amountFormat('EUR')]]);
  const [labels = 0, firstMonth = 0] = wb.columnWidths(ANALYSIS_SHEET, 2);
  expect(labels).toBeGreaterThan(48); // fitted to the categories and horizons, wider than Excel's default
  expect(firstMonth).toBeGreaterThan(48);
  expect(wb.charts(ANALYSIS_SHEET)).toEqual([
    expect.objectContaining({ name: BALANCE_CHART, type: 'LineMarkers', title: 'Balance forecast' }),
  ]);
  expect(wb.chartSeries(ANALYSIS_SHEET, BALANCE_CHART)[0]?.values).toHaveLength(5);

  const amounts = (await column('Reporting amount')) as number[];
  const months = (await column('Month')) as string[];
  expect(months.every((m) => /^\d{4}-\d{2}$/.test(m))).toBe(true);
  const cells = await pivotCells();
  expect(cells[0]?.[0]).toBe('Sum of Reporting amount');
  expect(cells[1]?.[0]).toBe('Row Labels');
  const total = cells[cells.length - 1] as unknown[];
  expect(total[0]).toBe('Grand Total');
  expect(cents(total[total.length - 1] as number)).toBe(cents(amounts.reduce((a, b) => a + b, 0)));
  expect(outcome).toMatchObject({ categories: new Set(await column('Category')).size, months: new Set(months).size });

  // A user recategorizes the first transaction on the sheet: a second Analyse refreshes the one pivot.
  const first = { category: (await column('Category'))[0], amount: amounts[0] as number };
  await asUser(sim(), async (context) => {
    context.workbook.tables.getItem('Transactions').columns.getItem('Category').getDataBodyRange().getCell(0, 0).values = [['Zz moved']];
    await context.sync();
  });
  expect(await buildAnalysis(await request())).toMatchObject({ kind: 'refreshed' });
  expect(wb.pivots()).toHaveLength(1);
  const after = await pivotCells();
  const moved = after.find((line) => line[0] === 'Zz moved') as unknown[];
  expect(cents(moved[moved.length - 1] as number)).toBe(cents(first.amount));
  expect(first.category).not.toBe('Zz moved');
  expect(wb.charts(ANALYSIS_SHEET)).toHaveLength(1);
});

test('a refresh of the table keeps the Month column; Analyse again gives the refreshed table sum', async () => {
  await suite.h.puller.pull({ resource: 'transactions' });
  await buildAnalysis(await request());
  await suite.h.puller.pull({ resource: 'transactions' }, { mode: 'full' });
  expect(await column('Month')).not.toContain('');
  await buildAnalysis(await request());
  const amounts = (await column('Reporting amount')) as number[];
  const total = (await pivotCells()).at(-1) as unknown[];
  expect(cents(total.at(-1) as number)).toBe(cents(amounts.reduce((a, b) => a + b, 0)));
});
