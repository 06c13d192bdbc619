/**
 * Command lines described by one option table (the sandbox's, the proxy's): parsing with node:util parseArgs,
 * validation, the usage text (`--help`, bad options) and the README's option list (`npm run docs:options`) all
 * come from the table. Node-only, like the commands that use it.
 */
import { parseArgs } from 'node:util';

/**
 * integer: a whole number; rate: a share from 0 to 1; text: any non-empty text; origin: scheme://host[:port]
 * (`*` too where the spec says `wildcard`); switch: no value.
 */
export type OptionKind = 'integer' | 'rate' | 'text' | 'origin' | 'switch';

export interface OptionSpec {
  /** The flag without its leading dashes. */
  readonly name: string;
  readonly kind: OptionKind;
  /** The value's placeholder in the usage text (every kind but switch). */
  readonly value?: string;
  /** What the command uses when the flag is absent. */
  readonly default?: number | string;
  /** Bounds of an integer, inclusive. */
  readonly min?: number;
  readonly max?: number;
  /** May be given more than once; the values add up. */
  readonly repeatable?: boolean;
  /** Must be given (unless --help is). */
  readonly required?: boolean;
  /** An origin option that also takes `*`. */
  readonly wildcard?: boolean;
  /** The command's own check of a value the kind accepts: why it is not acceptable, or undefined. */
  readonly check?: (value: string) => string | undefined;
  readonly short?: string;
  readonly description: string;
}

export interface OptionTable<Spec extends OptionSpec = OptionSpec> {
  /** The usage line's command, e.g. `npm run sandbox -- [options]`. */
  readonly usage: string;
  readonly options: readonly Spec[];
  /** Where the table is defined, named in the README block's generated-from comment. */
  readonly source: string;
  /** A paragraph after the list, in the usage text and the README alike. */
  readonly footer?: string;
}

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

/** Required, default, bounds, repeatability: the parenthesis after a description ('' when none applies). */
function notes(spec: OptionSpec, code: (text: string) => string = (text) => text): string {
  const range = bounds(spec);
  const parts = [
    ...(spec.required ? ['required'] : []),
    ...(spec.default !== undefined ? [`default ${code(String(spec.default))}`] : []),
    ...(range ? [range] : []),
    ...(spec.repeatable ? ['repeatable'] : []),
  ];
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/** The text `--help` prints, and bad options print after their message. */
export function renderUsage(table: OptionTable): string {
  const width = Math.max(...table.options.map((spec) => synopsis(spec).length)) + 2;
  const lines = table.options.map((spec) => `  ${synopsis(spec).padEnd(width)}${spec.description}${notes(spec)}`);
  return [`Usage: ${table.usage}`, ...lines, ...(table.footer ? ['', table.footer] : [])].join('\n');
}

/** The README's option list (between a block's markers), as a Markdown table. */
export function renderOptionsMarkdown(table: OptionTable): string {
  const rows = table.options.map((spec) => {
    // Flags and URLs as code; a URL ends before the punctuation that follows it.
    const described = spec.description.replace(/--[a-z0-9-]+|https?:\/\/[^\s,;)]*[^\s,;).]/g, (literal) => `\`${literal}\``);
    const description = `${described}${notes(spec, (text) => `\`${text}\``)}`;
    return `| \`${synopsis(spec)}\` | ${description.replace(/\|/g, '\\|')} |`;
  });
  return [
    `<!-- generated from ${table.source} by \`npm run docs:options\`: edit there -->`,
    '| Option | What it does |',
    '|---|---|',
    ...rows,
    ...(table.footer ? ['', table.footer] : []),
  ].join('\n');
}

export type OptionValue = number | string | boolean | string[];

/** The flags read from a command line, defaults filled in; typed getters by flag name. */
export class OptionValues<Name extends string = string> {
  constructor(private readonly values: ReadonlyMap<string, OptionValue>) {}

  number(name: Name): number | undefined {
    const value = this.values.get(name);
    return typeof value === 'number' ? value : undefined;
  }

  text(name: Name): string | undefined {
    const value = this.values.get(name);
    return typeof value === 'string' ? value : undefined;
  }

  /** A repeatable option's values, or undefined when it was not given. */
  list(name: Name): string[] | undefined {
    const value = this.values.get(name);
    return Array.isArray(value) ? value : undefined;
  }

  flag(name: Name): boolean {
    return this.values.get(name) === true;
  }
}

/** The value of `text` for `spec`, or why it is not acceptable. */
function check(spec: OptionSpec, text: string): { value: number | string } | { problem: string } {
  const shown = JSON.stringify(text);
  switch (spec.kind) {
    case 'integer': {
      // Decimal digits only: Number() would take `0x1F` as 31 and `1e3` as 1000 without a word.
      const n = /^\s*[-+]?\d+\s*$/.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(n)) return { problem: `${shown} is not a whole number` };
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
      if (spec.wildcard && text === '*') return { value: text };
      if (!/^https?:\/\/[^/\s]+$/.test(text)) return { problem: `${shown} is not an origin such as http://localhost:3000 (no path)` };
      return { value: text };
    case 'text':
      return text === '' ? { problem: 'must not be empty' } : { value: text };
    case 'switch':
      return { problem: 'takes no value' };
  }
}

/** Reads the flags into name → value; problems in the order the arguments came. */
function readInto(
  table: OptionTable,
  argv: readonly string[],
  values: Map<string, OptionValue>,
  problems: string[],
  given: Set<string>,
): void {
  const specs = new Map<string, OptionSpec>(table.options.map((spec) => [spec.name, spec]));
  // Every value is read as a string and checked by `check`.
  const options = Object.fromEntries(
    table.options.map((spec) => [
      spec.name,
      { type: spec.kind === 'switch' ? ('boolean' as const) : ('string' as const), ...(spec.short ? { short: spec.short } : {}) },
    ]),
  );
  // Not strict: unknown flags and missing values come back as tokens and are reported below, in our words.
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      problems.push(`Unexpected argument: ${token.value} (options start with --)`);
      continue;
    }
    if (token.kind === 'option-terminator') continue;
    const spec = specs.get(token.name);
    if (!spec) {
      problems.push(`Unknown option: ${token.rawName}`);
      continue;
    }
    given.add(spec.name);
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
      readInto(table, argv.slice(token.index + 1), values, problems, given);
      return;
    }
    const checked = check(spec, token.value);
    const problem = 'problem' in checked ? checked.problem : spec.check?.(token.value);
    if (problem !== undefined) {
      problems.push(`${token.rawName}: ${problem}`);
      continue;
    }
    if ('problem' in checked) continue;
    const previous = values.get(spec.name);
    values.set(spec.name, spec.repeatable ? [...(Array.isArray(previous) ? previous : []), String(checked.value)] : checked.value);
  }
}

/** `ok: false` means: print `message` (to stderr unless exitCode is 0) and exit with `exitCode`, starting nothing. */
export type Refusal = { ok: false; message: string; exitCode: 0 | 2 };

/** Every problem, then the usage. */
function invalidOptions(table: OptionTable, problems: readonly string[]): Refusal {
  return { ok: false, message: `Invalid options:\n${problems.map((p) => `  ${p}`).join('\n')}\n\n${renderUsage(table)}`, exitCode: 2 };
}

/**
 * Reads `argv` against the table: `--help` (or its short form) anywhere asks for the usage and exit 0; any problem
 * (unknown flag, bad or missing value, a required flag absent) gives every problem, then the usage, exit 2.
 */
export function readOptions<Spec extends OptionSpec>(
  table: OptionTable<Spec>,
  argv: readonly string[],
): { ok: true; values: OptionValues<Spec['name']> } | Refusal {
  const values = new Map<string, OptionValue>();
  const problems: string[] = [];
  const given = new Set<string>();
  readInto(table, argv, values, problems, given);
  if (values.get('help') === true) return { ok: false, message: renderUsage(table), exitCode: 0 };
  for (const spec of table.options) {
    if (spec.required && !given.has(spec.name)) {
      problems.push(`Option --${spec.name} is required (${spec.value}).`);
    }
    if (spec.default !== undefined && !values.has(spec.name)) values.set(spec.name, spec.default);
  }
  if (problems.length > 0) return invalidOptions(table, problems);
  return { ok: true, values: new OptionValues<Spec['name']>(values) };
}
