/**
 * The core (`src/api`, `src/sync`) must run in the task pane, the custom-functions runtime and Node alike: no `node:` imports,
 * no Office/Excel API, no DOM globals (`document`, `window`).
 */
import fs from 'node:fs';
import path from 'node:path';

const src = path.join(__dirname, '../../src');
const roots = [path.join(src, 'api'), path.join(src, 'sync')];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Source text without comments and string contents, so prose like "the Excel host" does not count. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/`(?:\\.|[^`\\])*`/g, '``')
    .replace(/'(?:\\.|[^'\\])*'/g, (m) => (m.startsWith("'node:") ? m : "''"));
}

const forbidden: [string, RegExp][] = [
  ['node: import', /['"]node:/],
  ['Node built-in import', /from\s+['"](fs|path|http|https|net|os|crypto|stream|url|util|child_process|buffer)['"]/],
  ['Excel', /\bExcel\b/],
  ['Office', /\bOffice\b/],
  ['document', /\bdocument\b/],
  ['window', /\bwindow\b/],
  ['process', /\bprocess\./],
  ['require', /\brequire\(/],
];

test.each(roots.map((r) => [path.relative(src, r), r]))('src/%s has sources to scan', (_name, root) => {
  expect(sources(root).length).toBeGreaterThan(10);
});

test.each(roots.flatMap(sources).map((f) => [path.relative(src, f), f]))('%s uses no Node, Office or DOM APIs', (_name, file) => {
  const text = code(fs.readFileSync(file, 'utf8'));
  for (const [label, pattern] of forbidden) {
    expect({ label, found: pattern.test(text) }).toEqual({ label, found: false });
  }
});
