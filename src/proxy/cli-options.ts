/**
 * The proxy command line (`npm run proxy -- --target ORIGIN [options]`). Every flag is listed once, in
 * PROXY_OPTIONS: parsing, validation, the usage text (`--help`, bad options) and the README's option list
 * (`npm run docs:options`) all come from that table, through src/cli/option-table.ts.
 */
import * as optionTable from '../cli/option-table';
import type { OptionSpec, OptionTable, Refusal } from '../cli/option-table';
import { DEFAULT_PROXY_PORT, type ProxyOptions } from './index';
import { targetProblem } from './target';

export const PROXY_OPTIONS = [
  {
    name: 'target',
    kind: 'text',
    value: 'ORIGIN',
    required: true,
    check: targetProblem,
    description: "the service's origin, e.g. https://api.example.com; the only host the proxy ever reaches",
  },
  {
    name: 'port',
    kind: 'integer',
    value: 'N',
    default: DEFAULT_PROXY_PORT,
    min: 0,
    max: 65535,
    description: 'port to listen on; 0 = a random free port',
  },
  { name: 'host', kind: 'text', value: 'HOST', default: '127.0.0.1', description: 'address to bind' },
  {
    name: 'allow-origin',
    kind: 'origin',
    value: 'ORIGIN',
    repeatable: true,
    wildcard: true,
    description:
      "browser origin allowed to call through the proxy (the add-in's); replaces the defaults https://localhost:3000, http://localhost:3000, http://127.0.0.1:3000; * = any",
  },
  {
    name: 'allow-host',
    kind: 'text',
    value: 'NAME',
    repeatable: true,
    description:
      'a name clients reach the proxy by (the Host header), besides 127.0.0.1, localhost and [::1] with the port: NAME (any port) or NAME:PORT; any other Host is refused (421)',
  },
  { name: 'help', kind: 'switch', short: 'h', description: 'print this list and exit' },
] as const satisfies readonly OptionSpec[];

const PROXY_TABLE: OptionTable<(typeof PROXY_OPTIONS)[number]> = {
  usage: 'npm run proxy -- --target ORIGIN [options]',
  options: PROXY_OPTIONS,
  source: 'PROXY_OPTIONS in src/proxy/cli-options.ts',
};

/** The text `npm run proxy -- --help` prints, and bad options print after their message. */
export const USAGE = optionTable.renderUsage(PROXY_TABLE);

/** The README's option list (between the proxy-options markers), as a Markdown table. */
export function renderOptionsMarkdown(): string {
  return optionTable.renderOptionsMarkdown(PROXY_TABLE);
}

/** `ok: false` means: print `message` (to stderr unless exitCode is 0) and exit with `exitCode`, starting nothing. */
export type CliResult = { ok: true; options: ProxyOptions } | Refusal;

export function parseCliArgs(argv: readonly string[]): CliResult {
  const read = optionTable.readOptions(PROXY_TABLE, argv);
  if (!read.ok) return read;
  const { values } = read;
  const target = values.text('target') ?? '';
  const allowedOrigins = values.list('allow-origin');
  const allowedHosts = values.list('allow-host');
  return {
    ok: true,
    options: {
      target,
      port: values.number('port'),
      host: values.text('host'),
      ...(allowedOrigins ? { allowedOrigins } : {}),
      ...(allowedHosts ? { allowedHosts } : {}),
    },
  };
}
