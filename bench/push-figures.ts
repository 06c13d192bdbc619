/**
 * The push benchmarks' figures: one side's run measured (wall time, our CPU, the sandbox's CPU, its requests) and
 * the rows printed the same way for every resource: the figures of both sides, the requests by kind, the targets.
 */
import { collector } from './full-gc';
import { profileWindow } from './profile-window';
import { KIND_LABELS, KINDS, type Counter } from './request-counter';
import { processTreeCpuMs } from './sandbox-process';

export interface SideFigures {
  label: string;
  wallMs: number;
  rows: number;
  counter: Counter;
  cpuMs: number;
  sandboxCpuMs: number | undefined;
}

const gc = collector();

/**
 * One side's run: wall time, this process's CPU and the sandbox's (child process tree). Each side starts after a full
 * garbage collection: the setup, the warm-up and the side measured before it leave garbage (and a major collection
 * due) that would otherwise fall into whichever window comes next. Without it the side measured first paid for the
 * setup: with the order swapped, the budgets' one-at-a-time client took 1,477 ms of CPU and our push 1,097 ms.
 */
export async function measured(
  label: string,
  rows: number,
  sandboxPid: number | undefined,
  counter: Counter,
  run: () => Promise<void>,
): Promise<SideFigures> {
  gc();
  // Let the collector's helper threads finish sweeping before the window opens.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const stopProfile = await profileWindow(`push ${label}`);
  const cpuBefore = process.cpuUsage();
  const sandboxBefore = processTreeCpuMs(sandboxPid);
  const t0 = performance.now();
  await run();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpuBefore);
  await stopProfile();
  const sandboxAfter = processTreeCpuMs(sandboxPid);
  return {
    label,
    wallMs,
    rows,
    counter,
    cpuMs: (cpu.user + cpu.system) / 1000,
    sandboxCpuMs: sandboxBefore === undefined || sandboxAfter === undefined ? undefined : sandboxAfter - sandboxBefore,
  };
}

export const fmt = (n: number | undefined, digits = 0): string =>
  n === undefined ? '-' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function printTable(head: string[], body: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

/** The figures of each side, then their requests by kind (the kinds neither side sent left out). */
export function printSides(sides: readonly SideFigures[]): void {
  console.log('');
  printTable(
    ['', 'wall ms', 'rows', 'rows/s', 'HTTP', 'CPU ms (ours / sandbox)', 'our CPU ms per request', 'non-2xx'],
    sides.map((s) => [
      s.label,
      fmt(s.wallMs),
      fmt(s.rows),
      fmt((s.rows / s.wallMs) * 1000),
      fmt(s.counter.total()),
      `${fmt(s.cpuMs)} / ${fmt(s.sandboxCpuMs)}`,
      fmt(s.cpuMs / s.counter.total(), 2),
      s.counter.failures.size === 0 ? '0' : [...s.counter.failures].map(([status, n]) => `${n}× ${status}`).join(', '),
    ]),
  );
  console.log('');
  printTable(
    ['requests by kind', ...sides.map((s) => s.label)],
    KINDS.filter((k) => sides.some((s) => s.counter.byKind[k] > 0)).map((k) => [
      KIND_LABELS[k],
      ...sides.map((s) => fmt(s.counter.byKind[k])),
    ]),
  );
}

/** A target of the issue: its name, whether it holds, the figures behind the verdict. */
export type Target = [name: string, holds: boolean, detail: string];

export function printTargets(targets: readonly Target[]): void {
  for (const [name, holds, detail] of targets)
    console.log(`${holds ? 'OK  ' : 'MISS'} ${name}: ${detail} — target holds: ${holds ? 'yes' : 'no'}`);
}

/** The speed-up target every row shares: our rows per second at least 3× the one-at-a-time client's. */
export function speedUpTarget(ours: SideFigures, sequential: SideFigures): Target {
  const rate = (s: SideFigures): number => (s.rows / s.wallMs) * 1000;
  const speedUp = sequential.wallMs / ours.wallMs;
  return [
    'rows per second at least 3× the sequential baseline',
    speedUp >= 3,
    `${fmt(speedUp, 2)}× (${fmt(rate(ours))} vs ${fmt(rate(sequential))} rows/s)`,
  ];
}

/**
 * Each phase of a push, filled by the push's onProgress (`done` at its end): when it began (ms from the push's first
 * phase), and the wall time and this process's CPU it took, up to the next phase.
 */
export function phaseClock(): { onPhase(phase: string): void; end(): void; text(): string } {
  let t0: number | undefined;
  let cpu0: NodeJS.CpuUsage | undefined;
  const phases = new Map<string, { at: number; cpuMs: number }>();
  const mark = (phase: string): void => {
    if (phases.has(phase)) return;
    const now = performance.now();
    t0 ??= now;
    cpu0 ??= process.cpuUsage();
    const cpu = process.cpuUsage(cpu0);
    phases.set(phase, { at: now - t0, cpuMs: (cpu.user + cpu.system) / 1000 });
  };
  return {
    onPhase: mark,
    end: () => mark('done'),
    text: () => {
      const list = [...phases];
      return list
        .map(([phase, { at, cpuMs }], i) => {
          const next = list[i + 1]?.[1];
          return next === undefined
            ? `${phase} ${fmt(at)}`
            : `${phase} ${fmt(at)} (${fmt(next.at - at)} ms, CPU ${fmt(next.cpuMs - cpuMs)} ms)`;
        })
        .join(', ');
    },
  };
}

/** The rows of a push that did not land, by outcome ('' when all did). */
export function notLandedText(counts: Readonly<Record<string, number>>): string {
  const notLanded = Object.entries(counts).filter(([o, n]) => o !== 'landed' && n > 0);
  return notLanded.length > 0 ? `; not landed: ${notLanded.map(([o, n]) => `${n} ${o}`).join(', ')}` : '';
}

/** What a service check found: all there, or how many rows were wrong with a few of them. */
export function wrongText(wrong: readonly string[], allThere: string): string {
  return wrong.length === 0 ? allThere : `${wrong.length} rows wrong, e.g. ${wrong.slice(0, 3).join('; ')}`;
}
