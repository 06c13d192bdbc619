import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatSize, measureShipped, renderSizeTable, TABLE_HEADER } from '../../scripts/bundle-sizes';
import { readBlock } from '../../scripts/readme-block';

const root = resolve(__dirname, '../..');

/** A build folder with these files (path → content). */
function buildFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-sizes-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = buildFolder(files);
  made.push(dir);
  return dir;
}

const SHIPPED = {
  'taskpane.html': '<html><script src="taskpane.js"></script></html>',
  'taskpane.js': 'var pane = 1;'.repeat(2000),
  'functions.js': 'CustomFunctions.associate("VERSION", f);',
  'functions.json': '{"functions":[]}',
  'manifest.xml': '<OfficeApp/>',
  'pane-ui.js': 'ui();'.repeat(300),
  '7.js': 'small();',
  '191.js': 'bigger();'.repeat(500),
  '191.js.LICENSE.txt': '/*! react */',
  'assets/icon-16.png': 'png',
  'office-js/office.js': 'office();'.repeat(100),
  'office-js/en-us/office_strings.js': 'strings();',
};

describe('npm run size: the table of what the production build ships', () => {
  test('sizes: bytes under 1000 as bytes, then KB (1000 bytes) with one decimal below 10 KB', () => {
    expect([367, 999, 1000, 9280, 9950, 116_256, 398_870, 1_234_567].map(formatSize)).toEqual([
      '367 B',
      '999 B',
      '1.0 KB',
      '9.3 KB',
      '9.9 KB',
      '116 KB',
      '399 KB',
      '1,235 KB',
    ]);
  });

  test('one row per file of ours (named first, chunks by size), Office.js as one row, the UI and everything as totals', () => {
    const files = measureShipped(folder(SHIPPED));
    const taskpane = files.find((f) => f.file === 'taskpane.js');
    expect(taskpane).toEqual({
      file: 'taskpane.js',
      bytes: SHIPPED['taskpane.js'].length,
      gzipBytes: gzipSync(SHIPPED['taskpane.js']).length,
    });
    const lines = renderSizeTable(files).split('\n');
    expect(lines.slice(0, 2)).toEqual(TABLE_HEADER);
    const firstCells = lines.slice(2).map((line) => line.split(' | ')[0]);
    expect(firstCells).toEqual([
      '| `taskpane.html`',
      '| `taskpane.js`',
      '| `functions.js`',
      '| `functions.json`',
      '| `manifest.xml`',
      '| `pane-ui.js`',
      '| `191.js`',
      '| `7.js`',
      '| `191.js.LICENSE.txt`',
      '| `assets/icon-16.png`',
      '| `office-js/` (2 files)',
      "| **the pane's UI** (3 files)",
      '| **everything** (12 files)',
    ]);
    // Every row has four cells, the last two sizes.
    for (const line of lines.slice(2)) expect(line).toMatch(/^\| [^|]+ \| [^|]* \| \d[\d,.]* (?:B|KB) \| \d[\d,.]* (?:B|KB) \|$/);
    expect(lines[3]).toBe(
      `| \`taskpane.js\` | loaded at start: core, Excel host, state | ${formatSize(taskpane?.bytes ?? 0)} | ${formatSize(taskpane?.gzipBytes ?? 0)} |`,
    );
    const ui = files.filter((f) => ['pane-ui.js', '7.js', '191.js'].includes(f.file));
    expect(lines.at(-2)).toContain(
      `| ${formatSize(ui.reduce((s, f) => s + f.bytes, 0))} | ${formatSize(ui.reduce((s, f) => s + f.gzipBytes, 0))} |`,
    );
    const total = Object.values(SHIPPED).reduce((s, c) => s + c.length, 0);
    expect(lines.at(-1)).toContain(`| ${formatSize(total)} |`);
  });

  test('refuses a folder holding a source map or a preview page: the table is of what ships', () => {
    expect(() => measureShipped(folder({ ...SHIPPED, 'taskpane.js.map': '{}' }))).toThrow(/not the production build.*taskpane\.js\.map/);
    expect(() => measureShipped(folder({ ...SHIPPED, 'preview.html': '<html/>' }))).toThrow(/not the production build.*preview\.html/);
    expect(() => measureShipped(folder({ 'functions.js': '' }))).toThrow(/no taskpane\.html/);
  });

  test("docs/development.md's table is the script's output: its header, a row per shipped file, no map and no preview page", () => {
    const block = readBlock(readFileSync(join(root, 'docs', 'development.md'), 'utf8'), 'bundle-sizes').split('\n');
    expect(block.slice(0, 2)).toEqual(TABLE_HEADER);
    const files = block
      .slice(2)
      .map((line) => /^\| `([^`]+)`/.exec(line)?.[1])
      .filter((f): f is string => f !== undefined);
    expect(files).toEqual(
      expect.arrayContaining(['taskpane.html', 'taskpane.js', 'functions.js', 'functions.json', 'manifest.xml', 'office-js/']),
    );
    expect(files.filter((f) => f.endsWith('.map') || f.startsWith('preview'))).toEqual([]);
    expect(block.at(-1)).toMatch(/^\| \*\*everything\*\* \(\d+ files\) \|/);
  });
});
