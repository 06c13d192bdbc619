import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildAddin } from '../e2e/support/build';

const root = resolve(__dirname, '../..');

/**
 * The production build (`webpack --mode production`, what `npm run build` runs), made once per change of the sources
 * and shared with the browser tests (test/e2e/support/build.ts): one build per test run, not two.
 */
describe('npm run build', () => {
  let out = '';
  beforeAll(async () => {
    out = (await buildAddin()).dir;
  }, 600_000);

  test('emits the task pane, the bundles, functions.json, the manifest, icons and Office.js', () => {
    for (const file of ['taskpane.html', 'taskpane.js', 'functions.js', 'functions.json', 'manifest.xml', 'assets/icon-32.png', 'office-js/office.js']) {
      expect(existsSync(join(out, file))).toBe(true);
    }
    const html = readFileSync(join(out, 'taskpane.html'), 'utf8');
    expect(html).toMatch(/src="?office-js\/office\.js"?/);
    expect(html).not.toMatch(/appsforoffice\.microsoft\.com/); // never a CDN
    expect(html).toMatch(/taskpane\.js/);
    expect(html).toMatch(/functions\.js/);

    const metadata = JSON.parse(readFileSync(join(out, 'functions.json'), 'utf8')) as { functions: Array<{ id: string; name: string }> };
    expect(metadata.functions.map((f) => f.id)).toEqual(expect.arrayContaining(['VERSION', 'ACTUALS', 'PLANNED', 'BALANCE', 'DUE', 'TRANSACTIONS', 'INVOICES', 'BUDGETS', 'CATEGORIES', 'ACCOUNTS']));
    // The metadata plugin appends the associate calls; we never write them by hand.
    expect(readFileSync(join(out, 'functions.js'), 'utf8')).toMatch(/CustomFunctions\.associate\("VERSION"/);
    expect(readFileSync(join(out, 'manifest.xml'), 'utf8')).toBe(readFileSync(join(root, 'manifest.xml'), 'utf8'));
  });

  test('emits the preview page and the pane page, whose bridge runs before the task pane', () => {
    for (const file of ['preview.html', 'preview.js', 'preview-pane.html', 'preview-bridge.js', 'glide-data-grid.css']) {
      expect(existsSync(join(out, file))).toBe(true);
    }
    const preview = readFileSync(join(out, 'preview.html'), 'utf8');
    expect(preview).toMatch(/src="?preview\.js"?/);
    expect(preview).not.toMatch(/taskpane\.js/); // the pane runs in its own frame
    expect(readFileSync(join(out, 'glide-data-grid.css'), 'utf8')).not.toMatch(/@import/);

    const pane = readFileSync(join(out, 'preview-pane.html'), 'utf8');
    const taskpane = readFileSync(join(out, 'taskpane.html'), 'utf8');
    // The same page as Excel loads (same template, same body), plus the bridge and office.js's frame opt-out.
    expect(pane.slice(pane.indexOf('<body'))).toBe(taskpane.slice(taskpane.indexOf('<body')));
    const scripts = [...pane.matchAll(/<script[^>]*?(?:src="?([^"\s>]+)"?[^>]*)?>/g)].map((m) => m[1] ?? 'inline');
    expect(scripts).toEqual(['inline', 'office-js/office.js', 'preview-bridge.js', 'taskpane.js', 'functions.js']);
    expect(pane).toMatch(/<script>window\.OsfOptOut\s*=\s*(?:true|!0);?<\/script>/); // minified in production
    // Deferred scripts run in document order: the bridge first. No async script could overtake it.
    expect(pane).not.toMatch(/<script[^>]*\basync\b/);
    expect(readFileSync(join(out, 'preview-bridge.js'), 'utf8')).not.toMatch(/appsforoffice\.microsoft\.com/);
  });

  test('functions.js carries no UI code (no React)', () => {
    const functions = readFileSync(join(out, 'functions.js'), 'utf8');
    for (const marker of ['react.production', '__SECRET_INTERNALS', 'useState', 'react-dom', '@fluentui']) {
      expect(functions).not.toContain(marker);
    }
    // The markers are real: the preview's bundle, which does use React, has them.
    expect(readFileSync(join(out, 'preview.js'), 'utf8')).toContain('useState');
  });
});
