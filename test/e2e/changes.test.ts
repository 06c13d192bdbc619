/**
 * The Changes view in the preview, as a user drives it: pull the forecast budgets, type into a budget cell, see it
 * pending, send it (the sandbox holds the new value, the cell's highlight is gone); then a colleague changes the same
 * budget on the service meanwhile: the next send shows both values, and "Take theirs" brings the service's value in.
 * Accessibility of the view and the README's screenshots with a conflict shown, in both themes. A send's journal
 * entry opens to the rows it touched, and Show in sheet selects one after the table was sorted (#26). Invoices (#28):
 * an expected date and a status typed into the Invoices table are listed, sent and held by the service, and the
 * delete dialog says that an invoice deleted does not come back by undo; both themes. Adopt (#28): a budget without an
 * external ID is given `xl-<id>` from the pending row's menu and lands with the table's other change; the dialog in
 * both themes.
 */
import type { Page } from 'playwright-core';
import { CHANGED_FILL, INPUT_FILL, INPUT_FONT } from '../../src/hosts/excel/input-style';
import { en } from '../../src/i18n/catalog';
import {
  connectDemoAndLoad,
  eventually,
  expectAccessible,
  expectClean,
  OFFICE_JS_TELEMETRY,
  openForecastBudgets,
  openPreview,
  pane,
  paneFrame,
  previewApi,
  saveScreenshot,
  screenshotPane,
  sheetCell,
  useApp,
} from './support';

const SHEET = 'Forecast budgets';
const PANE = { include: ['#pane'] };

const suite = useApp({ transactions: 200 });

async function openChanges(page: Page): Promise<void> {
  await pane(page).getByRole('tab', { name: en['pane.tab.changes'] }).click();
  await pane(page).getByRole('button', { name: en['pane.changes.check'] }).waitFor();
}

/** A colleague sets the amount on the service, the user types another one into the sheet and sends: a conflict. */
async function makeConflict(page: Page, externalId: string, theirs: string, mine: string): Promise<void> {
  const p = pane(page);
  const cell = await sheetCell(page, SHEET, externalId, 'Amount');
  await suite.app.sandbox.updateForecastBudget(externalId, { amount: theirs });
  await previewApi(page).typeInto(SHEET, cell.row, cell.col, mine);
  await p.getByRole('button', { name: en['pane.changes.check'] }).click();
  await p.getByRole('button', { name: 'Send 1 change', exact: true }).click();
  await p.getByTestId('conflict-row').waitFor({ timeout: 60_000 });
}

test('edit a budget, see it pending, send it; a conflicting change on the service shows both values and "Take theirs" brings it in', async () => {
  const { page } = suite.session;
  await openForecastBudgets(page, suite.app);
  const p = pane(page);
  const preview = previewApi(page);
  const cell = await sheetCell(page, SHEET, 'fc-miete', 'Amount');
  expect(await preview.cellColors(SHEET, cell.row, cell.col)).toEqual({ fill: INPUT_FILL, font: INPUT_FONT });

  await openChanges(page);
  await p.getByTestId('changes-empty').getByText(en['pane.changes.empty.title']).waitFor();

  // The user types a new amount; the Changes view lists it once it looks again.
  await preview.typeInto(SHEET, cell.row, cell.col, '-4000');
  await p.getByRole('button', { name: en['pane.changes.check'] }).click();
  const pendingRow = p.getByTestId('pending-row').filter({ hasText: 'Miete Büro' });
  await pendingRow.getByText('Amount: -4,500.00 → -4,000.00').waitFor();
  await expect(p.getByTestId('pending-counts').textContent()).resolves.toBe('1 changed');
  await expect(p.getByTestId('changes-badge').textContent()).resolves.toBe('1');
  // The check shows the waiting cell apart in the workbook too (amber), beside the input cells.
  await eventually(async () => expect((await preview.cellColors(SHEET, cell.row, cell.col)).fill).toBe(CHANGED_FILL));
  await page.mouse.move(0, 0);
  await saveScreenshot(page, 'preview-budgets');

  await p.getByRole('button', { name: 'Send 1 change', exact: true }).click();
  await eventually(async () => expect(await p.getByTestId('push-summary').textContent()).toContain('1 sent'), { timeoutMs: 60_000 });
  expect((await suite.app.sandbox.forecastBudget('fc-miete')).amount).toBe(-4000);
  expect(await preview.cellColors(SHEET, cell.row, cell.col)).toEqual({ fill: INPUT_FILL, font: INPUT_FONT });
  await p.getByTestId('changes-empty').waitFor();
  await expect(p.getByRole('button', { name: en['pane.changes.undo'] }).isEnabled()).resolves.toBe(true);

  // Meanwhile a colleague sets -5,000.00 on the service; the user types -3,000.00 and sends.
  await makeConflict(page, 'fc-miete', '-5000.00', '-3000');
  const conflict = p.getByTestId('conflict-row');
  await expect(conflict.getByTestId('conflict-mine').textContent()).resolves.toBe('-3,000.00');
  await expect(conflict.getByTestId('conflict-theirs').textContent()).resolves.toBe('-5,000.00');
  await expect(p.getByTestId('push-summary').textContent()).resolves.toContain('1 conflict');
  expect(await preview.cellColors(SHEET, cell.row, cell.col)).toMatchObject({ fill: CHANGED_FILL });
  expect((await suite.app.sandbox.forecastBudget('fc-miete')).amount).toBe(-5000);
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'pane-changes-light');

  await conflict.getByRole('button', { name: 'Take theirs for Miete Büro' }).click();
  await eventually(async () => expect(await preview.cellText(SHEET, cell.row, cell.col)).toBe('-5,000.00 EUR'), { timeoutMs: 60_000 });
  await p.getByTestId('changes-empty').waitFor();
  expect(await preview.cellColors(SHEET, cell.row, cell.col)).toEqual({ fill: INPUT_FILL, font: INPUT_FONT });
  expect((await suite.app.sandbox.forecastBudget('fc-miete')).amount).toBe(-5000);
  await expect(p.getByTestId('conflict-row').count()).resolves.toBe(0);
  await expectAccessible(page, PANE);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test('dark theme: the Changes view with a conflict is accessible; screenshot for the README', async () => {
  const { page } = suite.session;
  await openForecastBudgets(page, suite.app, { theme: 'dark' });
  await openChanges(page);
  await makeConflict(page, 'fc-umsatz', '5100.00', '5300');
  await expect(pane(page).getByTestId('conflict-row').getByTestId('conflict-theirs').textContent()).resolves.toBe('5,100.00');
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'pane-changes-dark');
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test('a refresh of a table with changes not sent asks first; "Keep my changes" refreshes and keeps them pending', async () => {
  const { page } = suite.session;
  await openForecastBudgets(page, suite.app);
  const p = pane(page);
  const cell = await sheetCell(page, SHEET, 'fc-sozial', 'Amount');
  await previewApi(page).typeInto(SHEET, cell.row, cell.col, '-7700');
  await openChanges(page);
  await p.getByTestId('pending-row').filter({ hasText: 'Sozialabgaben' }).waitFor();

  await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
  // The table's card says that a row waits (pane-ux: "✎ 3" on the Data view).
  await p.locator('[data-table="ForecastBudgets"]').getByTestId('pending-edits').getByText(en['pane.data.pending.one']).waitFor();
  await p.getByRole('button', { name: 'Refresh Forecast budgets', exact: true }).click();
  const dialog = p.getByRole('alertdialog', { name: en['pane.refresh.title'] });
  await dialog.getByText('Forecast budgets has 1 change that was not sent.').waitFor();
  await expectAccessible(page, PANE);
  await dialog.getByRole('button', { name: en['pane.refresh.keep'] }).click();
  await eventually(
    async () => expect(await p.getByRole('button', { name: 'Refresh Forecast budgets', exact: true }).isEnabled()).toBe(true),
    { timeoutMs: 60_000 },
  );
  await eventually(async () => expect(await previewApi(page).cellText(SHEET, cell.row, cell.col)).toBe('-7,700.00 EUR'));
  await openChanges(page);
  await p.getByTestId('pending-row').filter({ hasText: 'Sozialabgaben' }).getByText('Amount: -7,600.00 → -7,700.00').waitFor();
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

/** Puts the table's data rows in reverse order, as a user's sort does (the simulation models no sort). */
async function reverseTable(page: Page, table: string): Promise<void> {
  await page.evaluate(async (name) => {
    await window.cashflowPreview?.globals.Excel.run(async (context) => {
      const body = context.workbook.tables.getItem(name).getDataBodyRange().load('formulas,numberFormat');
      await context.sync();
      body.numberFormat = [...(body.numberFormat as string[][])].reverse();
      body.formulas = [...(body.formulas as string[][])].reverse();
      await context.sync();
    });
  }, table);
}

/** Opens the newest send of the journal with the keyboard and waits for its rows. */
async function openNewestSend(page: Page): Promise<void> {
  const toggle = pane(page).getByTestId('journal-entry').first().getByRole('button').first();
  await toggle.press('Enter');
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
  await pane(page).getByTestId('journal-row').first().waitFor();
}

test("a send's journal entry lists the rows it touched; Show in sheet selects a row after the table was sorted; both themes", async () => {
  const { page } = suite.session;
  await openForecastBudgets(page, suite.app);
  const p = pane(page);
  const preview = previewApi(page);

  // One budget changed, one deleted in the sheet; both sent.
  const amount = await sheetCell(page, SHEET, 'fc-miete', 'Amount');
  await preview.typeInto(SHEET, amount.row, amount.col, '-4100');
  const gone = await sheetCell(page, SHEET, 'fc-umsatz', 'Amount');
  const tables = await preview.tables();
  const first = Number(/(\d+):/.exec(tables.find((t) => t.name === 'ForecastBudgets')?.address ?? '')?.[1] ?? 0);
  await page.evaluate(async (index) => {
    await window.cashflowPreview?.globals.Excel.run(async (context) => {
      context.workbook.tables.getItem('ForecastBudgets').rows.getItemAt(index).delete();
      await context.sync();
    });
  }, gone.row - first);
  await openChanges(page);
  await p.getByRole('button', { name: 'Send 2 changes', exact: true }).click();
  await p.getByRole('alertdialog').getByRole('button', { name: en['pane.changes.dialog.deletes.confirm'] }).click();
  await eventually(async () => expect(await p.getByTestId('push-summary').textContent()).toContain('2 sent'), { timeoutMs: 60_000 });

  await openNewestSend(page);
  const rows = p.getByTestId('journal-row');
  await expect(rows.count()).resolves.toBe(2);
  const miete = rows.filter({ hasText: 'Miete Büro' });
  await miete.getByText(`${en['pane.changes.journal.change.changed']} · ${en['pane.changes.journal.outcome.landed']}`).waitFor();
  const umsatz = rows.filter({ hasText: 'Umsatz Stammkunden' });
  await umsatz.getByText(`${en['pane.changes.journal.change.deleted']} · ${en['pane.changes.journal.outcome.landed']}`).waitFor();
  await umsatz.getByText(en['pane.changes.journal.gone']).waitFor();
  await expect(umsatz.getByRole('button').count()).resolves.toBe(0);

  // The user sorts the table and is elsewhere; Show in sheet (by keyboard) lands on the row wherever it went.
  await reverseTable(page, 'ForecastBudgets');
  await page.evaluate(() =>
    window.cashflowPreview?.globals.Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Forecast budgets').getRange('A1').select();
      await context.sync();
    }),
  );
  const sorted = await sheetCell(page, SHEET, 'fc-miete', 'Amount');
  expect(sorted.row).not.toBe(amount.row);
  await miete.getByRole('button', { name: 'Show Miete Büro in the sheet' }).press('Enter');
  await eventually(async () => expect(await preview.selection()).toMatchObject({ sheet: SHEET, row: sorted.row, column: 0, rowCount: 1 }));

  await expectAccessible(page, PANE);
  await p.getByTestId('journal-entry').first().scrollIntoViewIfNeeded();
  await screenshotPane(page, 'changes-journal-light');

  // Dark: the pane starts again in the other theme; the send is still in the journal.
  await page.getByTestId('preview-theme').click();
  await eventually(async () => expect((await paneFrame(page)).url()).toContain('theme=dark'));
  await p.getByText(en['pane.state.online'], { exact: true }).waitFor({ timeout: 60_000 });
  await openChanges(page);
  await openNewestSend(page);
  await expectAccessible(page, PANE);
  await p.getByTestId('journal-entry').first().scrollIntoViewIfNeeded();
  await screenshotPane(page, 'changes-journal-dark');
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

/** Deletes the table's data row at this sheet row, as a user deletes a table row. */
async function deleteTableRow(page: Page, table: string, sheetRow: number): Promise<void> {
  const tables = await previewApi(page).tables();
  const first = Number(/(\d+):/.exec(tables.find((t) => t.name === table)?.address ?? '')?.[1] ?? 0);
  await page.evaluate(
    async ([name, index]) => {
      await window.cashflowPreview?.globals.Excel.run(async (context) => {
        context.workbook.tables.getItem(name).rows.getItemAt(index).delete();
        await context.sync();
      });
    },
    [table, sheetRow - first] as const,
  );
}

test('Invoices: an expected date and a status typed are listed, sent and held by the service; a delete waits for its dialog; both themes', async () => {
  const { page } = suite.session;
  const sheet = 'Invoices';
  const { sandbox } = suite.app;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPreview(page, suite.app.url, sandbox.url, { theme: 'light' });
  await connectDemoAndLoad(page, 'Invoices');
  const p = pane(page);
  const preview = previewApi(page);
  // RE-1 is the demo's overdue receivable: the customer promised to pay in six weeks.
  const before = await sandbox.invoice('RE-1');
  expect(before?.status).toBe('OD');
  const expected = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
  const date = await sheetCell(page, sheet, 'RE-1', 'Expected date');
  const status = await sheetCell(page, sheet, 'RE-1', 'Status');
  expect(await preview.cellColors(sheet, date.row, date.col)).toEqual({ fill: INPUT_FILL, font: INPUT_FONT });
  await preview.typeInto(sheet, date.row, date.col, expected);
  await preview.typeInto(sheet, status.row, status.col, 'PR');

  await openChanges(page);
  const card = p.locator('[data-table="Invoices"]');
  const pending = card.getByTestId('pending-row').filter({ hasText: before?.name ?? '' });
  // Each field by its column's name, as the Invoices table shows it.
  await pending.getByText('Status: OD (Overdue) → PR (Promised)', { exact: true }).waitFor();
  await pending.getByText(/^Expected date: .+ → .+$/).waitFor();
  await expect(card.getByTestId('pending-counts').textContent()).resolves.toBe('1 changed');
  await eventually(async () => expect((await preview.cellColors(sheet, date.row, date.col)).fill).toBe(CHANGED_FILL));
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'changes-invoices-light');

  await card.getByRole('button', { name: 'Send 1 change', exact: true }).click();
  await eventually(async () => expect(await card.getByTestId('push-summary').textContent()).toContain('1 sent'), { timeoutMs: 60_000 });
  expect(await sandbox.invoice('RE-1')).toMatchObject({ status: 'PR', expected_date: expected });
  const pushStatus = await preview.findCell(sheet, 'Push status');
  expect(await preview.cellText(sheet, date.row, pushStatus?.col ?? -1)).toMatch(/^Sent /);
  expect(await preview.cellColors(sheet, date.row, date.col)).toEqual({ fill: INPUT_FILL, font: INPUT_FONT });
  await card.getByTestId('pending-row').waitFor({ state: 'detached' });

  // A row removed from the table: the dialog names an invoice and says undo cannot bring it back; nothing is deleted.
  const gone = await sheetCell(page, sheet, 'RE-10', 'Name');
  const goneName = await preview.cellText(sheet, gone.row, gone.col);
  await deleteTableRow(page, 'Invoices', gone.row);
  await p.getByRole('button', { name: en['pane.changes.check'] }).click();
  const askDelete = async () => {
    await card.getByRole('button', { name: 'Send 1 change', exact: true }).click();
    const dialog = p.getByRole('alertdialog', { name: 'Delete 1 invoice on the service?' });
    await dialog.getByText(`You removed these rows from Invoices: ${goneName}.`, { exact: false }).waitFor();
    await dialog.getByText('"Undo last send" cannot bring them back', { exact: false }).waitFor();
    return dialog;
  };
  let dialog = await askDelete();
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'changes-invoices-delete-light');
  await dialog.getByRole('button', { name: en['pane.changes.dialog.cancel'] }).click();

  // Dark: the pane starts again in the other theme; the delete still waits, and asks again.
  await page.getByTestId('preview-theme').click();
  await eventually(async () => expect((await paneFrame(page)).url()).toContain('theme=dark'));
  await p.getByText(en['pane.state.online'], { exact: true }).waitFor({ timeout: 60_000 });
  await openChanges(page);
  dialog = await askDelete();
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'changes-invoices-delete-dark');
  await dialog.getByRole('button', { name: en['pane.changes.dialog.cancel'] }).click();
  expect((await sandbox.invoice('RE-10'))?.name).toBe(goneName);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test('Adopt: a budget without an external ID gets xl-<id> from its row menu and lands with the other change; the dialog in both themes', async () => {
  const { page } = suite.session;
  const { sandbox } = suite.app;
  await openForecastBudgets(page, suite.app);
  const p = pane(page);
  const preview = previewApi(page);
  // Cloud-Abo was pulled without an external ID; Miete Büro has one.
  const idCell = await sheetCell(page, SHEET, 'Cloud-Abo', 'Id');
  const external = await sheetCell(page, SHEET, 'Cloud-Abo', 'External Id');
  const id = Number((await preview.cellText(SHEET, idCell.row, idCell.col)).replace(/\D/g, ''));
  expect(await preview.cellText(SHEET, external.row, external.col)).toBe('');
  const amount = await sheetCell(page, SHEET, 'Cloud-Abo', 'Amount');
  await preview.typeInto(SHEET, amount.row, amount.col, '-150');
  const rent = await sheetCell(page, SHEET, 'fc-miete', 'Amount');
  await preview.typeInto(SHEET, rent.row, rent.col, '-4700');

  await openChanges(page);
  await p.getByRole('button', { name: en['pane.changes.check'] }).click();
  const card = p.locator('[data-table="ForecastBudgets"]');
  await card.getByTestId('adopt-notice').getByRole('button', { name: 'Adopt 1 budget…' }).waitFor();
  await card.getByTestId('pending-row').filter({ hasText: 'Miete Büro' }).waitFor();
  await expectAccessible(page, PANE);
  await card.getByRole('button', { name: 'More for Cloud-Abo' }).click();
  await p.getByRole('menuitem', { name: `Adopt as xl-${id}…` }).click();
  const dialog = p.getByRole('alertdialog', { name: 'Adopt 1 budget and send it?' });
  await dialog.getByRole('list', { name: en['pane.changes.dialog.adopt.rowsLabel'] }).getByText(`Cloud-Abo → xl-${id}`).waitFor();
  await dialog.getByText('is sent at once as a whole row by its id (PUT)', { exact: false }).waitFor();
  await dialog.getByText('Your other changes to Forecast budgets go with this send', { exact: false }).waitFor();
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'changes-adopt-light');

  await dialog.getByRole('button', { name: en['pane.changes.dialog.adopt.confirm'] }).click();
  await eventually(async () => expect(await card.getByTestId('push-summary').textContent()).toContain('2 sent'), { timeoutMs: 60_000 });
  expect(await sandbox.forecastBudget(`xl-${id}`)).toMatchObject({ id, amount: -150 });
  expect((await sandbox.forecastBudget('fc-miete')).amount).toBe(-4700);
  expect(await preview.cellText(SHEET, external.row, external.col)).toBe(`xl-${id}`);
  await card.getByTestId('pending-row').waitFor({ state: 'detached' });
  await expect(card.getByTestId('adopt-notice').count()).resolves.toBe(0);

  // Addressable now: the next edit is sent by that ID, without asking for a whole row.
  await preview.typeInto(SHEET, amount.row, amount.col, '-160');
  await p.getByRole('button', { name: en['pane.changes.check'] }).click();
  await card.getByRole('button', { name: 'Send 1 change', exact: true }).click();
  await eventually(async () => expect((await sandbox.forecastBudget(`xl-${id}`)).amount).toBe(-160), { timeoutMs: 60_000 });
  await expect(card.getByTestId('push-summary').textContent()).resolves.toContain('1 sent');

  // Dark: another budget the paths cannot address (its ID has a dot), adopted from the card's notice; Cancel writes nothing.
  const vat = await sheetCell(page, SHEET, 'sap.4711', 'Description');
  await preview.typeInto(SHEET, vat.row, vat.col, 'Quarterly');
  await page.getByTestId('preview-theme').click();
  await eventually(async () => expect((await paneFrame(page)).url()).toContain('theme=dark'));
  await p.getByText(en['pane.state.online'], { exact: true }).waitFor({ timeout: 60_000 });
  await openChanges(page);
  await p.getByRole('button', { name: en['pane.changes.check'] }).click();
  await card.getByTestId('adopt-notice').getByRole('button', { name: 'Adopt 1 budget…' }).click();
  const dark = p.getByRole('alertdialog', { name: 'Adopt 1 budget and send it?' });
  await dark.getByText(/^Umsatzsteuer → xl-\d+$/).waitFor();
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'changes-adopt-dark');
  await dark.getByRole('button', { name: en['pane.changes.dialog.cancel'] }).click();
  const vatExternal = await sheetCell(page, SHEET, 'sap.4711', 'External Id');
  expect(await preview.cellText(SHEET, vatExternal.row, vatExternal.col)).toBe('sap.4711');
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});
