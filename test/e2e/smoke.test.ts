/**
 * The pane as Excel loads it (taskpane.html from a production build): Office.js comes from our own origin, no
 * request leaves 127.0.0.1 (nothing is downloaded at run time), no error on the page, nothing serious for axe.
 */
import { expectAccessible, expectClean, newSession, OFFICE_JS_TELEMETRY, startApp, type App, type Session } from './support';

let app: App;
let session: Session;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  session = await newSession(app.browser);
});
afterEach(async () => {
  await session?.close();
});

test('taskpane.html loads Office.js from its own origin and nothing from anywhere else', async () => {
  const { page } = session;
  const officeJs = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/office.js'));
  await page.goto(`${app.url}/taskpane.html`);
  const response = await officeJs;
  expect(new URL(response.url()).origin).toBe(app.url);
  expect(response.status()).toBe(200);
  await page.waitForLoadState('networkidle');

  // office.js's own telemetry frame (3 s after start, outside Office only) is the one exception: a slow machine
  // reaches it before the page goes idle. The session blocks it, so nothing leaves the machine.
  const offsite = session.requests.filter((url) => !url.startsWith(`${app.url}/`) && !url.startsWith('data:'));
  expect(offsite.filter((url) => !OFFICE_JS_TELEMETRY.test(`GET ${url}`))).toEqual([]);
  expectClean(session, [OFFICE_JS_TELEMETRY]);
});

test('taskpane.html has no serious or critical accessibility violation', async () => {
  const { page } = session;
  await page.goto(`${app.url}/taskpane.html`);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  // axe takes seconds on a 2-core machine: office.js's own telemetry frame (see support/browser.ts) may come first.
  expectClean(session, [OFFICE_JS_TELEMETRY]);
});
