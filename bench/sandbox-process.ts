/**
 * The sandbox in a child process (`tsx src/sandbox/cli.ts --port 0`), so a benchmark's memory and CPU figures
 * are the client's own. Reads the URL and the company credentials from its start-up output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

/** `extraArgs`: more sandbox flags, e.g. `['--cors-origin', origin]` for a page served elsewhere. */
export async function spawnSandbox(transactions: number, timeoutMs = 120_000, extraArgs: string[] = []): Promise<SandboxProcess> {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['src/sandbox/cli.ts', '--port', '0', '--transactions', String(transactions), ...extraArgs], {
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

/** CPU time (user + system, ms) of a process and its descendants from /proc (Linux); undefined elsewhere. */
export function processTreeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const ticksPerSecond = 100; // USER_HZ on Linux
  const cpu = (p: number): number => {
    const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  };
  const children = (p: number): number[] => {
    const tasks = readdirSync(`/proc/${p}/task`);
    return tasks.flatMap((t) => readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  };
  try {
    let ticks = 0;
    const queue = [pid];
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      ticks += cpu(p);
      queue.push(...children(p));
    }
    return (ticks / ticksPerSecond) * 1000;
  } catch {
    return undefined;
  }
}
