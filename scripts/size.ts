/**
 * `npm run size`: after `npm run build` (the npm script runs it first), prints the size and gzip size of every file
 * the production build ships and writes that table into docs/development.md (the `bundle-sizes` block).
 * `tsx scripts/size.ts [folder]` measures another folder (default dist/) and leaves docs/development.md alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { measureShipped, renderSizeTable } from './bundle-sizes';
import { replaceBlock } from './readme-block';

const root = join(__dirname, '..');
const README = join(root, 'docs', 'development.md');
const folder = process.argv[2];

try {
  const table = renderSizeTable(measureShipped(resolve(root, folder ?? 'dist')));
  console.log(table);
  if (folder === undefined) {
    const before = readFileSync(README, 'utf8');
    const after = replaceBlock(before, 'bundle-sizes', table);
    if (after !== before) writeFileSync(README, after);
    console.log(
      after === before ? 'docs/development.md: bundle-sizes is up to date.' : 'docs/development.md: bundle-sizes was rewritten from dist/.',
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
