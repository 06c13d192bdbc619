/**
 * `npm run bench pull-1m` (issue #30): the Transactions pull at 10,000, 100,000, 300,000 and 1,000,000 rows
 * (BENCH_1M_SIZES), each from a sandbox of that many transactions in a child process and into the Excel simulation in
 * a fresh node process of its own (`pull-1m-child.ts`, bundled as the add-in ships, with a heap limit of
 * BENCH_1M_HEAP_MB, default 8,192 MB: 1,000,000 rows are 23 M simulated cells on that heap). Per step from one size
 * to the next: wall, CPU and requests per 1,000 rows added (linear: each within ±20 % of the steps' median; the fixed
 * cost every pull pays is shown apart, `linearityRows` in pull-1m-results.ts); the table
 * read back against the service's `count` and `sum`; the add-in's heap estimated apart from the simulated workbook's.
 * At the largest size another user then changes BENCH_1M_CHANGES (100) transactions and the table is refreshed.
 * Then the pull into a workbook file (xlsx host, as `npm run workbook -- export` makes it: a big table's body streamed
 * into the file) at BENCH_1M_XLSX_SIZES (default the same four sizes), each in a process with a heap of
 * BENCH_1M_XLSX_HEAP_MB (default 4,096 MB), count and sum read back from the file.
 * With BENCH_CPU_PROFILE=<folder>, each size's measured pull is profiled (bench/profile-window.ts).
 * A benchmark, not a test; about 10 minutes here with the defaults.
 */
import { runBundledChild } from './bundled-child';
import type { MillionFigures, MillionRun } from './pull-1m-run';
import {
  addinHeapMb,
  addinLiveHeapMb,
  LINEAR_BAND,
  pull1mResultRows,
  stepCost,
  verified,
  workbookHeapMb,
  type CostPoint,
  type SizeRun,
  type XlsxSizeRun,
} from './pull-1m-results';
import type { XlsxFigures, XlsxRun } from './pull-1m-xlsx-run';
import { saveSection } from './results';
import { spawnSandbox } from './sandbox-process';

export interface Pull1mOptions {
  sizes: number[];
  xlsxSizes: number[];
  changes: number;
  heapMb: number;
  xlsxHeapMb: number;
}

const sizesOf = (text: string): number[] =>
  text
    .split(',')
    .map((s) => Number(s.trim().replace(/_/g, '')))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);

export function pull1mOptions(env: NodeJS.ProcessEnv = process.env): Pull1mOptions {
  return {
    sizes: sizesOf(env.BENCH_1M_SIZES ?? '10000,100000,300000,1000000'),
    xlsxSizes: sizesOf(env.BENCH_1M_XLSX_SIZES ?? '10000,100000,300000,1000000'),
    changes: Number(env.BENCH_1M_CHANGES ?? 100),
    heapMb: Number(env.BENCH_1M_HEAP_MB ?? 8192),
    xlsxHeapMb: Number(env.BENCH_1M_XLSX_HEAP_MB ?? 4096),
  };
}

const int = (n: number): string => Math.round(n).toLocaleString('en-US');

/** One size: its sandbox, then our pull (and at the largest size the refresh) in a process of its own. */
async function runSize(size: number, changes: number, heapMb: number): Promise<SizeRun> {
  const t0 = performance.now();
  const sandbox = await spawnSandbox(size, 300_000);
  const sandboxStartMs = performance.now() - t0;
  try {
    const child = (run: MillionRun): Promise<MillionFigures> =>
      runBundledChild<MillionFigures>('pull-1m-child.ts', run, [`--max-old-space-size=${heapMb}`]);
    const figures = await child({ url: sandbox.url, credentials: sandbox.credentials, changes, probe: false });
    const probe = await child({ url: sandbox.url, credentials: sandbox.credentials, changes: 0, probe: true });
    return { size, figures, probe, sandboxStartMs };
  } finally {
    await sandbox.close();
  }
}

async function runXlsxSize(size: number, heapMb: number): Promise<XlsxSizeRun> {
  const sandbox = await spawnSandbox(size, 300_000);
  try {
    const run: XlsxRun = { url: sandbox.url, credentials: sandbox.credentials };
    const figures = await runBundledChild<XlsxFigures>('pull-1m-xlsx-child.ts', run, [`--max-old-space-size=${heapMb}`]);
    return { size, figures };
  } catch (error) {
    return { size, failure: error instanceof Error ? error.message.slice(0, 200) : String(error) };
  } finally {
    await sandbox.close();
  }
}

function printSizes(runs: readonly SizeRun[]): void {
  const point = (r: SizeRun): CostPoint => ({
    size: r.size,
    rows: r.figures.rows,
    wallMs: r.figures.wallMs,
    cpuMs: r.figures.cpuMs,
    requests: r.figures.requests,
  });
  console.log(`Per 1,000 rows added from one size to the next (linear: each within ±${LINEAR_BAND * 100} % of the steps' median):`);
  for (let i = 1; i < runs.length; i += 1) {
    const [a, b] = [runs[i - 1], runs[i]];
    if (a === undefined || b === undefined) continue;
    const step = stepCost(point(a), point(b));
    console.log(
      `  ${int(a.size)} → ${int(b.size)}: wall ${step.wall.toFixed(2)} ms, CPU ${step.cpu.toFixed(2)} ms, ${step.requests.toFixed(2)} requests`,
    );
  }
  for (const { size, figures: f, probe, sandboxStartMs } of runs) {
    console.log(
      `  ${int(size)} rows: sandbox up in ${int(sandboxStartMs)} ms; pull ${int(f.wallMs)} ms wall, ${int(f.cpuMs)} ms CPU (sim. Excel ${int(f.simMs)} ms), ` +
        `${f.requests} requests, ${f.syncs} syncs; table ${int(f.table.rows)} rows / service ${int(f.service.count)}, sums ${verified(f) ? 'equal' : 'DIFFER'}; ` +
        `heap peak ${int(f.peakHeapMb)} MB, RSS peak ${int(f.peakRssMb)} MB, workbook ${int(workbookHeapMb(f))} MB, peak − workbook ${int(addinHeapMb(f))} MB`,
    );
    console.log(
      `    memory run (full GC at every tenth written): heap ${probe.probes.map((p) => `${int(p.heapMb)} MB at ${int(p.rows)}`).join(', ')}; ` +
        `workbook ${int(workbookHeapMb(probe))} MB at the end; add-in's live heap ≈ ${int(addinLiveHeapMb(probe))} MB at most`,
    );
    const phases = f.refresh?.phases ?? {};
    if (f.refresh !== undefined)
      console.log(
        `    refresh phases from its start (ms): ${Object.entries(phases)
          .map(([phase, at]) => `${phase} ${int(at)}`)
          .join(', ')}; sim. Excel ${int(f.refresh.simMs ?? 0)} ms in ${f.refresh.syncs ?? 0} syncs`,
      );
    const r = f.refresh;
    if (r !== undefined)
      console.log(
        `  refresh after ${r.changes} changes: ${r.mode}, ${int(r.wallMs)} ms, ${r.requests} requests, ${int(r.fetched)} records fetched, ${r.changesSeen}/${r.changes} changes seen, ${r.verified ? 'verified' : 'NOT verified'}`,
      );
  }
}

export async function benchPull1m(options = pull1mOptions()): Promise<void> {
  console.log(
    `\nPulls of ${options.sizes.map(int).join(', ')} transactions into the Excel simulation (child heap ${int(options.heapMb)} MB)`,
  );
  const runs: SizeRun[] = [];
  for (const size of options.sizes) {
    const largest = size === options.sizes[options.sizes.length - 1];
    runs.push(await runSize(size, largest ? options.changes : 0, options.heapMb));
    console.log(`  ${int(size)} rows done`);
  }
  printSizes(runs);
  const xlsx: XlsxSizeRun[] = [];
  for (const size of options.xlsxSizes) {
    const run = await runXlsxSize(size, options.xlsxHeapMb);
    xlsx.push(run);
    const f = run.figures;
    console.log(
      f === undefined
        ? `  xlsx ${int(size)} rows: did not complete: ${run.failure ?? '?'}`
        : `  xlsx ${int(size)} rows: pull ${int(f.pullWallMs)} ms (CPU ${int(f.pullCpuMs)}), save ${int(f.saveWallMs)} ms (CPU ${int(f.saveCpuMs)}), ${int(f.fileBytes / 1024)} kB, ` +
            `RSS high-water ${int(f.maxRssAfterPullMb)} MB after the pull, ${int(f.maxRssMb)} MB after the save, ${f.requests} requests, ${verified(f) ? 'verified' : 'NOT verified'}`,
    );
  }
  saveSection('pull-1m', 'The Transactions pull from 10,000 to 1,000,000 rows (issue #30)', pull1mResultRows(runs, xlsx));
}
