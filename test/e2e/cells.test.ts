/**
 * The cells of a budget table as a controller reads them (#26): input cells quiet (pale fill, blue text), a cell the
 * user edits marked changed (amber) right after the edit, and counted on the Changes tab, without that tab being
 * opened (the worksheet's changed event); a budget's codes read as words in the label columns beside them; a row a
 * send left in conflict is one click from its place in the sheet. Accessibility and screenshots in both themes.
 */
import { CHANGED_FILL, CHANGED_FONT, INPUT_FILL, INPUT_FONT } from '../../src/hosts/excel/input-style';
import { en } from '../../src/i18n/catalog';
import { codeLabel } from '../../src/sync/tables/code-labels';
import { connectDemoAndLoad, eventually, expectAccessible, expectClean, OFFICE_JS_TELEMETRY, openPreview, pane, previewApi, saveScreenshot, sheetCell, useApp } from './support';

const SHEET = 'Forecast budgets';
const PANE = { include: ['#pane'] };

const suite = useApp({ transactions: 50 });



for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: an edited cell turns amber right after the edit and the Changes tab counts it, unopened`, async () => {
    const { page } = suite.session;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    await connectDemoAndLoad(page, 'Forecast budgets');
    const preview = previewApi(page);
    const amount = await sheetCell(page, SHEET, 'fc-miete', 'Amount');
    expect(await preview.cellColors(SHEET, amount.row, amount.col)).toEqual({ fill: INPUT_FILL, font: INPUT_FONT });

    // The user types a new amount: the Data tab stays open.
    await preview.typeInto(SHEET, amount.row, amount.col, '-4000');
    // Its black text is the default font colour, which cellColors leaves out.
    expect(CHANGED_FONT).toBe('#000000');
    await eventually(async () => expect(await preview.cellColors(SHEET, amount.row, amount.col)).toEqual({ fill: CHANGED_FILL }));
    // The count is in the page once (no hidden copy of the tab's content), so a screen reader hears it once.
    await eventually(async () => expect(await pane(page).getByTestId('changes-badge').textContent()).toBe('1'));
    await expect(pane(page).getByTestId('changes-badge').count()).resolves.toBe(1);
    await expect(pane(page).getByRole('tab', { name: en['pane.tab.data'] }).getAttribute('aria-selected')).resolves.toBe('true');
    // The row's other input cells keep their quiet look.
    const name = await sheetCell(page, SHEET, 'fc-miete', 'Name');
    expect(await preview.cellColors(SHEET, name.row, name.col)).toEqual({ fill: INPUT_FILL, font: INPUT_FONT });

    // Codes read as words beside them, in the pane's language; the code cells stay codes.
    for (const [code, field] of [['Base', 'budgetBase'], ['Frequency', 'frequency']] as const) {
      const codeCell = await sheetCell(page, SHEET, 'fc-miete', code);
      const labelCell = await sheetCell(page, SHEET, 'fc-miete', `${code} label`);
      expect(labelCell.col).toBe(codeCell.col + 1);
      const value = await preview.cellText(SHEET, codeCell.row, codeCell.col);
      expect(await preview.cellText(SHEET, labelCell.row, labelCell.col)).toBe(codeLabel(field, value, 'en'));
    }

    await expectAccessible(page, PANE);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, `cells-${theme}`);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });
}

test('a row the send left unsent is one click from its place in the sheet', async () => {
  const { page } = suite.session;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  await connectDemoAndLoad(page, 'Forecast budgets');
  const p = pane(page);
  const preview = previewApi(page);
  const amount = await sheetCell(page, SHEET, 'fc-miete', 'Amount');
  // A colleague changes the budget on the service; the user's own change then meets a conflict.
  await suite.app.sandbox.updateForecastBudget('fc-miete', { amount: '-5000.00' });
  await preview.typeInto(SHEET, amount.row, amount.col, '-3000');
  await p.getByRole('tab', { name: en['pane.tab.changes'] }).click();
  await p.getByRole('button', { name: 'Send 1 change', exact: true }).click();
  await p.getByTestId('conflict-row').waitFor({ timeout: 60_000 });
  // The user is elsewhere in the workbook; the pane takes them to the row.
  await page.evaluate(() => window.cashflowPreview?.globals.Excel.run(async (context) => {
    context.workbook.worksheets.getItem('Forecast budgets').getRange('A1').select();
    await context.sync();
  }));
  await p.getByRole('button', { name: 'Show Miete Büro in the sheet' }).click();
  await eventually(async () => expect(await preview.selection()).toMatchObject({ sheet: SHEET, row: amount.row, column: 0, rowCount: 1 }));
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});
