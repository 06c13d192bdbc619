/**
 * `npm run docs:options`: writes the option tables of the sandbox, the proxy and the deployment's server (their
 * cli-options.ts) into their READMEs (src/sandbox/README.md, src/proxy/README.md, src/deploy/README.md), and those of
 * the workbook command (src/cli/workbook: export's, inspect's, refresh's and push's options, the exit codes) into
 * docs/workbook-command.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderExitCodesMarkdown } from '../src/cli/workbook/exit-codes';
import { renderRefreshOptionsMarkdown } from '../src/cli/workbook/refresh-options';
import { renderPushOptionsMarkdown } from '../src/cli/workbook/push-options';
import { renderExportOptionsMarkdown, renderInspectOptionsMarkdown } from '../src/cli/workbook/workbook-options';
import { renderOptionsMarkdown as serveOptions } from '../src/deploy/cli-options';
import { renderOptionsMarkdown as proxyOptions } from '../src/proxy/cli-options';
import { renderOptionsMarkdown as sandboxOptions } from '../src/sandbox/cli-options';
import { replaceBlock } from './readme-block';

/** README block → the README holding it, its table and where it is defined. */
const BLOCKS = [
  { block: 'sandbox-options', readme: 'src/sandbox/README.md', render: sandboxOptions, source: 'src/sandbox/cli-options.ts' },
  { block: 'proxy-options', readme: 'src/proxy/README.md', render: proxyOptions, source: 'src/proxy/cli-options.ts' },
  { block: 'serve-options', readme: 'src/deploy/README.md', render: serveOptions, source: 'src/deploy/cli-options.ts' },
  {
    block: 'workbook-export-options',
    readme: 'docs/workbook-command.md',
    render: renderExportOptionsMarkdown,
    source: 'src/cli/workbook/workbook-options.ts',
  },
  {
    block: 'workbook-inspect-options',
    readme: 'docs/workbook-command.md',
    render: renderInspectOptionsMarkdown,
    source: 'src/cli/workbook/workbook-options.ts',
  },
  {
    block: 'workbook-refresh-options',
    readme: 'docs/workbook-command.md',
    render: renderRefreshOptionsMarkdown,
    source: 'src/cli/workbook/refresh-options.ts',
  },
  {
    block: 'workbook-push-options',
    readme: 'docs/workbook-command.md',
    render: renderPushOptionsMarkdown,
    source: 'src/cli/workbook/push-options.ts',
  },
  {
    block: 'workbook-exit-codes',
    readme: 'docs/workbook-command.md',
    render: renderExitCodesMarkdown,
    source: 'src/cli/workbook/exit-codes.ts',
  },
];

for (const { block, readme, render, source } of BLOCKS) {
  const file = join(__dirname, '..', readme);
  const before = readFileSync(file, 'utf8');
  const after = replaceBlock(before, block, render());
  console.log(after === before ? `${readme}: ${block} is up to date.` : `${readme}: ${block} was rewritten from ${source}.`);
  if (after !== before) writeFileSync(file, after);
}
