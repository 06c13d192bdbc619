/**
 * The pane as Excel loads it (taskpane.html from a production build): Office.js comes from our own origin, no
 * request leaves 127.0.0.1 (nothing is downloaded at run time), no error on the page, nothing serious for axe.
 */
import { expectAccessible, expectClean, OFFICE_JS_TELEMETRY, useApp } from './support';

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
