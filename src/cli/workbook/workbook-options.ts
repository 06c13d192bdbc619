/**
 * The option tables of `npm run workbook`: one per command, through src/cli/option-table.ts like the sandbox's, so
 * parsing, `--help` and the README's option lists (`npm run docs:options`) come from the same lines. `refresh` and
 * `push` (next) take SERVICE_OPTIONS and FILE_WRITE_OPTIONS as `export` does.
 */
import { parseBaseUrl } from '../../api/connection-check';
import { LANGUAGES } from '../../i18n/catalog';
import { DEFAULT_GIVE_UP_AFTER_MS } from '../../api';
import { RELATIVE_PERIODS } from '../../sync/filters/relative-period';
import { renderOptionsMarkdown, type OptionSpec, type OptionTable } from '../option-table';
import { EXPORT_TABLE_NAMES } from './export-tables';

const isoDay = (value: string): string | undefined =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : 'is not a date YYYY-MM-DD';

export const oneOf =
  (allowed: readonly string[]) =>
  (value: string): string | undefined =>
    allowed.includes(value) ? undefined : `must be one of ${allowed.join(', ')}`;

const baseUrl = (value: string): string | undefined =>
  parseBaseUrl(value) === null ? 'is not a base URL: https, or http to this computer only; no user, query or fragment' : undefined;

const tableList = (value: string): string | undefined => {
  const unknown = value.split(',').filter((name) => !EXPORT_TABLE_NAMES.includes(name.trim()));
  return unknown.length === 0 ? undefined : `${unknown.join(', ')}: not a table (${EXPORT_TABLE_NAMES.join(', ')})`;
};

/** How long the service may keep failing before a run stops (every command that talks to it). */
export const GIVE_UP_AFTER = {
  name: 'give-up-after',
  kind: 'integer',
  value: 'SECONDS',
  default: DEFAULT_GIVE_UP_AFTER_MS / 1000,
  min: 1,
  // A day: a run that waits longer for a service down is better started again by its scheduler.
  max: 86_400,
  description: 'stop when the service has failed this long without one answer',
} as const satisfies OptionSpec;

/** The fiscal year's first month, for a `fiscalYear` period (export's --period, a refreshed table's filter). */
export const FISCAL_YEAR_START = {
  name: 'fiscal-year-start',
  kind: 'integer',
  value: 'MONTH',
  default: 1,
  min: 1,
  max: 12,
  description: 'first month of the fiscal year, for the period fiscalYear',
} as const satisfies OptionSpec;
export const HELP = { name: 'help', kind: 'switch', short: 'h', description: 'print this list and exit' } as const satisfies OptionSpec;
export const JSON_OUTPUT = {
  name: 'json',
  kind: 'switch',
  description: 'print the result as one JSON document on stdout (progress and errors stay on stderr)',
} as const satisfies OptionSpec;

/** How a command reaches the service (the secret is never an option: CASHFLOW_CLIENT_SECRET or a prompt). */
export const SERVICE_OPTIONS = [
  {
    name: 'base-url',
    kind: 'text',
    value: 'URL',
    required: true,
    check: baseUrl,
    description: 'the service, e.g. https://api.example.com',
  },
  { name: 'client-id', kind: 'text', value: 'ID', required: true, description: 'the API client ID' },
  {
    name: 'name',
    kind: 'text',
    value: 'NAME',
    description: "the connection's name the file keeps and the stamps above the tables show (default: the base URL's host)",
  },
  GIVE_UP_AFTER,
] as const satisfies readonly OptionSpec[];

/** How a command writes the file (atomically, see workbook-file.ts). */
export const FILE_WRITE_OPTIONS = [
  { name: 'backup', kind: 'switch', description: 'keep the file it replaces as FILE.xlsx.bak' },
] as const satisfies readonly OptionSpec[];

export const EXPORT_OPTIONS = [
  ...SERVICE_OPTIONS,
  { name: 'out', kind: 'text', value: 'FILE', required: true, description: 'the workbook to write (.xlsx)' },
  {
    name: 'tables',
    kind: 'text',
    value: 'LIST',
    repeatable: true,
    check: tableList,
    description: `tables to pull, comma-separated: ${EXPORT_TABLE_NAMES.join(', ')} (default: the template's transactions, invoices, forecastBudgets, categories, accounts)`,
  },
  { name: 'template', kind: 'switch', description: "write into the planning template's tables (Start here, Overview, the data sheets)" },
  {
    name: 'language',
    kind: 'text',
    value: 'LANG',
    default: 'en',
    check: oneOf(LANGUAGES),
    description: `language of the template, the headers and the stamps: ${LANGUAGES.join(', ')}`,
  },
  { name: 'from', kind: 'text', value: 'DATE', check: isoDay, description: 'transactions from this value date (YYYY-MM-DD)' },
  { name: 'to', kind: 'text', value: 'DATE', check: isoDay, description: 'transactions up to this value date (YYYY-MM-DD)' },
  {
    name: 'period',
    kind: 'text',
    value: 'PERIOD',
    check: oneOf(RELATIVE_PERIODS),
    description: `transactions of a relative period, resolved again by each refresh: ${RELATIVE_PERIODS.join(', ')}`,
  },
  FISCAL_YEAR_START,
  { name: 'account', kind: 'integer', value: 'ID', min: 1, repeatable: true, description: 'transactions of this account only' },
  {
    name: 'category',
    kind: 'integer',
    value: 'ID',
    min: 1,
    repeatable: true,
    description: 'transactions of this category (and its subcategories) only',
  },
  { name: 'force', kind: 'switch', description: 'replace FILE when it exists (atomically; see --backup)' },
  ...FILE_WRITE_OPTIONS,
  {
    name: 'manifest',
    kind: 'text',
    value: 'FILE',
    description: "the add-in's manifest: the file opens its pane (default: the repository's manifest.xml)",
  },
  JSON_OUTPUT,
  HELP,
] as const satisfies readonly OptionSpec[];

export const INSPECT_OPTIONS = [
  {
    name: 'client-id',
    kind: 'text',
    value: 'ID',
    description: 'also look for this client ID in every part (CASHFLOW_CLIENT_SECRET and CASHFLOW_CLIENT_ID are looked for when set)',
  },
  JSON_OUTPUT,
  HELP,
] as const satisfies readonly OptionSpec[];

export const SECRET_FOOTER =
  'The client secret comes from the environment variable CASHFLOW_CLIENT_SECRET, or from a prompt without echo when stdin is a terminal; never from the command line.';

export type ExportOption = (typeof EXPORT_OPTIONS)[number];
export type InspectOption = (typeof INSPECT_OPTIONS)[number];

export const EXPORT_TABLE: OptionTable<ExportOption> = {
  usage: 'npm run workbook -- export --base-url URL --client-id ID --out FILE.xlsx [options]',
  options: EXPORT_OPTIONS,
  source: 'EXPORT_OPTIONS in src/cli/workbook/workbook-options.ts',
  footer: `${SECRET_FOOTER} The filters (--from, --to, --period, --account, --category) apply to transactions; --period replaces --from and --to.`,
};

export const INSPECT_TABLE: OptionTable<InspectOption> = {
  usage: 'npm run workbook -- inspect FILE.xlsx [options]',
  options: INSPECT_OPTIONS,
  source: 'INSPECT_OPTIONS in src/cli/workbook/workbook-options.ts',
};

/** The README's option list of `export` (between the workbook-export-options markers). */
export function renderExportOptionsMarkdown(): string {
  return renderOptionsMarkdown(EXPORT_TABLE);
}

/** The README's option list of `inspect` (between the workbook-inspect-options markers). */
export function renderInspectOptionsMarkdown(): string {
  return renderOptionsMarkdown(INSPECT_TABLE);
}
