/**
 * The preview's banner says "nothing leaves this browser except calls to the service you connect to": its pages'
 * Content-Security-Policy makes it so. office.js's telemetry frame (3 s after start, outside Office) is refused by
 * the page itself, before the session's own guard on requests leaving 127.0.0.1 would see it.
 */
import { en } from '../../src/i18n/catalog';
import { eventually, expectClean, OFFICE_JS_TELEMETRY, openPreview, pane, previewApi, useApp } from './support';

const suite = useApp({ transactions: 200 });

/** Chromium's console error when a page's policy refuses a frame. */
const TELEMETRY_REFUSED =
  /^Framing 'https:\/\/telemetryservice\.firstpartyapps\.oaspapps\.com\/' violates the following Content Security Policy directive: "frame-src 'self'"/;

test('the preview asks no host but its own and the service it connects to; office.js telemetry is refused by the page', async () => {
  const { page } = suite.session;
  await openPreview(page, suite.app.url, suite.app.sandbox.url);
  await pane(page).getByRole('button', { name: en['pane.connect.demo'] }).click();
  await pane(page).getByText(en['pane.state.online'], { exact: true }).waitFor();
  await pane(page).getByRole('tab', { name: en['pane.tab.data'] }).click();
  await pane(page).getByRole('button', { name: 'Load Transactions', exact: true }).click();
  await eventually(async () => expect(await previewApi(page).tableRowCount('Transactions')).toBe(200), { timeoutMs: 60_000 });

  // office.js tried, and the page's policy said no.
  await eventually(() => expect(suite.session.problems.map((p) => p.text)).toContainEqual(expect.stringMatching(TELEMETRY_REFUSED)));

  const allowed = new Set([suite.app.url, new URL(suite.app.sandbox.url).origin]);
  const hosts = new Set(suite.session.requests.filter((url) => /^https?:/.test(url)).map((url) => new URL(url).origin));
  expect([...hosts].filter((origin) => !allowed.has(origin))).toEqual([]);
  expect(suite.session.problems.filter((p) => p.kind === 'offsite-request')).toEqual([]);
  expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
});
