/**
 * The write soak's options (`npm run soak -- --minutes N [--seed N] [--max-requests N] [--json]`), parsed with zod:
 * a flag is `--name value` or `--name=value`; an unknown flag, a missing value or one out of range is refused with a
 * message that names it.
 */

import { z } from 'zod';

export const SOAK_USAGE = [
  'npm run soak -- [options]',
  '  --minutes N        how long to cycle (decimals allowed, e.g. 0.5; default 2)',
  '  --seed N           seed of the edits and of the faults (default 1)',
  '  --max-requests N   stop cycling once the client has sent this many requests (a bound; default none)',
  '  --json             print the figures as one JSON document instead of the table',
  '  --help             print this list',
].join('\n');

const SoakArgs = z
  .object({
    minutes: z.coerce
      .number()
      .positive()
      .max(24 * 60),
    seed: z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 31),
    maxRequests: z.coerce.number().int().positive().optional(),
    json: z.boolean(),
  })
  .strict();

export type SoakArgs = z.infer<typeof SoakArgs>;

export type ParsedArgs = { ok: true; args: SoakArgs } | { ok: false; help: boolean; message: string };

const FLAGS: Record<string, keyof SoakArgs> = { '--minutes': 'minutes', '--seed': 'seed', '--max-requests': 'maxRequests' };

/** The command line's options, checked; defaults: two minutes, seed 1, no request bound, the table. */
export function parseSoakArgs(argv: readonly string[]): ParsedArgs {
  const raw: Record<string, unknown> = { minutes: 2, seed: 1, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = '', inline] = (argv[i] ?? '').split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') return { ok: false, help: true, message: SOAK_USAGE };
    if (flag === '--json') {
      raw.json = true;
      continue;
    }
    const key = FLAGS[flag];
    if (key === undefined) return { ok: false, help: false, message: `Unknown option ${flag}.\n${SOAK_USAGE}` };
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value === '') return { ok: false, help: false, message: `${flag} needs a value.\n${SOAK_USAGE}` };
    raw[key] = value;
  }
  const parsed = SoakArgs.safeParse(raw);
  if (parsed.success) return { ok: true, args: parsed.data };
  const issue = parsed.error.issues[0];
  const flag = Object.entries(FLAGS).find(([, key]) => key === issue?.path[0])?.[0] ?? String(issue?.path[0] ?? '');
  return { ok: false, help: false, message: `${flag}: ${issue?.message ?? 'invalid'}.\n${SOAK_USAGE}` };
}
