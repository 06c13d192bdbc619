/**
 * Issue #19's measure of the pull's CPU, apart from the benchmark's machinery so a test can hold it: the add-in's own
 * CPU (process CPU minus what is not the add-in's) over the raw floor's CPU for the same pages.
 */

/** What a run reports that the measure reads (ms). */
export interface CpuFigures {
  /** CPU of the run's process over the pull (all threads). */
  cpuMs?: number;
  /** Time the simulated Excel spent executing batches. */
  simMs?: number;
  /**
   * The simulated Excel ran in the run's own process (the comparison rows): its execute time is in `cpuMs` and is
   * taken off. Otherwise it ran behind the remote Excel, in a process of its own, as real Excel does: `cpuMs` holds
   * none of it, only what the add-in pays (serializing each batch, reading each answer).
   */
  simInProcess?: boolean;
  /** Time the benchmark's memory sampler took (its instrument, not the add-in's work). */
  samplerMs?: number;
}

/** Issue #19's target for the add-in's own CPU against the floor's (the goal beyond it: 1.5×). */
export const CPU_TARGET = 2.0;

/**
 * A run's process CPU minus the benchmark's own memory sampling, and minus the simulated Excel's execute time when it
 * ran in that process (its cells' garbage collection then stays in, which is why the benchmark runs it remote).
 */
export function addinCpuMs(run: CpuFigures): number {
  const simulation = run.simInProcess === true ? (run.simMs ?? 0) : 0;
  return (run.cpuMs ?? Number.NaN) - simulation - (run.samplerMs ?? 0);
}

/** The add-in's own CPU over the floor's. The sandbox's CPU counts for neither. */
export function cpuRatio(ours: CpuFigures, floor: CpuFigures): number {
  return addinCpuMs(ours) / (floor.cpuMs ?? Number.NaN);
}

/** The run at the median of `by` (the upper middle one of an even count); undefined for no runs. */
export function medianRun<T>(runs: readonly T[], by: (run: T) => number): T | undefined {
  return [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)];
}
