/**
 * Issue #26, "Connect" and "Words, focus, landmarks", in the preview as a user meets them: a connect that can be
 * cancelled while the demo stays available, a base path without an API (404), focus after connecting and after a
 * load, one heading level 1, the preview's formula bar, and axe's moderate findings in both themes.
 */
import type { CDPSession, Page } from 'playwright-core';
import { en } from '../../src/i18n/catalog';
import {
  eventually,
  expectAccessible,
  expectClean,
  OFFICE_JS_TELEMETRY,
  openPreview,
  pane,
  paneFrame,
  previewApi,
  saveScreenshot,
  screenshotPane,
  useApp,
} from './support';
import { useSilentServer } from '../integration/support';

const suite = useApp({ transactions: 300 });

/** The grid's geometry (workbook-grid.tsx): header 26 px, rows 24 px; the row markers take less than 60 px. */
async function clickCell(page: Page, row: number, column: 'A' | 'B' | number, clicks = 1): Promise<void> {
  const box = await page.locator('.preview-grid canvas').first().boundingBox();
  if (!box) throw new Error('the grid has no canvas');
  const markers = 60;
  // Excel's standard column width, as the preview draws it (48 pt = 64 px at 100 %).
  const columnWidth = 64;
  const index = column === 'A' ? 0 : column === 'B' ? 1 : column;
  await page.mouse.click(box.x + markers + index * columnWidth + 10, box.y + 26 + row * 24 + 12, { clickCount: clicks });
}

/**
 * Keys as a keyboard sends them (a key down with its character, then up), over the DevTools protocol: Playwright's
 * `keyboard.type` inserts characters a US keyboard lacks (ä) without any key event, which no German keyboard does.
 */
async function typeKeys(cdp: CDPSession, keys: ReadonlyArray<string>): Promise<void> {
  const named: Record<string, { code: string; keyCode: number; text?: string }> = {
    Enter: { code: 'Enter', keyCode: 13, text: '\r' },
    Tab: { code: 'Tab', keyCode: 9 },
    Escape: { code: 'Escape', keyCode: 27 },
    F2: { code: 'F2', keyCode: 113 },
    Backspace: { code: 'Backspace', keyCode: 8 },
    Delete: { code: 'Delete', keyCode: 46 },
    ArrowRight: { code: 'ArrowRight', keyCode: 39 },
    ArrowDown: { code: 'ArrowDown', keyCode: 40 },
    ArrowUp: { code: 'ArrowUp', keyCode: 38 },
  };
  for (const key of keys) {
    const special = named[key];
    const text = special ? special.text : key;
    const common = { key, code: special?.code ?? '', windowsVirtualKeyCode: special?.keyCode ?? 0 };
    await cdp.send(
      'Input.dispatchKeyEvent',
      text === undefined ? { type: 'rawKeyDown', ...common } : { type: 'keyDown', ...common, text, unmodifiedText: text },
    );
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
  }
}

/** Each character of `text` as its own key. */
function chars(text: string): string[] {
  return [...text];
}

async function fillNewConnection(page: Page, baseUrl: string): Promise<void> {
  const p = pane(page);
  const newButton = p.getByRole('button', { name: en['pane.connect.new'] });
  if (await newButton.isVisible()) await newButton.click();
  await p.getByLabel(en['pane.connect.field.name']).fill('Ours');
  await p.getByLabel(en['pane.connect.field.baseUrl']).fill(baseUrl);
  await p.getByLabel(en['pane.connect.field.clientId']).fill(suite.app.sandbox.credentials.clientId);
  await p.getByLabel(en['pane.connect.field.secret']).fill(suite.app.sandbox.credentials.clientSecret);
  await p
    .getByRole('form', { name: en['pane.connect.new'] })
    .getByRole('button', { name: en['pane.connect.connect'], exact: true })
    .click();
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

describe('typing into the grid (#26: no keystroke is ever lost)', () => {
  // What is typed, and what the cell then shows (Excel's typing rules: a number, a formula's result, a quoted text).
  const ENTRIES: ReadonlyArray<readonly [string, string]> = [
    ['-130', '-130'],
    ['=1+1', '2'],
    ["'0042", '0042'],
    ['ä', 'ä'],
    ['-7.25', '-7.25'],
  ];

  /** Column `column`, rows 1-5: each cell clicked, then typed into at once and ended with `ending`. */
  async function clickAndType(page: Page, cdp: CDPSession, column: number, ending: 'Enter' | 'Tab'): Promise<void> {
    for (const [row, [typed]] of ENTRIES.entries()) {
      await clickCell(page, row, column);
      await typeKeys(cdp, [...chars(typed), ending]);
    }
  }

  /** Column `column`: its first cell clicked, then the entries typed one after another, Enter moving down. */
  async function typeDown(page: Page, cdp: CDPSession, column: number): Promise<void> {
    await clickCell(page, 0, column);
    for (const [typed] of ENTRIES) await typeKeys(cdp, [...chars(typed), 'Enter']);
  }

  async function expectColumn(page: Page, column: number): Promise<void> {
    const preview = previewApi(page);
    const shown = async (): Promise<string[]> => Promise.all(ENTRIES.map((_entry, row) => preview.cellText('Sheet1', row, column)));
    await eventually(async () => expect(await shown()).toEqual(ENTRIES.map(([, expected]) => expected)));
  }

  test('typing at machine speed right after selecting a cell keeps every key, also while the page is busy', async () => {
    const { page } = suite.session;
    await openPreview(page, suite.app.url, suite.app.sandbox.url);
    const cdp = await page.context().newCDPSession(page);

    await clickAndType(page, cdp, 0, 'Enter');
    await typeDown(page, cdp, 1);

    // A busy page: its main thread blocked 40 ms of every 50, and the CPU four times slower.
    await page.evaluate(() => {
      const busy = (): void => {
        const end = performance.now() + 40;
        while (performance.now() < end);
      };
      (window as unknown as { hog?: number }).hog = window.setInterval(busy, 50);
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await clickAndType(page, cdp, 2, 'Tab');
    await typeDown(page, cdp, 3);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.evaluate(() => window.clearInterval((window as unknown as { hog?: number }).hog));

    for (const column of [0, 1, 2, 3]) await expectColumn(page, column);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });

  test('Enter, Tab, Escape, F2, Backspace, Delete, arrows and double-click work as in Excel', async () => {
    const { page } = suite.session;
    await openPreview(page, suite.app.url, suite.app.sandbox.url);
    const preview = previewApi(page);
    const cdp = await page.context().newCDPSession(page);
    const address = async (): Promise<string | null> => page.getByTestId('formula-address').textContent();
    await preview.typeInto('Sheet1', 0, 0, '-130');
    await preview.typeInto('Sheet1', 1, 0, 'keep');
    await preview.typeInto('Sheet1', 2, 0, 'gone');

    // Enter on a selected cell moves down; Escape drops an entry, and the cell keeps its value.
    await clickCell(page, 0, 'A');
    await typeKeys(cdp, ['Enter']);
    await eventually(async () => expect(await address()).toBe('A2'));
    await typeKeys(cdp, [...chars('99'), 'Escape']);
    expect(await preview.cellText('Sheet1', 1, 0)).toBe('keep');
    // F2 edits what the cell holds (the caret at its end), Enter writes it.
    await typeKeys(cdp, ['ArrowUp', 'F2', '0', 'Enter']);
    await eventually(async () => expect(await preview.cellText('Sheet1', 0, 0)).toBe('-1300'));
    // Typing replaces; an arrow ends the entry and moves (Enter mode).
    await clickCell(page, 3, 'A');
    await typeKeys(cdp, ['4', '2', 'ArrowRight', '7', 'Tab']);
    await eventually(async () =>
      expect([await preview.cellText('Sheet1', 3, 0), await preview.cellText('Sheet1', 3, 1)]).toEqual(['42', '7']),
    );
    await eventually(async () => expect(await address()).toBe('C4'));
    // Delete empties the selected cell; Backspace starts an empty entry.
    await clickCell(page, 2, 'A');
    await typeKeys(cdp, ['Delete']);
    await eventually(async () => expect(await preview.cellText('Sheet1', 2, 0)).toBe(''));
    await clickCell(page, 1, 'A');
    await typeKeys(cdp, ['Backspace', 'x', 'Enter']);
    await eventually(async () => expect(await preview.cellText('Sheet1', 1, 0)).toBe('x'));
    // A double-click edits the cell's contents.
    await clickCell(page, 3, 'A', 2);
    await expect(page.getByTestId('cell-editor').inputValue()).resolves.toBe('42');
    await typeKeys(cdp, ['1', 'Enter']);
    await eventually(async () => expect(await preview.cellText('Sheet1', 3, 0)).toBe('421'));
    await expectAccessible(page);
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
      const focused = async (): Promise<string> =>
        frame.evaluate(() => {
          const el = document.activeElement;
          return el === null || el === document.body
            ? 'body'
            : `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent ?? ''}`;
        });
      await eventually(async () => expect(await focused()).toBe(`button:Load ${en['pane.table.transactions']}`));
      expect(await p.getByRole('heading', { level: 1 }).count()).toBe(1);

      await page.keyboard.press('Enter');
      await p.getByRole('button', { name: `Refresh ${en['pane.table.transactions']}`, exact: true }).waitFor({ timeout: 60_000 });
      await eventually(async () =>
        expect(await p.getByRole('button', { name: `Refresh ${en['pane.table.transactions']}`, exact: true }).isEnabled()).toBe(true),
      );
      expect(await focused()).toBe(`button:Refresh ${en['pane.table.transactions']}`);
      await eventually(async () => expect(await previewApi(page).tableRowCount('Transactions')).toBeGreaterThan(0));
      await expectAccessible(page, { include: ['#pane'] });
      await screenshotPane(page, `pane-a11y-data-${theme}`);
      expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
    });
  }
});
