/**
 * The pane as Excel loads it (taskpane.html from a production build): Office.js comes from our own origin, no
 * request leaves 127.0.0.1 (nothing is downloaded at run time), no error on the page, nothing serious for axe. And the
 * preview's simulated Excel answers a sync as Excel does, a turn of the page later (issue #30: syncYield).
 */
import { expectAccessible, expectClean, OFFICE_JS_TELEMETRY, openPreview, useApp } from './support';

const suite = useApp();

test('taskpane.html loads Office.js from its own origin and nothing from anywhere else', async () => {
  const { page } = suite.session;
  const officeJs = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/office.js'));
  await page.goto(`${suite.app.url}/taskpane.html`);
  const response = await officeJs;
  expect(new URL(response.url()).origin).toBe(suite.app.url);
  expect(response.status()).toBe(200);
  await page.waitForLoadState('networkidle');

  // office.js's own telemetry frame (3 s after start, outside Office only) is the one exception: a slow machine
  // reaches it before the page goes idle. The session blocks it, so nothing leaves the machine.
  const offsite = suite.session.requests.filter((url) => !url.startsWith(`${suite.app.url}/`) && !url.startsWith('data:'));
  expect(offsite.filter((url) => !OFFICE_JS_TELEMETRY.test(`GET ${url}`))).toEqual([]);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test('taskpane.html has no serious or critical accessibility violation', async () => {
  const { page } = suite.session;
  await page.goto(`${suite.app.url}/taskpane.html`);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  // axe takes seconds on a 2-core machine: office.js's own telemetry frame (see support/browser.ts) may come first.
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});

test("the preview's simulated Excel gives the page its turn at every sync, as a round trip to Excel does", async () => {
  const { page } = suite.session;
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  const seen = await page.evaluate(async () => {
    const workbook = window.cashflowPreview?.workbook;
    if (workbook === undefined) return 'no workbook';
    const context = workbook.createContext();
    context.workbook.worksheets.getItem(workbook.sheetNames()[0] ?? 'Sheet1').getRange('Z99').values = [['probe']];
    let resolved = false;
    const sync = context.sync().then(() => {
      resolved = true;
    });
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    const withinMicrotasks = resolved;
    await sync;
    return withinMicrotasks ? 'resolved within microtasks' : 'gave the page its turn';
  });
  expect(seen).toBe('gave the page its turn');
});
