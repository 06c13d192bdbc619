/**
 * The push benchmarks' settings and sandbox: the knobs every row shares (latency, concurrency, warm-up, setup
 * concurrency; from the environment), the sandbox in a child process delaying every answer by the latency, and a
 * client of it (optionally over a counting `fetch`).
 */
import os from 'node:os';
import { CashflowClient, TokenCache } from '../src/api';
import type { Credentials } from './pull';
import type { MemoryBaselineStore, MemoryPushSheet, PushReference } from '../src/sync/push';
import { spawnSandbox, type SandboxProcess } from './sandbox-process';

/**
 * Assumed round trip to the service: 20 ms (a nearby HTTPS API; an assumption, not a measurement). On bare loopback
 * the push and the sandbox are CPU-bound on the same two cores and writes in flight cannot overlap anything.
 */
export const DEFAULT_PUSH_LATENCY_MS = 20;

export interface PushBenchSettings {
  /** Our push's writes in flight (BENCH_PUSH_CONCURRENCY); undefined: the push's own default, 4. */
  concurrency: number | undefined;
  /** Share of the sizes each side runs once before the measured runs (BENCH_PUSH_WARMUP, default 0.1, at most MAX_WARM_ROWS of a kind; 0: none). */
  warmShare: number;
  /** Creates in flight while setting up (BENCH_PUSH_SETUP_CONCURRENCY, default 8). */
  setupConcurrency: number;
  /** Every sandbox answer delayed by this much (BENCH_PUSH_LATENCY_MS), standing in for the network. */
  latencyMs: number;
}

export function pushBenchSettings(env: NodeJS.ProcessEnv = process.env): PushBenchSettings {
  return {
    concurrency: env.BENCH_PUSH_CONCURRENCY === undefined ? undefined : Math.max(1, Number(env.BENCH_PUSH_CONCURRENCY)),
    warmShare: Math.max(0, Number(env.BENCH_PUSH_WARMUP ?? 0.1)),
    setupConcurrency: Math.max(1, Number(env.BENCH_PUSH_SETUP_CONCURRENCY ?? 8)),
    latencyMs: Math.max(0, Number(env.BENCH_PUSH_LATENCY_MS ?? DEFAULT_PUSH_LATENCY_MS)),
  };
}

/** The sandbox with this many demo transactions, every answer delayed by the latency (an assumption, not a measurement). */
export function spawnPushSandbox(transactions: number, settings: PushBenchSettings): Promise<SandboxProcess> {
  const { latencyMs } = settings;
  return spawnSandbox(transactions, undefined, latencyMs > 0 ? ['--fault-slow', '1', '--slow-ms', String(latencyMs)] : []);
}

/** Where the row runs: the sandbox's process, the cores, the latency. */
export function whereText(sandbox: SandboxProcess, settings: PushBenchSettings): string {
  const { latencyMs } = settings;
  return (
    `sandbox in child process ${sandbox.pid ?? '?'}, ${os.availableParallelism()} cores, ` +
    (latencyMs > 0
      ? `every answer delayed by ${latencyMs} ms (BENCH_PUSH_LATENCY_MS, an assumed network round trip)`
      : 'loopback without added latency (BENCH_PUSH_LATENCY_MS=0)')
  );
}

export function benchClient(sandbox: SandboxProcess, fetchImpl?: typeof fetch): CashflowClient {
  const credentials: Credentials = sandbox.credentials;
  return new CashflowClient({
    baseUrl: sandbox.url,
    ...credentials,
    language: 'en',
    tokenCache: new TokenCache(),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

/**
 * Rows of one kind a warm-up writes at most: enough for the JIT and the sandbox's paths, and the one-at-a-time
 * client's warm-up on 5,000 transactions would otherwise take 25 s of the run.
 */
export const MAX_WARM_ROWS = 100;

/** The warm-up's size of a measured size: its share, at least one row when warming up at all, at most MAX_WARM_ROWS. */
export const warmSize = (size: number, settings: PushBenchSettings): number =>
  Math.min(Math.ceil(size * settings.warmShare), MAX_WARM_ROWS);

/** A table "pulled" for a push bench: the sandbox, the settings, the setup client, the sheet with its baseline. */
export interface PulledBenchTable {
  sandbox: SandboxProcess;
  settings: PushBenchSettings;
  setup: CashflowClient;
  sheet: MemoryPushSheet;
  baselines: MemoryBaselineStore;
  reference: PushReference;
}
