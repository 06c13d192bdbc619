/**
 * The longest main-thread tasks of a pane load, each with what ran in it, from a profile written by
 * `BENCH_CPU_PROFILE=<folder> npm run bench pane` and its `.tasks.json`:
 *   npx tsx bench/profile-tasks.ts <file.cpuprofile> [tasks N] [frames M]
 * For each task, the pane's own longest first: its length, the simulated Excel's share (its batches and the preview's
 * saves by their records, and the samples under its `execute`), and the functions by self
 * and by total time within the task's window. The production build is minified: a function is named with its place
 * (`file:line:column`) and the source text there, enough to find it in src/: the build read is BENCH_BUILD_DIR, else
 * the newest under .cache/e2e-dist (the one the benchmark just made or took from the cache).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ProfileClock } from './pane';

const CallFrameSchema = z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number(), columnNumber: z.number() });
const ProfileSchema = z.object({
  nodes: z.array(z.object({ id: z.number(), callFrame: CallFrameSchema, children: z.array(z.number()).optional() })),
  startTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});
type Profile = z.infer<typeof ProfileSchema>;
type CallFrame = z.infer<typeof CallFrameSchema>;

interface Sample {
  /** Page clock, ms (as the long tasks). */
  at: number;
  ms: number;
  stack: CallFrame[];
}

/** The samples with their stacks, on the page's clock (tied by the clock mark's first sample). */
function samplesOf(profile: Profile, clock: ProfileClock): Sample[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n] as const));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stacks = new Map<number, CallFrame[]>();
  const stackOf = (id: number): CallFrame[] => {
    const known = stacks.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const up = parent.get(id);
    const stack = [...(up === undefined ? [] : stackOf(up)), ...(node === undefined ? [] : [node.callFrame])];
    stacks.set(id, stack);
    return stack;
  };
  let t = profile.startTime;
  const raw = profile.samples.map((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    return { us: t, stack: stackOf(id) };
  });
  const mark = raw.find((s) => s.stack.some((f) => f.functionName === clock.markFunction));
  if (mark === undefined) throw new Error(`no sample of ${clock.markFunction} in the profile`);
  const offset = clock.markAt - mark.us / 1000;
  return raw.map((s, i) => ({ at: s.us / 1000 + offset, ms: ((raw[i + 1]?.us ?? s.us) - s.us) / 1000, stack: s.stack }));
}

/** The newest production build the browser tests and the benchmark made. */
function newestBuild(): string {
  const root = path.join('.cache', 'e2e-dist');
  const builds = readdirSync(root)
    .map((name) => path.join(root, name))
    .filter((dir) => statSync(dir).isDirectory())
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (builds[0] === undefined) throw new Error(`no build under ${root}: set BENCH_BUILD_DIR`);
  return builds[0];
}

const sources = new Map<string, string[]>();

/** A frame's name, place and the minified source from its position (what identifies it in a production build). */
function describe(frame: CallFrame, folder: string): string {
  const file = frame.url.replace(/^.*\//, '');
  if (file === '') return frame.functionName;
  let lines = sources.get(file);
  if (lines === undefined) {
    try {
      lines = readFileSync(path.join(folder, file), 'utf8').split('\n');
    } catch {
      lines = [];
    }
    sources.set(file, lines);
  }
  const text = (lines[frame.lineNumber] ?? '').slice(frame.columnNumber, frame.columnNumber + 70).replace(/\s+/g, ' ');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}  ${text}`;
}

const isSimulation = (stack: readonly CallFrame[]): boolean => stack.some((f) => f.functionName === 'execute' && !f.url.includes('undici'));

function top(map: Map<string, number>, n: number): string[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`);
}

/** What ran in one window of the page's clock: the simulation's share, self and total time by function. */
function windowReport(samples: readonly Sample[], from: number, to: number, folder: string, frames: number): string[] {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let simulation = 0;
  for (const s of samples) {
    if (s.at < from || s.at >= to) continue;
    if (isSimulation(s.stack)) simulation += s.ms;
    const leaf = s.stack[s.stack.length - 1];
    if (leaf !== undefined) self.set(describe(leaf, folder), (self.get(describe(leaf, folder)) ?? 0) + s.ms);
    for (const name of new Set(s.stack.map((f) => describe(f, folder)))) total.set(name, (total.get(name) ?? 0) + s.ms);
  }
  return [
    `  sampled in the simulated Excel: ${simulation.toFixed(1)} ms`,
    '  -- self time',
    ...top(self, frames),
    '  -- total time',
    ...top(total, frames * 2),
  ];
}

function main(): void {
  const [file, taskCount, frameCount] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: npx tsx bench/profile-tasks.ts <file.cpuprofile> [tasks N] [frames M]');
  const profile = ProfileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const clock = JSON.parse(readFileSync(`${file}.tasks.json`, 'utf8')) as ProfileClock;
  const folder = process.env.BENCH_BUILD_DIR ?? newestBuild();
  const samples = samplesOf(profile, clock);
  const first = samples[0]?.at ?? 0;
  // The pane's own first: a task less the simulated Excel's batches and saves within it.
  const tasks = clock.tasks.longTasks.map((task) => {
    const excel = clock.tasks.simulatedExcel
      .filter((e) => e.at < task.at + task.duration && e.at + e.duration > task.at)
      .reduce((sum, e) => sum + Math.min(task.at + task.duration, e.at + e.duration) - Math.max(task.at, e.at), 0);
    return { task, excel, own: task.duration - Math.min(task.duration, excel) };
  });
  for (const { task, excel, own } of tasks.sort((a, b) => b.own - a.own).slice(0, Number(taskCount ?? 3))) {
    console.log(
      `\n=== task of ${task.duration.toFixed(0)} ms at +${(task.at - first).toFixed(0)} ms, the pane's own ${own.toFixed(0)} ms (the simulated Excel's batches and saves in it: ${excel.toFixed(0)} ms)`,
    );
    for (const line of windowReport(samples, task.at, task.at + task.duration, folder, Number(frameCount ?? 15))) console.log(line);
  }
}

if (require.main === module) main();
