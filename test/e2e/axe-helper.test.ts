/**
 * The axe helper (support/axe.ts) judges only a view that held still for a whole run. A page stands in for the
 * pane: its button turns disabled, in a disabled grey, at the moment axe starts measuring its colours, after axe
 * chose it as an enabled control: what a load finishing (or starting) during a check did to the dark-theme test.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { expectAccessible, stillViolations } from './support/axe';

/**
 * `when` decides at which of axe's reads of the button's style the page flips it: 'first-measure' flips once, when
 * axe's colour-contrast check first reads it; 'every-read' flips it at every read (a view that never holds still).
 */
function pageWithRacingButton(when: 'first-measure' | 'every-read'): string {
  return `<!doctype html><html lang="en"><head><title>Data</title></head><body><main><h1>Data</h1>
<button id="load" style="color:#000;background:#fff;border:1px solid #000">Load Transactions</button></main>
<script>
  window.flips = 0;
  const read = window.getComputedStyle;
  window.getComputedStyle = function (element, ...rest) {
    const measuring = ${when === 'every-read' ? 'true' : 'window.flips === 0 && /colorContrastEvaluate/.test(new Error().stack)'};
    if (element && element.id === 'load' && measuring) {
      window.flips += 1;
      const disable = !element.disabled;
      element.disabled = disable;
      element.style.color = disable ? '#c8c8c8' : '#000';
    }
    return read.call(this, element, ...rest);
  };
</script></body></html>`;
}

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  page = await (await browser.newContext()).newPage();
});
afterEach(async () => {
  await page.context().close();
});

test('a control disabled while axe measures it: that run is thrown away, the next one sees the disabled control (exempt)', async () => {
  await page.setContent(pageWithRacingButton('first-measure'));
  const { violations, runs } = await stillViolations(page);
  expect(await page.evaluate(() => (window as unknown as { flips: number }).flips)).toBe(1); // the race did happen
  expect(runs).toBe(2);
  expect(violations).toEqual([]);
  await expect(page.locator('#load').isDisabled()).resolves.toBe(true);
});

test('a view that never holds still fails the check, naming what kept changing', async () => {
  await page.setContent(pageWithRacingButton('every-read'));
  await expect(expectAccessible(page, { stillWithinMs: 0 })).rejects.toThrow(
    /did not hold still for a whole check \(1 run\(s\)\); it kept changing: (?:disabled|style) of <button#load> \(page\)/,
  );
});

test('a page that holds still is checked in one run, and its violations still count', async () => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>t</h1><p style="color:#c8c8c8;background:#fff">Faint</p></main></body></html>',
  );
  const { violations, runs } = await stillViolations(page);
  expect(runs).toBe(1);
  expect(violations.map((v) => v.id)).toEqual(['color-contrast']);
});

test("a violation inside the pane's frame counts, checked over the whole page or with the frame included", async () => {
  // Served from an origin (as the preview is), not about:blank: axe reaches same-origin frames only.
  const pages: Record<string, string> = {
    '/top.html':
      '<!doctype html><html lang="en"><head><title>t</title></head><body><main aria-label="Page"><h1>t</h1><iframe id="pane" title="Pane" src="/pane.html"></iframe></main></body></html>',
    '/pane.html':
      '<!doctype html><html lang="en"><head><title>pane</title></head><body><main aria-label="Pane"><h1>Pane</h1><p style="color:#c8c8c8;background:#fff">Faint</p></main></body></html>',
  };
  await page.route('http://127.0.0.1:9/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: pages[new URL(route.request().url()).pathname] ?? '' }),
  );
  await page.goto('http://127.0.0.1:9/top.html');
  await page.frameLocator('#pane').getByText('Faint').waitFor();
  for (const options of [{}, { include: ['#pane'] }]) {
    const { violations } = await stillViolations(page, options);
    expect(violations.map((v) => v.id)).toEqual(['color-contrast']);
    expect(violations[0]?.nodes.map((n) => n.target)).toEqual([['#pane', 'p']]);
  }
});
