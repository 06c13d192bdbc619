/** Steps several browser tests take the same way. */
import type { Page } from 'playwright-core';
import { en } from '../../../src/i18n/catalog';
import { eventually } from './eventually';
import { openPreview, pane, previewApi, type PreviewOptions } from './preview';
import { columnName } from '../../../src/preview/workbook-view/column-name';

/** *Try the demo company*, then *Data › Load* the card named `card`; resolves once its *Refresh* button is enabled. */
export async function connectDemoAndLoad(page: Page, card: string): Promise<void> {
  const p = pane(page);
  await p.getByRole('button', { name: en['pane.connect.demo'] }).click();
  await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
  await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
  await p.getByRole('button', { name: `Load ${card}`, exact: true }).click();
  const refresh = p.getByRole('button', { name: `Refresh ${card}`, exact: true });
  await eventually(async () => expect(await refresh.isEnabled()).toBe(true), { timeoutMs: 60_000 });
}

/**
 * The preview (reduced motion: no fade half-way through a screenshot or an axe check) with the demo company
 * connected and its forecast budgets loaded: where every test of an edit starts.
 */
export async function openForecastBudgets(
  page: Page,
  app: { url: string; sandbox: { url: string } },
  options: PreviewOptions = {},
): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPreview(page, app.url, app.sandbox.url, options);
  await connectDemoAndLoad(page, 'Forecast budgets');
}

/** The cell (0-based) of column `header` in the row of `sheet` that holds `key` (an external ID). */
export async function sheetCell(page: Page, sheet: string, key: string, header: string): Promise<{ row: number; col: number }> {
  const preview = previewApi(page);
  const column = await preview.findCell(sheet, header);
  const row = await preview.findCell(sheet, key);
  if (!column || !row) throw new Error(`no ${header} cell for ${key} on ${sheet}`);
  return { row: row.row, col: column.col };
}

/** Selects a cell of the grid as a user does: a click in column A of its row, then → to its column (the grid scrolls along). */
export async function selectGridCell(page: Page, row: number, col: number): Promise<void> {
  const box = await page.locator('.preview-grid canvas').first().boundingBox();
  if (!box) throw new Error('the grid has no canvas');
  // The grid's geometry (workbook-grid.tsx): row markers under 60 px, header 26 px, rows 24 px, column A 64 px.
  await page.mouse.click(box.x + 70, box.y + 26 + row * 24 + 12);
  await eventually(async () => expect(await page.getByTestId('formula-address').textContent()).toBe(`A${row + 1}`));
  for (let i = 0; i < col; i += 1) await page.keyboard.press('ArrowRight');
  await eventually(async () => expect(await page.getByTestId('formula-address').textContent()).toBe(`${columnName(col)}${row + 1}`));
}
