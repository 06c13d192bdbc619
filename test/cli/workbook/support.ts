/**
 * Harness of the workbook command's tests: `runWorkbookCli` called in-process with captured streams, the sandbox's
 * secret in the environment, a working directory of its own, waits that return at once (the retry budget still
 * counts them), and what the run printed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../../src/cli/workbook/cli-io';
import { runWorkbookCli } from '../../../src/cli/workbook/workbook-cli';
import { startSandbox } from '../../../src/sandbox';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export const ADD_IN = { id: '773ffca3-b486-40c2-a9ee-f12cfa211984', version: '0.1.0.0' };

export function startService(): Promise<Sandbox> {
  return startSandbox({ port: 0, transactions: 300 });
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'workbook-cli-'));
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command with `env` (the secret, usually) in `cwd`; stderr a terminal when `tty`. */
export async function runCli(
  argv: readonly string[],
  options: { env?: Record<string, string>; cwd: string; tty?: boolean; io?: Partial<CliIo> },
): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runWorkbookCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.tty === true, columns: 100 },
    stdinIsTTY: false,
    env: options.env ?? {},
    now: Date.now,
    sleep: async () => undefined,
    fetch: globalThis.fetch,
    cwd: options.cwd,
    ...options.io,
  });
  return { code, stdout, stderr };
}

/** The options that reach the sandbox with the demo company's client ID. */
export function serviceArgs(sandbox: Sandbox): string[] {
  return ['--base-url', sandbox.url, '--client-id', sandbox.credentials.company.clientId];
}

/** The secret, and the service it is for (refresh and push send it only there: a file alone never names it). */
export function secretEnv(sandbox: Sandbox): Record<string, string> {
  return { CASHFLOW_CLIENT_SECRET: sandbox.credentials.company.clientSecret, CASHFLOW_BASE_URL: sandbox.url };
}
