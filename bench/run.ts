/**
 * `npm run bench`: benchmarks, never tests. Figures go to the console; the README quotes them.
 *   npm run bench            all
 *   npm run bench pull       100,000 transactions into the Excel simulation (BENCH_TRANSACTIONS, BENCH_SYNC_LATENCY_MS)
 *   npm run bench sandbox    how fast the sandbox serves pages (BENCH_SANDBOX_TRANSACTIONS, default 200,000)
 *   npm run bench pane       the task pane in the preview in Chromium: bundle sizes, long tasks during a 100,000-row
 *                            pull, time to show a cancel (BENCH_PANE_TRANSACTIONS, BENCH_CANCEL_AFTER_MS)
 */
import { benchPane } from './pane';
import { benchPull, DEFAULT_SYNC_LATENCY_MS } from './pull';
import { benchSandboxPages } from './sandbox-pages';

const BENCHES: Record<string, () => Promise<unknown>> = {
  sandbox: () => benchSandboxPages(Number(process.env.BENCH_SANDBOX_TRANSACTIONS ?? 200_000)),
  pull: () => benchPull(Number(process.env.BENCH_TRANSACTIONS ?? 100_000), Number(process.env.BENCH_SYNC_LATENCY_MS ?? DEFAULT_SYNC_LATENCY_MS)),
  pane: () => benchPane(Number(process.env.BENCH_PANE_TRANSACTIONS ?? 100_000)),
};

async function main(): Promise<void> {
  const only = process.argv[2];
  if (only !== undefined && !(only in BENCHES)) {
    console.error(`Unknown benchmark ${only}; one of: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  for (const [name, run] of Object.entries(BENCHES)) {
    if (only === undefined || only === name) await run();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
