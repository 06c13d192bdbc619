/**
 * Filters in the preview, as a user drives them: a relative period and a category from the tree, applied and loaded
 * (the table holds exactly the service's filtered rows), the card's words, the filter kept across a reload, the
 * fiscal year of Settings; the load confirmation above the threshold; axe and screenshots in both themes.
 * The browser's clock is fixed at 2026-11-25 noon (Playwright's `clock`: only `Date` is fixed, timers run).
 */
import type { Page } from 'playwright-core';
import { en } from '../../src/i18n/catalog';
import {
  eventually,
  expectAccessible,
  expectClean,
  OFFICE_JS_TELEMETRY,
  openPreview,
  pane,
  previewApi,
  screenshotPane,
  useApp,
} from './support';

const suite = useApp({ transactions: 12_000 });
const PANE = { include: ['#pane'] };
const TODAY = new Date(2026, 10, 25, 12);

async function start(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.clock.setFixedTime(TODAY);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
  await pane(page).getByRole('button', { name: en['pane.connect.demo'] }).click();
  await pane(page).getByText(en['pane.state.online'], { exact: true }).waitFor();
}

async function openFilters(page: Page, table: string): Promise<void> {
  const p = pane(page);
  await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
  await p.getByRole('button', { name: `More for ${table}` }).click();
  await p.getByRole('menuitem', { name: en['pane.data.filters'] }).click();
  await p.getByRole('form', { name: en['pane.data.filters'] }).waitFor();
}

async function waitLoaded(page: Page, table: string): Promise<void> {
  const refresh = pane(page).getByRole('button', { name: `Refresh ${table}`, exact: true });
  await refresh.waitFor({ timeout: 60_000 });
  await eventually(async () => expect(await refresh.isEnabled()).toBe(true), { timeoutMs: 60_000 });
}

async function serviceCount(query: string): Promise<number> {
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
  const page = await fetch(new URL(`transactions/extended/?page_size=1&${query}`, suite.app.sandbox.url), {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return ((await page.json()) as { count: number }).count;
}

test('a period and a category from the tree: "Apply and load" loads the filtered rows, the card says which, a reload keeps it (light)', async () => {
  const { page } = suite.session;
  await start(page, 'light');
  await openFilters(page, 'Transactions');
  const form = pane(page).getByRole('form', { name: en['pane.data.filters'] });

  await form.getByTestId('period').click();
  await pane(page).getByRole('option', { name: en['filter.period.thisQuarter'] }).click();
  await form.getByText('Worked out again at every refresh: 2026-10-01 to 2026-12-31 today.').waitFor();

  // The tree, searchable: "Personal" finds the parent and its children, each with its path (a multiselect's
  // options are `menuitemcheckbox`es in Fluent v9).
  const picker = form.getByTestId('category-picker');
  await picker.click();
  await picker.pressSequentially('Personal');
  await pane(page).getByRole('menuitemcheckbox', { name: 'Ausgaben › Personal › Gehälter' }).waitFor();
  await pane(page).getByRole('menuitemcheckbox', { name: 'Ausgaben › Personal', exact: true }).click();
  await pane(page)
    .getByRole('menuitemcheckbox', { name: /Ausgaben › Personal › Gehälter · included with Personal/ })
    .waitFor();
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'filters-light');
  await picker.press('Escape');

  await form.getByRole('button', { name: en['pane.filters.applyLoad'] }).click();
  await waitLoaded(page, 'Transactions');
  const words = pane(page).locator('[data-table="Transactions"]').getByTestId('filter-words');
  await eventually(async () => expect(await words.textContent()).toBe('Filter: This quarter: 2026-10-01 to 2026-12-31, 1 category'));

  const settings = JSON.parse(await previewApi(page).settingsJson()) as Record<string, string>;
  const state = JSON.parse(settings['cashflow.pull.transactions'] ?? '{}') as {
    period: string;
    target: { filters: { category: number[] } };
  };
  expect(state.period).toBe('thisQuarter');
  const category = state.target.filters.category[0] ?? 0;
  const expected = await serviceCount(`min_date=2026-10-01&max_date=2026-12-31&category=${category}`);
  expect(expected).toBeGreaterThan(0);
  expect(await previewApi(page).tableRowCount('Transactions')).toBe(expected);

  await previewApi(page).saved();
  await page.reload();
  await page.waitForFunction(() => window.cashflowPreview !== undefined);
  await pane(page).getByText(en['pane.state.online'], { exact: true }).waitFor();
  await pane(page).getByRole('tab', { name: en['pane.tab.data'] }).click();
  await eventually(async () => expect(await words.textContent()).toBe('Filter: This quarter: 2026-10-01 to 2026-12-31, 1 category'));
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'filters-card-light');
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test('the fiscal year of Settings; a load above the threshold asks first with the counted rows, and a filter not loaded says so (dark)', async () => {
  const { page } = suite.session;
  await start(page, 'dark');
  const p = pane(page);
  await p.getByRole('tab', { name: en['pane.tab.settings'] }).click();
  await p.getByRole('combobox', { name: en['pane.settings.fiscalYear'] }).click();
  await p.getByRole('option', { name: 'April' }).click();
  await p.getByRole('combobox', { name: en['pane.settings.confirmLoad'] }).click();
  await p.getByRole('option', { name: 'more than 10,000 rows' }).click();

  await openFilters(page, 'Forecast budgets');
  const form = p.getByRole('form', { name: en['pane.data.filters'] });
  await form.getByTestId('period').click();
  await p.getByRole('option', { name: en['filter.period.fiscalYear'] }).click();
  await form.getByText('Worked out again at every refresh: 2026-04-01 to 2027-03-31 today.').waitFor();
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'filters-dark');
  await form.getByRole('button', { name: en['pane.filters.cancel'] }).click();

  // A filter that still brings every row: applying it asks first.
  await openFilters(page, 'Transactions');
  await form.getByLabel(en['pane.filters.from']).fill('2000-01-01');
  await form.getByRole('button', { name: en['pane.filters.applyLoad'] }).click();
  const dialog = p.getByRole('alertdialog', { name: 'Load 12,000 rows into Transactions?' });
  await dialog.waitFor();
  await dialog.getByText('About 1 s. You can cancel while it loads.').waitFor();
  await p.getByTestId('progress').getByText('Transactions: 12,000 rows coming').waitFor();
  await expectAccessible(page, PANE);
  await screenshotPane(page, 'filters-confirm-dark');
  await dialog.getByRole('button', { name: en['pane.load.cancel'] }).click();
  await p.locator('[data-table="Transactions"]').getByText('Transactions was not loaded.').waitFor();
  expect(await previewApi(page).tableRowCount('Transactions')).toBeUndefined();
  const words = p.locator('[data-table="Transactions"]').getByTestId('filter-words');
  expect(await words.textContent()).toBe('Filter not yet applied: from 2000-01-01');

  await p.getByRole('button', { name: 'Load Transactions', exact: true }).click();
  await dialog.getByRole('button', { name: en['pane.load.confirm'] }).click();
  await waitLoaded(page, 'Transactions');
  expect(await previewApi(page).tableRowCount('Transactions')).toBe(12_000);
  await eventually(async () => expect(await words.textContent()).toBe('Filter: from 2000-01-01'));
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});
