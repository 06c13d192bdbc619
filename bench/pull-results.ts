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
