/**
 * The option table of `npm run workbook -- push` (src/cli/option-table.ts, as the other commands'): parsing, `--help`
 * and the README's list (`npm run docs:options`) come from these lines. The base URL comes from the file's connection
 * unless given; the client ID from `--client-id` or CASHFLOW_CLIENT_ID; the secret never from an option.
 */
import { parseBaseUrl } from '../../api/connection-check';
import { LANGUAGES } from '../../i18n/catalog';
import { renderOptionsMarkdown, type OptionSpec, type OptionTable } from '../option-table';
import { FILE_WRITE_OPTIONS, GIVE_UP_AFTER, HELP, SECRET_FOOTER } from './workbook-options';

export const CLIENT_ID_VARIABLE = 'CASHFLOW_CLIENT_ID';

const oneOf =
  (allowed: readonly string[]) =>
  (value: string): string | undefined =>
    allowed.includes(value) ? undefined : `must be one of ${allowed.join(', ')}`;

export const PUSH_OPTIONS = [
  {
    name: 'in',
    kind: 'text',
    value: 'FILE',
    required: true,
    description: 'the workbook whose edits are sent (.xlsx); written back in place',
  },
  {
    name: 'tables',
    kind: 'text',
    value: 'LIST',
    repeatable: true,
    description:
      "the tables to send, comma-separated, by the Excel table's name (ForecastBudgets, Invoices, Transactions) or the export's name (forecastBudgets, invoices, transactions); default: every pushable table in the file",
  },
  {
    name: 'yes',
    kind: 'switch',
    short: 'y',
    description: 'confirm the deletes and the whole-row writes (else they are asked for at a terminal, or wait: exit 4)',
  },
  {
    name: 'take',
    kind: 'text',
    value: 'SIDE',
    check: oneOf(['theirs', 'mine']),
    description:
      "settle every conflict one way: theirs (the service's value comes into the file) or mine (the file's value is sent over the other change); default: conflicts wait in the file with both values (exit 4)",
  },
  {
    name: 'base-url',
    kind: 'text',
    value: 'URL',
    check: (value: string) => (parseBaseUrl(value) === null ? 'is not a base URL: https, or http to this computer only' : undefined),
    description:
      'the service the secret is for (default: the environment variable CASHFLOW_BASE_URL); required: a file alone never chooses where the secret goes',
  },
  { name: 'client-id', kind: 'text', value: 'ID', description: `the API client ID (default: ${CLIENT_ID_VARIABLE})` },
  {
    name: 'language',
    kind: 'text',
    value: 'LANG',
    default: 'en',
    check: oneOf(LANGUAGES),
    description: `language of the status column's words written into the file: ${LANGUAGES.join(', ')}`,
  },
  GIVE_UP_AFTER,
  ...FILE_WRITE_OPTIONS,
  { name: 'json', kind: 'switch', description: 'print the full result (every table, every row) as one JSON document on stdout' },
  HELP,
] as const satisfies readonly OptionSpec[];

export type PushOption = (typeof PUSH_OPTIONS)[number];

export const PUSH_TABLE: OptionTable<PushOption> = {
  usage: 'npm run workbook -- push --in FILE.xlsx [--yes] [options]',
  options: PUSH_OPTIONS,
  source: 'PUSH_OPTIONS in src/cli/workbook/push-options.ts',
  footer: `${SECRET_FOOTER} The secret goes only to the service named by --base-url or CASHFLOW_BASE_URL (a file alone never chooses where the secret goes). The file is checked for an Excel lock before the first request; it is written back atomically after the push, also when rows failed (their status cells say why).`,
};

/** The README's option list of `push` (between the workbook-push-options markers). */
export function renderPushOptionsMarkdown(): string {
  return renderOptionsMarkdown(PUSH_TABLE);
}
