/**
 * Tables that read like a controller's (#26): a loaded table's columns fit their headers and values (capped), its
 * sheet freezes the stamp and header rows, the stamp above it says what it is in the pane's words (and changes with a
 * refresh), the grid shows the table's column names in place of the letters once the header row scrolled away, and
 * amounts show their currency (an EUR account's rows EUR, the CHF account's CHF, the reporting amount the company's),
 * as Settings says. Screenshots tables-stamp-light/dark (the stamp over the loaded table), tables-light/dark (scrolled),
 * pane-settings-currency-light/dark; Share (#27): the auto-open switch writes its document setting, the check lists the
 * loaded table with its rows and finds no secret (pane-share-light/dark); axe in both themes. New offline account
 * (#28): from the Accounts card's menu, a mistyped IBAN shown on its field, then created and the Accounts table loaded
 * with it (pane-offline-account-form-light/dark, pane-offline-account-light/dark). Analyse (#31): the Analysis sheet
 * with its PivotTable (grand total = the table's reporting sum) and the balance chart, shown; a second click refreshes
 * the one pivot (analysis-light/dark). Refresh on open (#31): switched on, the pull state aged two days, a
 * transaction added to the service, the page reloaded: the table refreshed by itself (pane-refresh-on-open-light/dark).
 */
import type { Page } from 'playwright-core';
import { en } from '../../src/i18n/catalog';
import {
  eventually,
  expectAccessible,
  expectClean,
  OFFICE_JS_TELEMETRY,
  openPreview,
  pane,
  previewApi,
  saveScreenshot,
  screenshotPane,
  useApp,
} from './support';

const suite = useApp({ transactions: 400 });

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function loadTransactions(page: Page): Promise<void> {
  await pane(page).getByRole('button', { name: en['pane.connect.demo'] }).click();
  await pane(page).getByText(en['pane.state.online'], { exact: true }).waitFor();
  await pane(page).getByRole('tab', { name: en['pane.tab.data'] }).click();
  await pane(page).getByRole('button', { name: 'Load Transactions', exact: true }).click();
  await eventually(
    async () => expect(await pane(page).getByRole('button', { name: 'Refresh Transactions', exact: true }).isEnabled()).toBe(true),
    { timeoutMs: 60_000 },
  );
}

/** Widths (points) of the first `columns` columns and the frozen rows of a sheet, read from the simulation. */
function sheetLayout(page: Page, sheet: string, columns: number): Promise<{ widths: number[]; frozenRows: number; headers: string[] }> {
  return page.evaluate(
    ([name, count]) => {
      const workbook = window.cashflowPreview?.workbook;
      if (workbook === undefined) throw new Error('no preview');
      const table = workbook.tableLayouts().find((t) => t.sheet === name);
      return { widths: workbook.columnWidths(name, count), frozenRows: workbook.frozen(name).rows, headers: table?.columnNames ?? [] };
    },
    [sheet, columns] as const,
  );
}

/** A document setting of the simulated workbook, as the add-in wrote it. */
function documentSetting(page: Page, key: string): Promise<unknown> {
  return page.evaluate((name) => window.cashflowPreview?.workbook.settings()[name], key);
}

/** The text the grid shows in column `header` of the first Transactions row whose `Account` is `account`. */
async function amountText(page: Page, account: string, header: string): Promise<string> {
  const cell = await page.evaluate(
    ([name, column]) => {
      const workbook = window.cashflowPreview?.workbook;
      const table = workbook?.tableLayouts().find((t) => t.name === 'Transactions');
      if (workbook === undefined || table === undefined) throw new Error('no Transactions table');
      const values = workbook.values(table.sheet);
      const accountColumn = table.column + table.columnNames.indexOf('Account');
      const row = values.findIndex((r, i) => i > table.row && r[accountColumn] === name);
      return { sheet: table.sheet, row, col: table.column + table.columnNames.indexOf(column) };
    },
    [account, header] as const,
  );
  if (cell.row < 0) throw new Error(`no row of ${account}`);
  return previewApi(page).cellText(cell.sheet, cell.row, cell.col);
}

test.each(['light', 'dark'] as const)(
  'a loaded table: fitted widths, the header row frozen, its names over the columns when scrolled (%s)',
  async (theme) => {
    const { page } = suite.session;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    await loadTransactions(page);
    // 400 in the demo company, and one more for each earlier test of this file that added one.
    const loaded = (await previewApi(page).tableRowCount('Transactions')) ?? 0;
    expect(loaded).toBeGreaterThanOrEqual(400);

    const { widths, frozenRows, headers } = await sheetLayout(page, 'Transactions', 23);
    expect(frozenRows).toBe(2); // the stamp and the header

    // The stamp above the table: the card's name, the company the pane's header names, its filter, verdict and rows.
    const stamp = (): Promise<string> => previewApi(page).cellText('Transactions', 0, 0);
    const company = en['connect.demo.name'];
    await expect(pane(page).getByText(company, { exact: true }).first().isVisible()).resolves.toBe(true);
    expect(await stamp()).toMatch(
      new RegExp(
        `^Transactions · ${escape(company)} · all rows · refreshed \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC · complete, ${loaded} rows$`,
      ),
    );
    expect(await previewApi(page).cellText('Transactions', 1, 0)).toBe('Id');
    // A refresh after the service changed: the stamp says what the table holds now.
    await suite.app.sandbox.addTransaction({ amount: '-12.34' });
    await pane(page).getByRole('button', { name: 'Refresh Transactions', exact: true }).click();
    await eventually(async () => expect(await stamp()).toMatch(new RegExp(` · complete, ${loaded + 1} rows$`)), { timeoutMs: 60_000 });
    await eventually(
      async () => expect(await pane(page).getByRole('button', { name: 'Refresh Transactions', exact: true }).isEnabled()).toBe(true),
      { timeoutMs: 60_000 },
    );
    // The stamp runs over the cells beside it: column A keeps the width its Ids need.
    expect((await sheetLayout(page, 'Transactions', 1)).widths[0]).toBeLessThan(2 * 48);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, `tables-stamp-${theme}`);
    const purpose = widths[headers.indexOf('Purpose')] ?? 0;
    expect(purpose).toBeGreaterThan(48);
    expect(purpose).toBeLessThanOrEqual(240);
    expect(widths[headers.indexOf('Predicted category')]).toBeGreaterThan(48); // the header alone is wider than 64 px

    // The grid's column titles (its accessibility table, inside the canvas): letters while the header row is in view.
    const titles = (): Promise<string[]> => page.locator('.preview-grid th[role="columnheader"]').allTextContents();
    await eventually(async () => expect((await titles()).slice(0, 3)).toEqual(['A', 'B', 'C']));

    // Select a cell inside the table, scroll the header row away: the names replace the letters.
    const box = await page.locator('.preview-grid').boundingBox();
    if (box === null) throw new Error('no grid');
    await page.mouse.click(box.x + 80, box.y + 26 + 24 * 3 + 12);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 24 * 40);
    await eventually(async () => expect((await titles()).slice(0, 3)).toEqual(headers.slice(0, 3)));

    // Amounts show their currency: the account's, and the company's (EUR: most of the demo's accounts) for reporting.
    expect(await amountText(page, 'Geschäftskonto', 'Amount')).toMatch(/^-?[\d,]+\.\d\d EUR$/);
    expect(await amountText(page, 'Geschäftskonto CHF', 'Amount')).toMatch(/^-?[\d,]+\.\d\d CHF$/);
    expect(await amountText(page, 'Geschäftskonto CHF', 'Reporting amount')).toMatch(/^-?[\d,]+\.\d\d EUR$/);

    await expectAccessible(page);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, `tables-${theme}`);

    // Settings: the company's currency, from the accounts by default, the accounts' currencies to choose from.
    const p = pane(page);
    await p.getByRole('tab', { name: en['pane.tab.settings'] }).click();
    const currency = p.getByRole('combobox', { name: en['pane.settings.companyCurrency'] });
    await expect(currency.inputValue()).resolves.toBe('From the accounts (EUR)');
    await currency.click();
    await expect(p.getByRole('option').allTextContents()).resolves.toEqual(['From the accounts (EUR)', 'CHF', 'EUR']);
    await page.keyboard.press('Escape');
    await expectAccessible(page, { include: ['#pane'] });
    await page.mouse.move(0, 0);
    await screenshotPane(page, `pane-settings-currency-${theme}`);

    // Share (#27): the auto-open switch writes the document setting; the check lists the loaded table and finds no secret.
    await p.getByRole('tab', { name: en['pane.tab.share'] }).click();
    const autoOpen = p.getByRole('switch', { name: en['share.autoOpen.label'] });
    await eventually(async () => expect(await autoOpen.isEnabled()).toBe(true));
    expect(await autoOpen.isChecked()).toBe(false);
    await autoOpen.click();
    await eventually(async () => expect(await documentSetting(page, 'Office.AutoShowTaskpaneWithDocument')).toBe(true));
    await p.getByRole('button', { name: en['share.check.run'] }).click();
    const verdict = p.getByTestId('share-verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toContain(en['share.check.noSecret']);
    const tables = p.getByRole('list', { name: en['share.tables.heading'] });
    expect(await tables.textContent()).toBe(`Transactions ${loaded + 1} rows · sheet Transactions`);
    const settings = await p.getByRole('list', { name: en['share.settings.heading'] }).textContent();
    expect(settings).toContain('Open this pane with the workbook: on');
    expect(settings).toContain('Filter and last load of Transactions');
    await expect(autoOpen.isChecked()).resolves.toBe(true);
    await expectAccessible(page, { include: ['#pane'] });
    await page.mouse.move(0, 0);
    await screenshotPane(page, `pane-share-${theme}`);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  },
);

/** The Analysis sheet as the preview's workbook holds it: its pivot's cells, its charts, the table's reporting sum. */
function analysisSheet(page: Page): Promise<{ pivot: unknown[][]; charts: string[]; tableSum: number }> {
  return page.evaluate(() => {
    const workbook = window.cashflowPreview?.workbook;
    const table = workbook?.tableLayouts().find((t) => t.name === 'Transactions');
    if (workbook === undefined || table === undefined) throw new Error('no Transactions table');
    const box = workbook.pivots('Analysis')[0]?.box;
    const pivot = box
      ? workbook
          .values('Analysis')
          .slice(0, box.row + box.rowCount)
          .slice(box.row)
      : [];
    const column = table.column + table.columnNames.indexOf('Reporting amount');
    const amounts = workbook
      .values(table.sheet)
      .slice(table.row + 1, table.row + 1 + table.dataRowCount)
      .map((row) => Number(row[column] ?? 0));
    return {
      pivot,
      charts: workbook.charts('Analysis').map((c) => c.title),
      tableSum: amounts.reduce((a, b) => a + b, 0),
    };
  });
}

test.each(['light', 'dark'] as const)(
  'Analyse (#31): the Analysis sheet with the PivotTable of actuals and the balance chart, shown; again: refreshed (%s)',
  async (theme) => {
    const { page } = suite.session;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    await loadTransactions(page);
    const p = pane(page);
    await p.getByTestId('analyse').click();
    const status = p.getByTestId('analysis-card').getByRole('status');
    await eventually(
      async () =>
        expect(await status.textContent()).toMatch(/^The Analysis sheet is (ready|up to date): \d+ categories over \d+ months\.$/),
      {
        timeoutMs: 60_000,
      },
    );
    const sheet = await analysisSheet(page);
    expect(sheet.pivot[0]?.[0]).toBe('Sum of Reporting amount');
    const total = sheet.pivot.at(-1) ?? [];
    expect(total[0]).toBe('Grand Total');
    const grand = total.filter((v) => typeof v === 'number').at(-1) as number;
    expect(Math.round(grand * 100)).toBe(Math.round(sheet.tableSum * 100));
    expect(sheet.charts).toEqual([en['pane.analysis.chartTitle']]);
    await expect(page.locator('.preview-chart figcaption').first().textContent()).resolves.toContain(en['pane.analysis.chartTitle']);
    await expect(page.locator('.preview-tabs [role="tab"][aria-selected="true"]').textContent()).resolves.toBe('Analysis');

    // Again: the one pivot refreshed, not a second one.
    await p.getByTestId('analyse').click();
    await eventually(async () => expect(await status.textContent()).toMatch(/^The Analysis sheet is up to date/), { timeoutMs: 60_000 });
    expect(await page.evaluate(() => window.cashflowPreview?.workbook.pivots().length)).toBe(1);
    await expectAccessible(page);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, `analysis-${theme}`);
    // Scrolled down to the PivotTable of actuals.
    const grid = await page.locator('.preview-grid').boundingBox();
    if (grid === null) throw new Error('no grid');
    await page.mouse.move(grid.x + grid.width / 2, grid.y + grid.height / 2);
    await page.mouse.wheel(0, 24 * 19);
    // The grid's accessibility table holds the cells in view: the pivot's header once it scrolled in.
    await eventually(async () => expect(await page.locator('.preview-grid table').first().textContent()).toContain('Row Labels'));
    await page.mouse.move(0, 0);
    await saveScreenshot(page, `analysis-pivot-${theme}`);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  },
);

/** The Transactions pull state saved in the workbook made two days older, as if the file had been saved then. */
async function agePullState(page: Page): Promise<void> {
  await page.evaluate(async (key) => {
    const preview = window.cashflowPreview;
    if (!preview) throw new Error('window.cashflowPreview is missing');
    await preview.globals.Excel.run(async (context) => {
      const setting = context.workbook.settings.getItem(key).load('value');
      await context.sync();
      const state = JSON.parse(String(setting.value)) as { lastPullAt: string; lastPullStartedAt: string };
      const older = (iso: string): string => new Date(Date.parse(iso) - 2 * 24 * 3600 * 1000).toISOString();
      setting.value = JSON.stringify({ ...state, lastPullAt: older(state.lastPullAt), lastPullStartedAt: older(state.lastPullStartedAt) });
      await context.sync();
    });
  }, 'cashflow.pull.transactions');
  await previewApi(page).saved();
}

test.each(['light', 'dark'] as const)(
  'Refresh on open (#31): on in Settings, the service changed, the workbook opened again a while later: refreshed in the background (%s)',
  async (theme) => {
    const { page } = suite.session;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    await loadTransactions(page);
    const p = pane(page);
    await p.getByRole('tab', { name: en['pane.tab.settings'] }).click();
    const toggle = p.getByRole('switch', { name: en['pane.settings.refreshOnOpen'] });
    if (!(await toggle.isChecked())) await toggle.click();
    await eventually(async () => expect(await documentSetting(page, 'cashflow.refreshOnOpen')).toBe('true'));
    const before = (await previewApi(page).tableRowCount('Transactions')) ?? 0;
    await agePullState(page);
    await suite.app.sandbox.addTransaction({ amount: '-7.50', purpose: 'After the file was saved' });

    await page.reload();
    await page.waitForFunction(() => window.cashflowPreview !== undefined);
    await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
    const status = p.getByTestId('open-refresh');
    await eventually(async () => expect(await status.textContent()).toBe('Refreshed on open: Transactions.'), { timeoutMs: 60_000 });
    expect(await previewApi(page).tableRowCount('Transactions')).toBe(before + 1);
    await expectAccessible(page, { include: ['#pane'] });
    await page.mouse.move(0, 0);
    await screenshotPane(page, `pane-refresh-on-open-${theme}`);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  },
);

/** The IBAN column of the Accounts table in the preview's workbook. */
function accountIbans(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const workbook = window.cashflowPreview?.workbook;
    const table = workbook?.tableLayouts().find((t) => t.name === 'Accounts');
    if (workbook === undefined || table === undefined) return [];
    const column = table.column + table.columnNames.indexOf('IBAN');
    return workbook
      .values(table.sheet)
      .slice(table.row + 1, table.row + 1 + table.dataRowCount)
      .map((row) => String(row[column] ?? ''));
  });
}

// One IBAN per theme: both runs share the file's sandbox, and the second would otherwise find the first's account.
test.each([
  ['light', 'DE89 3704 0044 0532 0130 00'],
  ['dark', 'AT61 1904 3002 3457 3201'],
] as const)(
  'New offline account (#28): a mistyped IBAN on its field, then created, the Accounts table loaded with it (%s)',
  async (theme, iban) => {
    const { page } = suite.session;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    const p = pane(page);
    await p.getByRole('button', { name: en['pane.connect.demo'] }).click();
    await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
    await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
    await p.getByRole('button', { name: 'More for Accounts', exact: true }).click();
    await p.getByRole('menuitem', { name: en['account.new.menu'] }).click();

    const dialog = p.getByRole('dialog', { name: en['account.new.title'] });
    await dialog.waitFor();
    const field = (key: keyof typeof en) => dialog.getByRole('textbox', { name: en[key] });
    await expect(field('account.field.currency').inputValue()).resolves.toBe('EUR'); // the company's
    await field('account.field.name').fill(`Cash box ${theme}`);
    await field('account.field.bankName').fill('Cash');
    await field('account.field.iban').fill(`${iban.slice(0, -1)}9`); // one digit mistyped
    await field('account.field.balance').fill('1,234.50');
    await dialog.getByRole('button', { name: en['account.new.create'] }).click();
    await dialog.getByText(en['account.error.ibanChecksum']).waitFor();
    await eventually(async () =>
      expect(await field('account.field.iban').evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true),
    );
    await expectAccessible(page, { include: ['#pane'] });
    await screenshotPane(page, `pane-offline-account-form-${theme}`);

    await field('account.field.iban').fill(iban);
    await dialog.getByRole('button', { name: en['account.new.create'] }).click();
    const outcome = dialog.getByTestId('account-outcome');
    await outcome.waitFor();
    expect(await outcome.textContent()).toBe(`Created account Cash box ${theme} (${iban}, EUR).`);
    await expectAccessible(page, { include: ['#pane'] });
    await page.mouse.move(0, 0);
    await screenshotPane(page, `pane-offline-account-${theme}`);

    await dialog.getByRole('button', { name: en['account.outcome.loadTable'] }).click();
    await eventually(async () => expect(await accountIbans(page)).toContain(iban.replace(/ /g, '')), { timeoutMs: 60_000 });
    await eventually(async () => expect(await p.getByRole('button', { name: 'Refresh Accounts', exact: true }).isEnabled()).toBe(true), {
      timeoutMs: 60_000,
    });
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  },
);
