/** The pull benchmark's rows of the one table (results.ts): each figure against its baseline of the same run. */
import { addinCpuMs, cpuRatio } from './cpu-ratio';
import type { PullBenchFigures } from './pull';
import { times, type ResultRow } from './results';

/** Issue #30's goal for the add-in's own CPU against the raw floor's. */
export const CPU_GOAL = 1.5;

export interface PullRuns {
  transactions: number;
  latencyMs: number;
  /** Our pull against the remote Excel (the simulation in its own process), at 0 ms and at `latencyMs` per sync. */
  our0: PullBenchFigures;
  ourL: PullBenchFigures;
  /** The same with the simulation in the add-in's process (for comparison: the measure before the remote Excel). */
  inProcess0?: PullBenchFigures;
  inProcessL?: PullBenchFigures;
  /** The naive add-in's wall time over all rows (extrapolated when stopped early). */
  naiveWallMs: number;
  floor: PullBenchFigures;
  /** The bare add-in (bench/bare-pull.ts): the floor's pages written through the same Excel, nothing else. */
  bare?: PullBenchFigures;
  minimumRequests: number;
}

const ms = (n: number | undefined): string =>
  n === undefined || !Number.isFinite(n) ? '–' : `${Math.round(n).toLocaleString('en-US')} ms`;
const seconds = (n: number): string => `${(n / 1000).toFixed(1)} s`;

export function pullResultRows(r: PullRuns): ResultRow[] {
  const cpuRow = (f: PullBenchFigures): ResultRow => ({
    measure: `add-in CPU (its process − sampling; Excel in a process of its own), ${f.latencyMs} ms per sync, median of 5`,
    ours: ms(addinCpuMs(f)),
    baseline: `raw floor (fetch + JSON.parse) ${ms(r.floor.cpuMs)}`,
    ratio: times(cpuRatio(f, r.floor)),
    target: `≤ ${CPU_GOAL}×`,
    holds: cpuRatio(f, r.floor) <= CPU_GOAL,
  });
  const inProcessRow = (f: PullBenchFigures): ResultRow => ({
    ...cpuRow(f),
    measure: `for comparison: add-in CPU with the simulation in its process (process − simulated Excel − sampling), ${f.latencyMs} ms per sync, median of 5`,
    target: '–',
    holds: null,
  });
  const inProcess = [r.inProcess0, r.inProcessL].filter((f): f is PullBenchFigures => f !== undefined);
  return [
    cpuRow(r.our0),
    cpuRow(r.ourL),
    ...(r.bare === undefined ? [] : bareRows(r.bare, r.our0, r.floor)),
    ...inProcess.map(inProcessRow),
    {
      measure: `wall time, ${r.latencyMs} ms per sync (assumed)`,
      ours: seconds(r.ourL.wallMs),
      baseline: `naive add-in (100-row pages, a sync each) ${seconds(r.naiveWallMs)}`,
      ratio: times(r.naiveWallMs / r.ourL.wallMs, 1),
      target: '≥ 10× faster',
      holds: r.naiveWallMs >= 10 * r.ourL.wallMs,
    },
    {
      measure: 'HTTP requests',
      ours: r.our0.requests.toLocaleString('en-US'),
      baseline: `physical minimum ${r.minimumRequests}`,
      ratio: times(r.our0.requests / r.minimumRequests),
      target: '= the minimum',
      holds: r.our0.requests <= r.minimumRequests,
    },
    {
      measure: 'peak memory (RSS, highest of 5 runs)',
      ours: `${Math.round(Math.max(r.our0.peakRssMb ?? 0, r.ourL.peakRssMb ?? 0))} MB`,
      baseline: '–',
      ratio: '–',
      target: '< 400 MB',
      holds: [r.our0, r.ourL].every((f) => (f.peakRssMb ?? 0) < 400 && (f.maxRssMb ?? 0) < 400),
    },
  ];
}

/**
 * What any add-in pays to write the rows (issue #30's CPU question): the bare add-in against the floor, and ours
 * against the bare add-in (what the checks, formats, baseline and verification cost). Both for information.
 */
function bareRows(bare: PullBenchFigures, our0: PullBenchFigures, floor: PullBenchFigures): ResultRow[] {
  const megabytes = (bytes: number | undefined): string => `${((bytes ?? Number.NaN) / 1e6).toFixed(1)} MB`;
  return [
    {
      measure:
        "for information: the bare add-in's CPU (the floor's pages, each record's 23 fields written through the same Excel, " +
        `${megabytes(bare.totalSyncBytes)} of requests; no checks, formats, baseline or verification), 0 ms per sync, median of 5`,
      ours: ms(bare.cpuMs),
      baseline: `raw floor (fetch + JSON.parse) ${ms(floor.cpuMs)}`,
      ratio: times(cpuRatio(bare, floor)),
      target: '–',
      holds: null,
    },
    {
      measure: `for information: add-in CPU against the bare add-in's, 0 ms per sync (ours writes ${megabytes(our0.totalSyncBytes)})`,
      ours: ms(addinCpuMs(our0)),
      baseline: `bare add-in ${ms(bare.cpuMs)}`,
      ratio: times(addinCpuMs(our0) / addinCpuMs(bare)),
      target: '–',
      holds: null,
    },
  ];
}
