/**
 * Starts the remote Excel (Node only; the browser bundle never imports this file): a child process that owns the
 * simulated workbook (host-process.ts), and the client's transport to it over the IPC channel, JSON-serialized once
 * per request and answer, as Office.js serializes its requests to the host. The add-in's process then holds none of
 * the workbook's cells, so its CPU and heap are the add-in's own (serialization included).
 *
 *   const excel = await startRemoteExcel({ workbook: { platform: 'web' } });
 *   const { uninstall } = excel.install(globalThis);   // Excel.run, Excel.RequestContext, the enums, OfficeExtension
 *   await productCode();
 *   await excel.snapshot();                             // the workbook as plain data; stats(), inspect(...)
 *   uninstall();
 *   await excel.close();                                // always: the child keeps jest (or any process) alive
 */

import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SyncStats, type SyncRecord } from '../batch/payload';
import type { WorkbookSnapshot } from '../model/workbook-snapshot';
import type { SimulatedWorkbookOptions } from '../simulated-workbook';
import type { HostEnvelope, HostReply, HostRequest, Inspection } from './protocol';
import { installRemoteExcel, toSimError, type RemoteExcelGlobals, type RemoteTransport } from './remote-excel';

/** The workbook options that cross a process boundary (plain data). */
export type RemoteWorkbookOptions = Pick<
  SimulatedWorkbookOptions,
  'platform' | 'sheets' | 'currentYear' | 'settings' | 'settingsLimitBytes' | 'syncLatencyMs' | 'syncYield'
>;

export interface RemoteExcelOptions {
  workbook?: RemoteWorkbookOptions;
  /** The host's entry: host-process.ts through tsx by default; a bundle of it (.cjs/.js) runs as it is. */
  entry?: string;
}

export interface RemoteExcel {
  readonly pid: number | undefined;
  install(target: object): { globals: RemoteExcelGlobals; uninstall(): void };
  /** The host's sync records (SyncStats of the simulation, as in process). */
  stats(): Promise<SyncStats>;
  snapshot(): Promise<WorkbookSnapshot>;
  inspect(method: Inspection, ...args: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

export async function startRemoteExcel(options: RemoteExcelOptions = {}): Promise<RemoteExcel> {
  const entry = options.entry ?? path.join(__dirname, 'host-process.ts');
  const child = fork(entry, [], {
    execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
    env: { ...process.env, REMOTE_EXCEL_OPTIONS: JSON.stringify(options.workbook ?? {}) },
    serialization: 'json',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const transport = ipcTransport(child);
  return {
    pid: child.pid,
    install: (target) => installRemoteExcel(target, transport),
    async stats() {
      const stats = new SyncStats();
      stats.syncs.push(...((await transport.send({ type: 'stats' })) as SyncRecord[]));
      return stats;
    },
    snapshot: async () => (await transport.send({ type: 'snapshot' })) as WorkbookSnapshot,
    inspect: (method, ...args) => transport.send({ type: 'inspect', method, args }),
    close: () => closeChild(child),
  };
}

/** One request at a time per message, answered by sequence number. */
function ipcTransport(child: ChildProcess): RemoteTransport {
  let seq = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  child.on('message', (reply: HostReply) => {
    const waiter = waiting.get(reply.seq);
    waiting.delete(reply.seq);
    if (reply.ok) waiter?.resolve(reply.value);
    else waiter?.reject(toSimError(reply.error));
  });
  child.once('exit', (code, signal) => {
    for (const waiter of waiting.values()) waiter.reject(new Error(`The remote Excel's process ended (${code ?? signal}).`));
    waiting.clear();
  });
  return {
    send(request: HostRequest): Promise<unknown> {
      seq += 1;
      const envelope: HostEnvelope = { seq, request };
      return new Promise((resolve, reject) => {
        waiting.set(envelope.seq, { resolve, reject });
        child.send(envelope, (error) => {
          if (error !== null && error !== undefined) {
            waiting.delete(envelope.seq);
            reject(error);
          }
        });
      });
    },
  };
}

function closeChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}
