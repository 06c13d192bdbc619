/**
 * Tables that read like a controller's (#26): a loaded table's columns fit their headers and values (capped), its
 * sheet freezes the header row, and the grid shows the table's column names in place of the letters once the
 * header row scrolled away. Screenshots tables-light/dark; axe in both themes.
 */
import type { Page } from 'playwright-core';
import { en } from '../../src/i18n/catalog';
import { eventually, expectAccessible, expectClean, OFFICE_JS_TELEMETRY, openPreview, pane, previewApi, saveScreenshot, useApp } from './support';

const suite = useApp({ transactions: 400 });

async function loadTransactions(page: Page): Promise<void> {
  await pane(page).getByRole('button', { name: en['pane.connect.demo'] }).click();
  await pane(page).getByText(en['pane.state.online'], { exact: true }).waitFor();
  await pane(page).getByRole('tab', { name: en['pane.tab.data'] }).click();
  await pane(page).getByRole('button', { name: 'Load Transactions', exact: true }).click();
  await eventually(async () => expect(await pane(page).getByRole('button', { name: 'Refresh Transactions', exact: true }).isEnabled()).toBe(true), { timeoutMs: 60_000 });
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

test.each(['light', 'dark'] as const)('a loaded table: fitted widths, the header row frozen, its names over the columns when scrolled (%s)', async (theme) => {
  const { page } = suite.session;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
  await loadTransactions(page);
  await eventually(async () => expect(await previewApi(page).tableRowCount('Transactions')).toBe(400));

  const { widths, frozenRows, headers } = await sheetLayout(page, 'Transactions', 23);
  expect(frozenRows).toBe(1);
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

  await expectAccessible(page);
  await page.mouse.move(0, 0);
  await saveScreenshot(page, `tables-${theme}`);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});
