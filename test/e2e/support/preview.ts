/**
 * The pages under test and the preview's test hooks:
 *   preview.html?sandbox=<url>&lang=en&theme=light|dark   the workbook and the real pane in <iframe id="pane">
 *   taskpane.html                                          the pane alone (as Excel loads it)
 * The preview's top page exposes `window.cashflowPreview` (see `CashflowPreview`); `previewApi(page)` calls it.
 */
import type { Frame, FrameLocator, Page } from 'playwright-core';

export type Theme = 'light' | 'dark';
export type Language = 'en' | 'de' | 'it';

export interface PreviewOptions {
  theme?: Theme;
  lang?: Language;
}

/** What the preview page offers tests on `window.cashflowPreview`. */
export interface CashflowPreview {
  /** The text a cell shows (its number format applied), 0-based row and column. */
  cellText(sheet: string, row: number, col: number): string;
  /** Data rows of a table (header not counted). */
  tableRowCount(tableName: string): number;
  /** Back to an empty workbook and a pane that knows no connection. */
  reset(): unknown;
  /** What the workbook has saved (document settings and hidden sheets), for checks of what survives a reload. */
  saved(): unknown;
}

declare global {
  interface Window {
    cashflowPreview?: CashflowPreview;
  }
}

export function previewUrl(appUrl: string, sandboxUrl: string, options: PreviewOptions = {}): string {
  const query = new URLSearchParams({ sandbox: sandboxUrl, lang: options.lang ?? 'en', theme: options.theme ?? 'light' });
  return `${appUrl}/preview.html?${query.toString()}`;
}

/** Opens the preview and waits until its hooks and the pane's frame are there. */
export async function openPreview(page: Page, appUrl: string, sandboxUrl: string, options: PreviewOptions = {}): Promise<void> {
  await page.goto(previewUrl(appUrl, sandboxUrl, options));
  await page.waitForFunction(() => window.cashflowPreview !== undefined, undefined, { timeout: 30_000 });
  await page.locator('#pane').waitFor({ state: 'visible' });
}

/** The pane inside the preview, for locators (`pane(page).getByRole('button', { name: 'Pull Transactions' })`). */
export function pane(page: Page): FrameLocator {
  return page.frameLocator('#pane');
}

/** The pane's Frame, for `evaluate` in the pane's window. */
export async function paneFrame(page: Page): Promise<Frame> {
  const frame = await page.locator('#pane').elementHandle().then((e) => e?.contentFrame());
  if (!frame) throw new Error('the preview has no #pane frame');
  return frame;
}

/** `window.cashflowPreview`, called from the test (each call runs in the top page). */
export interface PreviewApi {
  cellText(sheet: string, row: number, col: number): Promise<string>;
  tableRowCount(tableName: string): Promise<number>;
  reset(): Promise<void>;
  saved(): Promise<unknown>;
}

export function previewApi(page: Page): PreviewApi {
  return {
    cellText: (sheet: string, row: number, col: number): Promise<string> =>
      page.evaluate(([s, r, c]) => {
        if (!window.cashflowPreview) throw new Error('window.cashflowPreview is missing');
        return window.cashflowPreview.cellText(s, r, c);
      }, [sheet, row, col] as const),
    tableRowCount: (tableName: string): Promise<number> =>
      page.evaluate((t) => {
        if (!window.cashflowPreview) throw new Error('window.cashflowPreview is missing');
        return window.cashflowPreview.tableRowCount(t);
      }, tableName),
    reset: (): Promise<void> =>
      page.evaluate(async () => {
        if (!window.cashflowPreview) throw new Error('window.cashflowPreview is missing');
        await window.cashflowPreview.reset();
      }),
    saved: (): Promise<unknown> =>
      page.evaluate(async () => {
        if (!window.cashflowPreview) throw new Error('window.cashflowPreview is missing');
        return (await window.cashflowPreview.saved()) as unknown;
      }),
  };
}
