/**
 * One size of `npm run bench pull-1m`, in a process of its own (`pull-1m-child.ts`, started by `pull-1m.ts`): our
 * pull of every transaction into the Excel simulation (web, 5 MB cap, no cost per sync), as the pull benchmark's
 * child runs it, with the push's baseline stored in the workbook as the pane's pull stores it; the table read back and
 * checked against the service's `count` and `sum`; optionally 100 transactions
 * changed by another user and the table refreshed; then the heap the simulated workbook holds, measured apart.
 */
import { countingClient } from './counting-client';
import { collector } from './full-gc';
import { CashflowClient, TokenCache } from '../src/api';
import { toCents } from '../src/api/amount';
import { ExcelWorkbookPort } from '../src/hosts/excel/excel-workbook-port';
import { SheetBaselineStore } from '../src/hosts/excel/sheet-baseline-store';
import { createSimulatedWorkbook, installExcelSimulation } from '../src/preview/excel-sim';
import { createPuller, MemoryPullStateStore, type PullPhase, type PullProgress, type PullResult } from '../src/sync/pull';
import { childRun, reportFigures } from './bundled-child';
import { profileWindow } from './profile-window';
import type { Credentials } from './pull';
import { recategorize } from './recategorize';
import { tableTotals } from './table-totals';

export interface MillionRun {
  url: string;
  credentials: Credentials;
  /** Transactions another user changes after the pull, before a refresh; 0: no refresh. */
  changes: number;
  /**
   * The memory run: a full GC and a heap reading at every tenth of the rows written (its times are not the
   * benchmark's: each GC stops the pull).
   */
  probe: boolean;
}

/** The heap after a full GC with `rows` written. */
export interface HeapProbe {
  rows: number;
  heapMb: number;
}

export interface RefreshFigures {
  mode: PullResult['mode'];
  wallMs: number;
  requests: number;
  rows: number;
  /** Records the refresh fetched (the changed ones since the last pull's start minus the margin). */
  fetched: number;
  /** The changed rows whose `Category Id` is the new one after the refresh. */
  changesSeen: number;
  changes: number;
  verified: boolean;
  /** Milliseconds from the refresh's start to the first event of each phase it went through. */
  phases: Partial<Record<PullPhase, number>>;
  /** The simulated Excel's time executing the refresh's batches, and its syncs. */
  simMs?: number;
  syncs?: number;
}

export interface MillionFigures {
  rows: number;
  wallMs: number;
  cpuMs: number;
  /** Time the simulated Excel spent executing batches (real Excel does that in its own process). */
  simMs: number;
  requests: number;
  syncs: number;
  complete: boolean;
  /** The service's `count` and `sum` (cents) against the table read back. */
  service: { count: number; sumCents: number };
  table: { rows: number; sumCents: number };
  peakHeapMb: number;
  peakRssMb: number;
  /** Heap after a full GC with the workbook referenced, and after every reference to it is dropped. */
  heapWithWorkbookMb: number;
  heapWithoutWorkbookMb: number;
  /** The workbook's heap held by the push baseline's very hidden sheet (written after the table), and whether it was stored. */
  baselineHeapMb: number;
  baselineStored: boolean;
  refresh?: RefreshFigures;
  probes: HeapProbe[];
}

const MB = 1024 * 1024;

const gc = collector();

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / MB;
}

/** Peak heap and RSS, sampled every 10 ms and at each progress event. */
function peakSampler(): { sample: () => void; stop: () => { heapMb: number; rssMb: number } } {
  let [heap, rss] = [0, 0];
  const sample = (): void => {
    const usage = process.memoryUsage();
    heap = Math.max(heap, usage.heapUsed);
    rss = Math.max(rss, usage.rss);
  };
  const timer = setInterval(sample, 10);
  return {
    sample,
    stop: () => {
      clearInterval(timer);
      sample();
      return { heapMb: heap / MB, rssMb: rss / MB };
    },
  };
}

async function serviceTotals(url: string, credentials: Credentials): Promise<{ count: number; sumCents: number }> {
  const api = new CashflowClient({ baseUrl: url, ...credentials, language: 'en', tokenCache: new TokenCache() });
  const page = await api.transactions.extendedPage({ page: 1, page_size: 1 });
  return { count: page.count, sumCents: toCents(page.sum) };
}

/** Rows the warm-up pull writes before it is cancelled. */
const WARM_UP_ROWS = 2_000;

/**
 * The pull's code once, unmeasured, in a workbook of its own that is dropped afterwards: a pull cancelled once its first
 * `WARM_UP_ROWS` rows are written (fetch, rows, cells, blocks, and the removal of the new table). Each size then
 * measures the add-in's cost per row, not V8 compiling the add-in in a fresh process, which a user's add-in does once
 * per session whatever the table's size (#30: the 10,000-row run was twice the others' cost per row without it).
 */
async function warmUp(run: MillionRun): Promise<void> {
  const { uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ platform: 'web' }));
  const { client } = countingClient(run.url, run.credentials);
  const puller = createPuller({
    client,
    port: new ExcelWorkbookPort(),
    store: new MemoryPullStateStore(),
    baselines: new SheetBaselineStore(),
  });
  const controller = new AbortController();
  try {
    await puller.pull(
      { resource: 'transactions' },
      {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'writing' && p.rows >= WARM_UP_ROWS) controller.abort();
        },
      },
    );
  } catch {
    // Cancelled, as meant.
  } finally {
    uninstall();
  }
}

/** The pull (and the refresh) with the workbook installed; returns before the workbook's last reference is dropped. */
async function pullAndRefresh(run: MillionRun): Promise<Omit<MillionFigures, 'heapWithoutWorkbookMb'>> {
  await warmUp(run);
  const { workbook, uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ platform: 'web' }));
  const { client, requests } = countingClient(run.url, run.credentials);
  // The push's baseline stored in the workbook's very hidden sheet, as the pane's pull stores it.
  const baselines = new SheetBaselineStore();
  const puller = createPuller({ client, port: new ExcelWorkbookPort(), store: new MemoryPullStateStore(), baselines });
  try {
    const service = await serviceTotals(run.url, run.credentials); // also warms the transport, outside the window
    gc();
    const memory = peakSampler();
    const [t0, cpu0] = [performance.now(), process.cpuUsage()];
    const probes = heapProbes(run.probe);
    const stopProfile = run.probe ? () => Promise.resolve() : await profileWindow(`pull-1m-${run.changes > 0 ? 'largest' : 'size'}`);
    const result = await puller.pull({ resource: 'transactions' }, { onProgress: (p) => (memory.sample(), probes.at(p)) });
    const wallMs = performance.now() - t0;
    await stopProfile();
    const cpu = process.cpuUsage(cpu0);
    const peak = memory.stop();
    const pulled = {
      rows: result.rowCount,
      wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      simMs: workbook.stats.totalExecuteMs,
      requests: requests(),
      syncs: workbook.stats.syncs.length,
      complete: result.verification?.ok === true && result.warnings.length === 0,
      service,
      table: await tableTotals('Transactions'),
      peakHeapMb: peak.heapMb,
      peakRssMb: peak.rssMb,
      probes: probes.taken,
    };
    const counters = (): Counters => ({ requests: requests(), simMs: workbook.stats.totalExecuteMs, syncs: workbook.stats.syncs.length });
    const refresh = run.changes > 0 ? await refreshAfterChanges(run, puller, counters) : undefined;
    const heapWithWorkbookMb = heapAfterGc();
    // The baseline's share of the workbook (its very hidden sheet's cells), measured by removing it.
    const stored = (await puller.state('Transactions'))?.baseline === 'stored';
    await baselines.remove('Transactions');
    const baselineHeapMb = heapWithWorkbookMb - heapAfterGc();
    return {
      ...pulled,
      table: { rows: pulled.table.rows, sumCents: pulled.table.sumCents },
      heapWithWorkbookMb,
      baselineHeapMb,
      baselineStored: stored,
      ...(refresh ? { refresh } : {}),
    };
  } finally {
    uninstall();
  }
}

/** What the run has counted so far: the client's requests, the simulated Excel's time and syncs. */
interface Counters {
  requests: number;
  simMs: number;
  syncs: number;
}

/** In the memory run, a full GC and the heap at every tenth of the rows written; otherwise nothing. */
function heapProbes(on: boolean): { at: (progress: PullProgress) => void; taken: HeapProbe[] } {
  const taken: HeapProbe[] = [];
  let next = 0;
  return {
    taken,
    at: (progress) => {
      if (!on || progress.phase !== 'writing' || progress.rows < next || progress.rows === 0) return;
      taken.push({ rows: progress.rows, heapMb: heapAfterGc() });
      next = progress.rows + Math.max(1, Math.floor(progress.total / 10));
    },
  };
}

/** Another user changes `run.changes` transactions; the table is refreshed (mode auto) and read back. */
async function refreshAfterChanges(
  run: MillionRun,
  puller: ReturnType<typeof createPuller>,
  counters: () => Counters,
): Promise<RefreshFigures> {
  const changes = await recategorize(run.url, run.credentials, run.changes);
  const [t0, before] = [performance.now(), counters()];
  const phases: Partial<Record<PullPhase, number>> = {};
  const result = await puller.refresh('Transactions', { onProgress: (p) => (phases[p.phase] ??= performance.now() - t0) });
  const [wallMs, after] = [performance.now() - t0, counters()];
  const service = await serviceTotals(run.url, run.credentials);
  const table = await tableTotals('Transactions', new Set(changes.keys()));
  const changesSeen = [...changes].filter(([id, category]) => table.categories.get(id) === category).length;
  return {
    mode: result.mode,
    wallMs,
    requests: after.requests - before.requests,
    rows: result.rowCount,
    fetched: result.fetchedRows,
    changesSeen,
    changes: changes.size,
    verified: table.rows === service.count && table.sumCents === service.sumCents && changesSeen === changes.size,
    phases,
    simMs: after.simMs - before.simMs,
    syncs: after.syncs - before.syncs,
  };
}

export async function millionChildMain(): Promise<void> {
  const run = childRun<MillionRun>();
  const figures = await pullAndRefresh(run);
  // Every reference to the simulated workbook is gone with pullAndRefresh's frame and the uninstalled globals, once
  // what the pull left queued has run (its last progress callbacks close over that frame): a macrotask later.
  await new Promise((resolve) => setTimeout(resolve, 100));
  reportFigures({ ...figures, heapWithoutWorkbookMb: heapAfterGc() } satisfies MillionFigures);
}
