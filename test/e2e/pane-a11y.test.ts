/**
 * Issue #26, "Connect" and "Words, focus, landmarks", in the preview as a user meets them: a connect that can be
 * cancelled while the demo stays available, a base path without an API (404), focus after connecting and after a
 * load, one heading level 1, the preview's formula bar, and axe's moderate findings in both themes.
 */
import type { Page } from 'playwright-core';
import { en } from '../../src/i18n/catalog';
import { eventually, expectAccessible, expectClean, OFFICE_JS_TELEMETRY, openPreview, pane, paneFrame, previewApi, saveScreenshot, screenshotPane, useApp } from './support';
import { useSilentServer } from '../integration/support';

const suite = useApp({ transactions: 300 });

/** The grid's geometry (workbook-grid.tsx): header 26 px, rows 24 px; the row markers take less than 60 px. */
async function clickCell(page: Page, row: number, column: 'A' | 'B'): Promise<void> {
  const box = await page.locator('.preview-grid canvas').first().boundingBox();
  if (!box) throw new Error('the grid has no canvas');
  const markers = 60;
  // Excel's standard column width, as the preview draws it (48 pt = 64 px at 100 %).
  const columnWidth = 64;
  const x = box.x + markers + (column === 'A' ? 10 : columnWidth + 10);
  await page.mouse.click(x, box.y + 26 + row * 24 + 12);
}

async function fillNewConnection(page: Page, baseUrl: string): Promise<void> {
  const p = pane(page);
  const newButton = p.getByRole('button', { name: en['pane.connect.new'] });
  if (await newButton.isVisible()) await newButton.click();
  await p.getByLabel(en['pane.connect.field.name']).fill('Ours');
  await p.getByLabel(en['pane.connect.field.baseUrl']).fill(baseUrl);
  await p.getByLabel(en['pane.connect.field.clientId']).fill(suite.app.sandbox.credentials.clientId);
  await p.getByLabel(en['pane.connect.field.secret']).fill(suite.app.sandbox.credentials.clientSecret);
  await p.getByRole('form', { name: en['pane.connect.new'] }).getByRole('button', { name: en['pane.connect.connect'], exact: true }).click();
}

describe('the preview grid', () => {
  test('the formula bar shows what the active cell holds (its formula, a number in full) and edits it', async () => {
    const { page } = suite.session;
    await openPreview(page, suite.app.url, suite.app.sandbox.url);
    const preview = previewApi(page);
    await preview.typeInto('Sheet1', 1, 1, '-130');
    await preview.typeInto('Sheet1', 3, 1, '-130');
    await preview.typeInto('Sheet1', 2, 1, '1');

    await clickCell(page, 1, 'B');
    await eventually(async () => expect(await page.getByTestId('formula-address').textContent()).toBe('B2'));
    expect(await page.getByTestId('formula-bar').inputValue()).toBe('-130');
    await clickCell(page, 2, 'B');
    await eventually(async () => expect(await page.getByTestId('formula-address').textContent()).toBe('B3'));
    await page.getByTestId('formula-bar').fill('=B2+B4');
    await page.getByTestId('formula-bar').press('Enter');
    await eventually(async () => expect(await preview.cellText('Sheet1', 2, 1)).toBe('-260'));
    await clickCell(page, 1, 'B');
    await clickCell(page, 2, 'B');
    await eventually(async () => expect(await page.getByTestId('formula-bar').inputValue()).toBe('=B2+B4'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await saveScreenshot(page, 'pane-a11y-formula-bar-light');
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });
});

describe('connect', () => {
  const silent = useSilentServer();

  test('a base path without an API says so (HTTP 404), not "the service refused"', async () => {
    const { page } = suite.session;
    await openPreview(page, suite.app.url, suite.app.sandbox.url);
    await fillNewConnection(page, `${suite.app.sandbox.url.replace(/\/$/, '')}/no-api-here/`);
    await pane(page).getByText(en['connect.error.notFound']).waitFor();
    expect(await pane(page).getByText(en['connect.error.service']).count()).toBe(0);
  });

  test('a connect to a service that hangs can be cancelled, and the demo stays available meanwhile', async () => {
    const { page } = suite.session;
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme: 'dark' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await fillNewConnection(page, silent.url);
    const connecting = pane(page).getByTestId('connecting');
    await connecting.waitFor();
    expect(await pane(page).getByRole('button', { name: en['pane.connect.demo'] }).isEnabled()).toBe(true);
    await expectAccessible(page, { include: ['#pane'] });
    await screenshotPane(page, 'pane-a11y-connecting-dark');
    await connecting.getByRole('button', { name: en['pane.connect.cancel'] }).click();
    await connecting.waitFor({ state: 'detached' });
    await pane(page).getByText(en['pane.state.signedOut'], { exact: true }).waitFor();

    // Again, and this time the demo, while the other connect still hangs: the demo wins, the late answer never comes.
    await fillNewConnection(page, silent.url);
    await connecting.waitFor();
    await pane(page).getByRole('button', { name: en['pane.connect.demo'] }).click();
    await pane(page).getByText(en['pane.state.online'], { exact: true }).waitFor();
  });
});

describe('focus and landmarks', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: after connecting the focus is on the new view's first control, after a load on its card; axe finds nothing moderate`, async () => {
      const { page } = suite.session;
      await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const p = pane(page);
      await expectAccessible(page);
      await saveScreenshot(page, `pane-a11y-first-run-${theme}`);

      await p.getByRole('button', { name: en['pane.connect.demo'] }).press('Enter');
      await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
      const frame = await paneFrame(page);
      const focused = async (): Promise<string> => frame.evaluate(() => {
        const el = document.activeElement;
        return el === null || el === document.body ? 'body' : `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent ?? ''}`;
      });
      await eventually(async () => expect(await focused()).toBe(`button:Load ${en['pane.table.transactions']}`));
      expect(await p.getByRole('heading', { level: 1 }).count()).toBe(1);

      await page.keyboard.press('Enter');
      await p.getByRole('button', { name: `Refresh ${en['pane.table.transactions']}`, exact: true }).waitFor({ timeout: 60_000 });
      await eventually(async () => expect(await p.getByRole('button', { name: `Refresh ${en['pane.table.transactions']}`, exact: true }).isEnabled()).toBe(true));
      expect(await focused()).toBe(`button:Refresh ${en['pane.table.transactions']}`);
      await eventually(async () => expect(await previewApi(page).tableRowCount('Transactions')).toBeGreaterThan(0));
      await expectAccessible(page, { include: ['#pane'] });
      await screenshotPane(page, `pane-a11y-data-${theme}`);
      expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
    });
  }
});
