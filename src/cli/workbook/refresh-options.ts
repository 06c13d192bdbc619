/**
 * The option table of `npm run workbook -- refresh` (src/cli/option-table.ts, as the other commands'): the file, the
 * service and the client ID (the base URL must be the one the file names; the connection's name comes from it), the retry budget, what becomes of pending
 * edits, the language and fiscal year the file's filters are read with; the README's list (`npm run docs:options`).
 */
import { LANGUAGES } from '../../i18n/catalog';
import { renderOptionsMarkdown, type OptionSpec, type OptionTable } from '../option-table';
import { FILE_WRITE_OPTIONS, FISCAL_YEAR_START, GIVE_UP_AFTER, HELP, JSON_OUTPUT, oneOf, SECRET_FOOTER } from './workbook-options';

export const REFRESH_OPTIONS = [
  { name: 'in', kind: 'text', value: 'FILE', required: true, description: 'the workbook to refresh in place (.xlsx)' },
  {
    name: 'base-url',
    kind: 'text',
    value: 'URL',
    description:
      'the service the secret is for (default: the environment variable CASHFLOW_BASE_URL); required: a file alone never chooses where the secret goes, and one naming another service is refused',
  },
  {
    name: 'client-id',
    kind: 'text',
    value: 'ID',
    description: 'the API client ID (default: the environment variable CASHFLOW_CLIENT_ID)',
  },
  GIVE_UP_AFTER,
  {
    name: 'discard-edits',
    kind: 'switch',
    description:
      "drop the pending edits of budgets, invoices and transaction categories (default: kept on top of the refreshed rows, still pending, as the pane's Keep)",
  },
  {
    name: 'full',
    kind: 'switch',
    description: 'pull every table whole again (default: transactions only what changed since the last refresh)',
  },
  {
    name: 'language',
    kind: 'text',
    value: 'LANG',
    check: oneOf(LANGUAGES),
    description: `language of the stamps, in-cell list prompts and warnings: ${LANGUAGES.join(', ')} (default: the file's, read from the stamps above its tables)`,
  },
  FISCAL_YEAR_START,
  ...FILE_WRITE_OPTIONS,
  JSON_OUTPUT,
  HELP,
] as const satisfies readonly OptionSpec[];

export type RefreshOption = (typeof REFRESH_OPTIONS)[number];

export const REFRESH_TABLE: OptionTable<RefreshOption> = {
  usage: 'npm run workbook -- refresh --in FILE.xlsx [options]',
  options: REFRESH_OPTIONS,
  source: 'REFRESH_OPTIONS in src/cli/workbook/refresh-options.ts',
  footer: `${SECRET_FOOTER} The secret goes only to the service named by --base-url or CASHFLOW_BASE_URL, which must be the one the file keeps (a file alone never chooses where the secret goes); the connection's name is the file's.`,
};

/** The README's option list of `refresh` (between the workbook-refresh-options markers). */
export function renderRefreshOptionsMarkdown(): string {
  return renderOptionsMarkdown(REFRESH_TABLE);
}
