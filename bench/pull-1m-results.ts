/** The 1,000,000-row pull benchmark's rows of the one table (results.ts) and the figures they are made of. */
import type { MillionFigures } from './pull-1m-run';
import type { XlsxFigures } from './pull-1m-xlsx-run';
import { times, type ResultRow } from './results';

export interface SizeRun {
  size: number;
  figures: MillionFigures;
  /** The memory run of the same size (a full GC at every tenth of the rows written). */
  probe: MillionFigures;
  /** Seconds the sandbox took to seed and listen. */
  sandboxStartMs: number;
}

export interface XlsxSizeRun {
  size: number;
  figures?: XlsxFigures;
  /** Why the size did not complete. */
  failure?: string;
}

/** Issue #30's linearity band: each size's cost per row within ±20 % of the baseline's. */
export const LINEAR_BAND = 0.2;
/** The add-in's memory is bounded when its estimate at the largest size is at most this many times the smallest's. */
export const MEMORY_FACTOR = 2;
export const REFRESH_TARGET_MS = 10_000;

export const perThousand = (value: number, rows: number): number => (value / rows) * 1000;
export const withinBand = (ratio: number): boolean => Math.abs(ratio - 1) <= LINEAR_BAND;

/** The heap the simulated workbook holds at the end: heap after a full GC with it referenced, minus without. */
export const workbookHeapMb = (f: MillionFigures): number => f.heapWithWorkbookMb - f.heapWithoutWorkbookMb;
/** The add-in's own peak, estimated: peak heap during the pull minus the workbook's heap at the end. */
export const addinHeapMb = (f: MillionFigures): number => f.peakHeapMb - workbookHeapMb(f);

/**
 * The add-in's live heap, estimated from the memory run: at each probe, the heap after a full GC minus the workbook's
 * share of the rows written so far (its table's heap at the end, per row: the baseline's sheet is written after the
 * table); the highest. Code, client, pages in flight and the pull's compact baseline.
 */
export function addinLiveHeapMb(f: MillionFigures): number {
  // The probes are taken while the table is written; the baseline's sheet is written after it.
  const perRow = (workbookHeapMb(f) - f.baselineHeapMb) / Math.max(1, f.rows);
  return Math.max(0, ...f.probes.map((p) => p.heapMb - p.rows * perRow));
}

export const verified = (f: { service: { count: number; sumCents: number }; table: { rows: number; sumCents: number } }): boolean =>
  f.table.rows === f.service.count && f.table.sumCents === f.service.sumCents;

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const one = (n: number): string => n.toFixed(1);
const rowsText = (n: number): string => `${int(n)} rows`;
const euros = (cents: number): string => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

function sizeRow(run: SizeRun, baseline: SizeRun): ResultRow {
  const cost = (r: SizeRun): { wall: number; cpu: number; requests: number } => ({
    wall: perThousand(r.figures.wallMs, r.figures.rows),
    cpu: perThousand(r.figures.cpuMs, r.figures.rows),
    requests: perThousand(r.figures.requests, r.figures.rows),
  });
  const [ours, base] = [cost(run), cost(baseline)];
  const [wall, cpu] = [ours.wall / base.wall, ours.cpu / base.cpu];
  return {
    measure: `${rowsText(run.size)} into the Excel simulation: wall, CPU and requests per 1,000 rows`,
    ours: `wall ${one(ours.wall)} ms, CPU ${one(ours.cpu)} ms, ${ours.requests.toFixed(2)} requests (${int(run.figures.requests)})`,
    baseline: `${rowsText(baseline.size)} run: wall ${one(base.wall)} ms, CPU ${one(base.cpu)} ms, ${base.requests.toFixed(2)} requests`,
    ratio: `wall ${times(wall)}, CPU ${times(cpu)}`,
    target: `wall and CPU within ±${LINEAR_BAND * 100} %`,
    holds: withinBand(wall) && withinBand(cpu),
  };
}

function memoryRow(runs: readonly SizeRun[]): ResultRow {
  const [small, large] = [runs[0], runs[runs.length - 1]];
  if (small === undefined || large === undefined) throw new Error('no runs');
  const factor = addinLiveHeapMb(large.probe) / addinLiveHeapMb(small.probe);
  return {
    measure:
      'add-in heap, estimated apart from the simulated workbook, the push baseline stored as the pane stores it: the heap after a full GC at every tenth of the rows written − the workbook’s share of those rows (its table’s heap at the end per row), the highest',
    ours: runs.map((r) => `${int(addinLiveHeapMb(r.probe))} MB at ${int(r.size)}`).join(', '),
    baseline: `the workbook’s cells: ${runs.map((r) => `${int(workbookHeapMb(r.probe))} MB (baseline sheet ${int(r.probe.baselineHeapMb)} MB)`).join(', ')}`,
    ratio: `${times(factor)} from ${int(small.size)} to ${int(large.size)} rows`,
    target: `bounded: ≤ ${MEMORY_FACTOR}× over ${times(large.size / small.size, 0)} the rows`,
    holds: factor <= MEMORY_FACTOR && runs.every((r) => r.probe.baselineStored),
  };
}

function verificationRow(run: SizeRun): ResultRow {
  const f = run.figures;
  return {
    measure: `${rowsText(run.size)}: the table read back against the service`,
    ours: `${int(f.table.rows)} rows, Reporting amount ${euros(f.table.sumCents)}`,
    baseline: `service count ${int(f.service.count)}, sum ${euros(f.service.sumCents)}`,
    ratio: '–',
    target: 'equal (count, sum in cents)',
    holds: verified(f),
  };
}

function refreshRow(run: SizeRun): ResultRow[] {
  const r = run.figures.refresh;
  if (r === undefined) return [];
  return [
    {
      measure: `refresh of the ${rowsText(run.size)} table after another user changed ${r.changes} transactions (mode auto)`,
      ours: `${(r.wallMs / 1000).toFixed(1)} s, ${r.mode}, ${r.requests} requests, ${int(r.fetched)} records fetched, ${r.changesSeen}/${r.changes} changes in the table`,
      baseline: `the full pull ${(run.figures.wallMs / 1000).toFixed(1)} s`,
      ratio: times(run.figures.wallMs / r.wallMs, 1),
      target: `incremental, verified, ≤ ${REFRESH_TARGET_MS / 1000} s`,
      holds: r.mode === 'incremental' && r.verified && r.wallMs <= REFRESH_TARGET_MS,
    },
  ];
}

/** Pull and save (with the scan) per 1,000 rows, wall and CPU. */
function xlsxCost(f: XlsxFigures): { wall: number; cpu: number; requests: number } {
  return {
    wall: perThousand(f.pullWallMs + f.saveWallMs, f.rows),
    cpu: perThousand(f.pullCpuMs + f.saveCpuMs, f.rows),
    requests: perThousand(f.requests, f.rows),
  };
}

function xlsxRow(run: XlsxSizeRun, baseline: XlsxSizeRun | undefined): ResultRow {
  const f = run.figures;
  const base = baseline?.figures;
  const [ours, theirs] = f === undefined || base === undefined ? [undefined, undefined] : [xlsxCost(f), xlsxCost(base)];
  const ratios = ours === undefined || theirs === undefined ? undefined : { wall: ours.wall / theirs.wall, cpu: ours.cpu / theirs.cpu };
  return {
    measure: `${rowsText(run.size)} into a workbook file (xlsx host, the body streamed): pull, save with the add-in part and the secret scan; count and sum read back from the file, streamed`,
    ours:
      f === undefined
        ? `did not complete: ${run.failure ?? '?'}`
        : `pull ${one(f.pullWallMs / 1000)} s (CPU ${one(f.pullCpuMs / 1000)} s), save ${one(f.saveWallMs / 1000)} s (CPU ${one(f.saveCpuMs / 1000)} s), ${one(f.fileBytes / 2 ** 20)} MB file, per 1,000 rows wall ${one(ours?.wall ?? 0)} ms, CPU ${one(ours?.cpu ?? 0)} ms, ${(ours?.requests ?? 0).toFixed(2)} requests; RSS high-water ${int(f.maxRssAfterPullMb)} MB after the pull, ${int(f.maxRssMb)} MB after the save; ${verified(f) ? 'count and sum verified' : 'count or sum WRONG'}`,
    baseline: base === undefined ? '–' : `${rowsText(baseline?.size ?? 0)} run`,
    ratio: ratios === undefined ? '–' : `wall ${times(ratios.wall, 2)}, CPU ${times(ratios.cpu, 2)}`,
    target: 'complete, verified; wall and CPU per row within ±20 %',
    holds: f !== undefined && verified(f) && ratios !== undefined && withinBand(ratios.wall) && withinBand(ratios.cpu),
  };
}

export function pull1mResultRows(runs: readonly SizeRun[], xlsx: readonly XlsxSizeRun[]): ResultRow[] {
  const baseline = runs.find((r) => r.size === 100_000) ?? runs[Math.floor(runs.length / 2)];
  const largest = runs[runs.length - 1];
  if (baseline === undefined || largest === undefined) return [];
  return [
    ...runs.map((r) => sizeRow(r, baseline)),
    memoryRow(runs),
    verificationRow(largest),
    ...refreshRow(largest),
    ...xlsx.map((r) => xlsxRow(r, xlsx.find((x) => x.size === 100_000) ?? xlsx[Math.floor(xlsx.length / 2)])),
  ];
}
