/** Parsing and validation (zod) of the sandbox command line into SandboxOptions. */
import { z } from 'zod';
import type { SandboxOptions } from './index';

const rate = z.coerce.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const origin = z.string().regex(/^https?:\/\/[^/\s]+$/, 'must be an origin such as http://localhost:3000 (no path)');

const schema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8787),
  host: z.string().min(1).default('127.0.0.1'),
  seed: z.coerce.number().int().default(42),
  transactions: z.coerce.number().int().min(0).max(200_000).default(5000),
  tokenTtl: z.coerce.number().int().min(1).default(300),
  linkHost: origin.optional(),
  dataFile: z.string().min(1).optional(),
  cors: z.boolean().default(true),
  corsOrigins: z.array(origin).default([]),
  error500Rate: rate.optional(),
  rate429: rate.optional(),
  retryAfterSeconds: z.coerce.number().int().min(0).optional(),
  slowRate: rate.optional(),
  slowMs: z.coerce.number().int().min(0).optional(),
  dropRate: rate.optional(),
  concurrentEditRate: rate.optional(),
});

const FLAGS: Record<string, keyof z.input<typeof schema>> = {
  '--port': 'port',
  '--host': 'host',
  '--seed': 'seed',
  '--transactions': 'transactions',
  '--token-ttl': 'tokenTtl',
  '--link-host': 'linkHost',
  '--data': 'dataFile',
  '--cors-origin': 'corsOrigins',
  '--fault-500': 'error500Rate',
  '--fault-429': 'rate429',
  '--retry-after': 'retryAfterSeconds',
  '--fault-slow': 'slowRate',
  '--slow-ms': 'slowMs',
  '--fault-drop': 'dropRate',
  '--fault-concurrent-edits': 'concurrentEditRate',
};

export const USAGE = `Usage: npm run sandbox -- [options]
  --port N                 port (default 8787; 0 = random)
  --host HOST              address to bind (default 127.0.0.1)
  --seed N                 demo data seed (default 42)
  --transactions N         transactions of the demo company (default 5000, max 200000)
  --token-ttl SECONDS      access token lifetime (default 300)
  --link-host ORIGIN       origin written into next/previous links
  --data FILE              keep the state in a JSON file across restarts
  --no-cors                behave like a service without CORS support
  --cors-origin ORIGIN     allowed CORS origin (repeatable; replaces the defaults)
  --fault-500 RATE         share of requests answered with a non-JSON 500
  --fault-429 RATE         share of requests answered with 429
  --retry-after S          Retry-After seconds of injected 429s (default 1)
  --fault-slow RATE        share of slow answers, delayed by --slow-ms MS (default 2000)
  --fault-drop RATE        share of requests whose connection is dropped
  --fault-concurrent-edits RATE  share of transaction page requests (page >= 2) preceded by another user's edits`;

export type CliResult = { ok: true; options: SandboxOptions } | { ok: false; message: string };

export function parseCliArgs(argv: readonly string[]): CliResult {
  const raw: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--no-cors') {
      raw.cors = false;
      continue;
    }
    const [flag = '', inline] = arg.split(/=(.*)/s, 2);
    const key = FLAGS[flag];
    if (!key) return { ok: false, message: `Unknown option: ${arg}\n\n${USAGE}` };
    const value = inline ?? argv[++i];
    if (value === undefined) return { ok: false, message: `Option ${flag} needs a value.\n\n${USAGE}` };
    if (key === 'corsOrigins') raw.corsOrigins = [...((raw.corsOrigins as string[] | undefined) ?? []), value];
    else raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      const flag = Object.keys(FLAGS).find((f) => FLAGS[f] === key) ?? key;
      return `  ${flag}: ${issue.message}`;
    });
    return { ok: false, message: `Invalid options:\n${lines.join('\n')}\n\n${USAGE}` };
  }
  const o = parsed.data;
  const faults = {
    error500Rate: o.error500Rate,
    rate429: o.rate429,
    retryAfterSeconds: o.retryAfterSeconds,
    slowRate: o.slowRate,
    slowMs: o.slowMs,
    dropRate: o.dropRate,
    concurrentEditRate: o.concurrentEditRate,
  };
  const options: SandboxOptions = {
    port: o.port,
    host: o.host,
    seed: o.seed,
    transactions: o.transactions,
    tokenTtl: o.tokenTtl,
    cors: o.cors ? (o.corsOrigins.length > 0 ? { origins: o.corsOrigins } : true) : false,
    faults: Object.fromEntries(Object.entries(faults).filter(([, v]) => v !== undefined)),
  };
  if (o.linkHost) options.linkHost = o.linkHost;
  if (o.dataFile) options.dataFile = o.dataFile;
  return { ok: true, options };
}
