/**
 * Fault soak (issue #19): seeded 100,000-row pulls of transactions from the sandbox into the Excel simulation while the
 * sandbox answers 10 % of requests with a non-JSON 500 and 10 % with a 429 (`Retry-After: 1`), then one pull against a
 * service that is down for good. Loopback only, bounded: every wait the client asks for is slept at 1/TIME_SCALE of
 * its length (the retry budget still counts it in full, see src/api/retry-budget.ts), so a run takes seconds.
 *
 * For each run: a fresh sandbox in a child process (`--fault-seed` = BENCH_SOAK_SEED + run), a fresh simulated
 * workbook, our puller as `npm run bench pull` runs it (page_size 1000, 4 in flight). A completed table is checked
 * by count and sum (cents) of its cells against the service's `count`/`sum`, asked separately; the pull's requests
 * are counted at its `fetch` and must stay within pages + lookups + faults + token requests.
 * For comparison, each run's sandbox then serves the same pull (rows only) to the client's ordinary rule: two retries
 * per page, and one page failing three times fails the pull.
 * The down-for-good run pulls the table from a healthy sandbox, then pulls again from one answering every request
 * with a 500: it must end with the give-up message and leave the table as it was (a hash of its cells).
 *
 * Environment: BENCH_SOAK_RUNS (20), BENCH_SOAK_TRANSACTIONS (100,000), BENCH_SOAK_500 (0.1), BENCH_SOAK_429 (0.1),
 * BENCH_SOAK_SEED (1), BENCH_SOAK_TIME_SCALE (100).
 */
import { createHash } from 'node:crypto';
import { CashflowClient, RetryBudget, TokenCache, toCents, type Sleep } from '../src/api';
import { sleep as realSleep } from '../src/api/sleep';
import { ExcelWorkbookPort } from '../src/hosts/excel/excel-workbook-port';
import { createSimulatedWorkbook, installExcelSimulation, type SimulatedWorkbook } from '../src/preview/excel-sim';
import { createPuller, MemoryPullStateStore, PullServiceDownError, type PullProgress, type Puller } from '../src/sync/pull';
import { TRANSACTIONS_TABLE } from '../src/sync/tables';
import { saveSection } from './results';
import { spawnSandbox, type SandboxProcess } from './sandbox-process';

export interface SoakOptions {
  runs: number;
  transactions: number;
  rate500: number;
  rate429: number;
  seed: number;
  timeScale: number;
}

export function soakOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SoakOptions {
  return {
    runs: Number(env.BENCH_SOAK_RUNS ?? 20),
    transactions: Number(env.BENCH_SOAK_TRANSACTIONS ?? 100_000),
    rate500: Number(env.BENCH_SOAK_500 ?? 0.1),
    rate429: Number(env.BENCH_SOAK_429 ?? 0.1),
    seed: Number(env.BENCH_SOAK_SEED ?? 1),
    timeScale: Number(env.BENCH_SOAK_TIME_SCALE ?? 100),
  };
}

/** What the pull's `fetch` saw. */
interface Traffic {
  requests: number;
  tokens: number;
  pages: number;
  lookups: number;
  error500: number;
  error429: number;
  /** Answers that were none of the above (there should be none). */
  other: number;
}

interface RunFigures {
  run: number;
  faultSeed: number;
  outcome: 'complete' | 'failed';
  error?: string;
  rows: number;
  /** Count and sum (cents) of the table's cells against the service's `count` / `sum`. */
  countOk: boolean;
  sumOk: boolean;
  traffic: Traffic;
  /** pages + lookups + faults + token requests */
  allowed: number;
  waits: number;
  /** Sum of the waits the client asked for (slept at 1/timeScale). */
  waitedMs: number;
  waitingEvents: number;
  wallMs: number;
  /** For comparison, on the same sandbox after the pull: the client's fixed rule (2 retries per page, no budget). */
  fixedRule: 'complete' | 'failed';
}

function countingFetch(): { fetch: typeof fetch; traffic: Traffic } {
  const traffic: Traffic = { requests: 0, tokens: 0, pages: 0, lookups: 0, error500: 0, error429: 0, other: 0 };
  const counted: typeof fetch = async (input, init) => {
    traffic.requests += 1;
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const response = await fetch(request);
    if (path.endsWith('/auth/token/')) traffic.tokens += 1;
    else if (response.status === 500) traffic.error500 += 1;
    else if (response.status === 429) traffic.error429 += 1;
    else if (response.status === 200 && path.endsWith('/transactions/extended/')) traffic.pages += 1;
    else if (response.status === 200) traffic.lookups += 1;
    else traffic.other += 1;
    return response;
  };
  return { fetch: counted, traffic };
}

/** A sleep of 1/scale of what is asked, recording what was asked. */
function scaledSleep(scale: number): { sleep: Sleep; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    sleep: (ms, signal) => {
      asked.push(ms);
      return realSleep(ms / scale, signal);
    },
  };
}

function clientFor(sandbox: SandboxProcess, fetchImpl: typeof fetch, sleep: Sleep): CashflowClient {
  return new CashflowClient({
    baseUrl: sandbox.url,
    ...sandbox.credentials,
    language: 'en',
    fetch: fetchImpl,
    sleep,
    tokenCache: new TokenCache(),
  });
}

/** The service's own figures, asked apart from the pull (under a retry budget of its own: the faults hit it too). */
async function serviceFigures(sandbox: SandboxProcess, timeScale: number): Promise<{ count: number; sumCents: bigint }> {
  const client = clientFor(sandbox, fetch, scaledSleep(timeScale).sleep).withRetryBudget(new RetryBudget());
  const page = await client.transactions.extendedPage({ page: 1, page_size: 1 });
  return { count: page.count, sumCents: BigInt(toCents(page.sum)) };
}

/** Rows and the sum of `reporting_amount` (cents) of the Transactions table as its cells hold them. */
function tableFigures(workbook: SimulatedWorkbook): { rows: number; sumCents: bigint; hash: string } {
  const table = workbook.tables().find((t) => t.name === TRANSACTIONS_TABLE.tableName);
  if (table === undefined) return { rows: 0, sumCents: 0n, hash: 'none' };
  const values = workbook.values(table.sheet, table.address.split('!')[1] ?? '');
  const amount = TRANSACTIONS_TABLE.columns.findIndex((c) => c.key === 'reporting_amount');
  let sumCents = 0n;
  const hash = createHash('sha256');
  for (const [i, row] of values.entries()) {
    hash.update(JSON.stringify(row));
    const cell = row[amount];
    if (i > 0 && typeof cell === 'number') sumCents += BigInt(toCents(cell));
  }
  return { rows: Math.max(0, values.length - 1), sumCents, hash: `${table.address}:${hash.digest('hex')}` };
}

function pullerFor(client: CashflowClient): { puller: Puller; workbook: SimulatedWorkbook; uninstall: () => void } {
  const { workbook, uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ platform: 'web', syncLatencyMs: 0 }));
  return { puller: createPuller({ client, port: new ExcelWorkbookPort(), store: new MemoryPullStateStore() }), workbook, uninstall };
}

function faultArgs(options: SoakOptions, faultSeed: number): string[] {
  return [
    '--fault-500',
    String(options.rate500),
    '--fault-429',
    String(options.rate429),
    '--retry-after',
    '1',
    '--fault-seed',
    String(faultSeed),
  ];
}

/** The transactions pull's lookups: the categories, and the accounts for each row's currency (#26). */
const LOOKUPS = 2;

async function soakRun(options: SoakOptions, run: number): Promise<RunFigures> {
  const faultSeed = options.seed + run;
  const sandbox = await spawnSandbox(options.transactions, 120_000, faultArgs(options, faultSeed));
  try {
    const expected = await serviceFigures(sandbox, options.timeScale);
    const http = countingFetch();
    const waits = scaledSleep(options.timeScale);
    const { puller, workbook, uninstall } = pullerFor(clientFor(sandbox, http.fetch, waits.sleep));
    let waitingEvents = 0;
    const t0 = performance.now();
    try {
      const outcome = await puller
        .pull({ resource: 'transactions' }, { onProgress: (p: PullProgress) => void (p.waiting !== undefined && (waitingEvents += 1)) })
        .then(
          () => ({ ok: true as const }),
          (error: unknown) => ({ ok: false as const, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
        );
      const wallMs = performance.now() - t0;
      const table = tableFigures(workbook);
      const { traffic } = http;
      const fixedRule = await fixedRulePull(sandbox, options.timeScale);
      const pagesExpected = Math.ceil(expected.count / 1000);
      return {
        run,
        faultSeed,
        outcome: outcome.ok ? 'complete' : 'failed',
        ...(outcome.ok ? {} : { error: outcome.error }),
        rows: table.rows,
        countOk: table.rows === expected.count,
        sumOk: table.sumCents === expected.sumCents,
        traffic,
        allowed: pagesExpected + LOOKUPS + traffic.error500 + traffic.error429 + traffic.tokens,
        waits: waits.asked.length,
        waitedMs: waits.asked.reduce((a, b) => a + b, 0),
        waitingEvents,
        wallMs,
        fixedRule,
      };
    } finally {
      uninstall();
    }
  } finally {
    await sandbox.close();
  }
}

/** The same pull with the client's ordinary rule (each page retried twice, then the pull fails), rows only. */
async function fixedRulePull(sandbox: SandboxProcess, timeScale: number): Promise<'complete' | 'failed'> {
  const client = clientFor(sandbox, fetch, scaledSleep(timeScale).sleep);
  return client.transactions.pullVerified({}, { concurrency: 4 }).then(
    ({ report }) => (report.ok ? 'complete' : 'failed'),
    () => 'failed',
  );
}

interface DownFigures {
  gaveUp: boolean;
  message: string;
  tableIntact: boolean;
  rowsBefore: number;
  requests: number;
  waitedMs: number;
  wallMs: number;
}

/** A table pulled from a healthy service; then the service answers every request with a 500, for good. */
async function downForGood(options: SoakOptions): Promise<DownFigures> {
  const healthy = await spawnSandbox(options.transactions);
  const { workbook, uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ platform: 'web', syncLatencyMs: 0 }));
  try {
    const port = new ExcelWorkbookPort();
    const store = new MemoryPullStateStore();
    try {
      await createPuller({ client: clientFor(healthy, fetch, realSleep), port, store }).pull({ resource: 'transactions' });
    } finally {
      await healthy.close();
    }
    const before = tableFigures(workbook);
    const down = await spawnSandbox(options.transactions, 120_000, ['--fault-500', '1']);
    try {
      const http = countingFetch();
      const waits = scaledSleep(options.timeScale);
      const puller = createPuller({ client: clientFor(down, http.fetch, waits.sleep), port, store });
      const t0 = performance.now();
      const error = await puller.pull({ resource: 'transactions' }, { mode: 'full' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      const wallMs = performance.now() - t0;
      const after = tableFigures(workbook);
      return {
        gaveUp: error instanceof PullServiceDownError,
        message: error instanceof Error ? error.message : String(error),
        tableIntact: after.hash === before.hash && after.rows === before.rows,
        rowsBefore: before.rows,
        requests: http.traffic.requests,
        waitedMs: waits.asked.reduce((a, b) => a + b, 0),
        wallMs,
      };
    } finally {
      await down.close();
    }
  } finally {
    uninstall();
  }
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function printRuns(runs: readonly RunFigures[]): void {
  const head = [
    'run',
    'fault seed',
    'outcome',
    'rows',
    'count',
    'sum',
    'HTTP',
    '= pages + lookups + tokens',
    '+ 500s + 429s',
    'allowed',
    'waits (asked)',
    'waiting events',
    'wall s',
    'fixed rule',
  ];
  const body = runs.map((r) => [
    String(r.run + 1),
    String(r.faultSeed),
    r.outcome,
    fmt(r.rows),
    r.countOk ? 'ok' : 'MISMATCH',
    r.sumOk ? 'ok' : 'MISMATCH',
    fmt(r.traffic.requests),
    `${r.traffic.pages} + ${r.traffic.lookups} + ${r.traffic.tokens}`,
    `${r.traffic.error500} + ${r.traffic.error429}${r.traffic.other > 0 ? ` (+${r.traffic.other} other)` : ''}`,
    fmt(r.allowed),
    `${r.waits} (${fmt(r.waitedMs / 1000, 1)} s)`,
    String(r.waitingEvents),
    fmt(r.wallMs / 1000, 1),
    r.fixedRule,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
  for (const r of runs) if (r.error !== undefined) console.log(`run ${r.run + 1}: ${r.error}`);
}

export async function benchSoak(options: SoakOptions = soakOptionsFromEnv()): Promise<{ runs: RunFigures[]; down: DownFigures }> {
  console.log(
    `\nFault soak: ${options.runs} pulls of ${fmt(options.transactions)} transactions into the Excel simulation, sandbox (child process) answering ` +
      `${fmt(options.rate500 * 100)} % with a non-JSON 500 and ${fmt(options.rate429 * 100)} % with 429 (Retry-After: 1), fault seeds ${options.seed}..${options.seed + options.runs - 1}; ` +
      `waits slept at 1/${options.timeScale} of their length`,
  );
  const started = performance.now();
  const runs: RunFigures[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    const figures = await soakRun(options, run);
    runs.push(figures);
    console.log(
      `  run ${run + 1}/${options.runs}: ${figures.outcome}, ${fmt(figures.rows)} rows, ${figures.traffic.requests} requests ` +
        `(${figures.traffic.error500} × 500, ${figures.traffic.error429} × 429), ${fmt(figures.wallMs / 1000, 1)} s`,
    );
  }
  printRuns(runs);
  const walls = runs.map((r) => r.wallMs).sort((a, b) => a - b);
  const faults = runs.reduce((n, r) => n + r.traffic.error500 + r.traffic.error429, 0);
  const asked = runs.reduce((n, r) => n + r.traffic.requests - r.traffic.tokens, 0);
  console.log(
    `Pull wall time: median ${fmt((walls[Math.floor(walls.length / 2)] ?? 0) / 1000, 1)} s, ${fmt((walls[0] ?? 0) / 1000, 1)}–${fmt((walls[walls.length - 1] ?? 0) / 1000, 1)} s; ` +
      `faults met: ${faults} of ${asked} API requests (${fmt((faults / Math.max(1, asked)) * 100, 1)} %). ` +
      `The fixed rule (2 retries per page, no budget) on the same sandboxes: ${runs.filter((r) => r.fixedRule === 'complete').length} of ${runs.length} complete.`,
  );
  const down = await downForGood(options);
  console.log(
    `\nService down for good (every request a 500) after a pull of ${fmt(down.rowsBefore)} rows: ${down.gaveUp ? 'gave up' : 'DID NOT GIVE UP'} after ` +
      `${down.requests} requests and ${fmt(down.waitedMs / 1000, 1)} s of waits (slept in ${fmt(down.wallMs / 1000, 1)} s): "${down.message}"`,
  );
  console.log(`Soak total: ${fmt((performance.now() - started) / 1000, 0)} s`);

  const complete = runs.filter((r) => r.outcome === 'complete');
  const minimum = Math.ceil(options.runs * 0.95);
  const targets: [string, boolean, string][] = [
    [`at least ${minimum} of ${options.runs} pulls complete`, complete.length >= minimum, `${complete.length} of ${options.runs}`],
    [
      'every completed table verified by count and sum',
      complete.every((r) => r.countOk && r.sumOk),
      `${complete.filter((r) => r.countOk && r.sumOk).length} of ${complete.length}`,
    ],
    [
      'requests ≤ pages + lookups + faults + token requests, every run',
      runs.every((r) => r.traffic.requests <= r.allowed),
      runs.map((r) => `${r.traffic.requests}/${r.allowed}`).join(', '),
    ],
    [
      'service down for good: the give-up message',
      down.gaveUp && down.message.includes('unchanged'),
      down.gaveUp ? 'PullServiceDownError' : down.message,
    ],
    ['service down for good: the previous table intact (hash of its cells)', down.tableIntact, `${fmt(down.rowsBefore)} rows`],
  ];
  for (const [name, holds, detail] of targets) console.log(`${holds ? 'OK  ' : 'MISS'} ${name}: ${detail}`);
  const fixed = runs.filter((r) => r.fixedRule === 'complete').length;
  saveSection(
    'pull-soak',
    `${options.runs} pulls of ${fmt(options.transactions)} transactions through ${fmt(options.rate500 * 100)} % 500s and ${fmt(options.rate429 * 100)} % 429s`,
    [
      {
        measure: 'pulls complete, every completed table verified by count and sum',
        ours: `${complete.filter((r) => r.countOk && r.sumOk).length} of ${options.runs}`,
        baseline: `the fixed rule (2 retries a page) ${fixed} of ${options.runs}`,
        ratio: '–',
        target: `≥ ${minimum} of ${options.runs}`,
        holds: complete.length >= minimum && complete.every((r) => r.countOk && r.sumOk),
      },
      {
        measure: 'service down for good: gives up with the message, the previous table intact',
        ours: down.gaveUp && down.tableIntact ? `gave up after ${down.requests} requests` : 'did not',
        baseline: '–',
        ratio: '–',
        target: 'gives up, table intact',
        holds: down.gaveUp && down.message.includes('unchanged') && down.tableIntact,
      },
    ],
  );
  return { runs, down };
}
