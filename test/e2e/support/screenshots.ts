/**
 * Screenshots for the README: PNGs in assets/screenshots/<name>.png, of a whole page or of one element.
 * `screenshotPane` takes the pane's iframe at the width Office gives a task pane (320 px).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from './build';

export const SCREENSHOT_DIR = path.join(ROOT, 'assets', 'screenshots');
export const PANE_WIDTH = 320;

function file(name: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`screenshot name "${name}": use lower-case words and dashes`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

/** A page (the viewport) or an element; answers the file written. */
export async function saveScreenshot(target: Page | Locator, name: string): Promise<string> {
  const out = file(name);
  await target.screenshot({ path: out, animations: 'disabled' });
  return out;
}

/** The pane's iframe element (`#pane` on the preview) at 320 px wide; the frame's width is set if it differs. */
export async function screenshotPane(page: Page, name: string, selector = '#pane'): Promise<string> {
  const frame = page.locator(selector);
  const box = await frame.boundingBox();
  if (box === null) throw new Error(`no visible ${selector} to take a screenshot of`);
  if (Math.round(box.width) !== PANE_WIDTH) {
    await frame.evaluate((element, width) => {
      (element as HTMLElement).style.width = `${width}px`;
    }, PANE_WIDTH);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  return saveScreenshot(frame, name);
}
