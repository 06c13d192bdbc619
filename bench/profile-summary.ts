/**
 * Summary of a `.cpuprofile` written by `BENCH_CPU_PROFILE=<folder> npm run bench pull`:
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top N]
 * Prints the sampled time of the simulated Excel (anything under its `execute`, which real Excel does in its own
 * process), of the remote Excel's channel (anything under Node's IPC serialization: each batch serialized as JSON
 * and written, each answer read and parsed: what the add-in pays to talk to Excel), of garbage collection, of idle
 * time and of the rest, then the functions of the rest by self time.
 * Sampling adds its own overhead: compare shares, not absolute times, with the benchmark's CPU figures.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const ProfileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
      children: z.array(z.number()).optional(),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});
type Profile = z.infer<typeof ProfileSchema>;
type ProfileNode = Profile['nodes'][number];

/** The simulated Excel's batch execution (`RequestContext.execute`), not undici's function of the same name. */
const isSimulationFrame = (node: ProfileNode): boolean =>
  node.callFrame.functionName === 'execute' && !node.callFrame.url.includes('undici');

/** Node's IPC channel to the remote Excel (`writeChannelMessage`, `parseChannelMessages`). */
const isChannelFrame = (node: ProfileNode): boolean => node.callFrame.url.includes('internal/child_process/serialization');

export interface ProfileSummary {
  simulationMs: number;
  /** Sending batches to the remote Excel and reading its answers (serialization included). */
  excelChannelMs: number;
  garbageCollectionMs: number;
  idleMs: number;
  restMs: number;
  /** The rest by function (name, where), in ms of self time, largest first. */
  functions: { name: string; ms: number }[];
}

export function summarize(profile: Profile): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n] as const));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  /** Whether a node or one of its callers is a frame of the kind. */
  const under = (isFrame: (node: ProfileNode) => boolean): ((id: number) => boolean) => {
    const known = new Map<number, boolean>();
    const test = (id: number): boolean => {
      const cached = known.get(id);
      if (cached !== undefined) return cached;
      const node = byId.get(id);
      const parent = parentOf.get(id);
      const result = node !== undefined && (isFrame(node) || (parent !== undefined && test(parent)));
      known.set(id, result);
      return result;
    };
    return test;
  };
  const inSimulation = under(isSimulationFrame);
  const inChannel = under(isChannelFrame);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const summary: ProfileSummary = { simulationMs: 0, excelChannelMs: 0, garbageCollectionMs: 0, idleMs: 0, restMs: 0, functions: [] };
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (node === undefined) continue;
    const ms = us / 1000;
    const { functionName, url, lineNumber } = node.callFrame;
    if (inSimulation(id)) summary.simulationMs += ms;
    else if (inChannel(id)) summary.excelChannelMs += ms;
    else if (functionName === '(garbage collector)') summary.garbageCollectionMs += ms;
    else if (functionName === '(idle)') summary.idleMs += ms;
    else {
      summary.restMs += ms;
      const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
      functions.set(name, (functions.get(name) ?? 0) + ms);
    }
  }
  summary.functions = [...functions].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
  return summary;
}

function main(): void {
  const [file, top] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [top N]');
  const summary = summarize(ProfileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
  const ms = (n: number): string => `${n.toFixed(0).padStart(6)} ms`;
  console.log(
    `simulated Excel ${ms(summary.simulationMs)}\nthe remote Excel's channel ${ms(summary.excelChannelMs)}\ngarbage collection ${ms(summary.garbageCollectionMs)}\nidle ${ms(summary.idleMs)}\nthe rest ${ms(summary.restMs)}`,
  );
  for (const f of summary.functions.slice(0, Number(top ?? 30))) console.log(`${ms(f.ms)}  ${f.name}`);
}

if (require.main === module) main();
