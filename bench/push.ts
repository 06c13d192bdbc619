/**
 * `npm run bench push`: our push against a naive one-at-a-time client, per resource, in one run. Each row starts its
 * own sandbox in a child process that delays every answer by the same assumed round trip, sets up its records
 * through the API (not measured), warms both sides up, measures our push and then the one-at-a-time client on sets
 * of their own, checks that the service holds every edit, and prints the requests by kind against the issue's
 * target, the wall time, rows per second and the speed-up. A benchmark, not a test.
 *   1. budgets (#17, push-budgets.ts): 1,000 edited, 100 new and 50 deleted forecast budgets;
 *   2. invoices (#28, push-invoices.ts): 1,000 edited invoices (expected date, status, notes);
 *   3. transactions (#28, push-transactions.ts): 5,000 transactions given another category.
 *
 * Environment: BENCH_PUSH_EDITED (default 1,000; 10,000 with BENCH_PUSH_LATENCY_MS=0, the issue's size), BENCH_PUSH_NEW (100), BENCH_PUSH_DELETED (50) for the budgets;
 * BENCH_PUSH_INVOICES (1,000) and BENCH_PUSH_TRANSACTIONS (5,000), 0 leaves the row out; and for every row
 * BENCH_PUSH_CONCURRENCY (our push's writes in flight; default: the push's own, 4),
 * BENCH_PUSH_LATENCY_MS (every sandbox answer delayed by this much, standing in for the network; default
 *   DEFAULT_PUSH_LATENCY_MS, an assumption like the pull bench's 50 ms per sync; 0: bare loopback, where the client
 *   and the sandbox share two cores and concurrency cannot win anything),
 * BENCH_PUSH_SETUP_CONCURRENCY (creates in flight while setting up, default 8), BENCH_PUSH_WARMUP (share of the
 * sizes each side runs once before the measured runs, default 0.1, at most 100 rows of a kind; 0 = no warm-up).
 *
 * With the defaults the run takes about 6 to 7 minutes on a 2-core machine, most of it the one-at-a-time client's
 * 10,000 requests for the 5,000 transactions (about 24 ms each at 20 ms per answer); BENCH_PUSH_TRANSACTIONS=2000
 * brings it under 5. Issue #30 states its budget target for 10,000 edited budgets: the bare-loopback run
 * (BENCH_PUSH_LATENCY_MS=0) edits that many by default and takes about 4 minutes more, most of it creating the 20,100
 * budgets of the setup.
 */
import { benchPushBudgets, type PushBenchSizes } from './push-budgets';
import type { SideFigures } from './push-figures';
import { benchPushInvoices } from './push-invoices';
import { pushResultRows } from './push-results';
import { pushBenchSettings } from './push-sandbox';
import { saveSection } from './results';
import { benchPushTransactions } from './push-transactions';

export { DEFAULT_PUSH_LATENCY_MS } from './push-sandbox';

export interface PushBenchRows {
  budgets: PushBenchSizes;
  /** Edited invoices (0: the row is left out). */
  invoices: number;
  /** Recategorized transactions (0: the row is left out). */
  transactions: number;
}

export async function benchPush(rows: PushBenchRows): Promise<Record<string, SideFigures[]>> {
  const settings = pushBenchSettings();
  const { edited, created, deleted } = rows.budgets;
  const out: Record<string, SideFigures[]> = {};
  if (edited + created + deleted > 0) out.budgets = await benchPushBudgets(rows.budgets, settings);
  if (rows.invoices > 0) out.invoices = await benchPushInvoices(rows.invoices, settings);
  if (rows.transactions > 0) out.transactions = await benchPushTransactions(rows.transactions, settings);
  saveSection(
    `push-${settings.latencyMs}ms`,
    `Push against a one-at-a-time client, ${settings.latencyMs === 0 ? 'bare loopback' : `${settings.latencyMs} ms per answer`}`,
    Object.entries(out).flatMap(([resource, sides]) => pushResultRows(resource, settings.latencyMs, sides)),
  );
  return out;
}
