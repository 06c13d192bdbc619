/** `npm run docs:options`: writes the sandbox's option table (src/sandbox/cli-options.ts) into README.md. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderOptionsMarkdown } from '../src/sandbox/cli-options';
import { replaceBlock } from './readme-block';

const README = join(__dirname, '..', 'README.md');
const BLOCK = 'sandbox-options';

const before = readFileSync(README, 'utf8');
const after = replaceBlock(before, BLOCK, renderOptionsMarkdown());
if (after === before) console.log('README.md: the sandbox options are up to date.');
else {
  writeFileSync(README, after);
  console.log('README.md: the sandbox options were rewritten from src/sandbox/cli-options.ts.');
}
