/** The repository stands on its own: its Markdown links only to files inside it, and to files that exist. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'coverage']);

/** The repository's Markdown files, relative to ROOT (hidden and generated directories left out). */
function markdownFiles(dir = ''): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name) ? [] : markdownFiles(path);
    return entry.isFile() && entry.name.endsWith('.md') ? [path] : [];
  });
}
const markdown = markdownFiles();

/** Relative link targets of `[text](target)`, without #fragment. */
function links(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => (m[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

describe('Markdown files', () => {
  it('are found', () => {
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/service-contract.md', 'docs/office-limits.md']));
  });

  it.each(markdown)('%s names no place outside the repository', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(text).not.toMatch(/\.\.\/shared\/|\/work\//);
  });

  it.each(markdown)('%s links only to files of the repository that exist', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const target of links(text)) {
      const path = resolve(dirname(join(ROOT, file)), target);
      expect({ target, inside: !relative(ROOT, path).startsWith('..') }).toEqual({ target, inside: true });
      expect({ target, exists: existsSync(path) }).toEqual({ target, exists: true });
    }
  });
});
