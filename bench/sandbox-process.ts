/**
 * The sandbox in a child process (`tsx src/sandbox/cli.ts --port 0`), so a benchmark's memory and CPU figures
 * are the client's own. Reads the URL and the company credentials from its start-up output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface SandboxProcess {
  url: string;
  credentials: { clientId: string; clientSecret: string };
  pid: number | undefined;
  close(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..');

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function spawnSandbox(transactions: number, timeoutMs = 120_000): Promise<SandboxProcess> {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['src/sandbox/cli.ts', '--port', '0', '--transactions', String(transactions)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  try {
    const ready = await new Promise<{ url: string; clientId: string; clientSecret: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`sandbox did not start within ${timeoutMs} ms`)), timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`sandbox exited with ${code}: ${errors.trim()}`));
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
        const company = /company \([^)]*\): (\S+) \/ (\S+)/.exec(output);
        if (url !== undefined && company?.[1] !== undefined && company[2] !== undefined) {
          clearTimeout(timer);
          resolve({ url, clientId: company[1], clientSecret: company[2] });
        }
      });
    });
    child.stdout?.resume();
    return {
      url: ready.url,
      credentials: { clientId: ready.clientId, clientSecret: ready.clientSecret },
      pid: child.pid,
      close: () => stop(child),
    };
  } catch (error) {
    await stop(child);
    throw error;
  }
}
