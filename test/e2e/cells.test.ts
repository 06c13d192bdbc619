/**
 * The cells of a budget table as a controller reads them (#26): input cells quiet (pale fill, blue text), a cell the
 * user edits marked changed (amber) right after the edit, and counted on the Changes tab, without that tab being
 * opened (the worksheet's changed event); a budget's codes read as words in the label columns beside them; a row a
 * send left in conflict is one click from its place in the sheet; a code cell offers its codes as an in-cell list with
 * the prompt saying what each means, and refuses a typed code that is not in it (grid and formula bar alike); a
 * transaction's Category cell offers the categories it can be mapped to from the very hidden lists sheet, and the
 * pick is sent from the Changes tab (#28).
 * Accessibility and screenshots in both themes.
 */
import type { Page } from 'playwright-core';
import { CHANGED_FILL, CHANGED_FONT, INPUT_FILL, INPUT_FONT } from '../../src/hosts/excel/input-style';
import { en } from '../../src/i18n/catalog';
import { codeChoices, codeLabel, type CodedField } from '../../src/sync/tables/code-labels';
import { codeList } from '../../src/sync/tables/code-list';
import { LISTS_SHEET, sheetListRule } from '../../src/sync/tables/lists-sheet';
import { columnName } from '../../src/preview/workbook-view/column-name';
import {
  connectDemoAndLoad,
  eventually,
  expectAccessible,
  expectClean,
  OFFICE_JS_TELEMETRY,
  openForecastBudgets,
  openPreview,
  pane,
  previewApi,
  saveScreenshot,
  screenshotPane,
  selectGridCell,
  sheetCell,
  useApp,
} from './support';

const SHEET = 'Forecast budgets';
const PANE = { include: ['#pane'] };

const suite = useApp({ transactions: 50 });

const LISTS: Record<'light' | 'dark', { header: string; field: CodedField; emptyAllowed: boolean; from: string; to: string }> = {
  light: { header: 'Base', field: 'budgetBase', emptyAllowed: false, from: 'FS', to: 'S' },
  dark: { header: 'Frequency', field: 'frequency', emptyAllowed: true, from: 'monthly', to: 'quarterly' },
};

for (const theme of ['light', 'dark'] as const) {
  const { header, field, emptyAllowed, from, to } = LISTS[theme];
  test(`${theme}: a ${header} cell offers its codes as a list with their words; a pick is marked changed, a wrong code is refused`, async () => {
    const { page } = suite.session;
    await openForecastBudgets(page, suite.app, { theme });
    const preview = previewApi(page);
    const cell = await sheetCell(page, SHEET, 'fc-miete', header);
    expect(await preview.cellText(SHEET, cell.row, cell.col)).toBe(from);
    const list = codeList({ header, choices: codeChoices(field, emptyAllowed) }, 'en');

    // Selected, the cell says what its codes mean (the list's prompt).
    await selectGridCell(page, cell.row, cell.col);
    const prompt = page.getByTestId('cell-prompt');
    await eventually(async () => expect(await prompt.textContent()).toBe(`${list.prompt.title}${list.prompt.message}`));
    await expectAccessible(page, { include: ['[data-testid="cell-prompt"]'] });

    // Alt+↓ opens the list (as Excel's drop-down; a double-click too); ↓ then Enter picks the next code.
    await page.keyboard.press('Alt+ArrowDown');
    const listbox = page.getByRole('listbox', { name: en['preview.list'] });
    await listbox.waitFor();
    expect(await listbox.getByRole('option').allTextContents()).toEqual(list.source.split(','));
    expect(await listbox.getByRole('option', { selected: true }).textContent()).toBe(from);
    await page.keyboard.press('ArrowDown');
    expect(await listbox.getByRole('option', { selected: true }).textContent()).toBe(to);
    await expectAccessible(page, { include: ['[data-testid="list-popup"]'] });
    await saveScreenshot(page, `cells-list-${theme}`);
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await preview.cellText(SHEET, cell.row, cell.col)).toBe(to));
    await eventually(async () => expect(await preview.cellColors(SHEET, cell.row, cell.col)).toEqual({ fill: CHANGED_FILL }));
    await eventually(async () => expect(await pane(page).getByTestId('changes-badge').first().textContent()).toBe('1'));

    // A typed code that is not in the list is refused with the alert's words; the cell keeps the picked code.
    await page.keyboard.press('ArrowUp');
    await eventually(async () =>
      expect(await page.getByTestId('formula-address').textContent()).toBe(`${columnName(cell.col)}${cell.row + 1}`),
    );
    await page.keyboard.type('X');
    await eventually(async () => expect(await page.getByTestId('cell-editor').inputValue()).toBe('X'));
    await page.keyboard.press('Enter');
    const problem = page.getByTestId('edit-problem');
    await eventually(async () => expect(await problem.textContent()).toContain(list.error.message));
    expect(await problem.textContent()).toContain(list.error.title);
    expect(await preview.cellText(SHEET, cell.row, cell.col)).toBe(to);

    // The formula bar follows the same rule (Enter moved the selection down: back up to the cell).
    await page.keyboard.press('ArrowUp');
    await eventually(async () =>
      expect(await page.getByTestId('formula-address').textContent()).toBe(`${columnName(cell.col)}${cell.row + 1}`),
    );
    await page.getByTestId('formula-bar').fill('ZZ');
    await page.getByTestId('formula-bar').press('Enter');
    await eventually(async () => expect(await problem.textContent()).toContain(list.error.message));
    expect(await preview.cellText(SHEET, cell.row, cell.col)).toBe(to);
    await expectAccessible(page, { include: ['[data-testid="edit-problem"]', '#pane'] });
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });
}

/** The items the pull wrote on the very hidden lists sheet (column A, down to its first empty cell). */
async function listSheetItems(page: Page): Promise<string[]> {
  const preview = previewApi(page);
  const items: string[] = [];
  for (let row = 0; ; row += 1) {
    const text = await preview.cellText(LISTS_SHEET, row, 0);
    if (text === '') return items;
    items.push(text);
  }
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: a transaction's Category cell offers the categories it can be mapped to; a pick is taken, a parent category refused, the pick sent`, async () => {
    const { page } = suite.session;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    await connectDemoAndLoad(page, 'Transactions');
    const preview = previewApi(page);
    const header = await preview.findCell('Transactions', 'Category');
    if (!header) throw new Error('no Category column');
    const cell = { row: header.row + 1, col: header.col };
    const items = await listSheetItems(page);
    expect(items.length).toBeGreaterThan(5);
    const from = await preview.cellText('Transactions', cell.row, cell.col);
    const rule = sheetListRule({ header: 'Category', sheetList: { name: 'categories', items } }, 'en');

    await selectGridCell(page, cell.row, cell.col);
    const prompt = page.getByTestId('cell-prompt');
    await eventually(async () => expect(await prompt.textContent()).toBe(`${rule.prompt.title}${rule.prompt.message}`));
    await page.keyboard.press('Alt+ArrowDown');
    const listbox = page.getByRole('listbox', { name: en['preview.list'] });
    await listbox.waitFor();
    expect(await listbox.getByRole('option').allTextContents()).toEqual(items);
    // The list opens on the cell's category (a default category is not offered: then nothing is highlighted).
    const at = items.indexOf(from);
    const down = at + 1 < items.length;
    await page.keyboard.press(down ? 'ArrowDown' : 'ArrowUp');
    const to = items[down ? at + 1 : at - 1] ?? '';
    expect(await listbox.getByRole('option', { selected: true }).textContent()).toBe(to);
    await expectAccessible(page, { include: ['[data-testid="list-popup"]'] });
    await saveScreenshot(page, `cells-category-list-${theme}`);
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await preview.cellText('Transactions', cell.row, cell.col)).toBe(to));

    // A parent category (the first part of a path) is not a category a transaction takes: refused, the pick stays.
    const parent = to.split(' › ')[0] ?? '';
    await page.keyboard.press('ArrowUp');
    await eventually(async () =>
      expect(await page.getByTestId('formula-address').textContent()).toBe(`${columnName(cell.col)}${cell.row + 1}`),
    );
    await page.keyboard.type(parent);
    await page.keyboard.press('Enter');
    const problem = page.getByTestId('edit-problem');
    await eventually(async () => expect(await problem.textContent()).toContain(rule.error.message));
    expect(await preview.cellText('Transactions', cell.row, cell.col)).toBe(to);
    await expectAccessible(page, { include: ['[data-testid="edit-problem"]'] });

    // Sent from the Changes tab: one PATCH /transactions/; the service holds the picked category, Category Id follows.
    const idColumn = (await preview.findCell('Transactions', 'Id'))?.col ?? -1;
    const id = Number(await preview.cellText('Transactions', cell.row, idColumn));
    const p = pane(page);
    await p.getByRole('tab', { name: en['pane.tab.changes'] }).click();
    const card = p.locator('[data-table="Transactions"]');
    await card.getByTestId('pending-row').getByText(`Category: ${from} → ${to}`, { exact: true }).waitFor();
    // The cell's prompt beside the grid would stand in the pane's picture: the selection moves off the list cell.
    const grid = await page.locator('.preview-grid canvas').first().boundingBox();
    if (!grid) throw new Error('the grid has no canvas');
    await page.mouse.click(grid.x + 70, grid.y + 26 + 12);
    await eventually(async () => expect(await page.getByTestId('formula-address').textContent()).toMatch(/^[A-Z]+1$/));
    await expectAccessible(page, PANE);
    await screenshotPane(page, `changes-transactions-${theme}`);
    await card.getByRole('button', { name: 'Send 1 change', exact: true }).click();
    await eventually(async () => expect(await card.getByTestId('push-summary').textContent()).toContain('1 sent'), { timeoutMs: 60_000 });
    const sent = await suite.app.sandbox.transaction(id);
    const categoryId = (await preview.findCell('Transactions', 'Category Id'))?.col ?? -1;
    expect(await preview.cellText('Transactions', cell.row, categoryId)).toBe(String(sent?.category?.id));
    expect(to.endsWith(sent?.category?.name ?? '?')).toBe(true);

    // Typing over a column the service never takes back is said, with the one that goes back; nothing waits to be sent.
    const purpose = (await preview.findCell('Transactions', 'Purpose'))?.col ?? -1;
    await preview.typeInto('Transactions', cell.row, purpose, 'Rent for May');
    const bar = p.getByTestId('read-only-edit');
    await bar.getByText('Not sent: Purpose', { exact: true }).waitFor();
    await bar.getByText('Sent back to the service: Category.', { exact: false }).waitFor();
    await expectAccessible(page, PANE);
    await screenshotPane(page, `read-only-edit-${theme}`);
    await bar.getByRole('button', { name: en['pane.readOnlyEdit.dismiss'] }).click();
    await bar.waitFor({ state: 'detached' });
    await expect(card.getByTestId('pending-row').count()).resolves.toBe(0);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: an edited cell turns amber right after the edit and the Changes tab counts it, unopened`, async () => {
    const { page } = suite.session;
    await openForecastBudgets(page, suite.app, { theme });
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
    for (const [code, field] of [
      ['Base', 'budgetBase'],
      ['Frequency', 'frequency'],
    ] as const) {
      const codeCell = await sheetCell(page, SHEET, 'fc-miete', code);
      const labelCell = await sheetCell(page, SHEET, 'fc-miete', `${code} label`);
      expect(labelCell.col).toBe(codeCell.col + 1);
      const value = await preview.cellText(SHEET, codeCell.row, codeCell.col);
      expect(await preview.cellText(SHEET, labelCell.row, labelCell.col)).toBe(codeLabel(field, value, 'en'));
    }

    await expectAccessible(page, PANE);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, `cells-${theme}`);

    // The preview's theme switch reloads the pane: the old pane's edit handler goes with its runtime, so the new
    // pane's is the only one (it was two, the old one called from a frame that was gone).
    await page.getByTestId('preview-theme').click();
    await pane(page).getByText(en['pane.state.online'], { exact: true }).waitFor();
    const handlers = (): Promise<number | undefined> => page.evaluate(() => window.cashflowPreview?.workbook.eventHandlerCount());
    await eventually(async () => expect(await handlers()).toBeGreaterThan(0));
    await preview.typeInto(SHEET, amount.row, amount.col, '-3900');
    await eventually(async () => expect(await pane(page).getByTestId('changes-badge').textContent()).toBe('1'));
    expect(await handlers()).toBe(1);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });
}

test('a row the send left unsent is one click from its place in the sheet', async () => {
  const { page } = suite.session;
  await openForecastBudgets(page, suite.app);
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
  await page.evaluate(() =>
    window.cashflowPreview?.globals.Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Forecast budgets').getRange('A1').select();
      await context.sync();
    }),
  );
  await p.getByRole('button', { name: 'Show Miete Büro in the sheet' }).click();
  await eventually(async () => expect(await preview.selection()).toMatchObject({ sheet: SHEET, row: amount.row, column: 0, rowCount: 1 }));
  // The grid follows the selection, as Excel does: its active cell (the formula bar's address) is the row's first cell.
  await eventually(async () => expect(await page.getByTestId('formula-address').textContent()).toBe(`A${amount.row + 1}`));
  await saveScreenshot(page, 'cells-show-in-sheet');
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});
