import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

describe('npm run build', () => {
  const out = mkdtempSync(join(tmpdir(), 'cashflow-build-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test('emits the task pane, the bundles, functions.json, the manifest, icons and Office.js', () => {
    execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--env', `outputPath=${out}`], {
      cwd: root,
      stdio: 'pipe',
    });
    for (const file of ['taskpane.html', 'taskpane.js', 'functions.js', 'functions.json', 'manifest.xml', 'assets/icon-32.png', 'office-js/office.js']) {
      expect(existsSync(join(out, file))).toBe(true);
    }
    const html = readFileSync(join(out, 'taskpane.html'), 'utf8');
    expect(html).toMatch(/src="?office-js\/office\.js"?/);
    expect(html).not.toMatch(/appsforoffice\.microsoft\.com/); // never a CDN
    expect(html).toMatch(/taskpane\.js/);
    expect(html).toMatch(/functions\.js/);

    const metadata = JSON.parse(readFileSync(join(out, 'functions.json'), 'utf8')) as { functions: Array<{ id: string; name: string }> };
    expect(metadata.functions.map((f) => f.id)).toContain('VERSION');
    // The metadata plugin appends the associate calls; we never write them by hand.
    expect(readFileSync(join(out, 'functions.js'), 'utf8')).toMatch(/CustomFunctions\.associate\("VERSION"/);
    expect(readFileSync(join(out, 'manifest.xml'), 'utf8')).toBe(readFileSync(join(root, 'manifest.xml'), 'utf8'));
  }, 180_000);

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
