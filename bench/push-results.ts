/**
 * The push benchmark's rows of the one table (results.ts): per resource, our push against the one-at-a-time client of
 * the same run, in rows per second and in CPU per written row. Issue #30's targets: at least the sequential client's
 * rows per second on bare loopback and 5× at 20 ms per answer, and less CPU per written row.
 */
import type { SideFigures } from './push-figures';
import { times, type ResultRow } from './results';

/** Rows per second our push must reach against the sequential client at a latency (bare loopback: 1×, else 5×). */
export const speedGoal = (latencyMs: number): number => (latencyMs === 0 ? 1 : 5);

const perSecond = (s: SideFigures): number => (s.rows / s.wallMs) * 1000;
const cpuPerRow = (s: SideFigures): number => s.cpuMs / s.rows;
const rate = (n: number): string => `${Math.round(n).toLocaleString('en-US')} rows/s`;
const ms = (n: number): string => `${n.toFixed(2)} ms`;

export function pushResultRows(resource: string, latencyMs: number, [ours, sequential]: SideFigures[]): ResultRow[] {
  if (ours === undefined || sequential === undefined) return [];
  const goal = speedGoal(latencyMs);
  const where = latencyMs === 0 ? 'bare loopback' : `${latencyMs} ms per answer`;
  return [
    {
      measure: `${resource}: ${ours.rows.toLocaleString('en-US')} rows written, ${where}`,
      ours: rate(perSecond(ours)),
      baseline: `one at a time ${rate(perSecond(sequential))}`,
      ratio: times(perSecond(ours) / perSecond(sequential), 1),
      target: `≥ ${goal}×`,
      holds: perSecond(ours) >= goal * perSecond(sequential),
    },
    {
      measure: `${resource}: CPU per written row, ${where}`,
      ours: ms(cpuPerRow(ours)),
      baseline: `one at a time ${ms(cpuPerRow(sequential))}`,
      ratio: times(cpuPerRow(ours) / cpuPerRow(sequential)),
      target: '< 1×',
      holds: cpuPerRow(ours) < cpuPerRow(sequential),
    },
  ];
}
