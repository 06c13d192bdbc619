/**
 * The sizes of what the production build ships (`dist/`): each file's bytes and gzip bytes (zlib's default level,
 * what a web server sends), as the README's table. `npm run size` (scripts/size.ts) builds, measures and writes the
 * table into the README's `bundle-sizes` block.
 *
 * Office.js (copied from @microsoft/office-js, `office-js/`) is one row: it is Microsoft's, and Excel loads one of
 * its host files, not all of them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ShippedFile {
  /** Path inside the build folder, with forward slashes. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Files only the preview needs (`--env preview`): a build that holds one is not what ships. */
export const PREVIEW_FILES = ['preview.html', 'preview-pane.html', 'preview.js', 'preview-bridge.js', 'glide-data-grid.css'];

const OFFICE_JS = 'office-js/';

/** What each named file is; chunks (`123.js`), licence files and icons are described by their kind. */
const DESCRIPTIONS: Record<string, string> = {
  'taskpane.html': 'the page Excel opens (task pane and shared runtime)',
  'taskpane.js': 'loaded at start: core, Excel host, state',
  'functions.js': 'loaded at start: the `CASHFLOW.*` declarations (no React)',
  'functions.json': 'custom functions metadata',
  'manifest.xml': 'the add-in manifest',
  'pane-ui.js': "the pane's UI, loaded after start",
  'cashflow-planning-template.xlsx': 'the planning workbook template (English)',
  'cashflow-planning-template-de.xlsx': 'the planning workbook template (German)',
  'cashflow-planning-template-it.xlsx': 'the planning workbook template (Italian)',
};

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * Every file of the build in `dir` with its sizes. Throws when `dir` holds a source map or a preview file: the
 * table is of what ships, and such a folder was built for something else (`--env preview`, a development build).
 */
export function measureShipped(dir: string): ShippedFile[] {
  const files = listFiles(dir).map((full) => relative(dir, full).split(sep).join('/'));
  if (!files.includes('taskpane.html')) throw new Error(`${dir} holds no build (no taskpane.html): run npm run build first.`);
  const foreign = files.filter((f) => f.endsWith('.map') || PREVIEW_FILES.includes(f));
  if (foreign.length > 0) {
    throw new Error(
      `${dir} is not the production build of the add-in (it holds ${foreign.join(', ')}): run npm run build (no preview, no source maps).`,
    );
  }
  return files.map((file) => {
    const content = readFileSync(join(dir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
  });
}

/** 398870 → "399 KB", 9280 → "9.3 KB", 367 → "367 B" (KB = 1000 bytes). */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const kb = bytes / 1000;
  return kb < 10 ? `${kb.toFixed(1)} KB` : `${Math.round(kb).toLocaleString('en-US')} KB`;
}

type Kind = 'named' | 'chunk' | 'licence' | 'icon' | 'other';

function kindOf(file: string): Kind {
  if (DESCRIPTIONS[file] !== undefined) return 'named';
  if (/^\d+\.js$/.test(file)) return 'chunk';
  if (file.endsWith('.LICENSE.txt')) return 'licence';
  if (file.startsWith('assets/')) return 'icon';
  return 'other';
}

function describe(file: string): string {
  switch (kindOf(file)) {
    case 'named':
      return DESCRIPTIONS[file] ?? '';
    case 'chunk':
      return "a chunk of the pane's UI, loaded after start";
    case 'licence':
      return 'licence comments of the bundled code';
    case 'icon':
      return 'icon';
    case 'other':
      return '';
  }
}

const ORDER: Kind[] = ['named', 'chunk', 'licence', 'icon', 'other'];
const NAMED = Object.keys(DESCRIPTIONS);

function sum(files: ShippedFile[]): { bytes: number; gzipBytes: number } {
  return files.reduce((total, f) => ({ bytes: total.bytes + f.bytes, gzipBytes: total.gzipBytes + f.gzipBytes }), {
    bytes: 0,
    gzipBytes: 0,
  });
}

function row(what: string, description: string, bytes: number, gzipBytes: number): string {
  return `| ${what} | ${description} | ${formatSize(bytes)} | ${formatSize(gzipBytes)} |`;
}

export const TABLE_HEADER = ['| file | what it is | size | gzip |', '|---|---|---:|---:|'];

/**
 * The README's table: our files one per row (named ones first, then the pane's chunks by size, licences, icons),
 * Office.js as one row, then the pane's UI loaded after start and everything shipped as totals.
 */
export function renderSizeTable(files: ShippedFile[]): string {
  const ours = files.filter((f) => !f.file.startsWith(OFFICE_JS));
  const officeJs = files.filter((f) => f.file.startsWith(OFFICE_JS));
  ours.sort(
    (a, b) =>
      ORDER.indexOf(kindOf(a.file)) - ORDER.indexOf(kindOf(b.file)) ||
      (kindOf(a.file) === 'named' ? NAMED.indexOf(a.file) - NAMED.indexOf(b.file) : 0) ||
      (kindOf(a.file) === 'chunk' ? b.bytes - a.bytes : 0) ||
      a.file.localeCompare(b.file),
  );
  const lines = [...TABLE_HEADER, ...ours.map((f) => row(`\`${f.file}\``, describe(f.file), f.bytes, f.gzipBytes))];
  if (officeJs.length > 0) {
    const total = sum(officeJs);
    lines.push(
      row(`\`${OFFICE_JS}\` (${officeJs.length} files)`, 'Office.js, copied from @microsoft/office-js', total.bytes, total.gzipBytes),
    );
  }
  const afterStart = ours.filter((f) => f.file === 'pane-ui.js' || kindOf(f.file) === 'chunk');
  const ui = sum(afterStart);
  lines.push(
    row(
      `**the pane's UI** (${afterStart.length} files)`,
      'loaded after start: React, Fluent UI, charts, the views',
      ui.bytes,
      ui.gzipBytes,
    ),
  );
  const all = sum(files);
  lines.push(row(`**everything** (${files.length} files)`, 'what `dist/` holds', all.bytes, all.gzipBytes));
  return lines.join('\n');
}
