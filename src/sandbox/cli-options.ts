/**
 * The sandbox command line (`npm run sandbox -- [options]`). Every flag is listed once, in SANDBOX_OPTIONS:
 * parsing (node:util parseArgs), validation, the usage text (`--help`, bad options) and the README's option
 * list (`npm run docs:options`) all come from that table.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_RETRY_AFTER_SECONDS, DEFAULT_SLOW_MS } from './faults';
import type { SandboxOptions } from './index';

/** integer: a whole number; rate: a share from 0 to 1; text: any non-empty text; origin: scheme://host[:port]; switch: no value. */
export type OptionKind = 'integer' | 'rate' | 'text' | 'origin' | 'switch';

export interface OptionSpec {
  /** The flag without its leading dashes. */
  readonly name: string;
  readonly kind: OptionKind;
  /** The value's placeholder in the usage text (every kind but switch). */
  readonly value?: string;
  /** What the sandbox uses when the flag is absent. */
  readonly default?: number | string;
  /** Bounds of an integer, inclusive. */
  readonly min?: number;
  readonly max?: number;
  /** May be given more than once; the values add up. */
  readonly repeatable?: boolean;
  readonly short?: string;
  readonly description: string;
}

export const SANDBOX_OPTIONS = [
  { name: 'port', kind: 'integer', value: 'N', default: 8787, min: 0, max: 65535, description: 'port to listen on; 0 = a random free port' },
  { name: 'host', kind: 'text', value: 'HOST', default: '127.0.0.1', description: 'address to bind' },
  { name: 'seed', kind: 'integer', value: 'N', default: 42, description: 'demo data seed; the data is deterministic from it' },
  { name: 'transactions', kind: 'integer', value: 'N', default: 5000, min: 0, max: 200_000, description: 'transactions of the demo company' },
  { name: 'token-ttl', kind: 'integer', value: 'SECONDS', default: 300, min: 1, description: 'access token lifetime' },
  { name: 'link-host', kind: 'origin', value: 'ORIGIN', description: 'origin written into next/previous links, e.g. http://api.example.test' },
  { name: 'data', kind: 'text', value: 'FILE', description: 'keep the state in a JSON file across restarts' },
  { name: 'no-cors', kind: 'switch', description: 'behave like a service without CORS support' },
  { name: 'cors-origin', kind: 'origin', value: 'ORIGIN', repeatable: true, description: 'allowed CORS origin; replaces the defaults' },
  { name: 'fault-500', kind: 'rate', value: 'RATE', description: 'share of requests answered with a non-JSON 500' },
  { name: 'fault-429', kind: 'rate', value: 'RATE', description: 'share of requests answered with 429' },
  { name: 'retry-after', kind: 'integer', value: 'S', default: DEFAULT_RETRY_AFTER_SECONDS, min: 0, description: 'Retry-After seconds of injected 429s' },
  { name: 'fault-slow', kind: 'rate', value: 'RATE', description: 'share of slow answers, delayed by --slow-ms' },
  { name: 'slow-ms', kind: 'integer', value: 'MS', default: DEFAULT_SLOW_MS, min: 0, description: 'delay of slow answers in milliseconds' },
  { name: 'fault-drop', kind: 'rate', value: 'RATE', description: 'share of requests whose connection is dropped' },
  {
    name: 'fault-concurrent-edits',
    kind: 'rate',
    value: 'RATE',
    description: "share of transaction page requests (page >= 2) preceded by another user's edits",
  },
  { name: 'help', kind: 'switch', short: 'h', description: 'print this list and exit' },
] as const satisfies readonly OptionSpec[];

export type OptionName = (typeof SANDBOX_OPTIONS)[number]['name'];

const RATE_NOTE = 'RATE is a share from 0 to 1 (0.1 = one request in ten).';

/** `--port N`, `--no-cors`. */
function synopsis(spec: OptionSpec): string {
  return spec.value ? `--${spec.name} ${spec.value}` : `--${spec.name}`;
}

/** `0 to 65535`, `at least 1`, or undefined for an unbounded option. */
function bounds(spec: OptionSpec): string | undefined {
  if (spec.min !== undefined && spec.max !== undefined) return `${spec.min} to ${spec.max}`;
  if (spec.min !== undefined) return `at least ${spec.min}`;
  if (spec.max !== undefined) return `at most ${spec.max}`;
  return undefined;
}

/** Default, bounds, repeatability: the parenthesis after a description ('' when none applies). */
function notes(spec: OptionSpec, code: (text: string) => string = (text) => text): string {
  const range = bounds(spec);
  const parts = [
    ...(spec.default !== undefined ? [`default ${code(String(spec.default))}`] : []),
    ...(range ? [range] : []),
    ...(spec.repeatable ? ['repeatable'] : []),
  ];
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/** The text `npm run sandbox -- --help` prints, and bad options print after their message. */
export function renderUsage(options: readonly OptionSpec[] = SANDBOX_OPTIONS): string {
  const width = Math.max(...options.map((spec) => synopsis(spec).length)) + 2;
  const lines = options.map((spec) => `  ${synopsis(spec).padEnd(width)}${spec.description}${notes(spec)}`);
  return ['Usage: npm run sandbox -- [options]', ...lines, '', RATE_NOTE].join('\n');
}

/** The README's option list (between the sandbox-options markers), as a Markdown table. */
export function renderOptionsMarkdown(options: readonly OptionSpec[] = SANDBOX_OPTIONS): string {
  const rows = options.map((spec) => {
    const described = spec.description.replace(/--[a-z0-9-]+|https?:\/\/\S+/g, (literal) => `\`${literal}\``);
    const description = `${described}${notes(spec, (text) => `\`${text}\``)}`;
    return `| \`${synopsis(spec)}\` | ${description.replace(/\|/g, '\\|')} |`;
  });
  return [
    '<!-- generated from SANDBOX_OPTIONS in src/sandbox/cli-options.ts by `npm run docs:options`: edit there -->',
    '| Option | What it does |',
    '|---|---|',
    ...rows,
    '',
    RATE_NOTE,
  ].join('\n');
}

export const USAGE = renderUsage();

type Value = number | string | boolean | string[];

/** The value of `text` for `spec`, or why it is not acceptable. */
function check(spec: OptionSpec, text: string): { value: number | string } | { problem: string } {
  const shown = JSON.stringify(text);
  switch (spec.kind) {
    case 'integer': {
      const n = text.trim() === '' ? NaN : Number(text);
      if (!Number.isInteger(n)) return { problem: `${shown} is not a whole number` };
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) {
        return { problem: `${n} is out of range (${bounds(spec)})` };
      }
      return { value: n };
    }
    case 'rate': {
      const n = text.trim() === '' ? NaN : Number(text);
      if (!(n >= 0 && n <= 1)) return { problem: `${shown} is not a share from 0 to 1` };
      return { value: n };
    }
    case 'origin':
      if (!/^https?:\/\/[^/\s]+$/.test(text)) return { problem: `${shown} is not an origin such as http://localhost:3000 (no path)` };
      return { value: text };
    case 'text':
      return text === '' ? { problem: 'must not be empty' } : { value: text };
    case 'switch':
      return { problem: 'takes no value' };
  }
}

/** Reads the flags into name → value (defaults filled in); problems in the order the arguments came. */
function read(argv: readonly string[]): { values: Map<string, Value>; problems: string[] } {
  const values = new Map<string, Value>();
  const problems: string[] = [];
  readInto(argv, values, problems);
  for (const spec of SANDBOX_OPTIONS as readonly OptionSpec[]) {
    if (spec.default !== undefined && !values.has(spec.name)) values.set(spec.name, spec.default);
  }
  return { values, problems };
}

const SPECS = new Map<string, OptionSpec>(SANDBOX_OPTIONS.map((spec) => [spec.name, spec]));

/** The table in parseArgs' terms: every value is read as a string and checked by `check`. */
const PARSE_ARGS_OPTIONS = Object.fromEntries(
  SANDBOX_OPTIONS.map((spec: OptionSpec) => [
    spec.name,
    { type: spec.kind === 'switch' ? ('boolean' as const) : ('string' as const), ...(spec.short ? { short: spec.short } : {}) },
  ]),
);

function readInto(argv: readonly string[], values: Map<string, Value>, problems: string[]): void {
  // Not strict: unknown flags and missing values come back as tokens and are reported below, in our words.
  const { tokens } = parseArgs({ args: [...argv], options: PARSE_ARGS_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      problems.push(`Unexpected argument: ${token.value} (options start with --)`);
      continue;
    }
    if (token.kind === 'option-terminator') continue;
    const spec = SPECS.get(token.name);
    if (!spec) {
      problems.push(`Unknown option: ${token.rawName}`);
      continue;
    }
    if (spec.kind === 'switch') {
      if (token.value !== undefined) problems.push(`${token.rawName}: takes no value`);
      else values.set(spec.name, true);
      continue;
    }
    if (token.value === undefined) {
      problems.push(`Option ${token.rawName} needs a value (${spec.value}).`);
      continue;
    }
    // `--seed --port 1` takes "--port" as the seed: say the value is missing and read on from "--port".
    if (!token.inlineValue && token.value.startsWith('--')) {
      problems.push(`Option ${token.rawName} needs a value (${spec.value}).`);
      readInto(argv.slice(token.index + 1), values, problems);
      return;
    }
    const checked = check(spec, token.value);
    if ('problem' in checked) {
      problems.push(`${token.rawName}: ${checked.problem}`);
      continue;
    }
    const previous = values.get(spec.name);
    values.set(spec.name, spec.repeatable ? [...(Array.isArray(previous) ? previous : []), String(checked.value)] : checked.value);
  }
}

/** `ok: false` means: print `message` (to stderr unless exitCode is 0) and exit with `exitCode`, starting nothing. */
export type CliResult = { ok: true; options: SandboxOptions } | { ok: false; message: string; exitCode: 0 | 2 };

export function parseCliArgs(argv: readonly string[]): CliResult {
  const { values, problems } = read(argv);
  if (values.get('help') === true) return { ok: false, message: USAGE, exitCode: 0 };
  if (problems.length > 0) {
    return { ok: false, message: `Invalid options:\n${problems.map((p) => `  ${p}`).join('\n')}\n\n${USAGE}`, exitCode: 2 };
  }
  const number = (name: OptionName): number | undefined => {
    const value = values.get(name);
    return typeof value === 'number' ? value : undefined;
  };
  const text = (name: OptionName): string | undefined => {
    const value = values.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const corsOrigins = values.get('cors-origin');
  const faults = {
    error500Rate: number('fault-500'),
    rate429: number('fault-429'),
    retryAfterSeconds: number('retry-after'),
    slowRate: number('fault-slow'),
    slowMs: number('slow-ms'),
    dropRate: number('fault-drop'),
    concurrentEditRate: number('fault-concurrent-edits'),
  };
  const options: SandboxOptions = {
    port: number('port'),
    host: text('host'),
    seed: number('seed'),
    transactions: number('transactions'),
    tokenTtl: number('token-ttl'),
    cors: values.get('no-cors') === true ? false : Array.isArray(corsOrigins) ? { origins: corsOrigins } : true,
    faults: Object.fromEntries(Object.entries(faults).filter(([, v]) => v !== undefined)),
  };
  const linkHost = text('link-host');
  const dataFile = text('data');
  if (linkHost) options.linkHost = linkHost;
  if (dataFile) options.dataFile = dataFile;
  return { ok: true, options };
}
