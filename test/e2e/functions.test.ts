/**
 * The CASHFLOW functions in the preview: the pane's functions.js registers with the page's simulated workbook (the
 * bridge hands the frame the workbook's CustomFunctions), formulas typed into cells are evaluated through the same
 * function code Excel runs, served by the pane's connection. An ACTUALS figure equals the sandbox's own total; a
 * TRANSACTIONS range spills the pulled table's header and one row per transaction; before connecting, a cell says to
 * connect in the task pane. The README's picture of it. The planning template opened from the File menu: its
 * Overview's figures settle once connected and Categories loaded, Build grid replaces its Plan page with the grid, and
 * Download gives a file exceljs reads.
 */
import { Workbook } from 'exceljs';
import type { Page } from 'playwright-core';
import { en } from '../../src/i18n/catalog';
import { TRANSACTIONS_TABLE } from '../../src/sync/tables';
import {
  connectDemoAndLoad,
  eventually,
  expectClean,
  OFFICE_JS_TELEMETRY,
  openPreview,
  pane,
  previewApi,
  saveScreenshot,
  screenshotPane,
  useApp,
} from './support';

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

test("ACTUALS equals the sandbox's total, TRANSACTIONS spills the pulled table's columns; before connecting a cell says to connect", async () => {
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
  await eventually(async () => expect(Number.isFinite(Number((await preview.cellText(SHEET, 0, 0)).replace(/,/g, '')))).toBe(true), {
    timeoutMs: 30_000,
  });

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

test('the planning template opens in the preview; after Load its Overview settles; Download gives a file exceljs reads back', async () => {
  const { page } = suite.session;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  const preview = previewApi(page);

  await page.getByTestId('preview-file').click();
  await page.getByTestId('preview-open-template').click();
  await page.getByRole('dialog').getByText('cashflow-planning-template.xlsx').first().waitFor();
  await saveScreenshot(page.getByRole('dialog'), 'preview-open-template');
  await page.getByTestId('preview-open-confirm').click();
  await eventually(async () =>
    expect((await preview.tables()).map((t) => t.name)).toEqual(expect.arrayContaining(['Categories', 'Transactions'])),
  );

  // The pane started again with the file: connect, load the categories into the template's own table.
  await connectDemoAndLoad(page, 'Categories');
  const categories = await suite.app.sandbox.categories();
  expect(await preview.tableRowCount('Categories')).toBe(categories.length);
  expect((await preview.tables()).find((t) => t.name === 'Categories')?.address).toMatch(/^Categories!A2:/);

  // Every CASHFLOW figure of the Overview settles: a number (or an empty row), never #BUSY! or an error.
  await page.getByRole('tab', { name: 'Overview' }).click();
  const overviewText = (row: number, col: number) =>
    page.evaluate(([r, c]) => window.cashflowPreview?.cellText('Overview', r, c) ?? '', [row, col] as const);
  const rows = [
    4,
    5,
    6,
    7,
    8,
    11,
    12,
    13,
    ...Array.from({ length: 40 }, (_, i) => 20 + i),
    ...Array.from({ length: 40 }, (_, i) => 63 + i),
  ];
  await eventually(
    async () => {
      for (const row of rows) {
        for (let col = 1; col <= (row >= 20 ? 13 : 1); col += 1) {
          const text = await overviewText(row, col);
          expect([row, col, text]).toEqual([row, col, expect.not.stringMatching(/^#/)]);
        }
      }
    },
    { timeoutMs: 120_000 },
  );
  expect(await overviewText(20, 0)).toBe(await preview.cellText('Categories', 2, 3));
  // Connected, the Overview's amounts show the company currency (the demo company's: EUR).
  await eventually(async () => expect(await overviewText(4, 1)).toMatch(/^-?[\d,]+\.\d\d EUR$/));
  expect(await overviewText(20, 13)).toMatch(/ EUR$/);
  await page.mouse.move(0, 0);
  await saveScreenshot(page, 'preview-template-overview');

  await buildGridOverTemplatePage(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByTestId('preview-file').click();
      await page.getByTestId('preview-download').click();
    })(),
  ]);
  expect(download.suggestedFilename()).toBe('cashflow-planning.xlsx');
  const workbook = new Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect(workbook.worksheets.map((s) => s.name)).toEqual(expect.arrayContaining(['Overview', 'Plan', 'Categories', 'Transactions']));
  const table = workbook.getWorksheet('Categories')?.getTable('Categories') as unknown as { model: { tableRef: string } };
  expect(table.model.tableRef).toBe(`A2:L${2 + categories.length}`);
  expect(workbook.getWorksheet('Overview')?.getCell('B5').formula).toBe('_xldudf_CASHFLOW_BALANCE()');

  await emptyTablesGivesPageBack(page);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

/** The template's Plan sheet says how to build the grid; Build grid replaces the page with the grid (#31). */
async function buildGridOverTemplatePage(page: Page): Promise<void> {
  const preview = previewApi(page);
  const p = pane(page);
  await page.getByRole('tab', { name: 'Plan' }).click();
  expect(await preview.cellText('Plan', 0, 0)).toBe(en['template.plan.title']);
  await page.mouse.move(0, 0);
  await saveScreenshot(page, 'preview-template-plan');
  await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
  await p.getByRole('button', { name: en['grid.card.build'] }).click();
  await p.getByText(en['grid.card.built']).waitFor({ timeout: 60_000 });
  expect(await preview.cellText('Plan', 0, 0)).toMatch(/^Plan grid · Forecast · /);
  expect(await preview.cellText('Plan', 2, 0)).toBe(en['grid.header.category']);
  const settings = JSON.parse(await preview.settingsJson()) as Record<string, unknown>;
  expect(Object.keys(settings)).toEqual(expect.arrayContaining(['cashflow.grid.PlanGrid']));
  expect(Object.keys(settings)).not.toContain('cashflow.grid.placeholder');
  // The Share check names what the grid's setting holds.
  await p.getByRole('tab', { name: en['pane.tab.share'] }).click();
  await p.getByRole('button', { name: en['share.check.run'] }).click();
  await p.getByTestId('share-verdict').waitFor();
  expect(await p.getByRole('list', { name: en['share.settings.heading'] }).textContent()).toContain(en['share.settings.grid']);
}

/** Share › Empty the data tables names the grid, and gives the Plan sheet its template page back (#31). */
async function emptyTablesGivesPageBack(page: Page): Promise<void> {
  const [p, preview] = [pane(page), previewApi(page)];
  await p.getByRole('tab', { name: en['pane.tab.share'] }).click();
  await p.getByRole('button', { name: en['share.empty.run'] }).click();
  const dialog = p.getByRole('alertdialog');
  await dialog.getByText(en['share.empty.confirmGrid'].replace('{sheet}', 'Plan')).waitFor();
  await screenshotPane(page, 'pane-share-empty-grid');
  await dialog.getByRole('button', { name: en['share.empty.confirm'] }).click();
  await eventually(async () => expect(await preview.cellText('Plan', 0, 0)).toBe(en['template.plan.title']));
  const after = JSON.parse(await preview.settingsJson()) as Record<string, unknown>;
  expect(Object.keys(after).filter((k) => k.startsWith('cashflow.grid.'))).toEqual(['cashflow.grid.placeholder']);
}
