/**
 * The CASHFLOW functions in the preview: the pane's functions.js registers with the page's simulated workbook (the
 * bridge hands the frame the workbook's CustomFunctions), formulas typed into cells are evaluated through the same
 * function code Excel runs, served by the pane's connection. An ACTUALS figure equals the sandbox's own total; a
 * TRANSACTIONS range spills the pulled table's header and one row per transaction; before connecting, a cell says to
 * connect in the task pane. The README's picture of it.
 */
import type { Page } from 'playwright-core';
import { en } from '../../src/i18n/catalog';
import { TRANSACTIONS_TABLE } from '../../src/sync/tables';
import { eventually, expectClean, OFFICE_JS_TELEMETRY, openPreview, pane, previewApi, saveScreenshot, useApp } from './support';

const SHEET = 'Sheet1';
const YEAR = new Date().getUTCFullYear();

const suite = useApp({ transactions: 1500 });

/** What the grid shows in a cell once its function has answered (not #BUSY!). */
async function shown(page: Page, row: number, col: number): Promise<string> {
  let text = '';
  await eventually(
    async () => {
      text = await previewApi(page).cellText(SHEET, row, col);
      expect(text).not.toBe('#BUSY!');
    },
    { timeoutMs: 30_000 },
  );
  return text;
}

/** The message of the error a cell shows (what the status bar and Excel's tooltip show). */
function errorMessage(page: Page, row: number, col: number): Promise<string | undefined> {
  return page.evaluate(([sheet, r, c]) => window.cashflowPreview?.workbook.cellErrorMessage(sheet, r, c), [SHEET, row, col] as const);
}

test('ACTUALS equals the sandbox\'s total, TRANSACTIONS spills the pulled table\'s columns; before connecting a cell says to connect', async () => {
  const { page } = suite.session;
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  const preview = previewApi(page);

  // Not connected yet: the function answers #N/A with what to do.
  await preview.typeInto(SHEET, 0, 0, '=CASHFLOW.BALANCE()');
  expect(await shown(page, 0, 0)).toBe('#N/A');
  expect(await errorMessage(page, 0, 0)).toBe(en['functions.error.notConnected']);

  await pane(page).getByRole('button', { name: en['pane.connect.demo'] }).click();
  await pane(page).getByText(en['pane.state.online'], { exact: true }).waitFor();
  // Connecting recalculates: the same cell now shows today's balance.
  await eventually(async () => expect(Number.isFinite(Number((await preview.cellText(SHEET, 0, 0)).replace(/,/g, '')))).toBe(true), { timeoutMs: 30_000 });

  const categories = await suite.app.sandbox.categories();
  const expenses = categories.find((c) => c.name === 'Ausgaben' && c.parent === null);
  if (!expenses) throw new Error('the demo company has no Ausgaben category');
  await preview.typeInto(SHEET, 0, 1, 'Expenses this year');
  await preview.typeInto(SHEET, 1, 1, `=CASHFLOW.ACTUALS("Ausgaben","${YEAR}-01-01","${YEAR}-12-31")`);
  const total = await suite.app.sandbox.transactionTotals({ category: expenses.id, min_date: `${YEAR}-01-01`, max_date: `${YEAR}-12-31` });
  expect(total.count).toBeGreaterThan(0);
  const figure = Number((await shown(page, 1, 1)).replace(/,/g, ''));
  expect(Math.round(figure * 100)).toBe(Math.round(total.sum * 100));

  // A bad argument: #VALUE! naming it.
  await preview.typeInto(SHEET, 2, 1, `=CASHFLOW.ACTUALS("Ausgaben","someday","${YEAR}-12-31")`);
  expect(await shown(page, 2, 1)).toBe('#VALUE!');
  expect(await errorMessage(page, 2, 1)).toMatch(/^from: "someday" is not a date/);

  // The transactions of January spill from D1: the header row, then one row per transaction, nothing below.
  const january = await suite.app.sandbox.transactionTotals({ min_date: `${YEAR}-01-01`, max_date: `${YEAR}-01-31` });
  expect(january.count).toBeGreaterThan(0);
  await preview.typeInto(SHEET, 0, 3, `=CASHFLOW.TRANSACTIONS("${YEAR}-01-01","${YEAR}-01-31")`);
  expect(await shown(page, 0, 3)).toBe(TRANSACTIONS_TABLE.columns[0]?.header);
  const headers = await Promise.all(TRANSACTIONS_TABLE.columns.map((_, i) => preview.cellText(SHEET, 0, 3 + i)));
  expect(headers).toEqual(TRANSACTIONS_TABLE.columns.map((c) => c.header));
  expect(await preview.cellText(SHEET, january.count, 3)).not.toBe('');
  expect(await preview.cellText(SHEET, january.count + 1, 3)).toBe('');

  await page.mouse.move(0, 0);
  await saveScreenshot(page, 'preview-functions');
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});
