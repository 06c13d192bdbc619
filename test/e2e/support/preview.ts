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

// `window.cashflowPreview` is declared by the preview itself (src/preview/cashflow-preview.ts).
import type {} from '../../../src/preview/cashflow-preview';

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
  const frame = await page
    .locator('#pane')
    .elementHandle()
    .then((e) => e?.contentFrame());
  if (!frame) throw new Error('the preview has no #pane frame');
  return frame;
}

/** `window.cashflowPreview`, called from the test (each call runs in the top page). */
export interface PreviewApi {
  cellText(sheet: string, row: number, col: number): Promise<string>;
  tableRowCount(tableName: string): Promise<number | undefined>;
  /** The workbook's tables: name, sheet, address and header names. */
  tables(): Promise<Array<{ name: string; sheet: string; address: string; columns: string[] }>>;
  /** The document settings as JSON text (what travels inside the workbook). */
  settingsJson(): Promise<string>;
  /** Sheets (hidden ones too) with a cell whose value or formula contains `text`. */
  sheetsContaining(text: string): Promise<string[]>;
  /** The first cell of `sheet` whose value is exactly `text` (0-based), with its value type. */
  findCell(sheet: string, text: string): Promise<{ row: number; col: number; valueType: string } | undefined>;
  /** The fill and font colour the grid draws a cell with ({} for the defaults). */
  cellColors(sheet: string, row: number, col: number): Promise<{ fill?: string; font?: string }>;
  /** Types into a cell as a user does, like the grid's editor (`typeIntoCell`: the typing rules of `range.values`). */
  typeInto(sheet: string, row: number, col: number, input: string): Promise<void>;
  reset(): Promise<void>;
  saved(): Promise<void>;
  /** The active sheet and its selected cells (0-based box), as `range.select()` left them. */
  selection(): Promise<{ sheet: string; row: number; column: number; rowCount: number; columnCount: number }>;
}

function api(page: Page) {
  return async <A, R>(run: (preview: NonNullable<Window['cashflowPreview']>, arg: A) => R | Promise<R>, arg: A): Promise<R> => {
    await page.waitForFunction(() => window.cashflowPreview !== undefined);
    return page.evaluate(
      async ([source, a]) => {
        const preview = window.cashflowPreview;
        if (!preview) throw new Error('window.cashflowPreview is missing');
        const fn = new Function('preview', 'arg', `return (${source})(preview, arg);`) as (p: typeof preview, x: unknown) => unknown;
        return fn(preview, a);
      },
      [run.toString(), arg] as const,
    ) as Promise<R>;
  };
}

export function previewApi(page: Page): PreviewApi {
  const call = api(page);
  return {
    cellText: (sheet, row, col) => call((p, a: [string, number, number]) => p.cellText(a[0], a[1], a[2]), [sheet, row, col]),
    tableRowCount: (tableName) => call((p, name: string) => p.tableRowCount(name), tableName),
    tables: () =>
      call((p) => p.workbook.tables().map((t) => ({ name: t.name, sheet: t.sheet, address: t.address, columns: t.columns })), null),
    settingsJson: () => call((p) => JSON.stringify(p.workbook.settings()), null),
    sheetsContaining: (text) =>
      call(
        (p, needle: string) =>
          p.workbook
            .sheetNames()
            .filter((sheet) =>
              [...p.workbook.values(sheet), ...p.workbook.formulas(sheet)].some((row) => row.some((v) => String(v).includes(needle))),
            ),
        text,
      ),
    findCell: (sheet, text) =>
      call(
        (p, a: [string, string]) => {
          const values = p.workbook.values(a[0]);
          const types = p.workbook.valueTypes(a[0]);
          for (let row = 0; row < values.length; row++) {
            const col = (values[row] ?? []).findIndex((v) => v === a[1]);
            if (col >= 0) return { row, col, valueType: types[row]?.[col] ?? '' };
          }
          return undefined;
        },
        [sheet, text],
      ),
    cellColors: (sheet, row, col) => call((p, a: [string, number, number]) => ({ ...p.cellColors(a[0], a[1], a[2]) }), [sheet, row, col]),
    typeInto: (sheet, row, col, input) =>
      call(
        // As a user types (the changed events say "not this add-in"), the way the grid's editor writes.
        (p, a: [string, number, number, string]) => p.workbook.typeIntoCell(a[0], a[1], a[2], a[3]),
        [sheet, row, col, input],
      ),
    reset: () => call((p) => p.reset(), null),
    selection: () =>
      call((p) => {
        const sheet = p.workbook.activeSheetName();
        return { sheet, ...p.workbook.state.sheet(sheet).selection };
      }, null),
    saved: () => call((p) => p.saved(), null),
  };
}
