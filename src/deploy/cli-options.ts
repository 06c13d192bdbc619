/**
 * The deployment server's command line (`npm run serve -- --origin ORIGIN --service ORIGIN --cert FILE --key FILE`).
 * Every flag is listed once, in SERVE_OPTIONS: parsing, validation (the origin with deploy-origin.ts's zod schema, the
 * service with the proxy's target check), the usage text and the README's option list (`npm run docs:options`) all
 * come from it, through src/cli/option-table.ts.
 */
import * as optionTable from '../cli/option-table';
import type { OptionSpec, OptionTable, Refusal } from '../cli/option-table';
import { targetProblem } from '../proxy/target';
import { deployOriginProblem } from './deploy-origin';

export const SERVE_OPTIONS = [
  {
    name: 'origin',
    kind: 'text',
    value: 'ORIGIN',
    required: true,
    check: deployOriginProblem,
    description: "the add-in's origin, as colleagues' Excel reaches it, e.g. https://addin.example.com; dist/ must be built for it",
  },
  {
    name: 'service',
    kind: 'text',
    value: 'ORIGIN',
    required: true,
    check: targetProblem,
    description: "the service's origin, e.g. https://api.example.com; the proxy under /service/ reaches it and nothing else",
  },
  { name: 'cert', kind: 'text', value: 'FILE', required: true, description: 'the certificate (PEM, with its chain) for the origin' },
  { name: 'key', kind: 'text', value: 'FILE', required: true, description: "the certificate's private key (PEM)" },
  {
    name: 'port',
    kind: 'integer',
    value: 'N',
    min: 0,
    max: 65535,
    description: "port to listen on; 0 = a random free port (default: the origin's port, 443 unless it names one)",
  },
  { name: 'host', kind: 'text', value: 'HOST', default: '0.0.0.0', description: 'address to bind' },
  { name: 'dist', kind: 'text', value: 'DIR', default: 'dist', description: 'the build to serve' },
  {
    name: 'frame-ancestor',
    kind: 'origin',
    value: 'ORIGIN',
    repeatable: true,
    description: "a host allowed to frame the task pane besides Office's own (a sovereign cloud's Office on the web)",
  },
  { name: 'help', kind: 'switch', short: 'h', description: 'print this list and exit' },
] as const satisfies readonly OptionSpec[];

const SERVE_TABLE: OptionTable<(typeof SERVE_OPTIONS)[number]> = {
  usage: 'npm run serve -- --origin ORIGIN --service ORIGIN --cert FILE --key FILE [options]',
  options: SERVE_OPTIONS,
  source: 'SERVE_OPTIONS in src/deploy/cli-options.ts',
};

export const USAGE = optionTable.renderUsage(SERVE_TABLE);

/** The README's option list (between the serve-options markers), as a Markdown table. */
export function renderOptionsMarkdown(): string {
  return optionTable.renderOptionsMarkdown(SERVE_TABLE);
}

export interface ServeOptions {
  origin: string;
  service: string;
  certFile: string;
  keyFile: string;
  port: number;
  host: string;
  dist: string;
  frameAncestors: string[];
}

export type CliResult = { ok: true; options: ServeOptions } | Refusal;

export function parseCliArgs(argv: readonly string[]): CliResult {
  const read = optionTable.readOptions(SERVE_TABLE, argv);
  if (!read.ok) return read;
  const { values } = read;
  const origin = new URL(values.text('origin') ?? '');
  return {
    ok: true,
    options: {
      origin: origin.origin,
      service: values.text('service') ?? '',
      certFile: values.text('cert') ?? '',
      keyFile: values.text('key') ?? '',
      port: values.number('port') ?? (origin.port === '' ? 443 : Number(origin.port)),
      host: values.text('host') ?? '0.0.0.0',
      dist: values.text('dist') ?? 'dist',
      frameAncestors: values.list('frame-ancestor') ?? [],
    },
  };
}
