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
});
