/**
 * A shared workbook whose `cashflow.connection` names one of the user's saved profiles at another address: the pane
 * warns before anything is sent (both addresses), connecting the saved profile is the one primary action, and the
 * workbook's address is only a new connection chosen on purpose, its client ID and secret empty. Nothing reaches the
 * other address. In both themes, with axe, and the screenshots `connect-mismatch-light` / `connect-mismatch-dark`.
 *
 * Setting the stage with what the preview already has: the demo connection saved by the pane itself (its secret
 * remembered), the document setting written through `Excel.run` on the preview's workbook, saved, and a reload, so
 * the pane starts on that workbook with that storage.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { en } from '../../src/i18n/catalog';
import { expectAccessible, expectClean, OFFICE_JS_TELEMETRY, openPreview, pane, previewApi, screenshotPane, useApp } from './support';

const suite = useApp({ transactions: 200 });

/** The other address: a server on 127.0.0.1 (the session lets nothing leave it) that notes every request. */
let stranger: Server;
let strangerUrl: string;
const strangerHeard: string[] = [];
beforeAll(async () => {
  stranger = createServer((request, response) => {
    strangerHeard.push(`${request.method ?? ''} ${request.url ?? ''}`);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
  strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => stranger.close(() => resolve()));
});

/** Writes the workbook's connection setting as a copy from elsewhere carries it, and waits until it is saved. */
async function workbookNames(page: Page, profileName: string, baseUrl: string): Promise<void> {
  await page.evaluate(
    async ([key, value]) => {
      const preview = window.cashflowPreview;
      if (!preview) throw new Error('window.cashflowPreview is missing');
      await preview.globals.Excel.run(async (context) => {
        context.workbook.settings.add(key, value);
        await context.sync();
      });
    },
    ['cashflow.connection', JSON.stringify({ profileName, baseUrl })] as const,
  );
  await previewApi(page).saved();
}

describe.each(['light', 'dark'] as const)('%s theme', (theme) => {
  test('a workbook naming my saved connection at another address: a warning with both, my connection first, nothing sent there', async () => {
    const { page } = suite.session;
    const sandboxUrl = new URL(suite.app.sandbox.url).href;
    strangerHeard.length = 0;
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    const p = pane(page);
    // This computer's saved connection: the demo company, its secret remembered.
    await p.getByRole('button', { name: en['pane.connect.demo'] }).click();
    await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
    const name = en['connect.demo.name'];
    await workbookNames(page, name, strangerUrl);

    await page.reload();
    await page.waitForFunction(() => window.cashflowPreview !== undefined);
    const warning = p.getByTestId('workbook-mismatch');
    await warning.waitFor();
    await expect(warning.textContent()).resolves.toContain(strangerUrl);
    await expect(warning.textContent()).resolves.toContain(sandboxUrl);
    await expect(warning.textContent()).resolves.toContain(en['pane.connect.mismatch.title']);
    // The secret is remembered, yet nothing connected by itself.
    await expect(p.getByText(en['pane.state.signedOut'], { exact: true }).isVisible()).resolves.toBe(true);
    const mine = p.getByRole('button', { name: en['pane.connect.mismatch.useMineNamed'].replace('{name}', name) });
    await expect(mine.isVisible()).resolves.toBe(true);
    await expectAccessible(page, { include: ['#pane'] });
    await page.mouse.move(0, 0);
    await screenshotPane(page, `connect-mismatch-${theme}`);

    // The workbook's address, chosen on purpose: a new connection, its client ID and secret empty.
    await p.getByRole('button', { name: en['pane.connect.mismatch.useWorkbook'] }).click();
    const form = p.getByRole('form', { name: en['pane.connect.new'] });
    await expect(form.getByLabel(en['pane.connect.field.baseUrl']).inputValue()).resolves.toBe(strangerUrl);
    await expect(form.getByLabel(en['pane.connect.field.name']).inputValue()).resolves.not.toBe(name);
    await expect(form.getByLabel(en['pane.connect.field.clientId']).inputValue()).resolves.toBe('');
    await expect(form.getByLabel(en['pane.connect.field.secret']).inputValue()).resolves.toBe('');
    await expectAccessible(page, { include: ['#pane'] });

    // The primary action: my connection, at its own address.
    await mine.click();
    await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
    await expect(p.getByRole('button', { name: en['pane.header.switch'].replace('{name}', name) }).isVisible()).resolves.toBe(true);

    expect(suite.session.requests.filter((url) => url.startsWith(strangerUrl))).toEqual([]);
    expect(strangerHeard).toEqual([]);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });
});
