/**
 * The sandbox command line (`npm run sandbox -- [options]`). Every flag is listed once, in SANDBOX_OPTIONS:
 * parsing, validation, the usage text (`--help`, bad options) and the README's option list
 * (`npm run docs:options`) all come from that table, through src/cli/option-table.ts.
 */
import * as optionTable from '../cli/option-table';
import type { OptionSpec, OptionTable, Refusal } from '../cli/option-table';
import { DEFAULT_RETRY_AFTER_SECONDS, DEFAULT_SLOW_MS } from './faults';
import type { SandboxOptions } from './index';

export type { OptionKind, OptionSpec } from '../cli/option-table';

export const SANDBOX_OPTIONS = [
  {
    name: 'port',
    kind: 'integer',
    value: 'N',
    default: 8787,
    min: 0,
    max: 65535,
    description: 'port to listen on; 0 = a random free port',
  },
  { name: 'host', kind: 'text', value: 'HOST', default: '127.0.0.1', description: 'address to bind' },
  { name: 'seed', kind: 'integer', value: 'N', default: 42, description: 'demo data seed; the data is deterministic from it' },
  {
    name: 'transactions',
    kind: 'integer',
    value: 'N',
    default: 5000,
    min: 0,
    max: 1_100_000,
    description: 'transactions of the demo company (over 1,048,576 a worksheet cannot hold them)',
  },
  { name: 'token-ttl', kind: 'integer', value: 'SECONDS', default: 300, min: 1, description: 'access token lifetime' },
  {
    name: 'link-host',
    kind: 'origin',
    value: 'ORIGIN',
    description: 'origin written into next/previous links, e.g. http://api.example.test',
  },
  { name: 'data', kind: 'text', value: 'FILE', description: 'keep the state in a JSON file across restarts' },
  { name: 'no-cors', kind: 'switch', description: 'behave like a service without CORS support' },
  { name: 'cors-origin', kind: 'origin', value: 'ORIGIN', repeatable: true, description: 'allowed CORS origin; replaces the defaults' },
  { name: 'fault-500', kind: 'rate', value: 'RATE', description: 'share of requests answered with a non-JSON 500' },
  { name: 'fault-429', kind: 'rate', value: 'RATE', description: 'share of requests answered with 429' },
  {
    name: 'retry-after',
    kind: 'integer',
    value: 'S',
    default: DEFAULT_RETRY_AFTER_SECONDS,
    min: 0,
    description: 'Retry-After seconds of injected 429s',
  },
  { name: 'fault-slow', kind: 'rate', value: 'RATE', description: 'share of slow answers, delayed by --slow-ms' },
  { name: 'slow-ms', kind: 'integer', value: 'MS', default: DEFAULT_SLOW_MS, min: 0, description: 'delay of slow answers in milliseconds' },
  { name: 'fault-drop', kind: 'rate', value: 'RATE', description: 'share of requests whose connection is dropped' },
  {
    name: 'fault-after-write-500',
    kind: 'rate',
    value: 'RATE',
    description: 'share of writes (POST/PUT/PATCH/DELETE) applied in full, then answered with a non-JSON 500',
  },
  {
    name: 'fault-after-write-drop',
    kind: 'rate',
    value: 'RATE',
    description: 'share of writes applied in full whose connection is then dropped instead of the answer',
  },
  {
    name: 'fault-seed',
    kind: 'integer',
    value: 'N',
    description: "seed of the faults' own random sequence (default: derived from --seed)",
  },
  {
    name: 'fault-concurrent-edits',
    kind: 'rate',
    value: 'RATE',
    description: "share of transaction page requests (page >= 2) preceded by another user's edits",
  },
  {
    name: 'fault-concurrent-budget-edits',
    kind: 'rate',
    value: 'RATE',
    description: "share of budget list requests by ids (a client's read before it writes) preceded by another user's edit of one of them",
  },
  { name: 'help', kind: 'switch', short: 'h', description: 'print this list and exit' },
] as const satisfies readonly OptionSpec[];

export type OptionName = (typeof SANDBOX_OPTIONS)[number]['name'];

const SANDBOX_TABLE: OptionTable<(typeof SANDBOX_OPTIONS)[number]> = {
  usage: 'npm run sandbox -- [options]',
  options: SANDBOX_OPTIONS,
  source: 'SANDBOX_OPTIONS in src/sandbox/cli-options.ts',
  footer:
    'RATE is a share from 0 to 1 (0.1 = one request in ten). A request meets at most one of --fault-drop, --fault-500 and --fault-429; each rate is its share of all requests. The after-write faults draw once more, after a write was applied.',
};

/** The text `npm run sandbox -- --help` prints, and bad options print after their message. */
export function renderUsage(): string {
  return optionTable.renderUsage(SANDBOX_TABLE);
}

/** The README's option list (between the sandbox-options markers), as a Markdown table. */
export function renderOptionsMarkdown(): string {
  return optionTable.renderOptionsMarkdown(SANDBOX_TABLE);
}

export const USAGE = renderUsage();

/** `ok: false` means: print `message` (to stderr unless exitCode is 0) and exit with `exitCode`, starting nothing. */
export type CliResult = { ok: true; options: SandboxOptions } | Refusal;

export function parseCliArgs(argv: readonly string[]): CliResult {
  const read = optionTable.readOptions(SANDBOX_TABLE, argv);
  if (!read.ok) return read;
  const { values } = read;
  const number = (name: OptionName) => values.number(name);
  const corsOrigins = values.list('cors-origin');
  const faults = {
    error500Rate: number('fault-500'),
    rate429: number('fault-429'),
    retryAfterSeconds: number('retry-after'),
    slowRate: number('fault-slow'),
    slowMs: number('slow-ms'),
    dropRate: number('fault-drop'),
    afterWrite500Rate: number('fault-after-write-500'),
    afterWriteDropRate: number('fault-after-write-drop'),
    seed: number('fault-seed'),
    concurrentEditRate: number('fault-concurrent-edits'),
    concurrentBudgetEditRate: number('fault-concurrent-budget-edits'),
  };
  const options: SandboxOptions = {
    port: number('port'),
    host: values.text('host'),
    seed: number('seed'),
    transactions: number('transactions'),
    tokenTtl: number('token-ttl'),
    cors: values.flag('no-cors') ? false : corsOrigins ? { origins: corsOrigins } : true,
    faults: Object.fromEntries(Object.entries(faults).filter(([, v]) => v !== undefined)),
  };
  const linkHost = values.text('link-host');
  const dataFile = values.text('data');
  if (linkHost) options.linkHost = linkHost;
  if (dataFile) options.dataFile = dataFile;
  return { ok: true, options };
}
