/**
 * The soak's service: the sandbox in this process (127.0.0.1, a random port) with every fault on at once, and what
 * the soak asks of it beside the API: the writes it applied, by phase (a table's pushes, its undo, an import), to
 * find a write applied twice.
 */

import { startSandbox, type AppliedWrite, type FaultOptions, type RunningSandbox } from '../../src/sandbox';

/** The rates of the soak's faults: modest, all at once (the brief's). */
export const SOAK_FAULTS = {
  error500Rate: 0.05,
  rate429: 0.05,
  retryAfterSeconds: 1,
  dropRate: 0.03,
  afterWrite500Rate: 0.05,
  afterWriteDropRate: 0.03,
} as const satisfies FaultOptions;

/** Access tokens live this long (seconds): the client renews one every second and a half or so. */
export const SOAK_TOKEN_TTL = 3;

export interface SoakSandbox {
  sandbox: RunningSandbox;
  /** From now on, writes the service applies count for this phase. */
  phase(name: string): void;
  /** Every write applied more than once within its phase: the phase and the write. */
  appliedTwice(): Array<{ phase: string; write: string }>;
  /** Writes applied, all phases. */
  applied(): number;
}

export async function startSoakSandbox(seed: number, transactions: number): Promise<SoakSandbox> {
  let phase = 'start';
  const seen = new Map<string, number>();
  let applied = 0;
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    seed: 42,
    transactions,
    tokenTtl: SOAK_TOKEN_TTL,
    faults: { ...SOAK_FAULTS, seed },
    onWriteApplied: (write) => {
      const keys = writeKeys(write);
      if (keys.length > 0) applied += 1;
      for (const key of keys) seen.set(`${phase}\u0000${key}`, (seen.get(`${phase}\u0000${key}`) ?? 0) + 1);
    },
  });
  return {
    sandbox,
    phase: (name) => void (phase = name),
    applied: () => applied,
    appliedTwice: () =>
      [...seen.entries()]
        .filter(([, n]) => n > 1)
        .map(([key]) => ({ phase: key.split('\u0000')[0] ?? '', write: key.split('\u0000')[1] ?? '' })),
  };
}

/**
 * One key per thing a write did: the method, the path and the body (each item of an array body on its own: a PATCH of
 * 1,000 invoices is 1,000 writes, an import of 3 rows 3 creates). The same key twice in one phase is the same write
 * applied twice: nothing the soak does in one phase sends the same thing twice on purpose.
 */
export function writeKeys(write: AppliedWrite): string[] {
  const [path = ''] = write.url.split('?');
  if (path.endsWith('/auth/token/')) return []; // a token is not the company's data
  if (Array.isArray(write.sent)) return write.sent.map((item) => `${write.method} ${path} ${stable(item)}`);
  return [`${write.method} ${write.url} ${stable(write.sent)}`];
}

/** JSON with the keys sorted (a body's key order says nothing). */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}
