/** `npm run docs:options`: writes the option tables of the sandbox and the proxy (their cli-options.ts) into README.md. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderOptionsMarkdown as proxyOptions } from '../src/proxy/cli-options';
import { renderOptionsMarkdown as sandboxOptions } from '../src/sandbox/cli-options';
import { replaceBlock } from './readme-block';

const README = join(__dirname, '..', 'README.md');
/** README block → its table and where it is defined. */
const BLOCKS = [
  { block: 'sandbox-options', render: sandboxOptions, source: 'src/sandbox/cli-options.ts' },
  { block: 'proxy-options', render: proxyOptions, source: 'src/proxy/cli-options.ts' },
];

const before = readFileSync(README, 'utf8');
let after = before;
for (const { block, render, source } of BLOCKS) {
  const next = replaceBlock(after, block, render());
  console.log(next === after ? `README.md: ${block} is up to date.` : `README.md: ${block} was rewritten from ${source}.`);
  after = next;
}
if (after !== before) writeFileSync(README, after);
