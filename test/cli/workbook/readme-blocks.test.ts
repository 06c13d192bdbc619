/** docs/workbook-command.md's option lists of `export`, `inspect`, `refresh` and `push` and its exit-code table are what the code renders. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBlock } from '../../../scripts/readme-block';
import { EXIT, renderExitCodesMarkdown } from '../../../src/cli/workbook/exit-codes';
import { REFRESH_OPTIONS, renderRefreshOptionsMarkdown } from '../../../src/cli/workbook/refresh-options';
import { PUSH_OPTIONS, renderPushOptionsMarkdown } from '../../../src/cli/workbook/push-options';
import { EXPORT_OPTIONS, renderExportOptionsMarkdown, renderInspectOptionsMarkdown } from '../../../src/cli/workbook/workbook-options';

const readme = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'workbook-command.md'), 'utf8');

test('docs/workbook-command.md holds the generated lists (after editing the tables, run npm run docs:options)', () => {
  expect(readBlock(readme, 'workbook-export-options')).toBe(renderExportOptionsMarkdown());
  expect(readBlock(readme, 'workbook-inspect-options')).toBe(renderInspectOptionsMarkdown());
  expect(readBlock(readme, 'workbook-refresh-options')).toBe(renderRefreshOptionsMarkdown());
  expect(readBlock(readme, 'workbook-push-options')).toBe(renderPushOptionsMarkdown());
  expect(readBlock(readme, 'workbook-exit-codes')).toBe(renderExitCodesMarkdown());
});

test('every exit code has its row; no option takes the secret', () => {
  for (const code of Object.values(EXIT)) expect(renderExitCodesMarkdown()).toContain(`\n| ${code} | `);
  expect([...EXPORT_OPTIONS, ...REFRESH_OPTIONS, ...PUSH_OPTIONS].map((o) => o.name).filter((name) => /secret/i.test(name))).toEqual([]);
});
