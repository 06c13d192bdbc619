import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Configuration } from 'webpack';
import { PREVIEW_FILES } from '../../scripts/bundle-sizes';
import { buildAddin } from '../e2e/support/build';

const root = resolve(__dirname, '../..');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const makeConfig = require(join(root, 'webpack.config.js')) as (env: Record<string, unknown>, argv: { mode: string }) => Configuration;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** The files a configuration asks for by name: its entries' bundles, its HTML pages and what it copies. */
function namedOutputs(config: Configuration): string[] {
  const pages = (config.plugins ?? []).flatMap((plugin) => {
    const options = (plugin as { userOptions?: { filename?: unknown } }).userOptions;
    return typeof options?.filename === 'string' ? [options.filename] : [];
  });
  const copied = (config.plugins ?? []).flatMap((plugin) => {
    const patterns = (plugin as { patterns?: Array<{ to?: unknown }> }).patterns;
    return (patterns ?? []).flatMap((p) => (typeof p.to === 'string' ? [p.to] : []));
  });
  return [...Object.keys(config.entry as Record<string, unknown>).map((name) => `${name}.js`), ...pages, ...copied];
}

/**
 * What `npm run build` ships, read from the webpack configuration (building it twice would cost minutes; the browser
 * tests' cached build below is the preview one): no source maps, no preview unless asked with `--env preview`.
 */
describe('what the production build ships', () => {
  test('no source maps and no preview page or bundle, unless asked for the preview', () => {
    const shipped = makeConfig({}, { mode: 'production' });
    expect(shipped.devtool).toBe(false);
    expect(namedOutputs(shipped)).toEqual(
      expect.arrayContaining(['taskpane.js', 'functions.js', 'taskpane.html', 'manifest.xml', 'office-js/office.js']),
    );
    expect(namedOutputs(shipped).filter((f) => PREVIEW_FILES.includes(f))).toEqual([]);

    const asked = makeConfig({ preview: true }, { mode: 'production' });
    expect(asked.devtool).toBe(false);
    expect(namedOutputs(asked)).toEqual(expect.arrayContaining(PREVIEW_FILES));
    // `--env preview=false` is not asking.
    expect(namedOutputs(makeConfig({ preview: 'false' }, { mode: 'production' })).filter((f) => PREVIEW_FILES.includes(f))).toEqual([]);
    // A development build (`npm start`) keeps its source maps.
    expect(makeConfig({ preview: true }, { mode: 'development' }).devtool).toBe('source-map');
  });
});

/**
 * The production build with the preview (`webpack --mode production --env preview`), made once per change of the
 * sources and shared with the browser tests (test/e2e/support/build.ts): one build per test run, not two.
 */
describe("the production build with the preview (the browser tests' build)", () => {
  let out = '';
  beforeAll(async () => {
    out = (await buildAddin()).dir;
  }, 600_000);

  test('writes no source map, not even with the preview', () => {
    expect(
      listFiles(out)
        .map((f) => relative(out, f))
        .filter((f) => f.endsWith('.map')),
    ).toEqual([]);
  });

  test('emits the task pane, the bundles, functions.json, the manifest, icons and Office.js', () => {
    for (const file of [
      'taskpane.html',
      'taskpane.js',
      'functions.js',
      'functions.json',
      'manifest.xml',
      'assets/icon-32.png',
      'office-js/office.js',
    ]) {
      expect(existsSync(join(out, file))).toBe(true);
    }
    const html = readFileSync(join(out, 'taskpane.html'), 'utf8');
    expect(html).toMatch(/src="?office-js\/office\.js"?/);
    expect(html).not.toMatch(/appsforoffice\.microsoft\.com/); // never a CDN
    expect(html).toMatch(/taskpane\.js/);
    expect(html).toMatch(/functions\.js/);

    const metadata = JSON.parse(readFileSync(join(out, 'functions.json'), 'utf8')) as { functions: Array<{ id: string; name: string }> };
    expect(metadata.functions.map((f) => f.id)).toEqual(
      expect.arrayContaining([
        'VERSION',
        'ACTUALS',
        'PLANNED',
        'BALANCE',
        'DUE',
        'TRANSACTIONS',
        'INVOICES',
        'BUDGETS',
        'CATEGORIES',
        'ACCOUNTS',
      ]),
    );
    // The metadata plugin appends the associate calls; we never write them by hand.
    expect(readFileSync(join(out, 'functions.js'), 'utf8')).toMatch(/CustomFunctions\.associate\("VERSION"/);
    expect(readFileSync(join(out, 'manifest.xml'), 'utf8')).toBe(readFileSync(join(root, 'manifest.xml'), 'utf8'));
  });

  test('asked for the preview: emits the preview page and the pane page, whose bridge runs before the task pane', () => {
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
